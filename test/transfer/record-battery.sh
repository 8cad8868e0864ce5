#!/usr/bin/env bash
# Records what the transfer tests compare against (test/e2e/transfer-*.test.ts), from real Strapi 5.54:
#   1. a fresh copy of the oracle app (test/strapi-oracle) in $APP_DIR, seeded (seed.mjs with small
#      counts, then seed-extras.mjs);
#   2. the battery's answers (battery.ts) → answers/strapi.json;
#   3. `strapi export --no-encrypt` of that database → archives/battery.tar.gz.
# Needs /tmp/strapi-oracle-app (test/strapi-oracle/setup.sh). About 2 minutes.
#   APP_DIR (default /tmp/transfer-oracle; wiped first), PORT (44001), ORACLE (/tmp/strapi-oracle-app)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
ORACLE=${ORACLE:-/tmp/strapi-oracle-app}
APP_DIR=${APP_DIR:-/tmp/transfer-oracle}
PORT=${PORT:-44001}

case "$APP_DIR" in /tmp/*) ;; *) echo "APP_DIR must be under /tmp (it is wiped)" >&2; exit 1 ;; esac
[ -d "$ORACLE/node_modules/@strapi/strapi" ] || { echo "no Strapi at $ORACLE: run test/strapi-oracle/setup.sh" >&2; exit 1; }

rm -rf "$APP_DIR"
mkdir -p "$APP_DIR/public/uploads"
cp -al "$ORACLE/node_modules" "$APP_DIR/"
cp -r "$ORACLE/config" "$ORACLE/src" "$ORACLE/package.json" "$APP_DIR/"
touch "$APP_DIR/public/uploads/.gitkeep"

APP_DIR="$APP_DIR" PORT="$PORT" UP_RATELIMIT=false "$REPO/test/strapi-oracle/start.sh" >/dev/null
trap 'APP_DIR="$APP_DIR" PORT="$PORT" "$REPO/test/strapi-oracle/stop.sh" >/dev/null || true' EXIT
BASE="http://127.0.0.1:$PORT" N_AUTHORS=4 N_CATEGORIES=4 N_ARTICLES=10 N_FILES=3 N_SEO_PAGES=4 DRAFT_EVERY=4 \
  CONCURRENCY=1 node "$REPO/test/strapi-oracle/seed.mjs" >/dev/null
BASE="http://127.0.0.1:$PORT" node "$HERE/seed-extras.mjs" >/dev/null
(cd "$REPO" && npx tsx test/transfer/record-battery.ts "http://127.0.0.1:$PORT" "$HERE/answers/strapi.json")
APP_DIR="$APP_DIR" PORT="$PORT" "$REPO/test/strapi-oracle/stop.sh" >/dev/null
trap - EXIT

export STRAPI_TELEMETRY_DISABLED=true
(cd "$APP_DIR" && node node_modules/@strapi/strapi/bin/strapi.js export --no-encrypt -f "$HERE/archives/battery" >"$APP_DIR/.tmp/export.log" 2>&1) || { cat "$APP_DIR/.tmp/export.log" >&2; exit 1; }
ls -l "$HERE/archives/battery.tar.gz" "$HERE/answers/strapi.json"
