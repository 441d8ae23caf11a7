#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 + PostGIS cluster for the server integration tests.
#
# Installs Debian's postgresql-15 and postgresql-15-postgis-3 when missing, creates a cluster in a new
# temporary folder with trust authentication, starts it on 127.0.0.1 on the first free port from
# PG_PORT (default 55432), creates the database headland_test, and prints as its last line:
#   DATABASE_URL=postgres://postgres@127.0.0.1:PORT/headland_test
# The line before it is PGDATA_DIR=<folder>; pass that folder to scripts/stop-postgres.sh.
set -euo pipefail

PG_VERSION=15
PG_BIN=/usr/lib/postgresql/$PG_VERSION/bin
POSTGIS_CONTROL=/usr/share/postgresql/$PG_VERSION/extension/postgis.control
PORT=${PG_PORT:-55432}
DB_NAME=headland_test
# Where the last started cluster's folder is noted, so stop-postgres.sh works without an argument.
STATE_FILE=${HEADLAND_PG_STATE:-${TMPDIR:-/tmp}/headland-test-postgres.dir}

log() { echo "ensure-postgres: $*" >&2; }
fail() {
  echo "ensure-postgres: $*" >&2
  exit 1
}

if [[ ! -x "$PG_BIN/postgres" || ! -f "$POSTGIS_CONTROL" ]]; then
  [[ "$(id -u)" -eq 0 ]] || fail "PostgreSQL $PG_VERSION with PostGIS is missing and installing it needs root"
  export DEBIAN_FRONTEND=noninteractive
  APT=(apt-get -o DPkg::Lock::Timeout=300 -y -q)
  log "PostgreSQL $PG_VERSION with PostGIS missing; running apt-get update"
  "${APT[@]}" update >&2 || fail "apt-get update failed"
  log "running apt-get install -y postgresql-$PG_VERSION postgresql-$PG_VERSION-postgis-3"
  "${APT[@]}" install "postgresql-$PG_VERSION" "postgresql-$PG_VERSION-postgis-3" >&2 ||
    fail "apt-get install postgresql-$PG_VERSION postgresql-$PG_VERSION-postgis-3 failed"
  [[ -x "$PG_BIN/postgres" && -f "$POSTGIS_CONTROL" ]] || fail "install finished but $PG_BIN/postgres or PostGIS is missing"
fi

# initdb and postgres refuse to run as root, so root runs them as the postgres user.
as_pg() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

DIR=$(mktemp -d "${TMPDIR:-/tmp}/headland-pg.XXXXXX")
# On any failure from here on, leave no server running and no folder behind.
cleanup_on_failure() {
  local status=$?
  if [[ $status -ne 0 ]]; then
    if [[ -f "$DIR/data/postmaster.pid" ]]; then as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >&2 || true; fi
    rm -rf "$DIR"
  fi
}
trap cleanup_on_failure EXIT
chmod 755 "$DIR"
if [[ "$(id -u)" -eq 0 ]]; then chown postgres:postgres "$DIR"; fi

log "initdb in $DIR"
as_pg "$PG_BIN/initdb" -D "$DIR/data" --auth=trust --username=postgres --encoding=UTF8 --locale=C.UTF-8 \
  >"$DIR/initdb.log" 2>&1 || {
  cat "$DIR/initdb.log" >&2
  fail "initdb failed"
}

started=false
for _ in $(seq 1 20); do
  if port_in_use "$PORT"; then
    PORT=$((PORT + 1))
    continue
  fi
  log "starting on 127.0.0.1:$PORT"
  # Durability settings are off: the cluster lives for one test run only.
  if as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >&2; then
    started=true
    break
  fi
  # Another process may have taken the port between the check and the start: try the next one.
  tail -n 5 "$DIR/server.log" >&2 || true
  PORT=$((PORT + 1))
done
$started || fail "could not start PostgreSQL on any port from ${PG_PORT:-55432} (server log above)"

echo "$DIR" >"$STATE_FILE"
as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB_NAME" || fail "createdb $DB_NAME failed"
as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d "$DB_NAME" -v ON_ERROR_STOP=1 -qAt \
  -c 'CREATE EXTENSION IF NOT EXISTS postgis' -c 'SELECT postgis_lib_version()' >&2 ||
  fail "PostGIS is not usable in $DB_NAME"

echo "PGDATA_DIR=$DIR"
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/$DB_NAME"
