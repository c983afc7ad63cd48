#!/usr/bin/env bash
# npm test's first steps. The services (scripts/test-services.sh: PostgreSQL, Redis and Chromium,
# installed from Debian where missing, which is mostly waiting on downloads) come up while the
# messages compile and the lint runs; either failing fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/test-services.sh up &
services=$!
npm run --silent messages && npm run --silent lint
checks=$?
wait "$services"
up=$?
[ "$checks" -eq 0 ] && [ "$up" -eq 0 ]
