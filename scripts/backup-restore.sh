#!/usr/bin/env bash
# Proves that a nightly backup can be restored (README, "Running in production"):
# a scratch database gets the migrations and the demo data, is dumped with pg_dump
# (custom format, as the nightly job does), restored with pg_restore into a second
# scratch database, and the two are compared table by table. Both are dropped after.
#
#   npm run build && bash scripts/backup-restore.sh
#
# BACKUP_DATABASE_URL: a PostgreSQL where we may create databases
# (default postgres://postgres@127.0.0.1:5432/postgres).
set -euo pipefail
cd "$(dirname "$0")/.."

admin_url="${BACKUP_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
tag="$(date +%s)_$RANDOM"
src="siam_backup_src_${tag}"
dst="siam_backup_dst_${tag}"
dump="$(mktemp -d)/siam.dump"
# The same server, another database: postgres://user@host:port/<name>.
url_for() { echo "${admin_url%/*}/$1"; }

cleanup() {
  psql -q "$admin_url" -c "DROP DATABASE IF EXISTS ${src} WITH (FORCE)" -c "DROP DATABASE IF EXISTS ${dst} WITH (FORCE)" >/dev/null || true
  rm -rf "$(dirname "$dump")"
}
trap cleanup EXIT

for tool in psql pg_dump pg_restore; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install postgresql-client" >&2; exit 1; }
done
[ -f apps/api/dist/cli.js ] || { echo "Build first: npm run build" >&2; exit 1; }

psql -q "$admin_url" -c "CREATE DATABASE ${src}" -c "CREATE DATABASE ${dst}"
# Migrations and demo data, as a fresh production database would have after a few bookings.
NODE_ENV=development DATABASE_URL="$(url_for "$src")" node apps/api/dist/cli.js reset >/dev/null

pg_dump --format=custom --no-owner --file="$dump" "$(url_for "$src")"
pg_restore --no-owner --exit-on-error --dbname="$(url_for "$dst")" "$dump"

counts() {
  psql -At "$(url_for "$1")" <<'SQL'
SELECT string_agg(format('%s=%s', t.table_name,
  (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM public.%I', t.table_name), false, true, '')))[1]::text),
  ' ' ORDER BY t.table_name)
FROM information_schema.tables t
WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE';
SQL
}
before="$(counts "$src")"
after="$(counts "$dst")"
tables="$(wc -w <<<"$before")"
if [ "$before" != "$after" ]; then
  echo "backup and restore: the restored database differs" >&2
  diff <(tr ' ' '\n' <<<"$before") <(tr ' ' '\n' <<<"$after") >&2 || true
  exit 1
fi
migrations="$(psql -At "$(url_for "$dst")" -c 'SELECT count(*) FROM schema_migrations')"
echo "backup and restore: OK (${tables} tables, every row count matches; ${migrations} migrations recorded; dump $(du -h "$dump" | cut -f1))"
