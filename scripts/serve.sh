#!/usr/bin/env bash
# Installs what is missing, builds the site in release mode and serves it on
# http://127.0.0.1:8080/ (PORT=… to change), rebuilding on change.
#
# Three parts, so that a dying watcher or build never takes the site down:
#   - the first build: `trunk build --release` into dist/, skipped when dist/
#     or the last rebuild served is newer than every input of the build;
#   - a static server (scripts/serve-dist.mjs, the end-to-end tests' server)
#     of the build that the symlink $SERVE_STATE/current points to;
#   - a rebuilder (this script with --rebuilder): it polls the build's inputs
#     every second (no inotify watcher: Trunk's, in `trunk serve`, panics on
#     an event without a path, notify-rs/notify#678) and after a change runs
#     `trunk build --release` into a new directory under $SERVE_STATE/builds,
#     with its own cargo target directory ($SERVE_STATE/cargo), then swaps
#     `current` to it in one rename (Trunk itself empties its dist directory
#     before moving a build in). A failed build leaves the served one in
#     place; a killed one (a signal, a panic) runs again.
# This script supervises the server and the rebuilder, restarting either when
# it dies, each in a process group of its own (with every build's cargo,
# rustc and wasm-opt). Ctrl-C, SIGTERM or SIGHUP stop all of them.
#
# The page does not reload by itself (Trunk's autoreload script is inline and
# the Content-Security-Policy admits only the build's own loader): reload it.
#
# Environment:
#   PORT=8080            the port on 127.0.0.1 (and the address the oEmbed
#                        documents name, unless LAB_SITE_URL is set)
#   SERVE_SETUP=0        skip scripts/setup.sh (everything is installed)
#   SERVE_FIRST_BUILD=0  serve an existing $SERVE_DIST as it is, even if older
#                        than the sources; the rebuilder catches up meanwhile
#   SERVE_DIST=dist      where the first build goes
#   SERVE_STATE=target/serve  the rebuilds, the `current` link and the stamps
set -euo pipefail
self="$(realpath "$0")"
cd "$(dirname "$self")/.."

# Everything the site's build reads: a file newer than the served build's
# stamp starts a rebuild. (Not tests/, docs/, e2e/ or the other scripts.)
INPUTS=(index.html Trunk.toml Cargo.toml Cargo.lock rust-toolchain.toml build.rs src content static
        scripts/trunk-pre-build.mjs scripts/trunk-post-build.mjs scripts/prerender.mjs scripts/site-files.mjs)

say() { printf '\033[1m[serve]\033[0m %s\n' "$*" >&2; }
changed_since() { [[ ! -e "$1" || -n "$(find "${INPUTS[@]}" -newer "$1" -print -quit 2>/dev/null)" ]]; }
# A sleep that a trapped signal interrupts at once.
nap() { sleep "$1" & wait $! || true; }
publish() { ln -sfn "$1" "$SERVE_STATE/current.new" && mv -T "$SERVE_STATE/current.new" "$SERVE_STATE/current"; }

if [[ "${1:-}" == --rebuilder ]]; then
  # The rebuilder: started by the supervisor below, in its own session. Its
  # builds have a cargo target directory of their own: they never wait on the
  # lock of another build in the checkout (`cargo test`, scripts/test.sh), and
  # two trunk builds in one target directory would share wasm-bindgen's output
  # directory (target/wasm-bindgen/release), each staging the other's files.
  export CARGO_TARGET_DIR="$SERVE_STATE/cargo"
  builds="$SERVE_STATE/builds"
  mkdir -p "$builds"
  build=""   # the running `trunk build` (pid = its process group)
  stop_build() {
    if [[ -n "$build" ]]; then
      kill -TERM -- "-$build" 2>/dev/null || true
      for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 -- "-$build" 2>/dev/null || break; sleep 0.2; done
      kill -KILL -- "-$build" 2>/dev/null || true
    fi
    rm -f "$SERVE_STATE/build.pgid"
  }
  trap 'stop_build; exit 0' TERM INT HUP
  backoff=2
  while :; do
    kill -0 "$SERVE_PARENT" 2>/dev/null || { stop_build; exit 0; }
    if ! changed_since "$SERVE_STATE/stamp"; then nap 1; continue; fi
    # Let a burst of saves settle: nothing changed for a second.
    touch "$SERVE_STATE/stamp.next"; nap 1
    while changed_since "$SERVE_STATE/stamp.next"; do touch "$SERVE_STATE/stamp.next"; nap 1; done
    out="$builds/$(date +%Y%m%d-%H%M%S)-$$-$RANDOM"
    say "a source changed: rebuilding (trunk build --release) into ${out#"$PWD"/}"
    setsid trunk build --release --dist "$out" &
    build=$!
    echo "$build" >"$SERVE_STATE/build.pgid"
    rc=0; wait "$build" || rc=$?
    # Whatever the build left running (trunk killed, its cargo and rustc not).
    kill -KILL -- "-$build" 2>/dev/null || true
    build=""; rm -f "$SERVE_STATE/build.pgid"
    if (( rc == 0 )); then
      mv "$SERVE_STATE/stamp.next" "$SERVE_STATE/stamp"
      publish "$out"
      # Keep the served build and the one before (a page still loading it).
      ls -1dt "$builds"/*/ 2>/dev/null | tail -n +3 | xargs -r rm -rf
      say "serving the new build; reload the page"
      backoff=2
    elif (( rc > 128 || rc == 101 )); then
      # Killed by a signal, or a panic: not the sources' fault, so again.
      rm -rf "$out"
      say "the build died (exit $rc); starting it again in ${backoff} s"
      nap "$backoff"; backoff=$(( backoff < 60 ? backoff * 2 : 60 ))
    else
      # The sources do not build: wait for the next change.
      rm -rf "$out"
      mv "$SERVE_STATE/stamp.next" "$SERVE_STATE/stamp"
      say "the build failed (exit $rc): still serving the last good build; waiting for the next change"
      backoff=2
    fi
  done
fi

port="${PORT:-8080}"
# The address the builds' oEmbed documents name when LAB_SITE_URL does not
# set the public one (scripts/prerender.mjs): this server's.
export LAB_SERVE_URL="${LAB_SERVE_URL:-http://127.0.0.1:$port/}"
[[ "${SERVE_SETUP:-1}" == 0 ]] || ./scripts/setup.sh
source scripts/env.sh
SERVE_STATE="$(realpath -m "${SERVE_STATE:-target/serve}")"
dist="$(realpath -m "${SERVE_DIST:-dist}")"
export SERVE_STATE SERVE_PARENT=$$
mkdir -p "$SERVE_STATE/builds"

server="" rebuilder="" first=""
stop() {
  trap - INT TERM HUP
  local g
  for g in $server $rebuilder $first; do kill -TERM -- "-$g" 2>/dev/null || true; done
  for _ in $(seq 25); do
    local alive=0
    for g in $server $rebuilder $first; do kill -0 -- "-$g" 2>/dev/null && alive=1; done
    (( alive )) || break
    sleep 0.2
  done
  for g in $server $rebuilder $first $(cat "$SERVE_STATE/build.pgid" 2>/dev/null); do kill -KILL -- "-$g" 2>/dev/null || true; done
  rm -f "$SERVE_STATE/build.pgid"
  say "stopped"
  exit "${1:-0}"
}
trap 'stop 130' INT
trap 'stop 143' TERM
trap 'stop 129' HUP

# The first build served.
if [[ -f "$SERVE_STATE/stamp" && -f "$SERVE_STATE/current/index.html" ]] && ! changed_since "$SERVE_STATE/stamp"; then
  say "the last build served (${SERVE_STATE#"$PWD"/}/current) is newer than every input: serving it"
elif [[ -f "$dist/index.html" ]] && ! changed_since "$dist/index.html"; then
  say "${dist#"$PWD"/}/ is newer than every input: serving it"
  touch -r "$dist/index.html" "$SERVE_STATE/stamp"
  publish "$dist"
elif [[ "${SERVE_FIRST_BUILD:-1}" == 0 && -f "$dist/index.html" ]]; then
  say "serving ${dist#"$PWD"/}/ as it is (SERVE_FIRST_BUILD=0); the rebuilder brings it up to date"
  touch -r "$dist/index.html" "$SERVE_STATE/stamp"
  publish "$dist"
else
  say "building the site (trunk build --release: from nothing, about 2 minutes on 2 idle cores)"
  touch "$SERVE_STATE/stamp.next"
  setsid trunk build --release --dist "$dist" &
  first=$!
  rc=0; wait "$first" || rc=$?
  kill -KILL -- "-$first" 2>/dev/null || true
  first=""
  (( rc == 0 )) || { say "the build failed (exit $rc)"; exit "$rc"; }
  mv "$SERVE_STATE/stamp.next" "$SERVE_STATE/stamp"
  publish "$dist"
fi

start_server() { setsid node scripts/serve-dist.mjs "$SERVE_STATE/current" "$port" & server=$!; }
start_rebuilder() { setsid "$self" --rebuilder & rebuilder=$!; }
start_server
start_rebuilder
say "http://127.0.0.1:$port/ (Ctrl-C stops)"

while :; do
  done_pid="" rc=0
  wait -n -p done_pid "$server" "$rebuilder" || rc=$?
  [[ -n "$done_pid" ]] || continue   # a signal, handled by its trap
  if [[ "$done_pid" == "$server" ]]; then
    kill -KILL -- "-$server" 2>/dev/null || true
    (( rc != 3 )) || stop 1   # the port is taken: restarting would not help
    say "the server stopped (exit $rc); starting it again"
    nap 1; start_server
  else
    kill -KILL -- "-$rebuilder" 2>/dev/null || true
    g="$(cat "$SERVE_STATE/build.pgid" 2>/dev/null || true)"
    [[ -z "$g" ]] || kill -KILL -- "-$g" 2>/dev/null || true
    rm -f "$SERVE_STATE/build.pgid"
    say "the rebuilder stopped (exit $rc); starting it again"
    nap 1; start_rebuilder
  fi
done
