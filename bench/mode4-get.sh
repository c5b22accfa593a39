#!/usr/bin/env bash
# Mode 4 read benchmark (a benchmark, not a test): GET /api/dashboards/uid/:uid answered by the
# gateway from unified storage through the dashboard translator (mode 4), against the legacy simulator answering
# the same dashboard itself, and the gateway passing it through (mode 0), interleaved in one run.
#
#   mvn -B -q package -DskipTests && bench/mode4-get.sh
#
# Setup: the legacy simulator (seeded) and the gateway in front of it, each on its own fresh schema of the
# PostgreSQL named by BENCH_DB_URL. The real 2.6 KB dashboard bench/dashboard.json is saved as uid
# bench-mode-four on the simulator directly (so its tables have it) and, with dashboards in mode 4, through the
# gateway (so unified storage has it). Each round then measures, with wrk -t2 -c32: direct (simulator), gateway in
# mode 0 (pass-through to the simulator) and gateway in mode 4 (unified storage, translated), flipping the mode
# through the admin API (forced, with a reason) between them. Prints the median req/s, p50 and p99 per variant
# and the ratios; any non-2xx answer fails the run.
# Environment: ROUNDS (3), DURATION (10s), WARMUP (10s), BENCH_DB_URL
# ('jdbc:postgresql://127.0.0.1:5432/test?user=postgres'), JAVA_HOME, GATEWAY_JAVA_OPTS (-Xmx512m).
# Needs wrk, curl, psql and python3 (apt-get install -y wrk curl postgresql-client python3). Listens on 127.0.0.1
# only; stops what it started and drops its schemas on exit.
set -euo pipefail

readonly ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-10s} WARMUP=${WARMUP:-10s}
readonly BENCH_DB_URL=${BENCH_DB_URL:-jdbc:postgresql://127.0.0.1:5432/test?user=postgres}
readonly GATEWAY_JAVA_OPTS=${GATEWAY_JAVA_OPTS:--Xmx512m}
readonly SIM_PORT=18500 GATEWAY_PORT=18501 ADMIN_PORT=18502
readonly UID_=bench-mode-four
readonly RESOURCE=dashboards.dashboard.grafana.app
readonly REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
readonly SIM_SCHEMA=bench_sim_$$ GATEWAY_SCHEMA=bench_gw_$$
AUTH="Authorization: Basic $(printf 'admin:admin' | base64)"
readonly AUTH
# shellcheck source=lib/wrk.sh
. "$REPO/bench/lib/wrk.sh"

# shellcheck source=lib/deployment.sh
. "$REPO/bench/lib/deployment.sh"

start_simulator
start_gateway
save "http://127.0.0.1:$SIM_PORT"
flip 4
save "http://127.0.0.1:$GATEWAY_PORT"

readonly VARIANTS=(direct mode-0 mode-4)
url_of() { [ "$1" = direct ] && echo "http://127.0.0.1:$SIM_PORT/api/dashboards/uid/$UID_" || echo "http://127.0.0.1:$GATEWAY_PORT/api/dashboards/uid/$UID_"; }
prepare() { case $1 in mode-0) flip 0 ;; mode-4) flip 4 ;; esac; }
for variant in "${VARIANTS[@]}"; do prepare "$variant"; measure "$(url_of "$variant")" "$WARMUP" > /dev/null; done
for round in $(seq "$ROUNDS"); do
  for variant in "${VARIANTS[@]}"; do
    prepare "$variant"
    echo "$round $variant $(measure "$(url_of "$variant")" "$DURATION")" >> "$WORK/results"
  done
done
awk '$6 > 0 { bad = 1 } END { exit bad }' "$WORK/results" || { echo "non-2xx answers:"; cat "$WORK/results"; exit 1; }

echo "# GET /api/dashboards/uid/$UID_ (2.6 KB), wrk -t2 -c${CONNECTIONS:-32} -d$DURATION, $ROUNDS rounds, $(nproc) cpus, $("$JAVA" -version 2>&1 | head -1)"
printf '%-8s %10s %8s %8s\n' variant req/s p50ms p99ms
for variant in "${VARIANTS[@]}"; do
  awk -v v="$variant" '$2 == v { print $3, $4, $5, $6 }' "$WORK/results" | median > "$WORK/median-$variant"
  read -r rps p50 p99 _ < "$WORK/median-$variant"
  printf '%-8s %10d %8.2f %8.2f\n' "$variant" "$rps" "$p50" "$p99"
done
awk '{ rps[$1 " " $2] = $3 } END {
  for (r = 1; rps[r " direct"] != ""; r++) printf "round %d: mode-4/direct %.2f, mode-4/mode-0 %.2f\n", r, rps[r " mode-4"] / rps[r " direct"], rps[r " mode-4"] / rps[r " mode-0"] }' "$WORK/results"
read -r direct _ < "$WORK/median-direct"; read -r four _ < "$WORK/median-mode-4"
awk -v a="$four" -v b="$direct" 'BEGIN { printf "median ratio mode-4 / direct: %.2f (target >= 1.0)\n", a / b }'
