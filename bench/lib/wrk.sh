# Shared by the benchmark scripts: one wrk run, printed as "req/s p50ms p99ms non2xx".
#   measure URL DURATION [extra wrk arguments...]   (AUTH, when set, is sent as a header)
measure() {
  local url=$1 duration=$2
  shift 2
  wrk -t2 -c"${CONNECTIONS:-32}" -d"$duration" --latency ${AUTH:+-H "$AUTH"} "$@" "$url" | awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /Requests\/sec/ { rps = $2 } / 50%/ { p50 = ms($2) } / 99%/ { p99 = ms($2) } /Non-2xx/ { bad = $5 }
    END { printf "%.0f %.2f %.2f %d\n", rps, p50, p99, bad + 0 }'
}

# The median line (by req/s) of "req/s p50ms p99ms non2xx" lines on stdin.
median() {
  sort -n | awk '{ line[NR] = $0 } END { print line[int((NR + 1) / 2)] }'
}
