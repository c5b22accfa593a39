#!/usr/bin/env bash
# How fast the legacy simulator answers GET /api/dashboards/uid/:uid (a benchmark, not a test), directly and
# through the gateway in pass-through, in one interleaved run, so that gateway benchmarks over the
# simulator can be read knowing its ceiling.
#
#   mvn -B -q package -DskipTests && bench/legacy-sim.sh
# Environment: BENCH_DB_URL (a PostgreSQL; default: the demo's embedded one in a temporary data dir),
# GENERATE (extra generated dashboards loaded first, default 0), ROUNDS (3), DURATION (10s), JAVA_HOME.
# Needs wrk and curl (apt-get install -y wrk curl). Listens on 127.0.0.1 only and stops what it started.
set -euo pipefail

readonly ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-10s} GENERATE=${GENERATE:-0}
readonly SIM_PORT=18300 GATEWAY_PORT=18301 ADMIN_PORT=18302
readonly UIDS=(22mq9eSVz n1jR8vnnz)   # 5.9 KB (Loki fake data) and 11.5 KB (all panels) as the simulator answers them
readonly REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
readonly AUTH="Authorization: Basic $(printf 'admin:admin' | base64)"

command -v wrk >/dev/null && command -v curl >/dev/null || { echo "needs wrk and curl: apt-get install -y wrk curl"; exit 2; }
WORK=$(mktemp -d /tmp/legacy-sim-bench.XXXXXX)
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT INT TERM
cp "$REPO/gateway/target/migration-gateway.jar" "$WORK/gateway.jar"

DB_URL=${BENCH_DB_URL:-}
SCHEMA=bench_$$
if [ -z "$DB_URL" ]; then
  sim_db=(--data-dir "$WORK/data")
else
  sim_db=(--db-url "$DB_URL" --schema "$SCHEMA")
fi
"$JAVA" -Xmx512m -jar "$WORK/gateway.jar" legacy-sim --port $SIM_PORT "${sim_db[@]}" --generate "$GENERATE" > "$WORK/sim.log" 2>&1 &
PIDS+=($!)
until curl -fsS -o /dev/null "http://127.0.0.1:$SIM_PORT/api/health" 2>/dev/null; do sleep 0.5; done
gateway_db=()
[ -n "$DB_URL" ] && gateway_db=(--db-url "$DB_URL")
MGW_LOG_ACCESS=false MGW_SERVER_HOST=127.0.0.1 "$JAVA" -Xmx512m -jar "$WORK/gateway.jar" serve --legacy-url "http://127.0.0.1:$SIM_PORT" \
  --port $GATEWAY_PORT --admin-port $ADMIN_PORT --insecure-admin --data-dir "$WORK/gw-data" "${gateway_db[@]}" > "$WORK/gateway.log" 2>&1 &
PIDS+=($!)
until curl -fsS -o /dev/null "http://127.0.0.1:$ADMIN_PORT/healthz" 2>/dev/null; do sleep 0.5; done

# shellcheck source=lib/wrk.sh
. "$REPO/bench/lib/wrk.sh"
for uid in "${UIDS[@]}"; do measure "http://127.0.0.1:$SIM_PORT/api/dashboards/uid/$uid" 5s > /dev/null; measure "http://127.0.0.1:$GATEWAY_PORT/api/dashboards/uid/$uid" 5s > /dev/null; done
echo "# legacy simulator GET by uid, wrk -t2 -c32 -d$DURATION, $ROUNDS rounds, $(nproc) cpus, $("$JAVA" -version 2>&1 | head -1), generated dashboards: $GENERATE"
printf '%-10s %-9s %10s %8s %8s\n' uid via req/s p50ms p99ms
for uid in "${UIDS[@]}"; do
  for via in direct gateway; do
    port=$SIM_PORT; [ "$via" = gateway ] && port=$GATEWAY_PORT
    results=()
    for _ in $(seq "$ROUNDS"); do results+=("$(measure "http://127.0.0.1:$port/api/dashboards/uid/$uid" "$DURATION")"); done
    printf '%s\n' "${results[@]}" | awk '$4 > 0 { bad = 1 } END { exit bad }' || { echo "non-2xx answers for $uid via $via" >&2; exit 1; }
    printf '%s\n' "${results[@]}" | sort -n | awk -v uid="$uid" -v via="$via" -v n="$ROUNDS" \
      'NR == int((n + 1) / 2) { printf "%-10s %-9s %10d %8.2f %8.2f\n", uid, via, $1, $2, $3 }'
  done
done
if [ -n "$DB_URL" ] && command -v psql >/dev/null; then psql "${DB_URL#jdbc:}" -qc "DROP SCHEMA IF EXISTS $SCHEMA CASCADE" >/dev/null 2>&1 || true; fi
