#!/usr/bin/env bash
# `npm test`: every check and test, stage by stage, each stage's time printed as it ends; at the end,
# where the time went (scripts/test-times.ts: stages, the slowest files, counts, retried tests).
set -euo pipefail
cd "$(dirname "$0")/.."
export TEST_TIMES_DIR=${TEST_TIMES_DIR:-$(mktemp -d)}
: > "$TEST_TIMES_DIR/stages"

stage() {
  local name=$1
  shift
  local started=$SECONDS
  echo "== ${name}"
  "$@"
  printf '%5d s  %s\n' "$((SECONDS - started))" "$name" | tee -a "$TEST_TIMES_DIR/stages"
}

total=$SECONDS
# Printed however it ends: a red stage shows what ran before it, and how long it took.
trap 'printf "%5d s  %s\n" "$((SECONDS - total))" "npm test" >> "$TEST_TIMES_DIR/stages"; npx tsx scripts/test-times.ts "$TEST_TIMES_DIR" || true' EXIT
stage "lint" npm run lint
stage "typecheck" npm run typecheck
stage "unit tests" npm run test:unit
stage "API tests" npm run test:api -- --reporter=default --reporter=json --outputFile.json="$TEST_TIMES_DIR/api.json"
stage "client build" npm run build
stage "browser tests" npx playwright test
