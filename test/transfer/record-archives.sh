#!/usr/bin/env bash
# Re-record the Strapi 5.54 export archives in test/transfer/archives/ (see README.md there).
#
# Makes a fresh copy of the installed oracle app (test/strapi-oracle/README.md) in $APP_DIR, seeds it
# with a small data set (seed.mjs with small counts, then seed-extras.mjs), stops it and runs
# `strapi export` four times. Needs /tmp/strapi-oracle-app (test/strapi-oracle/setup.sh).
#   APP_DIR (default /tmp/strapi-archive-record; wiped first), PORT (1351), ORACLE (/tmp/strapi-oracle-app)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
ORACLE=${ORACLE:-/tmp/strapi-oracle-app}
APP_DIR=${APP_DIR:-/tmp/strapi-archive-record}
PORT=${PORT:-1351}
OUT="$HERE/archives"
KEY=${KEY:-fixture-key}

case "$APP_DIR" in /tmp/*) ;; *) echo "APP_DIR must be under /tmp (it is wiped)" >&2; exit 1 ;; esac
[ -d "$ORACLE/node_modules/@strapi/strapi" ] || { echo "no Strapi at $ORACLE: run test/strapi-oracle/setup.sh" >&2; exit 1; }

rm -rf "$APP_DIR"
mkdir -p "$APP_DIR/public/uploads"
cp -al "$ORACLE/node_modules" "$APP_DIR/"
cp -r "$ORACLE/config" "$ORACLE/src" "$ORACLE/package.json" "$APP_DIR/"
touch "$APP_DIR/public/uploads/.gitkeep"

APP_DIR="$APP_DIR" PORT="$PORT" UP_RATELIMIT=false "$REPO/test/strapi-oracle/start.sh" >/dev/null
trap 'APP_DIR="$APP_DIR" PORT="$PORT" "$REPO/test/strapi-oracle/stop.sh" >/dev/null || true' EXIT
BASE="http://127.0.0.1:$PORT" N_AUTHORS=2 N_CATEGORIES=2 N_ARTICLES=4 N_FILES=2 N_SEO_PAGES=2 DRAFT_EVERY=4 \
  CONCURRENCY=1 node "$REPO/test/strapi-oracle/seed.mjs"
BASE="http://127.0.0.1:$PORT" node "$HERE/seed-extras.mjs"
APP_DIR="$APP_DIR" PORT="$PORT" "$REPO/test/strapi-oracle/stop.sh" >/dev/null
trap - EXIT

export STRAPI_TELEMETRY_DISABLED=true
strapi() { (cd "$APP_DIR" && node node_modules/@strapi/strapi/bin/strapi.js "$@" >"$APP_DIR/.tmp/export.log" 2>&1) || { cat "$APP_DIR/.tmp/export.log" >&2; exit 1; }; }
mkdir -p "$OUT"
rm -f "$OUT"/*.tar "$OUT"/*.tar.gz "$OUT"/*.enc
strapi export --no-encrypt --no-compress -f "$OUT/plain"        # plain.tar
strapi export --no-encrypt -f "$OUT/gzip"                       # gzip.tar.gz
strapi export --key "$KEY" -f "$OUT/encrypted"                  # encrypted.tar.gz.enc
strapi export --no-compress --key "$KEY" -f "$OUT/encrypted-plain" # encrypted-plain.tar.enc
ls -l "$OUT"
