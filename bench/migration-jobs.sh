#!/usr/bin/env bash
# Migration jobs benchmark (a benchmark, not a test). On ROWS generated realistic dashboards
# (the legacy simulator's generator and bulk loader) in a fresh pair of schemas of the PostgreSQL named by
# TEST_DATABASE_URL, in one run: the copy job's rows/s against one INSERT ... SELECT copying the same rows, without
# conversion, into a table like unified storage's `resource`; the verify job's time against hashing both tables
# with one full scan each. See io.migrationgateway.jobs.CopyBenchmark.
#   TEST_DATABASE_URL='jdbc:postgresql://127.0.0.1:5432/test?user=postgres' bench/migration-jobs.sh [ROWS]
# With `camel` first (io.migrationgateway.jobs.CamelCopyBenchmark): the copy's chunk steps as a plain
# loop and as a Camel route, interleaved, on ROWS (default 20,000) generated dashboards.
#   TEST_DATABASE_URL=... bench/migration-jobs.sh camel [ROWS]
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TEST_DATABASE_URL:?set TEST_DATABASE_URL to a PostgreSQL JDBC URL}"
MAIN=io.migrationgateway.jobs.CopyBenchmark
if [[ "${1:-}" == camel ]]; then
    MAIN=io.migrationgateway.jobs.CamelCopyBenchmark
    shift
    ROWS="${1:-20000}"
else
    ROWS="${1:-100000}"
fi
# online: on a fresh machine the dependency plugin is not in the local repository yet; its log only when it fails
# (in migration-jobs/target, which the build makes: a fresh checkout has no target/ at its top)
BUILD_LOG=migration-jobs/target/bench-build.log
mkdir -p migration-jobs/target
mvn -B -q -pl migration-jobs -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath \
    -Dmdep.includeScope=test > "$BUILD_LOG" 2>&1 || { cat "$BUILD_LOG"; exit 1; }
CP="migration-jobs/target/test-classes:migration-jobs/target/classes:$(cat migration-jobs/target/bench.classpath)"
exec java -Xmx1g ${BENCH_JAVA_OPTS:-} -cp "$CP" "$MAIN" "$ROWS"
