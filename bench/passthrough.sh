#!/usr/bin/env bash
# Pass-through overhead benchmark of the migration gateway (a benchmark, not a test).
#
# What it measures: the cost of putting the gateway in front of the legacy API when it only
# forwards. One static backend (nginx, 1 worker) serves a 2.6 KB dashboard JSON at
# /api/dashboard.json, and wrk asks for it three ways, interleaved in one run:
#   direct   wrk -> backend                        127.0.0.1:18080
#   nginx    wrk -> nginx reverse proxy (2 workers, keep-alive upstream) -> backend  :18081
#   gateway  wrk -> migration gateway (Undertow ProxyHandler) -> backend             :18082 (admin :18083)
# After a warm-up of each variant at each concurrency, every round runs `wrk -t2 -cN -dDURATION --latency` at 32 and
# 128 connections against direct, nginx and gateway in turn. The table shows, per concurrency and
# variant, the median over the rounds of req/s, p50 and p99 latency, and the ratios
# gateway/nginx and gateway/direct (req/s) and gateway p99 / nginx p99.
# Any non-2xx/3xx response or socket error is reported and makes the script exit 1 at the end.
#
# How to run (from anywhere; build the jar first):
#   mvn -q -B package -DskipTests        # in the repository root; needs JDK 21+
#   bench/passthrough.sh
# Environment:
#   ROUNDS=3            rounds of measurement
#   DURATION=10s        length of each measured wrk run
#   WARMUP=20s          length of the warm-up run of each variant at each concurrency (the gateway's JIT
#                       was still compiling after 10 s at 32 connections on this 2-core machine, and 128
#                       connections take code paths of their own: with 10 s at 32 only, its first 128-connection
#                       rounds cost up to 1.7x the CPU per request of its later ones)
#   BENCH_DB_URL=...    JDBC URL of a PostgreSQL for the gateway's state, e.g.
#                       'jdbc:postgresql://127.0.0.1:5432/test?user=postgres';
#                       empty (default) = embedded PostgreSQL in a temporary --data-dir
#   JAVA_HOME=...       JDK/JRE 21+ that runs the gateway (default: java on the PATH)
#   GATEWAY_JAVA_OPTS=  JVM options of the gateway (default: -Xmx512m)
#   HOST_HEADER=...     Host header wrk sends to every variant (default: legacy.example.internal)
# Output: the table on stdout; the raw per-run numbers and the table in
# bench/out/passthrough-<timestamp>.txt and every wrk output in bench/out/passthrough-<timestamp>.wrk.log.
#
# Everything listens on 127.0.0.1 only; all processes started here are stopped on exit, Ctrl-C or failure.
# Needs bash, awk, sort, curl, nginx, wrk and java. Note: wrk runs on the same machine as the
# servers, so on a small machine the load generator competes with them for CPU.
#
# bench/dashboard.json is a byte-for-byte copy of
# /work/shared/data/dashboards/devenv__feature-templating__templating-dashboard-links-and-variables.json
# (Grafana source tree, devenv/dev-dashboards/feature-templating/templating-dashboard-links-and-variables.json).

set -euo pipefail

readonly ROUNDS=${ROUNDS:-3}
readonly GATEWAY_JAVA_OPTS=${GATEWAY_JAVA_OPTS:--Xmx512m}
readonly DURATION=${DURATION:-10s}
readonly WARMUP=${WARMUP:-20s}
readonly CONCURRENCIES=(32 128)
readonly VARIANTS=(direct nginx gateway)
readonly HOST=127.0.0.1
readonly BACKEND_PORT=18080 NGINX_PORT=18081 GATEWAY_PORT=18082 ADMIN_PORT=18083
readonly RESOURCE=/api/dashboard.json
# Clients of a real deployment name it (grafana.example.com), and every variant gets the same header.
# With a bare IP as Host, Undertow's built-in Host validation (HostHeaderHandler, not optional) runs an
# IPv4 regex on every request, about 6 % of the gateway's CPU here; a name fails that regex at once.
readonly HOST_HEADER=${HOST_HEADER:-legacy.example.internal}

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly BENCH_DIR
readonly REPO_DIR=${BENCH_DIR%/*}
readonly JAR=$REPO_DIR/gateway/target/migration-gateway.jar
readonly PAYLOAD=$BENCH_DIR/dashboard.json
readonly JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
readonly STAMP
readonly OUT=$BENCH_DIR/out/passthrough-$STAMP.txt
readonly WRK_LOG=$BENCH_DIR/out/passthrough-$STAMP.wrk.log

WORK=""        # temporary directory: nginx prefixes, gateway data dir, logs, results
RESULTS=""     # one line per measured run: round conc variant rps p50_ms p99_ms non2xx socket_errors
PIDS=()        # processes started by this script, stopped by cleanup
declare -A SERVER_PID  # variant -> pid of the server wrk talks to (nginx master: its workers are counted too)
FAILURES=0     # runs with non-2xx responses or socket errors

log() { printf '%s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# ---------------------------------------------------------------- prerequisites

check_tools() {
    [[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive whole number, not '$ROUNDS'"
    if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
        log "nginx and wrk are needed; install them with:"
        echo "apt-get install -y nginx-light wrk"
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
}

check_ports_free() {
    local port
    for port in "$BACKEND_PORT" "$NGINX_PORT" "$GATEWAY_PORT" "$ADMIN_PORT"; do
        if (exec 3<>"/dev/tcp/$HOST/$port") 2>/dev/null; then
            die "port $HOST:$port is already in use"
        fi
    done
}

# ---------------------------------------------------------------- processes

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if (( rc != 0 && rc != 130 && rc != 143 )) && [[ -n $WORK ]]; then   # not on Ctrl-C/TERM
        show_logs
    fi
    stop_processes
    [[ -n $WORK ]] && rm -rf "$WORK"
    exit "$rc"
}

stop_processes() {
    local pid i
    for pid in "${PIDS[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
        for (( i = 0; i < 150; i++ )); do   # up to 15 s: the gateway also stops its embedded PostgreSQL
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
    for f in "$WORK"/backend/error.log "$WORK"/proxy/error.log "$WORK"/gateway.log; do
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

# nginx settings shared by the backend and the proxy: foreground, own pid/error log, no access log.
# keepalive_requests is raised from nginx's default 1000 so that connection re-use looks like the
# legacy server (Go's net/http has no per-connection request limit) rather than an nginx default.
nginx_common() {
    local dir=$1 workers=$2
    cat <<EOF
worker_processes $workers;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
EOF
}

write_backend_conf() {
    local dir=$1
    mkdir -p "$dir/tmp" "$dir/html/api"
    cp "$PAYLOAD" "$dir/html/api/dashboard.json"
    chmod -R a+rX "$dir"   # workers run as nobody when started by root
    {
        nginx_common "$dir" 1
        cat <<EOF
http {
    $(nginx_temp_paths "$dir")
    access_log off;
    types { application/json json; }
    default_type application/octet-stream;
    keepalive_timeout 65s;
    keepalive_requests 1000000;
    server {
        listen $HOST:$BACKEND_PORT;
        root $dir/html;
    }
}
EOF
    } > "$dir/nginx.conf"
}

write_proxy_conf() {
    local dir=$1
    mkdir -p "$dir/tmp"
    {
        nginx_common "$dir" 2
        cat <<EOF
http {
    $(nginx_temp_paths "$dir")
    access_log off;
    keepalive_timeout 65s;
    keepalive_requests 1000000;
    upstream be {
        server $HOST:$BACKEND_PORT;
        keepalive 64;
        keepalive_requests 1000000;
    }
    server {
        listen $HOST:$NGINX_PORT;
        location / {
            proxy_pass http://be;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
        }
    }
}
EOF
    } > "$dir/nginx.conf"
}

start_nginx() {
    local dir=$1
    nginx -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" &
    PIDS+=("$!")
}

start_gateway() {
    local db_args
    if [[ -n ${BENCH_DB_URL:-} ]]; then
        db_args=(--db-url "$BENCH_DB_URL")
    else
        db_args=(--data-dir "$WORK/gateway-data")
    fi
    env MGW_LOG_ACCESS=false MGW_SERVER_HOST="$HOST" MGW_ADMIN_HOST="$HOST" \
        "$JAVA" $GATEWAY_JAVA_OPTS -jar "$WORK/migration-gateway.jar" serve \
        --legacy-url "http://$HOST:$BACKEND_PORT" --port "$GATEWAY_PORT" --admin-port "$ADMIN_PORT" \
        --insecure-admin "${db_args[@]}" > "$WORK/gateway.log" 2>&1 &
    PIDS+=("$!")
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

url_of() {
    case $1 in
        direct)  echo "http://$HOST:$BACKEND_PORT$RESOURCE" ;;
        nginx)   echo "http://$HOST:$NGINX_PORT$RESOURCE" ;;
        gateway) echo "http://$HOST:$GATEWAY_PORT$RESOURCE" ;;
    esac
}

# Each variant must return 200 and the whole file before it is measured.
check_responses() {
    local variant expected got
    expected=$(wc -c < "$PAYLOAD")
    for variant in "${VARIANTS[@]}"; do
        got=$(curl -sS -o /dev/null -w '%{http_code} %{size_download}' "$(url_of "$variant")")
        [[ $got == "200 $expected" ]] || die "$variant: expected '200 $expected' (status bytes), got '$got'"
    done
}

# ---------------------------------------------------------------- wrk

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

# CPU time (user + system, in clock ticks) used so far by a process and its children (nginx workers).
cpu_ticks() {
    local pid=$1 p total=0
    for p in "$pid" $(pgrep -P "$pid" 2>/dev/null); do
        total=$(( total + $(awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null || echo 0) ))
    done
    echo "$total"
}

# Runs wrk once and keeps its output in the wrk log. Sets NUMBERS to the parsed
# "rps p50_ms p99_ms non2xx socket_errors" and counts the run in FAILURES if it had errors.
# (Not called in $(...): FAILURES must be updated in this shell.)
run_wrk() {
    local label=$1 variant=$2 conns=$3 duration=$4 output non2xx sockets rps before after cpu_us
    before=$(cpu_ticks "${SERVER_PID[$variant]}")
    output=$(wrk -t2 -c"$conns" -d"$duration" --latency -H "Host: $HOST_HEADER" "$(url_of "$variant")" 2>&1) \
        || die "wrk failed for $variant at -c$conns: $output"
    after=$(cpu_ticks "${SERVER_PID[$variant]}")
    printf '==== %s %s -c%s -d%s\n%s\n\n' "$label" "$variant" "$conns" "$duration" "$output" >> "$WRK_LOG"
    NUMBERS=$(parse_wrk <<< "$output") || die "cannot parse wrk output for $variant at -c$conns: $output"
    read -r rps _ _ non2xx sockets <<< "$NUMBERS"
    # CPU microseconds the measured server spent per answered request (the backend's own cost is not in it).
    cpu_us=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v rps="$rps" -v d="${duration%s}" \
        'BEGIN { printf "%.1f", (rps > 0 ? t / hz * 1e6 / (rps * d) : 0) }')
    NUMBERS="$NUMBERS $cpu_us"
    if (( non2xx > 0 || sockets > 0 )); then
        log "ERROR: $label $variant -c$conns: $non2xx non-2xx/3xx responses, $sockets socket errors"
        FAILURES=$((FAILURES + 1))
    fi
}

warm_up() {
    local variant conns
    for conns in "${CONCURRENCIES[@]}"; do
        for variant in "${VARIANTS[@]}"; do
            log "warm-up: $variant (-c$conns, $WARMUP)"
            run_wrk warmup "$variant" "$conns" "$WARMUP"
        done
    done
}

measure() {
    local round conns variant
    for (( round = 1; round <= ROUNDS; round++ )); do
        for conns in "${CONCURRENCIES[@]}"; do
            for variant in "${VARIANTS[@]}"; do
                run_wrk "round$round" "$variant" "$conns" "$DURATION"
                log "round $round/$ROUNDS  -c$conns  $(printf '%-8s' "$variant") $NUMBERS"
                echo "$round $conns $variant $NUMBERS" >> "$RESULTS"
            done
        done
    done
}

# ---------------------------------------------------------------- report

# Median of one column (4 = rps, 5 = p50, 6 = p99, 9 = server CPU us/request) over the rounds of one concurrency and variant.
median() {
    local conns=$1 variant=$2 column=$3
    awk -v c="$conns" -v v="$variant" -v col="$column" '$2 == c && $3 == v { print $col }' "$RESULTS" \
        | sort -g \
        | awk '{ x[NR] = $1 } END { print (NR % 2) ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2 }'
}

print_header() {
    local cpu_model java_version gateway_version nginx_version wrk_version
    cpu_model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
    java_version=$("$JAVA" -version 2>&1 | awk 'NR <= 2 { printf "%s%s", sep, $0; sep = "; " }' || true)
    gateway_version=$("$JAVA" -jar "$WORK/migration-gateway.jar" version 2>/dev/null | awk 'NR == 1' || true)
    nginx_version=$(nginx -v 2>&1 || true)
    wrk_version=$(wrk -v 2>&1 | awk 'NR == 1 { print $1, $2 }' || true)
    cat <<EOF
# migration gateway pass-through benchmark  $(date -u '+%Y-%m-%d %H:%M:%S UTC')
# cpus: $(nproc) (${cpu_model:-unknown model})   kernel: $(uname -sr)   load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
# java: $java_version
# gateway: $gateway_version (jar of $(date -u -r "$JAR" "+%Y-%m-%d %H:%M UTC")), $GATEWAY_JAVA_OPTS, access log off, db: ${BENCH_DB_URL:-embedded PostgreSQL}
# $nginx_version   $wrk_version
# payload: GET $RESOURCE, $(wc -c < "$PAYLOAD") bytes   rounds: $ROUNDS   duration: $DURATION   warm-up: $WARMUP per variant
# wrk -t2 -cN -d$DURATION --latency -H "Host: $HOST_HEADER"; per round: ${CONCURRENCIES[*]} connections, each against ${VARIANTS[*]} in turn
# note: wrk shares the machine's CPUs with the servers it measures
EOF
}

print_raw() {
    echo "# raw runs: round conns variant req/s p50_ms p99_ms non2xx socket_errors server_cpu_us_per_request"
    cat "$RESULTS"
    echo
}

print_table() {
    local conns variant
    printf '%-6s %-8s %12s %9s %9s %13s\n' conns variant "req/s(med)" "p50 ms" "p99 ms" "CPU us/req"
    for conns in "${CONCURRENCIES[@]}"; do
        for variant in "${VARIANTS[@]}"; do
            printf '%-6s %-8s %12.0f %9.3f %9.3f %13.1f\n' "$conns" "$variant" \
                "$(median "$conns" "$variant" 4)" "$(median "$conns" "$variant" 5)" "$(median "$conns" "$variant" 6)" \
                "$(median "$conns" "$variant" 9)"
        done
        awk -v gw="$(median "$conns" gateway 4)" -v ng="$(median "$conns" nginx 4)" \
            -v di="$(median "$conns" direct 4)" \
            -v gp="$(median "$conns" gateway 6)" -v np="$(median "$conns" nginx 6)" '
            function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "n/a" }
            BEGIN { printf "       gateway/nginx req/s %s   gateway/direct req/s %s   gateway p99 / nginx p99 %s\n",
                           ratio(gw, ng), ratio(gw, di), ratio(gp, np) }'
    done
}

# ---------------------------------------------------------------- main

main() {
    check_tools
    check_ports_free
    trap cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM

    WORK=$(mktemp -d "${TMPDIR:-/tmp}/passthrough-bench.XXXXXX")
    chmod 755 "$WORK"
    RESULTS=$WORK/results.txt
    cp "$JAR" "$WORK/migration-gateway.jar"   # a rebuild during the run must not change what runs
    mkdir -p "$BENCH_DIR/out"
    : > "$RESULTS"
    : > "$WRK_LOG"

    log "starting backend nginx on $HOST:$BACKEND_PORT"
    write_backend_conf "$WORK/backend"
    start_nginx "$WORK/backend"
    wait_until_up "backend nginx" "$(url_of direct)" "${PIDS[-1]}" 10
    SERVER_PID[direct]=${PIDS[-1]}

    log "starting proxy nginx on $HOST:$NGINX_PORT"
    write_proxy_conf "$WORK/proxy"
    start_nginx "$WORK/proxy"
    wait_until_up "proxy nginx" "$(url_of nginx)" "${PIDS[-1]}" 10
    SERVER_PID[nginx]=${PIDS[-1]}

    log "starting gateway on $HOST:$GATEWAY_PORT (admin $ADMIN_PORT, db: ${BENCH_DB_URL:-embedded})"
    start_gateway
    wait_until_up gateway "http://$HOST:$ADMIN_PORT/healthz" "${PIDS[-1]}" 120
    SERVER_PID[gateway]=${PIDS[-1]}
    check_responses

    print_header | tee "$OUT"
    warm_up
    measure
    print_raw >> "$OUT"
    echo
    print_table | tee -a "$OUT"
    log "raw numbers: $OUT   wrk outputs: $WRK_LOG"

    if (( FAILURES > 0 )); then
        log "FAILED: $FAILURES wrk run(s) had non-2xx/3xx responses or socket errors (see $WRK_LOG)"
        echo "# FAILED: $FAILURES run(s) with non-2xx/3xx responses or socket errors" >> "$OUT"
        exit 1
    fi
}

main "$@"
