#!/usr/bin/env bash
# The services the test suite talks to: PostgreSQL (the API suite's second run) and Redis (shared
# rate-limit counters). `up` finds them on loopback, or installs and starts Debian's packages, and
# writes their addresses to tmp/test-services.env for vitest. `down` stops only what `up` started.
# `up` also makes sure Debian's Chromium is there for the browser suite (`down` leaves it installed).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tmp
ENV_FILE=tmp/test-services.env
STARTED_FILE=tmp/test-services.started
PG_HOST=127.0.0.1 PG_PORT=5432 REDIS_PORT=6379

log() { echo "[test-services] $*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else return 1; fi; }
apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { as_root apt-get update -qq >/dev/null 2>&1; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null 2>&1
}

pg_works() { # url
  command -v psql >/dev/null && psql "$1" -Atqc 'select 1' >/dev/null 2>&1
}

find_postgres() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then echo "$TEST_DATABASE_URL"; return 0; fi
  for url in "postgres://postgres@$PG_HOST:$PG_PORT/test" "postgres://postgres:postgres@$PG_HOST:$PG_PORT/test"; do
    if pg_works "$url"; then echo "$url"; return 0; fi
  done
  if ! command -v pg_ctlcluster >/dev/null; then
    log "PostgreSQL is not installed: installing Debian's postgresql" >&2
    apt_install postgresql postgresql-client || { log "could not install PostgreSQL" >&2; return 1; }
  fi
  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
  [ -n "$version" ] || { log "no PostgreSQL cluster found" >&2; return 1; }
  if ! pg_isready -q -h "$PG_HOST" -p "$PG_PORT"; then
    log "starting PostgreSQL $version" >&2
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || return 1
    echo "postgres $version" >> "$STARTED_FILE"
    for _ in $(seq 30); do pg_isready -q -h "$PG_HOST" -p "$PG_PORT" && break; sleep 1; done
  fi
  # A fresh Debian cluster asks for a password over TCP: give the postgres role one for tests.
  as_root su postgres -c "psql -q -c \"alter user postgres password 'postgres'\"" >/dev/null 2>&1
  as_root su postgres -c "createdb test" >/dev/null 2>&1
  for url in "postgres://postgres@$PG_HOST:$PG_PORT/test" "postgres://postgres:postgres@$PG_HOST:$PG_PORT/test"; do
    if pg_works "$url"; then echo "$url"; return 0; fi
  done
  return 1
}

find_redis() {
  if [ -n "${TEST_REDIS_URL:-}" ]; then echo "$TEST_REDIS_URL"; return 0; fi
  local url="redis://$PG_HOST:$REDIS_PORT"
  if command -v redis-cli >/dev/null && [ "$(redis-cli -h $PG_HOST -p $REDIS_PORT ping 2>/dev/null)" = PONG ]; then echo "$url"; return 0; fi
  if ! command -v redis-server >/dev/null; then
    log "Redis is not installed: installing Debian's redis-server" >&2
    apt_install redis-server || { log "could not install Redis" >&2; return 1; }
  fi
  log "starting Redis" >&2
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no --dir /tmp >/dev/null || return 1
  echo "redis" >> "$STARTED_FILE"
  for _ in $(seq 20); do [ "$(redis-cli -h $PG_HOST -p $REDIS_PORT ping 2>/dev/null)" = PONG ] && break; sleep 0.5; done
  echo "$url"
}

# Debian's build, not Playwright's own download: the machines reach no browser download site.
CHROMIUM=/usr/bin/chromium
find_chromium() {
  if [ ! -x "$CHROMIUM" ]; then
    log "Chromium is not installed: installing Debian's chromium" >&2
    apt_install chromium || { log "could not install Chromium" >&2; return 1; }
  fi
  [ -x "$CHROMIUM" ] && echo "$CHROMIUM"
}

# The same Chromium as Debian's headless shell (Playwright's own choice for headless tests): no
# browser UI behind each page, so a context or a navigation costs a fraction of the CPU. The
# binary itself, not /usr/bin's wrapper script, so a browser is one process less.
HEADLESS_SHELL=/usr/lib/chromium/chromium-headless-shell
find_headless_shell() {
  if [ ! -x "$HEADLESS_SHELL" ]; then
    log "Chromium's headless shell is not installed: installing Debian's chromium-headless-shell" >&2
    apt_install chromium-headless-shell || { log "could not install chromium-headless-shell" >&2; return 1; }
  fi
  [ -x "$HEADLESS_SHELL" ] && echo "$HEADLESS_SHELL"
}

case "${1:-up}" in
  up)
    : > "$ENV_FILE"
    if pg_url=$(find_postgres); then
      echo "TEST_DATABASE_URL=$pg_url" >> "$ENV_FILE"; log "PostgreSQL: $pg_url"
    else
      log "WARNING: no PostgreSQL: the API suite runs on PGlite only"
    fi
    if redis_url=$(find_redis); then
      echo "TEST_REDIS_URL=$redis_url" >> "$ENV_FILE"; log "Redis: $redis_url"
    else
      log "WARNING: no Redis: the shared rate-limit store test is skipped"
    fi
    if chromium_path=$(find_chromium); then
      echo "CHROMIUM_PATH=$chromium_path" >> "$ENV_FILE"; log "Chromium: $chromium_path"
    else
      log "WARNING: no Chromium: the browser suite fails"
    fi
    if shell_path=$(find_headless_shell); then
      echo "CHROMIUM_HEADLESS_SHELL_PATH=$shell_path" >> "$ENV_FILE"; log "Chromium's headless shell: $shell_path"
    else
      log "WARNING: no Chromium headless shell: the browser suite fails"
    fi
    ;;
  down)
    if [ -f "$STARTED_FILE" ]; then
      while read -r what version; do
        case "$what" in
          postgres) log "stopping PostgreSQL $version"; as_root pg_ctlcluster --skip-systemctl-redirect "$version" main stop ;;
          redis) log "stopping Redis"; redis-cli -h $PG_HOST -p $REDIS_PORT shutdown nosave >/dev/null 2>&1 ;;
        esac
      done < "$STARTED_FILE"
      rm -f "$STARTED_FILE"
    fi
    ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
exit 0
