#!/usr/bin/env bash
# Installs what is missing, builds the site in release mode and serves it on
# http://127.0.0.1:8080/ (PORT=… to change), rebuilding on change.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
source scripts/env.sh
exec trunk serve --release --address 127.0.0.1 --port "${PORT:-8080}"
