#!/usr/bin/env bash
# Runs every test of Consistency Lab, installing what is missing first:
#   0. style: rustfmt, clippy and rustdoc (warnings are errors), natively and
#      for wasm32;
#   1. native: unit, property, golden, CLI and tidy tests (cargo test);
#   2. wasm: wasm-bindgen-test in headless Chromium (native/wasm parity, components);
#   3. the release site build (trunk) and its size budget (scripts/budget.mjs);
#   4. end-to-end: Playwright drives Debian's Chromium against the built site
#      (chapters, sliders, permalinks, keyboard, screenshots, input→frame timing).
# A failing stage stops the run, except the size budget: its verdict is
# reported after the end-to-end tests so that one run shows everything.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
source scripts/env.sh

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "style: cargo fmt, clippy, rustdoc (native and wasm32, warnings are errors)"
cargo fmt --all -- --check
cargo clippy --profile ci --workspace --all-targets -- -D warnings
cargo clippy --profile ci --target wasm32-unknown-unknown --lib --bins --test wasm -- -D warnings
# The module docs are the code map's second half: their links must resolve.
RUSTDOCFLAGS='-D warnings' cargo doc --profile ci --workspace --no-deps --quiet
RUSTDOCFLAGS='-D warnings' cargo doc --profile ci --target wasm32-unknown-unknown -p consistency-lab --lib --bins --no-deps --quiet

# The `ci` profile (Cargo.toml): optimised like release, but without LTO, so
# each test binary links quickly, and with debug assertions and overflow
# checks on, so the simulation's invariant asserts run under every property.
step "native tests"
cargo test --profile ci --workspace --all-targets
# The chapters' prose length report (issue 25), printed: a passing test's output is captured.
cargo test --profile ci --test prose prose_length_report -- --nocapture --quiet

step "wasm tests in headless Chromium"
cargo test --profile ci --target wasm32-unknown-unknown --test wasm

step "site build (trunk, release) and size budget"
trunk build --release
budget=0
node scripts/budget.mjs || budget=$?

step "end-to-end tests (Playwright + Chromium)"
# What the browser runs on, for reading a failure from another machine.
echo "$(chromium --version 2>/dev/null | head -1); node $(node --version); $(nproc) CPUs:$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2); $(free -m | awk '/^Mem:/ {print $7 " MB of " $2 " MB memory available"}')"
df -h /tmp . /dev/shm 2>/dev/null | awk 'NR == 1 || !seen[$1]++'
# The build's files must be sound (build.test: integrity digests, snippets)
# and every chapter must load before the rest is worth running: if they are
# not, the rest would only fail the same way, a timeout each. No test may take
# more than E2E_TEST_TIMEOUT_MS (a hung page fails its test, not the run).
timeout_ms="${E2E_TEST_TIMEOUT_MS:-300000}"
first=(tests/build.test.mjs tests/chapters.test.mjs)
(cd e2e && node --test --test-concurrency=1 --test-timeout="$timeout_ms" "${first[@]}")
(cd e2e && node --test --test-concurrency=1 --test-timeout="$timeout_ms" $(ls tests/*.test.mjs | grep -vxF "$(printf '%s\n' "${first[@]}")"))

if [[ $budget -ne 0 ]]; then
  printf '\n\033[1;31mFAILED: size budget (see scripts/budget.mjs output above)\033[0m\n'
  exit "$budget"
fi
printf '\n\033[1mall tests passed\033[0m\n'
