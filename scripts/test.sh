#!/usr/bin/env bash
# Sets everything up, checks lint and formatting, then runs the whole test suite against real
# servers started for the run. The last line printed is "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
if ! bash scripts/setup.sh; then
  echo "0 passed, 1 failed"
  exit 1
fi
if ! npm run --silent lint; then
  echo "lint failed"
  echo "0 passed, 1 failed"
  exit 1
fi
exec node dist/test/run.js "$@"
