#!/usr/bin/env bash
# `npm test` runs this first (pretest): the multi-instance tests run the app through PgBouncer in
# transaction pooling mode (Debian's pgbouncer). Installs it with apt when it is missing and this
# user can; otherwise says in one line what to run. Only the binary is used: the tests start their
# own pgbouncer on a free port with a temporary configuration (never the packaged service).
set -euo pipefail
command -v pgbouncer >/dev/null 2>&1 && exit 0
[ -x /usr/sbin/pgbouncer ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pretest: installing Debian's pgbouncer for the multi-instance test (apt-get)" >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
  exit 0
fi
echo "pretest: pgbouncer is missing; run 'sudo apt-get install -y pgbouncer' (Debian's package), then npm test again" >&2
exit 1
