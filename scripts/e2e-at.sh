#!/usr/bin/env bash
# The browser suite with the clock at another moment (issue 37: no test may depend on the day it runs).
# libfaketime moves the clock of everything started from here: Playwright, the test server (and so the
# demo centre it seeds, "dates from the day it runs"), PGlite inside it, and Chromium. PostgreSQL runs
# its own clock, so this runs the PGlite projects only. Build the app first (`npm run build`).
#   bash scripts/e2e-at.sh '2027-01-01 06:00:00'                  # UTC: 01:00 in Toronto on the 1st
#   bash scripts/e2e-at.sh '2027-03-14 12:00:00' tests/e2e/payroll.spec.ts
set -euo pipefail
cd "$(dirname "$0")/.."
at=${1:?usage: bash scripts/e2e-at.sh "YYYY-MM-DD HH:MM:SS" [playwright arguments]}
shift
if ! command -v faketime >/dev/null; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q faketime
fi
# The clock starts at `at` and runs on (monotonic clocks are moved too: Chromium failed to start with them real).
exec faketime "$at" env E2E_DB=pglite E2E_PORT="${E2E_PORT:-8400}" \
  npx playwright test "$@"
