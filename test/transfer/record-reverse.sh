#!/usr/bin/env bash
# Records the reverse direction for test/e2e/transfer-export.test.ts: the generated app's export,
# loaded by real `strapi import` into a fresh Strapi 5.54, answers the battery as the original did.
#   1. archives/battery.tar.gz (record-battery.sh) is imported into the fixture app (SQLite, a temp
#      folder) with `cms-gen import`, then written out with `cms-gen export` →
#      archives/cms-gen-export.tar.gz;
#   2. a fresh copy of the oracle app in $APP_DIR runs `strapi import --force` of that archive, starts,
#      and answers the battery → answers/strapi-after-import.json.
# The test checks that its own export holds the same records as the recorded one, so the recorded
# answers are the ones Strapi gives for what the app exports. Needs /tmp/strapi-oracle-app.
#   APP_DIR (default /tmp/transfer-oracle-reverse; wiped first), PORT (44002), ORACLE (/tmp/strapi-oracle-app)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
ORACLE=${ORACLE:-/tmp/strapi-oracle-app}
APP_DIR=${APP_DIR:-/tmp/transfer-oracle-reverse}
PORT=${PORT:-44002}

case "$APP_DIR" in /tmp/*) ;; *) echo "APP_DIR must be under /tmp (it is wiped)" >&2; exit 1 ;; esac
[ -d "$ORACLE/node_modules/@strapi/strapi" ] || { echo "no Strapi at $ORACLE: run test/strapi-oracle/setup.sh" >&2; exit 1; }

WORK=$(mktemp -d /tmp/transfer-reverse-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp -r "$REPO/fixtures/strapi-blog/app/prisma" "$REPO/fixtures/strapi-blog/app/config" "$REPO/fixtures/strapi-blog/app/src" "$WORK/"
export DATABASE_URL="file:$WORK/data.db"
node "$REPO/bin/cms-gen" import "$HERE/archives/battery.tar.gz" --app "$WORK" --no-progress >/dev/null 2>&1
rm -f "$HERE/archives/cms-gen-export.tar.gz"
node "$REPO/bin/cms-gen" export --app "$WORK" -f "$HERE/archives/cms-gen-export" --no-encrypt --no-progress >/dev/null
unset DATABASE_URL

rm -rf "$APP_DIR"
mkdir -p "$APP_DIR/public/uploads" "$APP_DIR/.tmp"
cp -al "$ORACLE/node_modules" "$APP_DIR/"
cp -r "$ORACLE/config" "$ORACLE/src" "$ORACLE/package.json" "$APP_DIR/"
touch "$APP_DIR/public/uploads/.gitkeep"
export STRAPI_TELEMETRY_DISABLED=true
(cd "$APP_DIR" && node node_modules/@strapi/strapi/bin/strapi.js import -f "$HERE/archives/cms-gen-export.tar.gz" --force >"$APP_DIR/.tmp/import.log" 2>&1) || { cat "$APP_DIR/.tmp/import.log" >&2; exit 1; }
APP_DIR="$APP_DIR" PORT="$PORT" UP_RATELIMIT=false "$REPO/test/strapi-oracle/start.sh" >/dev/null
trap 'APP_DIR="$APP_DIR" PORT="$PORT" "$REPO/test/strapi-oracle/stop.sh" >/dev/null || true; rm -rf "$WORK"' EXIT
(cd "$REPO" && npx tsx test/transfer/record-battery.ts "http://127.0.0.1:$PORT" "$HERE/answers/strapi-after-import.json")
cp "$APP_DIR/.tmp/import.log" "$HERE/answers/strapi-import.log"
ls -l "$HERE/archives/cms-gen-export.tar.gz" "$HERE/answers/strapi-after-import.json"
