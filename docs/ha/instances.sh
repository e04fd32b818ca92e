#!/bin/sh
# Three svc instances on one PostgreSQL database with a Redis cache bus, on ports 3001-3003, for
# docs/ha/haproxy.cfg, from this repository after `npm install` (it builds dist/). Stop with Ctrl-C.
#
#   createdb svc          # once (PostgreSQL), or CREATE DATABASE svc for MySQL/MariaDB
#   docs/ha/instances.sh
#
# Without Redis, leave SVC_REMOTE_CACHE_TYPE empty: still correct, every request reads the database.
set -eu
export SVC_DATABASE_TYPE="${SVC_DATABASE_TYPE:-postgres}"
export SVC_DATABASE_HOST="${SVC_DATABASE_HOST:-127.0.0.1:5432}"
export SVC_DATABASE_NAME="${SVC_DATABASE_NAME:-svc}"
export SVC_DATABASE_USER="${SVC_DATABASE_USER:-postgres}"
export SVC_DATABASE_PASSWORD="${SVC_DATABASE_PASSWORD:-}"
export SVC_DATABASE_HIGH_AVAILABILITY=true
export SVC_REMOTE_CACHE_TYPE="${SVC_REMOTE_CACHE_TYPE-redis}"
export SVC_REMOTE_CACHE_CONNSTR="${SVC_REMOTE_CACHE_CONNSTR:-addr=127.0.0.1:6379}"
# every instance must share one secret key: secrets are encrypted with it
export SVC_SECURITY_SECRET_KEY="${SVC_SECURITY_SECRET_KEY:-change-me-and-share-me}"

# each instance's own [paths] data (logs, temporary files): $DATA_DIR-3001, …
DATA_DIR="$(realpath "${DATA_DIR:-./data}")"
cd "$(dirname "$0")/../.."

trap 'kill 0' INT TERM
for port in 3001 3002 3003; do
  SVC_SERVER_HTTP_PORT=$port SVC_PATHS_DATA="$DATA_DIR-$port" node --max-semi-space-size=8 dist/bundle/main.js &
done
wait
