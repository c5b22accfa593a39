#!/usr/bin/env bash
# Scale benchmark (a benchmark, not a test): the legacy simulator holding N generated dashboards, the gateway in front
# of it with them copied into unified storage, and in one run the latency of the same requests against the legacy
# side directly, the gateway in mode 0 (pass-through, /apis over the legacy tables) and the gateway in mode 4
# (unified storage), plus the gateway's heap.
#
#   mvn -B -q package -DskipTests && bench/scale.sh [N]        (N: dashboards, default 100000)
#
# Shapes: five searches (substring, tag, folder, a page in the middle, limit 5000) and GET by uid on all three; a
# /apis list page of 500 in one namespace and across namespaces (consecutive pages followed by continue) in modes 0
# and 4, against the legacy side's own search page of 500 (type=dash-db&limit=500&page=k); one list without limit
# per mode. Each shape is sent one request at a time (bench/ScaleLoad.java): WARMUP requests, then SAMPLES measured
# (GET: each of 200 uids once, then each once measured). The lists without limit come last, after every shape.
# Prints p50/p99 per shape and variant, the ratios the targets are about (docs/performance.md, Scale), the GC log's
# peak heap before and after collections, and writes the whole output to bench/results/scale-N-<date>.txt.
#
# Data: the simulator's tables in schema scale_sim_N and the gateway's in scale_gw_N of the PostgreSQL at
# BENCH_DB_URL. Generating and copying 1,000,000 dashboards takes about half an hour, so both schemas are kept for
# the next run unless KEEP_DATA=0 (then dropped on exit); a run finds what is there and only adds what is missing.
# With KEPT=1 (the default), mode 0's page of 500 is measured again with metadata kept for every dashboard, and a
# page selected by a kept label (one dashboard in 20), against the page without.
# Environment: SAMPLES (30), WARMUP (5), FULL_LIST (1; 0 skips the lists without limit), KEPT (1), BENCH_DB_URL
# ('jdbc:postgresql://127.0.0.1:5432/test?user=postgres'), JAVA_HOME, GATEWAY_JAVA_OPTS (-Xmx512m).
# Needs curl, psql, python3 and wrk (the shared checks). Listens on 127.0.0.1 only; stops what it started.
set -euo pipefail

readonly N=${1:-100000}
[[ $N =~ ^[0-9]+$ ]] && [ "$N" -gt 0 ] || { echo "usage: bench/scale.sh [N]  (N dashboards, a positive number)"; exit 2; }
readonly SAMPLES=${SAMPLES:-30} WARMUP=${WARMUP:-5} FULL_LIST=${FULL_LIST:-1} KEEP_DATA=${KEEP_DATA:-1} KEPT=${KEPT:-1}
readonly BENCH_DB_URL=${BENCH_DB_URL:-jdbc:postgresql://127.0.0.1:5432/test?user=postgres}
readonly GATEWAY_JAVA_OPTS_BASE=${GATEWAY_JAVA_OPTS:--Xmx512m}
readonly SIM_PORT=18510 GATEWAY_PORT=18511 ADMIN_PORT=18512
readonly SIM_SCHEMA=scale_sim_$N GATEWAY_SCHEMA=scale_gw_$N
readonly DASHBOARDS=dashboards.dashboard.grafana.app FOLDERS=folders.folder.grafana.app
RESOURCE=$DASHBOARDS UID_=unused
readonly REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
AUTH="Authorization: Basic $(printf 'admin:admin' | base64)"
readonly AUTH
# shellcheck source=lib/deployment.sh
. "$REPO/bench/lib/deployment.sh"
readonly GATEWAY_JAVA_OPTS="$GATEWAY_JAVA_OPTS_BASE -Xlog:gc:file=$WORK/gc.log"
readonly RESULT="$REPO/bench/results/scale-$N-$(date -u +%Y-%m-%dT%H%M).txt"
mkdir -p "$REPO/bench/results"
# the shared cleanup, keeping the data for the next run unless KEEP_DATA=0
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait "${PIDS[@]}" 2>/dev/null || true   # not a bare wait: it would wait for the tee this script writes into
  [ "$KEEP_DATA" = 0 ] && psql "$PG_URL" -qc "DROP SCHEMA IF EXISTS $SIM_SCHEMA CASCADE; DROP SCHEMA IF EXISTS $GATEWAY_SCHEMA CASCADE" >/dev/null 2>&1
  rm -rf "$WORK"
}
exec > >(tee "$RESULT") 2>&1
echo "# bench/scale.sh $N  SAMPLES=$SAMPLES WARMUP=$WARMUP  $(date -u +%FT%TZ)  commit $(git -C "$REPO" rev-parse --short HEAD)"
echo "# $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $("$JAVA" -version 2>&1 | head -1), gateway $GATEWAY_JAVA_OPTS_BASE"
sql() { psql "$PG_URL" -Atqc "$1"; }

# The legacy side: N generated dashboards in org 1 (into its folders, round robin), made on the first run only.
sim_rows=$(sql "SELECT count(*) FROM $SIM_SCHEMA.dashboard WHERE NOT is_folder" 2>/dev/null || echo 0)
started=$(date +%s)
if [ "$sim_rows" -lt "$N" ]; then
  [ "$sim_rows" = 0 ] || { echo "$SIM_SCHEMA holds $sim_rows dashboards, fewer than $N: drop it or use KEEP_DATA=0"; exit 2; }
  echo "generating $N dashboards into $SIM_SCHEMA ..."
  SIM_OPTS_GENERATE="--generate $N"
fi
"$JAVA" ${SIM_JAVA_OPTS:--Xmx512m} -jar "$WORK/gateway.jar" legacy-sim --port "$SIM_PORT" --db-url "$BENCH_DB_URL" \
  --schema "$SIM_SCHEMA" ${SIM_OPTS_GENERATE:-} > "$WORK/sim.log" 2>&1 &
PIDS+=($!)
# it serves while it loads: the line naming where it listens comes once the load is done
until grep -q '^legacy simulator on' "$WORK/sim.log"; do
  kill -0 "${PIDS[-1]}" 2>/dev/null || { echo "the simulator stopped:"; tail -20 "$WORK/sim.log"; exit 1; }
  sleep 1
done
[ -z "${SIM_OPTS_GENERATE:-}" ] || echo "generated $N dashboards in $(( $(date +%s) - started )) s"
sql "ANALYZE $SIM_SCHEMA.dashboard; ANALYZE $SIM_SCHEMA.dashboard_tag" >/dev/null

start_gateway MGW_LEGACY_DATABASE_URL="$BENCH_DB_URL&currentSchema=$SIM_SCHEMA"
# Unified storage: both resources copied, unless a previous run did.
copied() { sql "SELECT count(*) FROM $GATEWAY_SCHEMA.resource WHERE resource = '${1%%.*}'" 2>/dev/null || echo 0; }
legacy_rows() { sql "SELECT count(*) FROM $SIM_SCHEMA.dashboard WHERE is_folder = $1"; }
for resource in "$FOLDERS" "$DASHBOARDS"; do
  [ "$resource" = "$FOLDERS" ] && rows=$(legacy_rows true) || rows=$(legacy_rows false)
  [ "$(copied "$resource")" -lt "$rows" ] || { echo "copy $resource: already in $GATEWAY_SCHEMA"; continue; }
  started=$(date +%s)
  "$JAVA" -jar "$WORK/gateway.jar" migrate copy "$resource" --admin-url "http://127.0.0.1:$ADMIN_PORT" > "$WORK/copy.log" 2>&1 \
    || { echo "copy of $resource failed:"; tail -20 "$WORK/copy.log"; exit 1; }
  echo "copy $resource: $(tail -1 "$WORK/copy.log") ($(( $(date +%s) - started )) s)"
done
# what autovacuum does soon after a copy; until then the search index's pages are not all-visible, and index-only
# scans read the table too
psql "$PG_URL" -q -c "VACUUM ANALYZE $GATEWAY_SCHEMA.resource" -c "VACUUM ANALYZE $GATEWAY_SCHEMA.resource_search"

# Inputs: a folder of org 1, 200 uids (the same every run), a title substring and a tag each about one dashboard in 10 to 14 has,
# the middle page of the list.
folder=$(sql "SELECT uid FROM $SIM_SCHEMA.dashboard WHERE org_id = 1 AND is_folder ORDER BY id LIMIT 1")
sql "SELECT uid FROM $SIM_SCHEMA.dashboard WHERE org_id = 1 AND NOT is_folder ORDER BY md5(uid) LIMIT 200" > "$WORK/uids"
readonly MIDDLE=$(( N / 200 > 0 ? N / 200 : 1 ))
declare -A SEARCH=(
  [substring]="query=graph"
  [tag]="tag=team-payments"
  [folder]="folderUIDs=$folder"
  [deep-page]="type=dash-db&limit=100&page=$MIDDLE"
  [limit-5000]="type=dash-db&limit=5000"
)
readonly SHAPES=(substring tag folder deep-page limit-5000 get-by-uid)
readonly APIS=/apis/dashboard.grafana.app/v1beta1

load() { "$JAVA" "$REPO/bench/ScaleLoad.java" --samples "${LOAD_SAMPLES:-$SAMPLES}" --warmup "${LOAD_WARMUP:-$WARMUP}" --header "$AUTH" "$@"; }
record() { echo "$1 $2 $(cat)" | tee -a "$WORK/results"; }
base_of() { [ "$1" = direct ] && echo "http://127.0.0.1:$SIM_PORT" || echo "http://127.0.0.1:$GATEWAY_PORT"; }
flip_both() { for resource in "$FOLDERS" "$DASHBOARDS"; do RESOURCE=$resource flip "$1"; done; }

for variant in direct mode-0 mode-4; do
  case $variant in mode-0) flip_both 0 ;; mode-4) flip_both 4 ;; esac
  base=$(base_of "$variant")
  for shape in "${SHAPES[@]}"; do
    if [ "$shape" = get-by-uid ]; then
      mapfile -t urls < <(sed "s|^|$base/api/dashboards/uid/|" "$WORK/uids")
      # each uid once to warm up, then once measured: the latency of a dashboard in the database's cache
      LOAD_SAMPLES=200 LOAD_WARMUP=200 load "${urls[@]}" | record "$shape" "$variant"
    else
      load "$base/api/search?${SEARCH[$shape]}" | record "$shape" "$variant"
    fi
  done
  if [ "$variant" = direct ]; then
    mapfile -t urls < <(for page in $(seq 1 $((SAMPLES + WARMUP))); do echo "$base/api/search?type=dash-db&limit=500&page=$page"; done)
    load "${urls[@]}" | record search-page-500 direct
    continue
  fi
  load --walk "$base$APIS/namespaces/default/dashboards?limit=500" | record apis-page-500 "$variant"
  load --walk "$base$APIS/dashboards?limit=500" | record apis-page-500-all-ns "$variant"
done
# Mode 0 again with metadata kept for every dashboard of org 1 (as if each had been applied, labelled and annotated
# through /apis: a label, a 600-byte last-applied annotation, one managed-fields entry), then a label selector that
# picks one dashboard in 20; the kept rows are removed afterwards, so the next run starts as this one did.
if [ "$KEPT" = 1 ]; then
  flip_both 0
  sql "INSERT INTO $GATEWAY_SCHEMA.kept_metadata (resource, namespace, name, legacy_id, legacy_version, metadata, print)
       SELECT '$DASHBOARDS', 'default', uid, id, version::text, jsonb_build_object('uid', md5(uid)::uuid::text,
         'labels', jsonb_build_object('team', 'team-' || (id % 20)),
         'annotations', jsonb_build_object('kubectl.kubernetes.io/last-applied-configuration', repeat('x', 600)),
         'managedFields', jsonb_build_array(jsonb_build_object('manager', 'kubectl-client-side-apply', 'operation', 'Update',
           'apiVersion', 'dashboard.grafana.app/v1beta1', 'time', '2026-01-01T00:00:00Z', 'fieldsType', 'FieldsV1',
           'fieldsV1', '{\"f:spec\":{\"f:title\":{},\"f:panels\":{}},\"f:metadata\":{\"f:labels\":{\"f:team\":{}}}}'::jsonb))),
         '{}'::jsonb
       FROM $SIM_SCHEMA.dashboard WHERE org_id = 1 AND NOT is_folder AND uid IS NOT NULL ON CONFLICT DO NOTHING" >/dev/null
  psql "$PG_URL" -qc "ANALYZE $GATEWAY_SCHEMA.kept_metadata"
  base=$(base_of mode-0)
  load --walk "$base$APIS/namespaces/default/dashboards?limit=500" | record apis-page-500 mode-0-kept
  load --walk "$base$APIS/namespaces/default/dashboards?limit=500&labelSelector=team%3Dteam-3" | record apis-labelled-500 mode-0-kept
  sql "DELETE FROM $GATEWAY_SCHEMA.kept_metadata WHERE resource = '$DASHBOARDS'" >/dev/null
fi
# Last, since a full list passes every object through the database's cache and would leave the shapes after it cold.
for variant in mode-0 mode-4; do
  [ "$FULL_LIST" = 1 ] || break
  flip_both "${variant#mode-}"
  curl -sS -o /dev/null -H "$AUTH" -w '%{time_total} %{size_download} %{http_code}\n' "$(base_of "$variant")$APIS/namespaces/default/dashboards" \
    | awk -v v="$variant" '{ printf "full-list %s seconds=%.1f bytes=%d status=%s\n", v, $1, $2, $3 }' | tee -a "$WORK/full"
done
kill -0 "$GATEWAY_PID" || { echo "the gateway died:"; tail -30 "$WORK/gateway.log"; exit 1; }
"${JAVA%java}jcmd" "$GATEWAY_PID" GC.run > /dev/null   # a full collection: what the gateway still holds after the run

echo
echo "# $N dashboards; one request at a time, $SAMPLES measured after $WARMUP; milliseconds"
printf '%-22s %-8s %10s %10s %8s\n' shape variant p50 p99 non2xx
awk '{ for (i = 3; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
       printf "%-22s %-8s %10.2f %10.2f %8d\n", $1, $2, f["p50_ms"], f["p99_ms"], f["non2xx"] + f["errors"] }' "$WORK/results"
[ ! -f "$WORK/full" ] || cat "$WORK/full"
echo
awk -v n="$N" '
  { for (i = 3; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } p50[$1 " " $2] = f["p50_ms"]; bad += f["non2xx"] + f["errors"] }
  function check(name, value, target) { printf "%-44s %8.2f  target %s  %s\n", name, value, target, (value <= target + 0 ? "ok" : "MISSED") }
  END {
    split("substring tag folder deep-page limit-5000 get-by-uid", shapes, " ")
    for (s = 1; s <= 6; s++) check("mode-4 / direct p50, " shapes[s], p50[shapes[s] " mode-4"] / p50[shapes[s] " direct"], "1.0")
    check("mode-0 /apis page of 500 p50 (ms)", p50["apis-page-500 mode-0"], "1000")
    check("mode-0 /apis page of 500 / legacy search 500", p50["apis-page-500 mode-0"] / p50["search-page-500 direct"], "5.0")
    check("mode-0 /apis page all ns / legacy search 500", p50["apis-page-500-all-ns mode-0"] / p50["search-page-500 direct"], "5.0")
    if (("apis-page-500 mode-0-kept") in p50) {
      check("mode-0 page of 500, metadata kept / none kept", p50["apis-page-500 mode-0-kept"] / p50["apis-page-500 mode-0"], "1.25")
      check("mode-0 label-selected page / page of 500", p50["apis-labelled-500 mode-0-kept"] / p50["apis-page-500 mode-0-kept"], "1.0")
    }
    if (bad > 0) printf "%d requests were not answered 2xx\n", bad
  }' "$WORK/results"
# G1's log lines end in "<before>M-><after>M(<heap>M) <pause>": the peak is the most the heap held before a collection;
# after a marking (Remark) it holds about what was live then; the last line is the full collection above.
sed -nE 's/.*\) ([0-9]+)M->([0-9]+)M\(([0-9]+)M\).*/\1 \2 \3/p; s/.*Pause Remark ([0-9]+)M->([0-9]+)M.*/remark \2/p' "$WORK/gc.log" \
  | awk '$1 == "remark" { if ($2 > live) live = $2; next } { if ($1 > peak) peak = $1; last = $2; if ($3 > total) total = $3 }
     END { printf "gateway heap (of %d MB): peak %d MB before a collection, at most %d MB after a marking, %d MB after the run\n", total, peak, live, last }'
grep -q OutOfMemoryError "$WORK/gateway.log" && echo "the gateway ran out of memory" || echo "no OutOfMemoryError"
