#!/usr/bin/env bash
# Installs what is missing, builds the site in release mode and serves it on
# http://127.0.0.1:8080/ (PORT=… to change), rebuilding on change.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
source scripts/env.sh
# No autoreload: its injected inline script would break the page's CSP.
exec trunk serve --release --no-autoreload --address 127.0.0.1 --port "${PORT:-8080}"
