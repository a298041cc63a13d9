#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the test suite (issue 23, decision 059) and prints its
# base URL (postgres://jornada@127.0.0.1:PORT). As root, the cluster belongs to the unprivileged
# `postgres` user (initdb refuses root); otherwise to the caller. Locale C: text orders bytewise
# like SQLite, so both engines list rows in the same order. synchronous_commit=off: a commit does
# not wait for its WAL flush (the walwriter flushes within 200 ms). The durability tests kill the
# APP server (SIGKILL), never PostgreSQL, so what they check is unchanged: a committed transaction
# is visible to every later reader. Usage: scripts/pg-test-cluster.sh DIR [PORT]
set -euo pipefail
dir=${1:?usage: pg-test-cluster.sh DIR [PORT]}
port=${2:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$bin" ]; then
  echo "PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2
  exit 1
fi
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
mkdir -p "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
if [ ! -f "$dir/data/PG_VERSION" ]; then
  run "$bin/initdb" -D "$dir/data" -U jornada --auth=trust --locale=C --encoding=UTF8 >"$dir/initdb.log"
fi
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c synchronous_commit=off" start >/dev/null
echo "postgres://jornada@127.0.0.1:$port"
