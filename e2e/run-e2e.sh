#!/usr/bin/env bash
# Runs the browser tests: ensures Debian's chromium is installed, then runs e2e/tests/*.e2e.ts with vitest.
# The tests serve the built web app through the real server, so `npm run build` must have run first
# (`npm run test:e2e` from the repository root does both). Extra arguments go to vitest.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

bash "$root/scripts/ensure-chromium.sh"

if [[ ! -f "$root/web/dist/index.html" ]]; then
  echo "run-e2e: web/dist/index.html is missing; run 'npm run build' at the repository root first" >&2
  exit 1
fi

cd "$here"
exec npx vitest run --config ./vitest.config.ts "$@"
