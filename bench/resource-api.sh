#!/usr/bin/env bash
# Resource API benchmark (a benchmark, not a test): GET-by-name and PUT of the Kubernetes-style Resource API,
# each against the bare SQL that serves the same operation, measured in one interleaved run.
#
# What it measures: what the HTTP layer, authentication, admission and unified storage's Java cost on top of the
# SQL they run. The gateway serves /apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards/<name> from
# a fresh schema in the PostgreSQL named by BENCH_DB_URL. The legacy side it asks who a credential is
# (GET /api/user and /api/user/orgs, cached 10 s per credential by the gateway) is an nginx answering two
# static JSON documents (an Admin of org 1), so it costs nothing measurable. OBJECTS dashboards are created
# through the API (POST): bench/dashboard.json, a real 2.6 KB Grafana dashboard, wrapped into a Dashboard
# resource, names 100001, 100002, ... (also spec.uid).
#   api GET   wrk -> gateway: GET by name, rotating over the names
#   sql GET   pgbench: the statement PostgresResourceStore.get runs (ObjectRows.find), on the same rows
#   api PUT   wrk -> gateway: PUT of the whole object, spec.title changed on every request (the store skips
#             updates that change nothing); no metadata.resourceVersion, so unconditional
#   sql PUT   pgbench: the write transaction of ObjectWrites.update on the same rows: BEGIN; counter row
#             SELECT ... FOR UPDATE (ResourceVersionCounter.lock); current row SELECT (ObjectRows.find);
#             UPDATE resource, INSERT resource_history (ObjectRows.update); UPDATE resource_version
#             (Allocation.save); COMMIT. Same statements, same columns, same bind parameters (values are
#             pgbench variables, sent as parameters with -M prepared); the value written back is the value
#             read, of the same size as the API's; the new resource version is last + 1 (the store: max(now in
#             microseconds, last + 1)). Bare SQL: no JSON parsing or serialising. (pgbench sends BEGIN as a round
#             trip of its own; pgjdbc piggybacks it on the first statement, so this is one round trip more.)
#   jdbc GET  bench/JdbcReference.java: the statement of ObjectRows.findJson over pgjdbc, on the same rows
#   jdbc PUT  bench/JdbcReference.java: the statements of ObjectWrites.update, verbatim (the history row is
#             INSERT ... SELECT from the current row, the value is bound as UTF-8 bytes), same transaction shape
#             as sql PUT above
# Two SQL references, both named by the issue ("same queries over JDBC, or pgbench with the same statements"):
#   pgbench   PostgreSQL's own client, C, prepared statements: the lightest client there is;
#   JDBC      the driver the gateway itself uses (pgjdbc, from the gateway's jar), one thread and connection per
#             client, one long-lived JVM warmed up like the gateway. Its own CPU per transaction is in the table,
#             so what it costs as a client is visible next to the gateway's.
# Both run at the same concurrency as wrk (pgbench -c CONNECTIONS -j 2; JDBC CONNECTIONS threads) and duration.
# Not in the SQL reference, on purpose (they are the API's own cost): the read-only transaction around a GET
# (BEGIN ... COMMIT: one more round trip), the separate read that PUT's guaranteedUpdate does before its write
# transaction, the connection pool (40 connections by default, database.pool-size), JSON work.
# After a warm-up of each of the four, every round runs api GET, sql GET, api PUT, sql PUT in turn, each for
# DURATION. The table shows the medians over the rounds of req/s (transactions/s for SQL), p50 and p99 latency
# (pgbench's from its per-transaction log), the CPU per request of the gateway (api) and of the JDBC client (jdbc),
# and the ratios API/pgbench and API/JDBC of the median req/s (target: API/SQL >= 0.5), with the
# per-round ratios.
# Any non-2xx answer (wrk's count and the gateway's own request metrics), socket error, pgbench failure or
# aborted client is reported and makes the script exit 1 at the end.
#
# How to run (from anywhere; build the jar first):
#   mvn -q -B package -DskipTests        # in the repository root; needs JDK 21+
#   bench/resource-api.sh
# Environment:
#   ROUNDS=3            rounds of measurement
#   DURATION=10s        length of each measured run (wrk and pgbench)
#   WARMUP=10s          length of the warm-up run of each of the four
#   CONNECTIONS=32      wrk connections = pgbench clients
#   OBJECTS=1000        dashboards created and rotated over
#   OPERATIONS="get put" the operations measured (either or both)
#   BENCH_DB_URL=...    JDBC URL of the PostgreSQL to use (default
#                       'jdbc:postgresql://127.0.0.1:5432/test?user=postgres'); the gateway gets its own fresh
#                       schema (database.schema = bench_resource_api_<pid>), dropped at the end. psql and
#                       pgbench use the same server (user/password/sslmode taken from the URL's parameters)
#   JAVA_HOME=...       JDK/JRE 21+ that runs the gateway (default: java on the PATH)
#   GATEWAY_JAVA_OPTS=  JVM options of the gateway (default: -Xmx512m)
#   MGW_...=            any gateway setting, which the gateway reads from its environment (docs/configuration.md);
#                       e.g. MGW_SERVER_CORE_WORKER_THREADS=32 for a fixed pool of 32 workers, or
#                       MGW_SERVER_WORKER_THREADS=4 for a fixed pool of 4
#   HOST_HEADER=...     Host header wrk sends (default: legacy.example.internal; see bench/passthrough.sh)
# Output: the table on stdout; the raw per-run numbers and the table in bench/out/resource-api-<timestamp>.txt,
# every wrk and pgbench output (and the JDBC reference's stderr) in bench/out/resource-api-<timestamp>.log.
#
# Everything listens on / connects to 127.0.0.1 (the database: wherever BENCH_DB_URL says); all processes started
# here are stopped, and the schema dropped, on exit, Ctrl-C or failure. Needs bash, awk, sort, curl, nginx, wrk,
# psql, pgbench and java. Note: wrk, pgbench, the gateway and PostgreSQL share the machine's CPUs.

set -euo pipefail

readonly ROUNDS=${ROUNDS:-3}
readonly DURATION=${DURATION:-10s}
readonly WARMUP=${WARMUP:-10s}
readonly CONNECTIONS=${CONNECTIONS:-32}
readonly OBJECTS=${OBJECTS:-1000}
readonly BENCH_DB_URL=${BENCH_DB_URL:-jdbc:postgresql://127.0.0.1:5432/test?user=postgres}
readonly GATEWAY_JAVA_OPTS=${GATEWAY_JAVA_OPTS:--Xmx512m}
readonly HOST_HEADER=${HOST_HEADER:-legacy.example.internal}
readonly HOST=127.0.0.1
readonly LEGACY_PORT=18400 GATEWAY_PORT=18401 ADMIN_PORT=18402
readonly SCHEMA=bench_resource_api_$$
readonly FIRST_NAME=100001    # names are FIRST_NAME .. FIRST_NAME + OBJECTS - 1 (DNS-1123 names may be digits)
readonly GROUP=dashboard.grafana.app RESOURCE=dashboards NAMESPACE=default
readonly COLLECTION=/apis/$GROUP/v1beta1/namespaces/$NAMESPACE/$RESOURCE
readonly AUTH_HEADER="Authorization: Bearer bench-resource-api-token"   # any value: the legacy nginx accepts all
readonly TITLE="Templating - Dashboard Links and Variables"
read -r -a OPERATIONS <<< "${OPERATIONS:-get put}"; readonly OPERATIONS
readonly VARIANTS=(api sql jdbc)

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly BENCH_DIR
readonly REPO_DIR=${BENCH_DIR%/*}
readonly JAR=$REPO_DIR/gateway/target/migration-gateway.jar
readonly PAYLOAD=$BENCH_DIR/dashboard.json
readonly JDBC_REFERENCE=$BENCH_DIR/JdbcReference.java
readonly JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
readonly STAMP
readonly OUT=$BENCH_DIR/out/resource-api-$STAMP.txt
readonly RUN_LOG=$BENCH_DIR/out/resource-api-$STAMP.log

WORK=""         # temporary directory: nginx prefix, scripts, request bodies, logs, results
RESULTS=""      # one line per measured run: round op variant rps p50_ms p99_ms errors gateway_cpu_us_per_request
PG_URL=""       # BENCH_DB_URL as a libpq URI (psql, pgbench)
SCHEMA_MADE=0   # whether cleanup must drop SCHEMA
GATEWAY_PID=""
JDBC_PID=""     # bench/JdbcReference.java, a coprocess: commands on its stdin, answers on its stdout
PIDS=()         # processes started by this script, stopped by cleanup
FAILURES=0      # runs with errors

log() { printf '%s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# ---------------------------------------------------------------- prerequisites

check_tools() {
    [[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive whole number, not '$ROUNDS'"
    [[ $CONNECTIONS =~ ^[1-9][0-9]*$ ]] && (( CONNECTIONS >= 2 )) \
        || die "CONNECTIONS must be a whole number of at least 2 (wrk runs 2 threads), not '$CONNECTIONS'"
    [[ $OBJECTS =~ ^[1-9][0-9]*$ ]] && (( OBJECTS <= 899999 )) \
        || die "OBJECTS must be a whole number from 1 to 899999, not '$OBJECTS'"
    [[ $DURATION =~ ^[1-9][0-9]*s$ && $WARMUP =~ ^[1-9][0-9]*s$ ]] \
        || die "DURATION and WARMUP must be whole seconds such as 10s (pgbench takes seconds), not '$DURATION' / '$WARMUP'"
    [[ $BENCH_DB_URL == jdbc:postgresql://* ]] || die "BENCH_DB_URL must be a jdbc:postgresql:// URL, not '$BENCH_DB_URL'"
    if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
        log "nginx and wrk are needed; install them with:"
        echo "apt-get install -y nginx-light wrk"
        exit 2
    fi
    if ! command -v psql >/dev/null || ! command -v pgbench >/dev/null; then
        log "psql and pgbench are needed (Debian/Ubuntu: package postgresql-client); install them with:"
        echo "apt-get install -y postgresql-client"
        exit 2
    fi
    if ! command -v curl >/dev/null; then
        log "curl is needed; install it with:"
        echo "apt-get install -y curl"
        exit 2
    fi
    if ! command -v "$JAVA" >/dev/null; then
        log "no java found; set JAVA_HOME to a JDK/JRE 21 or newer"
        exit 2
    fi
    local major
    major=$("$JAVA" -version 2>&1 | awk -F'"' '/version/ { split($2, v, "."); print v[1]; exit }')
    if [[ ! $major =~ ^[0-9]+$ ]] || (( major < 21 )); then
        log "$JAVA is Java ${major:-?}; the gateway needs 21 or newer: set JAVA_HOME"
        exit 2
    fi
    [[ -f $JAR ]] || die "$JAR is missing; build it first: (cd $REPO_DIR && mvn -q -B package -DskipTests)"
    [[ -f $PAYLOAD ]] || die "$PAYLOAD is missing"
    [[ -f $JDBC_REFERENCE ]] || die "$JDBC_REFERENCE is missing"
}

check_ports_free() {
    local port
    for port in "$LEGACY_PORT" "$GATEWAY_PORT" "$ADMIN_PORT"; do
        if (exec 3<>"/dev/tcp/$HOST/$port") 2>/dev/null; then
            die "port $HOST:$port is already in use"
        fi
    done
}

# jdbc:postgresql://host:port/db?user=u&password=p -> postgresql://host:port/db?user=u&password=p, keeping only
# the parameters libpq knows (it refuses unknown ones; pgjdbc-only ones such as currentSchema do not matter here).
libpq_url() {
    local url=${BENCH_DB_URL#jdbc:} base query param kept=()
    base=${url%%\?*}
    query=""
    [[ $url == *\?* ]] && query=${url#*\?}
    local IFS='&'
    for param in $query; do
        case ${param%%=*} in
            user|password|sslmode|sslrootcert|sslcert|sslkey|connect_timeout) kept+=("$param") ;;
            *) log "note: BENCH_DB_URL parameter '${param%%=*}' is not passed to psql/pgbench" ;;
        esac
    done
    if (( ${#kept[@]} > 0 )); then
        echo "$base?${kept[*]}"
    else
        echo "$base"
    fi
}

check_database() {
    PG_URL=$(libpq_url)
    local answer
    answer=$(psql "$PG_URL" -X -Atq -v ON_ERROR_STOP=1 -c 'SHOW server_version' 2>&1) \
        || die "cannot connect to the database of BENCH_DB_URL with psql ($PG_URL): $answer"
    PG_VERSION=$answer
}

psql_run() {
    PGOPTIONS="-c client_min_messages=warning" psql "$PG_URL" -X -Atq -v ON_ERROR_STOP=1 "$@"
}

# ---------------------------------------------------------------- processes

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if (( rc != 0 && rc != 130 && rc != 143 )) && [[ -n $WORK ]]; then   # not on Ctrl-C/TERM
        show_logs
    fi
    stop_processes
    if (( SCHEMA_MADE )); then
        psql_run -c "DROP SCHEMA IF EXISTS $SCHEMA CASCADE" >/dev/null 2>&1 \
            || log "could not drop schema $SCHEMA; drop it with: psql '$PG_URL' -c 'DROP SCHEMA $SCHEMA CASCADE'"
    fi
    [[ -n $WORK ]] && rm -rf "$WORK"
    exit "$rc"
}

stop_processes() {
    local pid i
    for pid in "${PIDS[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
        for (( i = 0; i < 150; i++ )); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then
            log "process $pid did not stop on SIGTERM; killing it"
            kill -KILL "$pid" 2>/dev/null || true
        fi
        wait "$pid" 2>/dev/null || true
    done
    PIDS=()
}

show_logs() {
    local f
    for f in "$WORK"/legacy/error.log "$WORK"/gateway.log; do
        [[ -s $f ]] || continue
        log "---- last lines of $f"
        tail -n 20 "$f" >&2
    done
}

# Temp-file paths of the nginx modules present, all under the given prefix (never /var/lib/nginx).
nginx_temp_paths() {
    local dir=$1 module built
    built=$(nginx -V 2>&1)
    echo "client_body_temp_path $dir/tmp/body;"
    for module in proxy fastcgi uwsgi scgi; do
        [[ $built == *"--without-http_${module}_module"* ]] || echo "${module}_temp_path $dir/tmp/$module;"
    done
}

# The legacy side as far as the Resource API asks it: who the caller is and its role per org. Every
# credential is user "bench", Admin of org 1 (namespace default).
write_legacy_conf() {
    local dir=$1
    mkdir -p "$dir/tmp"
    chmod -R a+rX "$dir"
    cat > "$dir/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 1024; }
http {
    $(nginx_temp_paths "$dir")
    access_log off;
    default_type application/json;
    server {
        listen $HOST:$LEGACY_PORT;
        location = /api/user {
            return 200 '{"id":1,"email":"bench@example.internal","name":"bench","login":"bench","orgId":1,"isGrafanaAdmin":true}';
        }
        location = /api/user/orgs {
            return 200 '[{"orgId":1,"name":"Main Org.","role":"Admin"}]';
        }
        location / {
            return 200 '{}';
        }
    }
}
EOF
}

start_legacy() {
    local dir=$1
    nginx -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" &
    PIDS+=("$!")
}

start_gateway() {
    env MGW_LOG_ACCESS=false MGW_SERVER_HOST="$HOST" MGW_ADMIN_HOST="$HOST" MGW_DATABASE_SCHEMA="$SCHEMA" \
        "$JAVA" $GATEWAY_JAVA_OPTS -jar "$WORK/migration-gateway.jar" serve \
        --legacy-url "http://$HOST:$LEGACY_PORT" --port "$GATEWAY_PORT" --admin-port "$ADMIN_PORT" \
        --insecure-admin --db-url "$BENCH_DB_URL" --data-dir "$WORK/gateway-data" > "$WORK/gateway.log" 2>&1 &
    PIDS+=("$!")
    GATEWAY_PID=$!
}

# Waits until URL answers 2xx, failing early if the process serving it has exited.
wait_until_up() {
    local name=$1 url=$2 pid=$3 timeout_s=$4 i
    for (( i = 0; i < timeout_s * 10; i++ )); do
        curl -fsS -o /dev/null --max-time 1 "$url" 2>/dev/null && return 0
        kill -0 "$pid" 2>/dev/null || die "$name exited during start-up"
        sleep 0.1
    done
    die "$name did not answer $url within ${timeout_s}s"
}

# One JVM for the whole run (the JIT warms up once, as the gateway's), its connections opened here.
start_jdbc_reference() {
    coproc JDBC { exec "$JAVA" -Xmx256m -cp "$WORK/migration-gateway.jar" "$WORK/JdbcReference.java" "$BENCH_DB_URL" "$SCHEMA" \
        "$CONNECTIONS" "$GROUP" "$RESOURCE" "$NAMESPACE" "$FIRST_NAME" "$OBJECTS" 2>> "$RUN_LOG"; }
    PIDS+=("$JDBC_PID")
}

# Sends "run OP SECONDS" to the JDBC reference; sets JDBC_ANSWER to "tps p50_ms p99_ms failed transactions".
jdbc_run() {
    local op=$1 seconds=$2 answer
    kill -0 "$JDBC_PID" 2>/dev/null || die "the JDBC reference has exited (see $RUN_LOG)"
    echo "run $op $seconds" >&"${JDBC[1]}"
    read -r -t $((seconds + 120)) -u "${JDBC[0]}" answer || die "the JDBC reference did not answer 'run $op $seconds'"
    [[ $answer == ok\ * ]] || die "the JDBC reference answered '$answer' to 'run $op $seconds'"
    JDBC_ANSWER=${answer#ok }
}

api_curl() {
    curl -sS -H "$AUTH_HEADER" -H "Host: $HOST_HEADER" "$@"
}

# ---------------------------------------------------------------- objects and scripts

# The Dashboard resource around bench/dashboard.json, with @NAME@ as metadata.name and spec.uid and @TITLE@ as
# spec.title (the dashboard's top-level title and uid lines, two-space indented in the file).
write_template() {
    awk -v group="$GROUP" '
        NR == 1 { printf "{\"apiVersion\":\"%s/v1beta1\",\"kind\":\"Dashboard\",\"metadata\":{\"name\":\"@NAME@\"},\"spec\":", group }
        /^  "title": "/ { print "  \"title\": \"@TITLE@\","; titles++; next }
        /^  "uid": "/   { print "  \"uid\": \"@NAME@\","; uids++; next }
        { print }
        END { print "}"; if (titles != 1 || uids != 1) exit 1 }' "$PAYLOAD" > "$WORK/template.json" \
        || die "$PAYLOAD: expected exactly one top-level \"title\" and one \"uid\" line"
}

# Creates OBJECTS dashboards with POST, in one curl process (one keep-alive connection); each must answer 201.
seed_objects() {
    local statuses created
    mkdir -p "$WORK/seed"
    awk -v first="$FIRST_NAME" -v n="$OBJECTS" -v title="$TITLE #seed" -v dir="$WORK/seed" \
        -v url="http://$HOST:$GATEWAY_PORT$COLLECTION" -v auth="$AUTH_HEADER" -v host="Host: $HOST_HEADER" '
        { template = template $0 "\n" }
        END {
            for (i = 0; i < n; i++) {
                name = first + i
                body = template
                gsub(/@NAME@/, name, body)
                gsub(/@TITLE@/, title, body)
                file = dir "/" name ".json"
                printf "%s", body > file
                close(file)
                printf "url = \"%s\"\nheader = \"Content-Type: application/json\"\nheader = \"%s\"\nheader = \"%s\"\n", url, auth, host
                printf "data-binary = \"@%s\"\noutput = \"/dev/null\"\nwrite-out = \"%%{http_code}\\n\"\n", file
                if (i < n - 1) print "next"
            }
        }' "$WORK/template.json" > "$WORK/seed.curlrc"
    statuses=$(curl -sS -K "$WORK/seed.curlrc") || die "curl failed while creating the dashboards"
    created=$(grep -c '^201$' <<< "$statuses" || true)
    (( created == OBJECTS )) || die "creating $OBJECTS dashboards: $created answered 201; statuses: $(sort <<< "$statuses" | uniq -c | tr '\n' ' ')"
}

write_wrk_scripts() {
    cat > "$WORK/get.lua" <<'EOF'
-- GET by name, rotating over the seeded names; each wrk thread starts at its own offset.
-- args: collection path, first name, number of names, number of threads
local threads = 0
function setup(thread)
    thread:set("tid", threads)
    threads = threads + 1
end
function init(args)
    prefix = args[1] .. "/"
    first = tonumber(args[2])
    count = tonumber(args[3])
    i = math.floor(tid * count / tonumber(args[4]))
end
function request()
    local name = first + i
    i = (i + 1) % count
    return wrk.format(nil, prefix .. name)
end
EOF
    cat > "$WORK/put.lua" <<'EOF'
-- PUT of the whole Dashboard, rotating over the seeded names; spec.title carries "#<thread>.<sequence>", so every
-- request changes the object. No metadata.resourceVersion: the update is unconditional.
-- args: collection path, first name, number of names, number of threads, template file, title
local threads = 0
function setup(thread)
    thread:set("tid", threads)
    threads = threads + 1
end
function init(args)
    prefix = args[1] .. "/"
    first = tonumber(args[2])
    count = tonumber(args[3])
    i = math.floor(tid * count / tonumber(args[4]))
    local file = assert(io.open(args[5], "rb"))
    local template = file:read("*a")
    file:close()
    local at, after = template:find("@TITLE@", 1, true)
    local head, tail = template:sub(1, at - 1), template:sub(after + 1)
    heads, tails = {}, {}
    for k = 0, count - 1 do
        local name = tostring(first + k)
        heads[k] = (head:gsub("@NAME@", name))
        tails[k] = (tail:gsub("@NAME@", name))
    end
    title = args[6] .. " #" .. tid .. "."
    sequence = 0
    wrk.headers["Content-Type"] = "application/json"
end
function request()
    local k = i
    i = (i + 1) % count
    sequence = sequence + 1
    return wrk.format("PUT", prefix .. (first + k), nil, heads[k] .. title .. sequence .. tails[k])
end
EOF
}

# The statements of PostgresResourceStore (unified-storage/.../storage/sql), with the same bind parameters;
# :grp, :res, :ns, :first, :n come from pgbench -D and are sent as parameters like the store's.
write_sql_scripts() {
    cat > "$WORK/get.sql" <<'EOF'
-- PostgresResourceStore.get -> ObjectRows.find
\set name :first + random(0, :n - 1)
SELECT value FROM resource WHERE "group" = :grp AND resource = :res AND namespace = :ns AND name = :name;
EOF
    cat > "$WORK/put.sql" <<'EOF'
-- ObjectWrites.update: one transaction, the counter row locked from start to commit
\set name :first + random(0, :n - 1)
BEGIN;
-- ResourceVersionCounter.lock
SELECT resource_version AS last_rv FROM resource_version WHERE "group" = :grp AND resource = :res FOR UPDATE \gset
-- ObjectRows.find (the stored object; the API parses it, compares and re-serialises; bare SQL writes it back)
SELECT value AS v FROM resource WHERE "group" = :grp AND resource = :res AND namespace = :ns AND name = :name \gset
-- Allocation.next: max(now in microseconds, last + 1); bare SQL takes last + 1
\set rv :last_rv + 1
-- ObjectRows.update (guid: a new UUID per write; the store makes it in Java, here RETURNING hands it over)
UPDATE resource SET guid = gen_random_uuid(), value = :v, labels = NULL::jsonb, resource_version = :rv, folder = '', previous_resource_version = :last_rv, action = 2 WHERE "group" = :grp AND resource = :res AND namespace = :ns AND name = :name RETURNING guid AS g \gset
INSERT INTO resource_history (guid, "group", resource, namespace, name, value, labels, resource_version, folder, previous_resource_version, action, generation) VALUES (:g, :grp, :res, :ns, :name, :v, NULL::jsonb, :rv, '', :last_rv, 2, 2);
-- Allocation.save
UPDATE resource_version SET resource_version = :rv WHERE "group" = :grp AND resource = :res;
COMMIT;
EOF
}

# Each variant must work before it is measured: a GET answers the object, a PUT changes it, and each SQL
# script runs once without error and does what it should.
check_operations() {
    local name=$FIRST_NAME got before after body
    got=$(api_curl -o "$WORK/check-get.json" -w '%{http_code}' "http://$HOST:$GATEWAY_PORT$COLLECTION/$name")
    [[ $got == 200 ]] || die "api GET $name answered $got: $(head -c 300 "$WORK/check-get.json")"
    grep -q "\"uid\":\"$name\"" "$WORK/check-get.json" || die "api GET $name: not the seeded dashboard"
    GET_BYTES=$(wc -c < "$WORK/check-get.json")
    body=$(awk -v name="$name" -v title="$TITLE #check" '{ gsub(/@NAME@/, name); gsub(/@TITLE@/, title); print }' \
        "$WORK/template.json")
    got=$(api_curl -o "$WORK/check-put.json" -w '%{http_code}' -X PUT -H 'Content-Type: application/json' \
        --data-binary "$body" "http://$HOST:$GATEWAY_PORT$COLLECTION/$name")
    [[ $got == 200 ]] || die "api PUT $name answered $got: $(head -c 300 "$WORK/check-put.json")"
    grep -q "$TITLE #check" "$WORK/check-put.json" || die "api PUT $name: the answer does not carry the new title"
    PUT_BYTES=$(printf %s "$body" | wc -c)
    STORED_BYTES=$(psql_run -c "SELECT octet_length(value) FROM $SCHEMA.resource
        WHERE \"group\" = '$GROUP' AND resource = '$RESOURCE' AND namespace = '$NAMESPACE' AND name = '$name'")

    run_pgbench_once get
    before=$(psql_run -c "SELECT resource_version FROM $SCHEMA.resource_version WHERE \"group\" = '$GROUP' AND resource = '$RESOURCE'")
    run_pgbench_once put
    after=$(psql_run -c "SELECT resource_version FROM $SCHEMA.resource_version WHERE \"group\" = '$GROUP' AND resource = '$RESOURCE'")
    (( after == before + 1 )) || die "sql PUT did not advance the resource version counter ($before -> $after)"
    got=$(psql_run -c "SELECT count(*) FROM $SCHEMA.resource_history WHERE resource_version = $after")
    (( got == 1 )) || die "sql PUT did not write one history row at version $after ($got)"

    local failed transactions
    before=$after
    jdbc_run get 1
    read -r _ _ _ failed transactions <<< "$JDBC_ANSWER"
    (( failed == 0 && transactions > 0 )) || die "jdbc GET: $transactions transactions, $failed failed"
    jdbc_run put 1
    read -r _ _ _ failed transactions <<< "$JDBC_ANSWER"
    (( failed == 0 && transactions > 0 )) || die "jdbc PUT: $transactions transactions, $failed failed"
    after=$(psql_run -c "SELECT resource_version FROM $SCHEMA.resource_version WHERE \"group\" = '$GROUP' AND resource = '$RESOURCE'")
    (( after == before + transactions )) \
        || die "jdbc PUT: $transactions transactions moved the resource version counter from $before to $after"
    got=$(psql_run -c "SELECT count(*) FROM $SCHEMA.resource_history WHERE resource_version > $before")
    (( got == transactions )) || die "jdbc PUT: $transactions transactions wrote $got history rows"
}

pgbench_args() {
    echo -n "-n -M prepared -D grp=$GROUP -D res=$RESOURCE -D ns=$NAMESPACE -D first=$FIRST_NAME -D n=$OBJECTS"
}

run_pgbench_once() {
    local op=$1 output
    # shellcheck disable=SC2046
    output=$(PGOPTIONS="-c search_path=$SCHEMA" pgbench $(pgbench_args) -c 1 -t 1 -f "$WORK/$op.sql" "$PG_URL" 2>&1) \
        || die "pgbench $op.sql failed: $output"
    grep -q '^number of transactions actually processed: 1' <<< "$output" || die "pgbench $op.sql: $output"
    if grep -q '^number of failed transactions: [1-9]' <<< "$output"; then die "pgbench $op.sql: $output"; fi
}

# ---------------------------------------------------------------- measuring

# wrk output -> "rps p50_ms p99_ms non2xx socket_errors"; fails if the numbers are missing.
parse_wrk() {
    awk '
        function ms(value,   unit) {
            unit = value; sub(/^[0-9.]+/, "", unit)
            if (unit == "us") return value / 1000
            if (unit == "ms") return value + 0
            if (unit == "s")  return value * 1000
            if (unit == "m")  return value * 60000
            if (unit == "h")  return value * 3600000
            return -1
        }
        /^Requests\/sec:/            { rps = $2 }
        $1 == "50%"                  { p50 = ms($2) }
        $1 == "99%"                  { p99 = ms($2) }
        /Non-2xx or 3xx responses:/  { non2xx = $NF }
        /Socket errors:/             { gsub(",", ""); sockets = $4 + $6 + $8 + $10 }
        END {
            if (rps == "" || p50 == "" || p99 == "" || p50 < 0 || p99 < 0) exit 1
            printf "%.2f %.3f %.3f %d %d\n", rps, p50, p99, non2xx, sockets
        }'
}

# CPU time (user + system, in clock ticks) used so far by a process.
cpu_ticks() {
    awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0
}

# Resource API answers so far by the gateway's own metrics: "<2xx count> <other count>".
api_answers() {
    curl -fsS --max-time 5 "http://$HOST:$ADMIN_PORT/metrics" | awk '
        /^gateway_requests_seconds_count\{/ && /route_class="resource-api"/ {
            status = $0; sub(/.*status="/, "", status); sub(/".*/, "", status)
            if (status ~ /^2/) ok += $NF; else bad += $NF
        }
        END { printf "%d %d\n", ok, bad }'
}

# Runs one measured (or warm-up) run. Sets NUMBERS to "rps p50_ms p99_ms errors gateway_cpu_us_per_request" and
# counts the run in FAILURES if it had errors. (Not called in $(...): FAILURES must be updated in this shell.)
run_one() {
    local label=$1 op=$2 variant=$3 duration=$4
    case $variant in
        api) run_api "$label" "$op" "$duration" ;;
        sql) run_sql "$label" "$op" "$duration" ;;
        jdbc) run_jdbc "$label" "$op" "$duration" ;;
    esac
}

run_api() {
    local label=$1 op=$2 duration=$3 output before after ok_before bad_before ok_after bad_after rps non2xx sockets
    local errors cpu_us answers
    answers=$(api_answers) || die "cannot read the gateway's metrics"
    read -r ok_before bad_before <<< "$answers"
    before=$(cpu_ticks "$GATEWAY_PID")
    output=$(wrk -t2 -c"$CONNECTIONS" -d"$duration" --latency -H "$AUTH_HEADER" -H "Host: $HOST_HEADER" \
        -s "$WORK/$op.lua" "http://$HOST:$GATEWAY_PORT$COLLECTION" \
        -- "$COLLECTION" "$FIRST_NAME" "$OBJECTS" 2 "$WORK/template.json" "$TITLE" 2>&1) \
        || die "wrk failed for api $op: $output"
    after=$(cpu_ticks "$GATEWAY_PID")
    answers=$(api_answers) || die "cannot read the gateway's metrics"
    read -r ok_after bad_after <<< "$answers"
    printf '==== %s api %s -c%s -d%s\n%s\ngateway metrics: %d 2xx, %d other\n\n' "$label" "$op" "$CONNECTIONS" \
        "$duration" "$output" $((ok_after - ok_before)) $((bad_after - bad_before)) >> "$RUN_LOG"
    NUMBERS=$(parse_wrk <<< "$output") || die "cannot parse wrk output for api $op: $output"
    read -r rps _ _ non2xx sockets <<< "$NUMBERS"
    errors=$(( non2xx + sockets + bad_after - bad_before ))
    cpu_us=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v rps="$rps" -v d="${duration%s}" \
        'BEGIN { printf "%.1f", (rps > 0 ? t / hz * 1e6 / (rps * d) : 0) }')
    NUMBERS="$(awk '{ print $1, $2, $3 }' <<< "$NUMBERS") $errors $cpu_us"
    if (( errors > 0 )); then
        log "ERROR: $label api $op: $non2xx non-2xx/3xx responses (wrk), $sockets socket errors," \
            "$((bad_after - bad_before)) non-2xx answers (gateway metrics)"
        FAILURES=$((FAILURES + 1))
    fi
}

run_sql() {
    local label=$1 op=$2 duration=$3 output rc=0 tps failed aborted latencies
    rm -rf "$WORK/pgbench-log"
    mkdir -p "$WORK/pgbench-log"
    # shellcheck disable=SC2046
    output=$(cd "$WORK/pgbench-log" && PGOPTIONS="-c search_path=$SCHEMA" pgbench $(pgbench_args) \
        -c "$CONNECTIONS" -j 2 -T "${duration%s}" -l --log-prefix=tx -f "$WORK/$op.sql" "$PG_URL" 2>&1) || rc=$?
    printf '==== %s sql %s -c%s -j2 -T%s (exit %s)\n%s\n\n' "$label" "$op" "$CONNECTIONS" "${duration%s}" "$rc" \
        "$output" >> "$RUN_LOG"
    tps=$(awk '/^tps = / { print $3; exit }' <<< "$output")
    [[ -n $tps ]] || die "pgbench $op failed (exit $rc): $(tail -n 5 <<< "$output")"
    failed=$(awk -F': ' '/^number of failed transactions/ { split($2, f, " "); print f[1] }' <<< "$output")
    aborted=$(grep -c 'aborted' <<< "$output" || true)
    # per-transaction log: client transaction_no latency_us script_no epoch_s epoch_us
    latencies=$(cat "$WORK"/pgbench-log/tx.* | awk '{ print $3 }' | sort -n | awk '
        { x[NR] = $1 }
        END {
            if (NR == 0) exit 1
            p50 = x[int(NR * 0.50 + 0.999999)]; p99 = x[int(NR * 0.99 + 0.999999)]
            printf "%.3f %.3f\n", p50 / 1000, p99 / 1000
        }') || die "pgbench $op: no per-transaction log"
    local errors=$(( ${failed:-0} + aborted + (rc != 0 ? 1 : 0) ))
    NUMBERS="$tps $latencies $errors -"
    if (( errors > 0 )); then
        log "ERROR: $label sql $op: pgbench exit $rc, ${failed:-0} failed transactions, $aborted aborted client(s)"
        FAILURES=$((FAILURES + 1))
    fi
}

run_jdbc() {
    local label=$1 op=$2 duration=$3 before after tps p50 p99 failed transactions cpu_us
    before=$(cpu_ticks "$JDBC_PID")
    jdbc_run "$op" "${duration%s}"
    after=$(cpu_ticks "$JDBC_PID")
    read -r tps p50 p99 failed transactions <<< "$JDBC_ANSWER"
    printf '==== %s jdbc %s, %s clients, %s: %s transactions/s, p50 %s ms, p99 %s ms, %s failed, %s transactions\n\n' \
        "$label" "$op" "$CONNECTIONS" "$duration" "$tps" "$p50" "$p99" "$failed" "$transactions" >> "$RUN_LOG"
    cpu_us=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v n="$transactions" \
        'BEGIN { printf "%.1f", (n > 0 ? t / hz * 1e6 / n : 0) }')
    NUMBERS="$tps $p50 $p99 $failed $cpu_us"
    if (( failed > 0 )); then
        log "ERROR: $label jdbc $op: $failed failed transactions"
        FAILURES=$((FAILURES + 1))
    fi
}

warm_up() {
    local op variant
    for op in "${OPERATIONS[@]}"; do
        for variant in "${VARIANTS[@]}"; do
            log "warm-up: $variant $op (-c$CONNECTIONS, $WARMUP)"
            run_one warmup "$op" "$variant" "$WARMUP"
        done
    done
}

measure() {
    local round op variant
    for (( round = 1; round <= ROUNDS; round++ )); do
        for op in "${OPERATIONS[@]}"; do
            for variant in "${VARIANTS[@]}"; do
                run_one "round$round" "$op" "$variant" "$DURATION"
                log "round $round/$ROUNDS  $op $variant  $NUMBERS"
                echo "$round $op $variant $NUMBERS" >> "$RESULTS"
            done
        done
    done
}

# ---------------------------------------------------------------- report

# Median of one column (4 = rps, 5 = p50, 6 = p99, 8 = CPU us/request of the gateway or JDBC client) over the rounds of one op and variant.
median() {
    local op=$1 variant=$2 column=$3
    awk -v o="$op" -v v="$variant" -v col="$column" '$2 == o && $3 == v { print $col }' "$RESULTS" \
        | sort -g \
        | awk '$1 == "-" { none = 1 } { x[NR] = $1 }
               END { print none ? "-" : (NR % 2) ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2 }'
}

print_header() {
    local cpu_model java_version gateway_version wrk_version pgbench_version
    cpu_model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
    java_version=$("$JAVA" -version 2>&1 | awk 'NR <= 2 { printf "%s%s", sep, $0; sep = "; " }' || true)
    gateway_version=$("$JAVA" -jar "$WORK/migration-gateway.jar" version 2>/dev/null | awk 'NR == 1' || true)
    wrk_version=$(wrk -v 2>&1 | awk 'NR == 1 { print $1, $2 }' || true)
    pgbench_version=$(pgbench --version 2>&1 || true)
    cat <<EOF
# migration gateway Resource API benchmark  $(date -u '+%Y-%m-%d %H:%M:%S UTC')
# cpus: $(nproc) (${cpu_model:-unknown model})   kernel: $(uname -sr)   load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
# java: $java_version
# gateway: $gateway_version (jar of $(date -u -r "$JAR" "+%Y-%m-%d %H:%M UTC")), $GATEWAY_JAVA_OPTS, access log off, schema $SCHEMA
# PostgreSQL $PG_VERSION at ${PG_URL%%\?*}   $pgbench_version   $wrk_version
# objects: $OBJECTS dashboards ($COLLECTION/<name>): GET answer $GET_BYTES bytes, PUT body $PUT_BYTES bytes, stored value $STORED_BYTES bytes
# rounds: $ROUNDS   duration: $DURATION   warm-up: $WARMUP per variant   concurrency: $CONNECTIONS
# api: wrk -t2 -c$CONNECTIONS -d$DURATION --latency (Lua: rotating names; PUT changes spec.title)
# sql: pgbench $(pgbench_args) -c $CONNECTIONS -j 2 -T ${DURATION%s} -l (statements of PostgresResourceStore)
# jdbc: bench/JdbcReference.java, $CONNECTIONS threads with a connection each, pgjdbc (statements of PostgresResourceStore)
# CPU us/req: the gateway's own CPU per answered request (api), the JDBC client's per transaction (jdbc)
# per round: ${OPERATIONS[*]} x ${VARIANTS[*]} in turn
# note: wrk/pgbench/the JDBC client share the machine's CPUs with the gateway and PostgreSQL
EOF
}

print_raw() {
    echo "# raw runs: round op variant req/s p50_ms p99_ms errors cpu_us_per_request (gateway or JDBC client)"
    cat "$RESULTS"
    echo
}

print_table() {
    local op variant rounds
    printf '%-4s %-8s %12s %9s %9s %12s\n' op variant "req/s(med)" "p50 ms" "p99 ms" "CPU us/req"
    for op in "${OPERATIONS[@]}"; do
        for variant in "${VARIANTS[@]}"; do
            printf '%-4s %-8s %12.0f %9.3f %9.3f %12s\n' "$op" "$variant" \
                "$(median "$op" "$variant" 4)" "$(median "$op" "$variant" 5)" "$(median "$op" "$variant" 6)" \
                "$(median "$op" "$variant" 8)"
        done
        print_ratio "$op" sql pgbench
        print_ratio "$op" jdbc JDBC
    done
}

# The line "api/<reference> req/s <ratio of medians> (per round: ...; target >= 0.5: met|MISSED)   p99 ratio".
print_ratio() {
    local op=$1 reference=$2 label=$3 rounds
    rounds=$(awk -v o="$op" -v ref="$reference" '$2 == o { rps[$1 " " $3] = $4; r[$1] = 1 }
        END { for (i = 1; i in r; i++) printf "%s%.2f", (i > 1 ? " " : ""), rps[i " api"] / rps[i " " ref] }' "$RESULTS")
    awk -v a="$(median "$op" api 4)" -v s="$(median "$op" "$reference" 4)" -v label="$label" \
        -v ap="$(median "$op" api 6)" -v sp="$(median "$op" "$reference" 6)" -v rounds="$rounds" '
        function ratio(x, y) { return y > 0 ? sprintf("%.2f", x / y) : "n/a" }
        BEGIN { r = ratio(a, s)
                printf "     api/%-7s req/s %s (per round: %s; target >= 0.5: %s)   api p99 / %s p99 %s\n",
                       label, r, rounds, (r != "n/a" && r + 0 >= 0.5) ? "met" : "MISSED", label, ratio(ap, sp) }'
}

# ---------------------------------------------------------------- main

main() {
    check_tools
    check_ports_free
    check_database
    trap cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM

    WORK=$(mktemp -d "${TMPDIR:-/tmp}/resource-api-bench.XXXXXX")
    chmod 755 "$WORK"
    RESULTS=$WORK/results.txt
    cp "$JAR" "$WORK/migration-gateway.jar"   # a rebuild during the run must not change what runs
    cp "$JDBC_REFERENCE" "$WORK/JdbcReference.java"
    mkdir -p "$BENCH_DIR/out"
    : > "$RESULTS"
    : > "$RUN_LOG"

    SCHEMA_MADE=1
    psql_run -c "DROP SCHEMA IF EXISTS $SCHEMA CASCADE" >/dev/null   # fresh: Flyway creates it

    log "starting the legacy identity responder (nginx) on $HOST:$LEGACY_PORT"
    write_legacy_conf "$WORK/legacy"
    start_legacy "$WORK/legacy"
    wait_until_up "legacy nginx" "http://$HOST:$LEGACY_PORT/api/user" "${PIDS[-1]}" 10

    log "starting the gateway on $HOST:$GATEWAY_PORT (admin $ADMIN_PORT, schema $SCHEMA)"
    start_gateway
    wait_until_up gateway "http://$HOST:$ADMIN_PORT/healthz" "$GATEWAY_PID" 120
    # in modes 0-2 /apis is served from the legacy API; this measures unified storage, so dashboards go to mode 4
    curl -fsS -o /dev/null -X PUT "http://$HOST:$ADMIN_PORT/admin/resources/$RESOURCE.$GROUP/mode" \
        -H 'Content-Type: application/json' -d '{"mode": 4, "force": true, "reason": "bench/resource-api.sh"}' \
        || die "could not put $RESOURCE in mode 4 through the admin API"

    log "creating $OBJECTS dashboards through the API"
    write_template
    seed_objects
    write_wrk_scripts
    write_sql_scripts
    log "starting the JDBC reference ($CONNECTIONS connections)"
    start_jdbc_reference
    check_operations

    print_header | tee "$OUT"
    warm_up
    measure
    print_raw >> "$OUT"
    echo
    print_table | tee -a "$OUT"
    log "raw numbers: $OUT   wrk and pgbench outputs: $RUN_LOG"

    if (( FAILURES > 0 )); then
        log "FAILED: $FAILURES run(s) had errors (see $RUN_LOG)"
        echo "# FAILED: $FAILURES run(s) with errors" >> "$OUT"
        exit 1
    fi
}

main "$@"
