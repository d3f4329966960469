#!/usr/bin/env bash
# Backs up a Punto Digitale installation on PostgreSQL (README "Operations", "Backups and restore"):
# the database and what the server keeps in DATA_DIR. Safe while the servers run.
#
# Usage:  DATABASE_URL=postgres://user:pass@host:5432/db DATA_DIR=/srv/punto-digitale/data \
#           scripts/backup.sh BACKUP_FOLDER
#
# Writes into BACKUP_FOLDER (created; it must not exist yet or be empty):
#   database.dump  `pg_dump -Fc` of DATABASE_URL: schema, data, sequences and the migrations journal
#                  (schema `drizzle`), one consistent snapshot taken while the servers keep writing; without
#                  the rows of `segreto_server` (generated secrets);
#   data-dir.tar   DATA_DIR without the embedded database folder `pglite/` and without the secrets
#                  (`secrets.json`, `oidc-jwks.json`): the local file storage `files/` (absent with S3_BUCKET:
#                  the files are in the bucket, back it up there);
#   manifest.txt   date, application version (package.json), last migration applied, the commands' versions.
# The backup never carries the secrets (issue 25 point 4): the citizens' key next to their hashes would let
# whoever holds a copy recover fiscal codes. Keep CITIZEN_HASH_SECRET (and CITIZEN_HASH_REKEYS, COOKIE_KEYS) in
# your secret store, or SECRETS_FILE outside DATA_DIR (README "Dove stanno i segreti"): a restore needs them.
# When the installation still keeps its citizens' key in the data, the backup warns (standard error and
# manifest.txt): export it first (npm run secrets -- export FILE).
# Order: the database first, then the files. A file is stored before the row that names it, so every file
# the dump names was already on disk when the copy began; only a file replaced or deleted in the seconds
# between the two steps can be missing (a backup taken with the servers stopped has no such window).
#
# Environment: DATABASE_URL (required; without it the server runs on PGlite: stop it and copy DATA_DIR,
# README), DATA_DIR (default ./data), PG_BIN (folder of pg_dump and psql of the server's major version or
# newer, e.g. /usr/lib/postgresql/15/bin; default: found on PATH).
# Exit status: 0 when the backup is complete; 1 with a message on standard error otherwise (a partial
# BACKUP_FOLDER is then left for inspection: do not use it).
set -euo pipefail
umask 077

die() { echo "backup: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: DATABASE_URL=postgres://… DATA_DIR=… $0 BACKUP_FOLDER"
out=$1
[ -n "${DATABASE_URL:-}" ] || die "DATABASE_URL is not set. A server on the embedded PGlite database is backed up by stopping it and copying DATA_DIR (README, Backups and restore)."
data_dir=${DATA_DIR:-./data}
[ -d "$data_dir" ] || die "DATA_DIR $data_dir is not a folder"
pg_dump=${PG_BIN:+$PG_BIN/}pg_dump
psql=${PG_BIN:+$PG_BIN/}psql
command -v "$pg_dump" >/dev/null || die "$pg_dump not found (set PG_BIN to the folder of the server's PostgreSQL client programs)"

if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then die "$out is not empty"; fi
mkdir -p -m 700 "$out"

# 0. secrets still kept in the data: not in the backup (below), so a restore would lack them
in_data=""
if [ -e "$data_dir/secrets.json" ]; then in_data="DATA_DIR/secrets.json"; fi
rows=$("$psql" --no-psqlrc --tuples-only --no-align --dbname="$DATABASE_URL" \
  --command="select count(*) from segreto_server where nome = 'citizen_hash_secret'" 2>/dev/null || echo 0)
if [ "${rows:-0}" != 0 ]; then in_data="${in_data:+$in_data and }the table segreto_server"; fi
warning=""
if [ -n "$in_data" ]; then
  warning="the citizens' key is kept in $in_data and is NOT in this backup: a restore without it can no longer find citizens by fiscal code. Export it to your secret store (npm run secrets -- export FILE) and start the servers with SECRETS_FILE=FILE."
  echo "backup: WARNING: $warning" >&2
fi

# 1. the database: custom format (compressed, restored selectively and in parallel by pg_restore), without the
#    generated secrets (the table's definition stays)
"$pg_dump" --format=custom --file="$out/database.dump" --dbname="$DATABASE_URL" --exclude-table-data=segreto_server

# 2. DATA_DIR without the embedded database (unused on PostgreSQL; a running PGlite cannot be copied) and
#    without the secret files
tar --create --file="$out/data-dir.tar" --directory="$data_dir" --exclude=./pglite \
  --exclude=./secrets.json --exclude=./oidc-jwks.json --exclude='./secrets.json.*' .

# 3. what was backed up
version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$(dirname "$0")/../package.json" | head -n 1)
migration=$("$psql" --no-psqlrc --tuples-only --no-align --dbname="$DATABASE_URL" \
  --command='select hash from drizzle.__drizzle_migrations order by created_at desc limit 1' 2>/dev/null || true)
migrations=$("$psql" --no-psqlrc --tuples-only --no-align --dbname="$DATABASE_URL" \
  --command='select count(*) from drizzle.__drizzle_migrations' 2>/dev/null || true)
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "application version: ${version:-unknown}"
  echo "migrations applied: ${migrations:-unknown} (last hash ${migration:-unknown})"
  echo "pg_dump: $("$pg_dump" --version)"
  echo "secrets: not included (keep them in the secret store)${warning:+; WARNING: $warning}"
  echo "files: $(if [ -d "$data_dir/files" ]; then echo "DATA_DIR/files in data-dir.tar"; else echo "none in DATA_DIR (S3 bucket or nothing stored yet)"; fi)"
} > "$out/manifest.txt"
echo "backup: written to $out ($(du -sh "$out" | cut -f1))"
