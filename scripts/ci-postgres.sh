#!/usr/bin/env bash
# Starts a local PostgreSQL 15 (installing it if missing) and creates a throwaway database and user
# for the server tests. Prints one line for the caller to evaluate:
#   eval "$(scripts/ci-postgres.sh)"              # sets DATABASE_URL and CI_POSTGRES_DB (its name)
#   scripts/ci-postgres.sh drop "$CI_POSTGRES_DB"  # removes that database and its role
# `drop` removes only the database it is named: the cluster is shared (other developers' and other
# runs' throwaway databases live beside this one), so there is no "drop them all".
# Progress goes to stderr so stdout stays a clean `export` line. Needs root (apt, su postgres).
set -euo pipefail

log() { echo "ci-postgres: $*" >&2; }
as_postgres() { su postgres -s /bin/sh -c "$*"; }
PREFIX=lender_ci_

if [ "$(id -u)" -ne 0 ]; then
  log "run as root (it installs packages and switches to the postgres user)"
  exit 1
fi

if [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then
  log "installing PostgreSQL 15"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >&2 \
    || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi

if ! pg_lsclusters -h | awk '$1 == "15" && $2 == "main" { found = 1 } END { exit !found }'; then
  log "creating cluster 15/main"
  pg_createcluster 15 main >&2
fi
if ! pg_lsclusters -h | awk '$1 == "15" && $2 == "main" && $4 == "online" { found = 1 } END { exit !found }'; then
  log "starting cluster 15/main"
  pg_ctlcluster 15 main start >&2
fi
PORT=$(pg_lsclusters -h | awk '$1 == "15" && $2 == "main" { print $3 }')

for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$PORT" && break
  sleep 1
done
pg_isready -q -h 127.0.0.1 -p "$PORT" || { log "PostgreSQL did not become ready on port $PORT"; exit 1; }

if [ "${1:-}" = "drop" ]; then
  db="${2:-}"
  # Only a name this script makes (prefix, seconds, process id): nothing else can be named here.
  if ! [[ "$db" =~ ^${PREFIX}[0-9]+_[0-9]+$ ]]; then
    log "drop needs the name of a database this script created (${PREFIX}<seconds>_<pid>), got '$db'"
    exit 1
  fi
  log "dropping $db"
  as_postgres "psql -p $PORT -q -v ON_ERROR_STOP=1 -c 'drop database if exists \"$db\" with (force)' -c 'drop role if exists \"$db\"'" >&2
  exit 0
fi

NAME="${PREFIX}$(date +%s)_$$"
PASSWORD="$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')"
log "creating database and role $NAME"
as_postgres "psql -p $PORT -q -v ON_ERROR_STOP=1" >&2 <<SQL
create role "$NAME" login password '$PASSWORD';
create database "$NAME" owner "$NAME";
SQL

echo "export DATABASE_URL=postgres://$NAME:$PASSWORD@127.0.0.1:$PORT/$NAME CI_POSTGRES_DB=$NAME"
