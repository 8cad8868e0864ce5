#!/usr/bin/env bash
# The transfer benchmark (docs/benchmarks.md, "Import and export"): for each size, an archive of N
# article documents (make-archive.ts), imported and exported by real Strapi 5.54 (`strapi import
# --force`, `strapi export --no-encrypt`) and by the generated fixture app (`cms-gen import`,
# `cms-gen export --no-encrypt`), both on SQLite, one after the other. Wall time and peak RSS come
# from /usr/bin/time (the whole process: Strapi's boot, cms-gen's tsx loader and migration included).
#   SIZES (default "10000 100000"), WORK (/tmp/transfer-bench), ORACLE (/tmp/strapi-oracle-app),
#   STRAPI=0 to measure cms-gen only (Strapi's import of 10,000 documents took 13 minutes here)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
ORACLE=${ORACLE:-/tmp/strapi-oracle-app}
WORK=${WORK:-/tmp/transfer-bench}
SIZES=${SIZES:-10000 100000}
case "$WORK" in /tmp/*) ;; *) echo "WORK must be under /tmp" >&2; exit 1 ;; esac
mkdir -p "$WORK"
export STRAPI_TELEMETRY_DISABLED=true
measure() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "$label %e %M" -o "$WORK/time.txt" "$@" >"$WORK/$label.log" 2>&1 || { cat "$WORK/$label.log" >&2; exit 1; }
  read -r _ seconds kb <"$WORK/time.txt"
  printf '| %s | %s s | %s MB |\n' "$label" "$seconds" "$((kb / 1024))"
}
for n in $SIZES; do
  archive="$WORK/docs-$n"
  [ -f "$archive.tar.gz" ] || (cd "$REPO" && npx tsx bench/transfer/make-archive.ts "$n" "$archive" >/dev/null)
  ls -l "$archive.tar.gz" | awk '{print "archive: " $5 " bytes"}'

  strapi="$WORK/strapi-$n"
  if [ "${STRAPI:-1}" != 0 ]; then
    rm -rf "$strapi" && mkdir -p "$strapi/public/uploads" "$strapi/.tmp"
    cp -al "$ORACLE/node_modules" "$strapi/" && cp -r "$ORACLE/config" "$ORACLE/src" "$ORACLE/package.json" "$strapi/"
    (cd "$strapi" && measure "strapi-import-$n" node node_modules/@strapi/strapi/bin/strapi.js import -f "$archive.tar.gz" --force)
    rm -f "$WORK/strapi-out-$n.tar.gz"
    (cd "$strapi" && measure "strapi-export-$n" node node_modules/@strapi/strapi/bin/strapi.js export --no-encrypt -f "$WORK/strapi-out-$n")
  fi

  app="$WORK/app-$n"
  rm -rf "$app" && mkdir -p "$app/src"
  cp -r "$REPO/fixtures/strapi-blog/app/prisma" "$REPO/fixtures/strapi-blog/app/config" "$app/" && cp "$REPO/fixtures/strapi-blog/app/src/schema-meta.ts" "$app/src/"
  export DATABASE_URL="file:$app/data.db"
  node "$REPO/bin/cms-gen" migrate apply --app "$app" >/dev/null 2>&1
  measure "cms-gen-import-$n" node "$REPO/bin/cms-gen" import "$archive.tar.gz" --app "$app" --no-progress
  rm -f "$WORK/cms-gen-out-$n.tar.gz"
  measure "cms-gen-export-$n" node "$REPO/bin/cms-gen" export --app "$app" -f "$WORK/cms-gen-out-$n" --no-encrypt --no-progress
  unset DATABASE_URL
  rm -rf "$strapi" "$app"
done
