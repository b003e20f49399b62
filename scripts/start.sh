#!/usr/bin/env bash
# Sets everything up, then runs the service on its embedded default: NATS, Redis, PostgreSQL and
# Temporal are started for you, with all state under ./.data. Ctrl-C shuts down gracefully.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec node dist/runtime/main.js "$@"
