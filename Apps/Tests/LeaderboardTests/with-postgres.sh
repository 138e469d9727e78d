#!/usr/bin/env bash
# with-postgres.sh PORT COMMAND...: runs COMMAND against a throw-away PostgreSQL 15 (Debian's postgresql-15).
# initdb in a fresh temporary folder, the server on 127.0.0.1:PORT (and a socket in that folder), a database
# `interlude` owned by the role `interlude` (trust authentication: loopback only, nothing else listens), then
# COMMAND with LEADERBOARD_TEST_POSTGRES set to its URL; the server is stopped and the folder removed at the end,
# whatever COMMAND did (its exit status is this script's). PostgreSQL refuses to run as root: as root (CI), the
# cluster belongs to the system user `interlude-pg`, created if missing; otherwise to the current user.
# Every wait has a deadline: pg_ctl start/stop -t 60.
set -euo pipefail
port="$1"
shift
bin=/usr/lib/postgresql/15/bin
[ -x "$bin/initdb" ] || { echo "with-postgres.sh: $bin/initdb missing (apt-get install postgresql-15)" >&2; exit 1; }
dir=$(mktemp -d /tmp/interlude-pg.XXXXXX)
if [ "$(id -u)" = 0 ]; then
    id interlude-pg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin interlude-pg
    chown interlude-pg "$dir"
    as_owner() { runuser -u interlude-pg -- "$@"; }
else
    as_owner() { "$@"; }
fi
cleanup() {
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -t 60 stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200 -c fsync=on -c synchronous_commit=on" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
psql -q -h "$dir" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE ROLE interlude LOGIN" -c "CREATE DATABASE interlude OWNER interlude" >/dev/null
export LEADERBOARD_TEST_POSTGRES="postgres://interlude@127.0.0.1:$port/interlude?sslmode=disable"
echo "with-postgres.sh: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)"
set +e
"$@"
status=$?
set -e
exit $status
