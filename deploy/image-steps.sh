#!/usr/bin/env bash
# The Containerfile's steps without a container daemon (this machine has none): a clean clone of HEAD,
# the build stage's RUN lines as written there, then the image's three commands (migrations, API,
# worker) with its environment against a scratch PostgreSQL database, its HEALTHCHECK command, and a
# SIGTERM that both processes must answer by exiting 0. Shows that the pruned install (no dev
# packages) runs the compiled server. Usage: bash deploy/image-steps.sh (DATABASE_SERVER to override
# postgresql://postgres@127.0.0.1:5432). About 5 minutes, most of it the client build.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/levelup-image-XXXXXX)
server=${DATABASE_SERVER:-postgresql://postgres@127.0.0.1:5432}
db=levelup_image_$$
api=0
worker=0
cleanup() {
  for pid in "$api" "$worker"; do [ "$pid" != 0 ] && kill "$pid" 2>/dev/null || true; done
  psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$here" "$work/app" && cd "$work/app"
echo "== build stage (the Containerfile's RUN lines)"
npm ci --no-audit --no-fund >"$work/npm.log" 2>&1 || npm install --no-audit --no-fund >>"$work/npm.log" 2>&1
npm run build >"$work/build.log" 2>&1 && npm run build:server >>"$work/build.log" 2>&1
npm prune --omit=dev >>"$work/build.log" 2>&1
echo "   pruned install: $(ls node_modules | wc -l) packages"

echo "== the image's commands, ENV as in the Containerfile"
psql "$server/postgres" -qc "CREATE DATABASE $db"
export DATABASE_URL="$server/$db" NODE_ENV=production PORT=8000 MIGRATE_ON_START=false TRUST_PROXY=loopback
JWT_SECRET=$(openssl rand -base64 48)
SIN_ENCRYPTION_KEY=$(openssl rand -base64 32)
export JWT_SECRET SIN_ENCRYPTION_KEY
node build/server/migrate.mjs >"$work/migrate.log" 2>&1 && echo "   migrations applied"
WORKER=false node build/server/index.mjs >"$work/api.log" 2>&1 &
api=$!
node build/server/worker.mjs >"$work/worker.log" 2>&1 &
worker=$!
for _ in $(seq 1 60); do curl -sf http://127.0.0.1:8000/api/ready >/dev/null && break; sleep 1; done
node -e "fetch('http://127.0.0.1:8000/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
echo "   HEALTHCHECK passes: $(curl -s http://127.0.0.1:8000/api/ready)"
echo "   sign-in page: HTTP $(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8000/user/login)"
sleep 5
kill -0 "$worker" && echo "   worker running"
kill -TERM "$api" "$worker"
wait "$api" && echo "   API stopped on SIGTERM with 0"
wait "$worker" && echo "   worker stopped on SIGTERM with 0"
api=0
worker=0
echo "== the image's steps all passed"
