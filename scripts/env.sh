# Sourced by the scripts: puts the pinned tools first on PATH.
# binaryen's wasm-opt from npm (Debian's is too old for rustc 1.95's output).
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$_root/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
unset _root
