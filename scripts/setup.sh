#!/usr/bin/env bash
# Installs everything Consistency Lab needs, and nothing twice: the Rust
# toolchain rust-toolchain.toml pins (with the wasm target), Trunk and
# wasm-bindgen-cli at the versions the build pins,
# Debian's Chromium and ChromeDriver, and the npm tools under e2e/
# (playwright-core, binaryen's wasm-opt). Safe to run on every invocation:
# on a warm machine it takes about a second.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen crate in Cargo.lock

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

export PATH="$HOME/.cargo/bin:$PATH"

# The pinned toolchain (rust-toolchain.toml: channel, rustfmt, clippy, the
# wasm32 target). `rustup toolchain install` with no name installs the one the
# file names (rustup >= 1.28); older rustup installs it on `rustup show`.
toolchain="$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml)"
installed="$(rustup component list --toolchain "$toolchain" --installed 2>/dev/null || true)"
if ! grep -q '^clippy' <<<"$installed" || ! grep -q '^rustfmt' <<<"$installed" \
   || ! grep -q '^rust-std-wasm32-unknown-unknown' <<<"$installed"; then
  say "installing the Rust toolchain $toolchain (rust-toolchain.toml)"
  rustup toolchain install 2>/dev/null || rustup show active-toolchain
  rustup component add --toolchain "$toolchain" rustfmt clippy
  rustup target add --toolchain "$toolchain" wasm32-unknown-unknown
fi

if [[ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]]; then
  say "installing trunk $TRUNK_VERSION (about 10 minutes on 2 cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if [[ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes)"
  # Not --locked: its own lockfile pins a webpki-roots the registry no longer serves.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if [[ ! -x /usr/bin/chromium || ! -x /usr/bin/chromedriver ]]; then
  say "installing Debian's chromium and chromium-driver"
  SUDO=""; [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# `lab real` (Article A on real servers) and its test, tests/real_pay.rs.
if [[ ! -x /usr/bin/redis-server ]] || ! compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null; then
  say "installing Debian's redis-server and postgresql (for lab real)"
  SUDO=""; [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server postgresql >/dev/null
fi

if [[ ! -x e2e/node_modules/.bin/wasm-opt || ! -d e2e/node_modules/playwright-core ]]; then
  say "installing npm tools in e2e/ (playwright-core, binaryen)"
  (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
fi

# Trunk runs offline (Trunk.toml), which also makes cargo offline: fetch first.
cargo fetch --quiet
cargo fetch --quiet --target wasm32-unknown-unknown
