#!/usr/bin/env bash
# Builds a Strapi 5.54 project on test/relation-kit's schemas, for recording the relation matrix
# (test/relation-matrix/README.md). Links the oracle's node_modules (instant), copies its config,
# writes each content type's core routes, controllers and services, the kit's documents() route
# and a bootstrap granting Public what the kit's bootstrap.json grants.
#   APP_DIR=/tmp/strapi-relmatrix ORACLE=/tmp/strapi-oracle-app test/relation-matrix/strapi/setup.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
KIT=$(cd "$HERE/../../relation-kit" && pwd)
ORACLE=${ORACLE:-/tmp/strapi-oracle-app}
APP_DIR=${APP_DIR:-/tmp/strapi-relmatrix}
mkdir -p "$APP_DIR"
[ -e "$APP_DIR/node_modules" ] || cp -al "$ORACLE/node_modules" "$APP_DIR/"
cp "$ORACLE/package.json" "$APP_DIR/"
rm -rf "$APP_DIR/config" "$APP_DIR/src"
cp -r "$ORACLE/config" "$APP_DIR/config"
mkdir -p "$APP_DIR/src" "$APP_DIR/public/uploads"
cp -r "$KIT/src/api" "$APP_DIR/src/api"
cp "$HERE/index.js" "$APP_DIR/src/index.js"
cp "$KIT/bootstrap.json" "$APP_DIR/src/kit-bootstrap.json"
for dir in "$KIT"/src/api/*/content-types/*/; do
  name=$(basename "$dir")
  api=$(basename "$(dirname "$(dirname "$dir")")")
  uid="api::$api.$name"
  for kind in routes controllers services; do
    mkdir -p "$APP_DIR/src/api/$api/$kind"
    case $kind in
      routes) factory=createCoreRouter ;;
      controllers) factory=createCoreController ;;
      services) factory=createCoreService ;;
    esac
    printf "'use strict';\n\nconst { factories } = require('@strapi/strapi');\n\nmodule.exports = factories.%s('%s');\n" "$factory" "$uid" >"$APP_DIR/src/api/$api/$kind/$name.js"
  done
done
echo "$APP_DIR ready"
