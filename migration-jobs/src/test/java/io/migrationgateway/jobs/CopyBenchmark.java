package io.migrationgateway.jobs;

import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.legacysim.seed.BulkLoader;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * The copy and verify jobs against plain SQL (a benchmark, not a test; run by bench/migration-jobs.sh): on N
 * generated realistic dashboards in the test database, in one run,
 * <ul>
 *   <li>copy rows/s ÷ the rows/s of one {@code INSERT ... SELECT} that copies the same rows, without conversion, into a
 *       table like {@code resource} (same columns and indexes);</li>
 *   <li>verify time ÷ the time of hashing both tables with one full scan each ({@code md5} of every legacy
 *       {@code data} and every stored {@code value}, aggregated in key order).</li>
 * </ul>
 * Each with a second reference that shows what a converted copy and a canonical comparison cannot avoid: the
 * {@code INSERT ... SELECT} copies compressed values as they are stored, so the same with every value rewritten
 * (decompressed, compressed again); it writes one table where unified storage writes two (every write also adds a
 * {@code resource_history} row), so the same followed by the history rows' {@code INSERT ... SELECT}; the hashes read
 * the stored text, so the same over every document parsed as {@code jsonb} and printed.
 */
public final class CopyBenchmark {
    /** Whether this database lets the benchmark checkpoint (a superuser, or the pg_checkpoint role). */
    private static boolean checkpoints = true;

    private CopyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        try (JobsFixture fixture = new JobsFixture().seeded()) {
            long loadStart = System.nanoTime();
            new BulkLoader(fixture.legacy, Clock.systemUTC(), 2_000).load(1, rows, DashboardGenerator.fromSeedDashboards(42),
                (done, total) -> { });
            long dashboards = fixture.legacyCount("SELECT count(*) FROM dashboard WHERE NOT is_folder");
            System.out.printf("loaded %,d generated dashboards in %.1f s (%,d dashboards in all, %.1f MB of data)%n", rows,
                seconds(System.nanoTime() - loadStart), dashboards,
                fixture.legacyCount("SELECT sum(octet_length(data)) FROM dashboard WHERE NOT is_folder") / 1e6);

            double reference = timed(fixture, () -> sql(fixture, "CREATE TABLE copy_reference (LIKE resource INCLUDING "
                + "ALL); " + insertSelect("copy_reference", "d.data", fixture.legacySchema)));
            // what the copy's storage writes for each object besides its current row: one history row, the value copied
            // from the current row as it is stored (as the store does)
            double history = timed(fixture, () -> sql(fixture, "CREATE TABLE copy_reference_history (LIKE "
                + "resource_history INCLUDING ALL); INSERT INTO copy_reference_history (guid, \"group\", resource, "
                + "namespace, name, value, labels, resource_version, previous_resource_version, action, folder) SELECT guid, "
                + "\"group\", resource, namespace, name, value, labels, resource_version, previous_resource_version, action, "
                + "folder FROM copy_reference"));
            double rewriting = timed(fixture, () -> sql(fixture, "CREATE TABLE copy_rewriting (LIKE resource INCLUDING "
                + "ALL); " + insertSelect("copy_rewriting", "d.data || ' '", fixture.legacySchema)));
            MigrationJobs jobs = fixture.jobs(Boolean.getBoolean("bench.nothrottle")
                ? JobSettings.defaults().withLatencyFactor(1e9) : JobSettings.defaults());
            JobStatus[] copied = new JobStatus[1];
            // each job twice: the first in this JVM also pays for compiling its code (the JIT's threads took a fifth of
            // the machine's CPU during a 50,000-row copy); a gateway runs jobs with its JSON and JDBC code compiled
            double cold = timed(fixture, () -> run(jobs, JobKind.COPY));
            sql(fixture, "TRUNCATE resource, resource_history");
            double copy = timed(fixture, () -> copied[0] = run(jobs, JobKind.COPY));
            double scans = timed(fixture, () -> sql(fixture, "SELECT md5(string_agg(md5(data), '' ORDER BY id)) FROM "
                + fixture.legacySchema + ".dashboard WHERE NOT is_folder; SELECT md5(string_agg(md5(value), '' ORDER BY "
                + "namespace, name)) FROM resource"));
            double parses = timed(fixture, () -> sql(fixture, "SELECT md5(string_agg(md5(data::jsonb::text), '' ORDER BY "
                + "id)) FROM " + fixture.legacySchema + ".dashboard WHERE NOT is_folder; SELECT md5(string_agg(md5(("
                + "value::jsonb -> 'spec')::text), '' ORDER BY namespace, name)) FROM resource"));
            JobStatus[] verified = new JobStatus[1];
            double coldVerify = timed(fixture, () -> run(jobs, JobKind.VERIFY));
            double verify = timed(fixture, () -> verified[0] = run(jobs, JobKind.VERIFY));

            System.out.printf("INSERT ... SELECT      %6.2f s  %,9.0f rows/s  (stored values copied as they are, compressed)%n",
                reference, dashboards / reference);
            System.out.printf("  and its history      %6.2f s  %,9.0f rows/s  (+ one INSERT ... SELECT of the history rows)%n",
                reference + history, dashboards / (reference + history));
            System.out.printf("  values rewritten     %6.2f s  %,9.0f rows/s  (each decompressed and compressed again)%n",
                rewriting, dashboards / rewriting);
            System.out.printf("copy job, first        %6.2f s  %,9.0f rows/s  (the JVM compiling the copy's code)%n", cold,
                dashboards / cold);
            System.out.printf("copy job, again        %6.2f s  %,9.0f rows/s  (%s: %,d created, %,d unconvertible)%n", copy,
                dashboards / copy, copied[0].message(), copied[0].counts().created(), copied[0].counts().unconvertible());
            // why rows were not copied, a few of them (a reason names its row, so they are listed, not counted)
            jobs.findings(copied[0].id(), 3).forEach(finding -> System.out.printf("  unconvertible %s: %s%n",
                finding.name(), finding.detail()));
            System.out.printf("copy / INSERT...SELECT rows/s: %.2f (target >= 0.5; first copy %.2f); against values "
                + "rewritten: %.2f; against both tables: %.2f (first copy %.2f)%n", reference / copy, reference / cold,
                rewriting / copy, (reference + history) / copy, (reference + history) / cold);
            System.out.printf("full-scan hash, both   %6.2f s  (md5 of the stored text)%n", scans);
            System.out.printf("  parsed, both         %6.2f s  (md5 of each document parsed as jsonb and printed)%n", parses);
            System.out.printf("verify job, first      %6.2f s%n", coldVerify);
            System.out.printf("verify job, again      %6.2f s  (%s)%n", verify, verified[0].message());
            System.out.printf("verify / full-scan hash time: %.2f (target <= 2; first verify %.2f); against parsed: %.2f%n",
                verify / scans, coldVerify / scans, verify / parses);
        }
    }

    /** Runs a job on all dashboards to its end, however long that takes on a busy machine. */
    private static JobStatus run(MigrationJobs jobs, JobKind kind) throws InterruptedException {
        JobStatus started = jobs.start(new JobSpec(kind, JobsFixture.DASHBOARDS, Optional.empty()));
        JobStatus done = jobs.await(started.id(), Duration.ofHours(2));
        if (done.state() != JobState.SUCCEEDED) {
            throw new IllegalStateException(kind.word() + " ended " + done.state().word() + ": " + done.message());
        }
        return done;
    }

    /** Copies every legacy dashboard row, without conversion, into {@code table}, a table like {@code resource}. */
    private static String insertSelect(String table, String value, String legacySchema) {
        return "INSERT INTO " + table + " (guid, \"group\", resource, namespace, name, value, labels, resource_version, "
            + "action, folder) SELECT gen_random_uuid(), 'dashboard.grafana.app', 'dashboards', CASE d.org_id WHEN 1 "
            + "THEN 'default' ELSE 'org-' || d.org_id END, d.uid, " + value + ", NULL, d.id, 1, coalesce(d.folder_uid, '') "
            + "FROM " + legacySchema + ".dashboard d WHERE NOT d.is_folder";
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    /**
     * Times a step that starts with no dirty pages left by the one before: each step's own writes are its cost, not
     * the previous step's, which a checkpoint in the middle of it would flush.
     */
    private static double timed(JobsFixture fixture, Step step) throws Exception {
        if (checkpoints) {
            try {
                sql(fixture, "CHECKPOINT");
            } catch (SQLException e) {
                checkpoints = false;
                System.out.println("no CHECKPOINT between steps (" + e.getMessage() + "): a step may pay for the writes of "
                    + "the one before");
            }
        }
        long start = System.nanoTime();
        step.run();
        return seconds(System.nanoTime() - start);
    }

    private static double seconds(long nanos) {
        return Duration.ofNanos(nanos).toMillis() / 1000.0;
    }

    private static void sql(JobsFixture fixture, String statements) throws SQLException {
        try (Connection c = fixture.unified.getConnection(); Statement s = c.createStatement()) {
            for (String statement : statements.split("; ")) {
                if (s.execute(statement)) {
                    try (ResultSet rs = s.getResultSet()) {
                        while (rs.next()) {
                            rs.getString(1);
                        }
                    }
                }
            }
        }
    }
}
