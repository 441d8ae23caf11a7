#!/usr/bin/env bash
# Stops a cluster started by scripts/ensure-postgres.sh and deletes its folder.
# Usage: stop-postgres.sh [FOLDER]; without FOLDER, the last cluster ensure-postgres.sh started.
set -euo pipefail

PG_BIN=/usr/lib/postgresql/15/bin
STATE_FILE=${HEADLAND_PG_STATE:-${TMPDIR:-/tmp}/headland-test-postgres.dir}

DIR=${1:-}
if [[ -z "$DIR" && -f "$STATE_FILE" ]]; then DIR=$(cat "$STATE_FILE"); fi
if [[ -z "$DIR" ]]; then
  echo "stop-postgres: no cluster to stop" >&2
  exit 0
fi
# Refuse anything that is not a folder this project's script made: the folder is deleted below.
if [[ "$(basename "$DIR")" != headland-pg.* || ! -f "$DIR/data/PG_VERSION" ]]; then
  echo "stop-postgres: $DIR is not a cluster made by ensure-postgres.sh" >&2
  exit 1
fi

if [[ -f "$DIR/data/postmaster.pid" ]]; then
  echo "stop-postgres: stopping the cluster in $DIR" >&2
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >&2
  else
    "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >&2
  fi
fi
rm -rf "$DIR"
if [[ -f "$STATE_FILE" && "$(cat "$STATE_FILE")" == "$DIR" ]]; then rm -f "$STATE_FILE"; fi
echo "stop-postgres: removed $DIR" >&2
