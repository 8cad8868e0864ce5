#!/usr/bin/env bash
# `npm test` runs this first (pretest): the GraphQL sandbox test drives Debian's headless chromium.
# Installs it with apt when it is missing and this user can; otherwise says in one line what to run.
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pretest: installing Debian's chromium for the browser test (apt-get)" >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "pretest: chromium is missing; run 'sudo apt-get install -y chromium' (Debian's package), then npm test again" >&2
exit 1
