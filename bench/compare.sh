#!/usr/bin/env bash
# Compare-job benchmark (a benchmark, not a test): the legacy simulator holding N generated dashboards, the gateway
# in front of it (-Xmx256m) with them copied into unified storage and in mode 2, and in one run
#   - the reference: the same reads a sweep makes, sent by one client one at a time (GET /api/dashboards/uid/X on the
#     legacy side, then on the gateway in mode 4, which answers from unified storage through the translator), for
#     SAMPLES uids: objects/s = 1 / (p50 legacy + p50 mode 4);
#   - `migrate compare dashboards --rate 100000` over all N: objects/s, and its ratio to the reference (the sweep
#     also diffs both answers and stores each comparison);
#   - the flip gate's dry run of mode 3 afterwards, whose shadow check counts the objects compared (one pass over the
#     comparisons since the last write outage): its time;
#   - the gateway's heap (GC log): peak before a collection, and after.
#
#   mvn -B -q package -DskipTests && bench/compare.sh [N]        (N: dashboards, default 20000)
#
# Environment: SAMPLES (500), BENCH_DB_URL ('jdbc:postgresql://127.0.0.1:5432/test?user=postgres'), JAVA_HOME,
# GATEWAY_JAVA_OPTS (-Xmx256m). Writes bench/results/compare-N-<date>.txt. Listens on 127.0.0.1 only; stops what it
# started and drops its schemas.
set -euo pipefail

readonly N=${1:-20000}
[[ $N =~ ^[0-9]+$ ]] && [ "$N" -gt 0 ] || { echo "usage: bench/compare.sh [N]  (N dashboards, a positive number)"; exit 2; }
readonly SAMPLES=${SAMPLES:-500}
readonly BENCH_DB_URL=${BENCH_DB_URL:-jdbc:postgresql://127.0.0.1:5432/test?user=postgres}
readonly GATEWAY_JAVA_OPTS_BASE=${GATEWAY_JAVA_OPTS:--Xmx256m}
readonly SIM_PORT=18520 GATEWAY_PORT=18521 ADMIN_PORT=18522
readonly SIM_SCHEMA=compare_sim_$N GATEWAY_SCHEMA=compare_gw_$N
readonly RESOURCE=dashboards.dashboard.grafana.app UID_=unused
readonly REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
readonly BASIC="Basic $(printf 'admin:admin' | base64)"
readonly AUTH="Authorization: $BASIC"
# shellcheck source=lib/deployment.sh
. "$REPO/bench/lib/deployment.sh"
readonly GATEWAY_JAVA_OPTS="$GATEWAY_JAVA_OPTS_BASE -Xlog:gc:file=$WORK/gc.log"
readonly RESULT="$REPO/bench/results/compare-$N-$(date -u +%Y-%m-%dT%H%M).txt"
mkdir -p "$REPO/bench/results"
exec > >(tee "$RESULT") 2>&1
echo "# bench/compare.sh $N  SAMPLES=$SAMPLES  $(date -u +%FT%TZ)  commit $(git -C "$REPO" rev-parse --short HEAD)"
echo "# $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $("$JAVA" -version 2>&1 | head -1), gateway $GATEWAY_JAVA_OPTS_BASE"
sql() { psql "$PG_URL" -Atqc "$1"; }
seconds() { python3 -c 'import sys; print(f"{float(sys.argv[1]):.1f}")' "$1"; }

started=$(date +%s)
"$JAVA" -Xmx512m -jar "$WORK/gateway.jar" legacy-sim --port "$SIM_PORT" --db-url "$BENCH_DB_URL" --schema "$SIM_SCHEMA" \
  --generate "$N" > "$WORK/sim.log" 2>&1 &
PIDS+=($!)
until grep -q '^legacy simulator on' "$WORK/sim.log"; do
  kill -0 "${PIDS[-1]}" 2>/dev/null || { echo "the simulator stopped:"; tail -20 "$WORK/sim.log"; exit 1; }
  sleep 1
done
echo "generated $N dashboards in $(( $(date +%s) - started )) s"
start_gateway MGW_LEGACY_DATABASE_URL="$BENCH_DB_URL&currentSchema=$SIM_SCHEMA" MGW_JOBS_COMPARE_AUTHORIZATION="$BASIC"
mgw() { "$JAVA" -jar "$WORK/gateway.jar" "$@" --admin-url "http://127.0.0.1:$ADMIN_PORT"; }
flip 2
for resource in folders "$RESOURCE"; do
  mgw migrate copy "$resource" > "$WORK/copy.log" 2>&1 || { echo "copy of $resource failed:"; tail -20 "$WORK/copy.log"; exit 1; }
done
psql "$PG_URL" -q -c "VACUUM ANALYZE $GATEWAY_SCHEMA.resource"
objects=$(sql "SELECT count(*) FROM $SIM_SCHEMA.dashboard WHERE NOT is_folder")
echo "copied $objects dashboards"

# The reference: the sweep's two reads of an object, by one client, one at a time.
sql "SELECT uid FROM $SIM_SCHEMA.dashboard WHERE org_id = 1 AND NOT is_folder ORDER BY md5(uid) LIMIT $SAMPLES" > "$WORK/uids"
load() { "$JAVA" "$REPO/bench/ScaleLoad.java" --samples "$SAMPLES" --warmup "$SAMPLES" --header "$AUTH" "$@"; }
p50() { sed -nE 's/.*p50_ms=([0-9.]+).*/\1/p'; }
mapfile -t urls < <(sed "s|^|http://127.0.0.1:$SIM_PORT/api/dashboards/uid/|" "$WORK/uids")
legacy=$(load "${urls[@]}" | tee -a "$WORK/load" | p50)
flip 4
mapfile -t urls < <(sed "s|^|http://127.0.0.1:$GATEWAY_PORT/api/dashboards/uid/|" "$WORK/uids")
unified=$(load "${urls[@]}" | tee -a "$WORK/load" | p50)
flip 2
echo "reference: GET by uid p50 $legacy ms on the legacy side, $unified ms in mode 4"

# The sweep, then the gate's dry run over what it recorded.
started=$(date +%s.%N)
mgw migrate compare "$RESOURCE" --rate 100000 > "$WORK/compare.log" 2>&1 || true
elapsed=$(python3 -c "import time,sys; print(time.time() - float(sys.argv[1]))" "$started")
tail -1 "$WORK/compare.log"
swept=$(sql "SELECT count(*) FROM $GATEWAY_SCHEMA.shadow_comparison WHERE swept")
gate=$(curl -fsS -o "$WORK/gate.json" -w '%{time_total}' -X PUT "http://127.0.0.1:$ADMIN_PORT/admin/resources/$RESOURCE/mode" \
  -H 'Content-Type: application/json' -d '{"mode": 3, "reason": "bench/compare.sh", "dryRun": true}')
python3 - "$objects" "$elapsed" "$legacy" "$unified" "$swept" "$gate" "$WORK/gate.json" <<'PY'
import json, sys
objects, elapsed, legacy, unified, swept, gate = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6])
rate = objects / elapsed
reference = 1000.0 / (legacy + unified)
print(f"compare: {objects} objects in {elapsed:.1f} s = {rate:.0f} objects/s; reference {reference:.0f} objects/s; "
      f"compare / reference = {rate / reference:.2f}; {swept} swept comparisons stored")
shadow = [c for c in json.load(open(sys.argv[7]))["changes"][0]["checks"] if c["name"] == "shadow-comparison"][0]
print(f"gate dry run of mode 3 over {swept} comparisons: {gate * 1000:.0f} ms; shadow check {shadow['verdict']}: {shadow['message']}")
PY
# G1's log lines end in "<before>M-><after>M(<heap>M) <pause>"
sed -nE 's/.*\) ([0-9]+)M->([0-9]+)M\(([0-9]+)M\).*/\1 \2 \3/p' "$WORK/gc.log" \
  | awk '{ if ($1 > peak) peak = $1; last = $2; if ($3 > total) total = $3 }
     END { printf "gateway heap (of %d MB): peak %d MB before a collection, %d MB after the last\n", total, peak, last }'
grep -q OutOfMemoryError "$WORK/gateway.log" && echo "the gateway ran out of memory" || echo "no OutOfMemoryError"
