#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh (README "Operations", "Backups and restore") into an EMPTY
# PostgreSQL database and an empty DATA_DIR. Run it with every server stopped (or pointed elsewhere), then
# start the servers of the backup's application version (manifest.txt) or a newer one: they find the
# database migrated and seeded, and apply only the migrations the backup does not have.
#
# Usage:  createdb --owner=punto punto_restored   # or CREATE DATABASE, as an administrator
#         DATABASE_URL=postgres://punto:pass@host:5432/punto_restored DATA_DIR=/srv/punto-digitale/data \
#           scripts/restore.sh BACKUP_FOLDER
#
# Steps: refuses a database that holds any table, view or sequence and a DATA_DIR that holds anything;
# `pg_restore` of database.dump in one transaction (all or nothing), objects owned by the DATABASE_URL
# user (--no-owner --no-privileges: the target may use other role names); extracts data-dir.tar into
# DATA_DIR (mode 700; files/). Files kept in an S3 bucket are restored there (README). The backup holds no
# secrets: start the restored servers with the same CITIZEN_HASH_SECRET (and CITIZEN_HASH_REKEYS, COOKIE_KEYS) or
# SECRETS_FILE as the backed-up installation (README "Dove stanno i segreti").
#
# Environment: DATABASE_URL (required), DATA_DIR (default ./data), PG_BIN (folder of pg_restore and psql,
# same major version as the pg_dump that wrote the backup or newer; default: found on PATH).
# Exit status: 0 when restored; 1 with a message on standard error otherwise (nothing restored when the
# database step fails).
set -euo pipefail
umask 077

die() { echo "restore: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: DATABASE_URL=postgres://… DATA_DIR=… $0 BACKUP_FOLDER"
from=$1
[ -f "$from/database.dump" ] || die "$from/database.dump not found"
[ -f "$from/data-dir.tar" ] || die "$from/data-dir.tar not found"
[ -n "${DATABASE_URL:-}" ] || die "DATABASE_URL is not set"
data_dir=${DATA_DIR:-./data}
pg_restore=${PG_BIN:+$PG_BIN/}pg_restore
psql=${PG_BIN:+$PG_BIN/}psql
command -v "$pg_restore" >/dev/null || die "$pg_restore not found (set PG_BIN to the folder of PostgreSQL's client programs)"

# an empty database only: restoring over existing objects would mix two states
objects=$("$psql" --no-psqlrc --tuples-only --no-align --set=ON_ERROR_STOP=1 --dbname="$DATABASE_URL" --command="
  select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'") \
  || die "cannot read the target database (DATABASE_URL)"
[ "$objects" = 0 ] || die "the target database is not empty ($objects tables, views or sequences): create an empty one"
if [ -e "$data_dir" ] && [ -n "$(ls -A "$data_dir")" ]; then die "DATA_DIR $data_dir is not empty"; fi

# 1. the database, all or nothing
"$pg_restore" --exit-on-error --single-transaction --no-owner --no-privileges --dbname="$DATABASE_URL" "$from/database.dump"

# 2. DATA_DIR: the local files
mkdir -p -m 700 "$data_dir"
chmod 700 "$data_dir"
tar --extract --preserve-permissions --file="$from/data-dir.tar" --directory="$data_dir"
echo "restore: start the servers with the installation's secrets (CITIZEN_HASH_SECRET or SECRETS_FILE): the backup holds none" >&2
echo "restore: database and DATA_DIR restored from $from ($(sed -n 's/^application version: //p' "$from/manifest.txt" 2>/dev/null || echo 'version unknown'))"
