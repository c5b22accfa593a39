# Shared by the benchmarks that run the legacy simulator and a gateway in front of it (mode4-get.sh, shadow.sh), each
# on a fresh schema of the PostgreSQL at BENCH_DB_URL, both on 127.0.0.1. Source it after setting REPO, JAVA,
# BENCH_DB_URL, GATEWAY_JAVA_OPTS, SIM_PORT, GATEWAY_PORT, ADMIN_PORT, SIM_SCHEMA, GATEWAY_SCHEMA, RESOURCE, UID_ and
# AUTH. It checks the tools and the jar, and makes WORK; on exit it stops what was started, drops both schemas, runs
# CLEANUP_SQL and removes WORK. SIM_JAVA_OPTS (-Xmx512m) are the simulator's JVM options (GC logging, say).

for tool in wrk curl psql python3; do
  command -v "$tool" >/dev/null || { echo "needs wrk, curl, psql and python3: apt-get install -y wrk curl postgresql-client python3"; exit 2; }
done
[ -f "$REPO/gateway/target/migration-gateway.jar" ] || { echo "build the jar first: mvn -B -q package -DskipTests"; exit 2; }
readonly PG_URL=${BENCH_DB_URL#jdbc:}
WORK=$(mktemp -d "/tmp/$(basename "$0" .sh)-bench.XXXXXX")
readonly WORK
PIDS=()
CLEANUP_SQL=""   # what else to drop once the processes stopped (a script's own role, say)
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$PG_URL" -qc "DROP SCHEMA IF EXISTS $SIM_SCHEMA CASCADE; DROP SCHEMA IF EXISTS $GATEWAY_SCHEMA CASCADE; $CLEANUP_SQL" \
    >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
# a copy, so that a build during the run does not change the jar under the running processes
cp "$REPO/gateway/target/migration-gateway.jar" "$WORK/gateway.jar"

# Starts the seeded legacy simulator on SIM_PORT and waits until it answers.
start_simulator() {
  "$JAVA" ${SIM_JAVA_OPTS:--Xmx512m} -jar "$WORK/gateway.jar" legacy-sim --port "$SIM_PORT" --db-url "$BENCH_DB_URL" --schema "$SIM_SCHEMA" \
    > "$WORK/sim.log" 2>&1 &
  PIDS+=($!)
  until curl -fsS -o /dev/null "http://127.0.0.1:$SIM_PORT/api/health" 2>/dev/null; do sleep 0.5; done
}

# start_gateway [MGW_NAME=VALUE...]: starts the gateway in front of the simulator with this extra configuration, sets
# GATEWAY_PID and waits until its admin port answers. A script that runs several sets GATEWAY_PORT, ADMIN_PORT,
# GATEWAY_SCHEMA and GATEWAY_NAME (its log WORK/GATEWAY_NAME.log; default gateway) before each.
start_gateway() {
  # shellcheck disable=SC2086
  env MGW_LOG_ACCESS=false MGW_SERVER_HOST=127.0.0.1 MGW_DATABASE_SCHEMA="$GATEWAY_SCHEMA" "$@" \
    "$JAVA" $GATEWAY_JAVA_OPTS -jar "$WORK/gateway.jar" serve --legacy-url "http://127.0.0.1:$SIM_PORT" --port "$GATEWAY_PORT" \
    --admin-port "$ADMIN_PORT" --insecure-admin --db-url "$BENCH_DB_URL" --data-dir "$WORK/${GATEWAY_NAME:-gateway}-data" > "$WORK/${GATEWAY_NAME:-gateway}.log" 2>&1 &
  GATEWAY_PID=$!
  PIDS+=("$GATEWAY_PID")
  until curl -fsS -o /dev/null "http://127.0.0.1:$ADMIN_PORT/healthz" 2>/dev/null; do sleep 0.5; done
}

# flip MODE: puts RESOURCE in MODE through the admin API (forced, the script named as the reason).
flip() {
  curl -fsS -o /dev/null -X PUT "http://127.0.0.1:$ADMIN_PORT/admin/resources/$RESOURCE/mode" \
    -H 'Content-Type: application/json' -d "{\"mode\": $1, \"force\": true, \"reason\": \"bench/$(basename "$0")\"}"
}

# save URL: saves bench/dashboard.json as UID_ through the legacy API at URL.
save() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d.pop("id",None); d.pop("version",None); d["uid"]=sys.argv[2]; print(json.dumps({"dashboard":d,"overwrite":True}))' \
    "$REPO/bench/dashboard.json" "$UID_" > "$WORK/save.json"
  curl -fsS -o /dev/null -H "$AUTH" -H 'Content-Type: application/json' --data-binary "@$WORK/save.json" "$1/api/dashboards/db"
}
