#!/usr/bin/env bash
# Sets everything up, then runs the service on its embedded default: NATS, Redis, PostgreSQL and
# Temporal are started for you, with all state under ./.data. Ctrl-C shuts down gracefully.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The same V8 flags as `npm start` (package.json; docs/OPERATIONS.md says why).
exec node --max-semi-space-size=32 --no-allocation-site-pretenuring dist/http/server/main.js "$@"
