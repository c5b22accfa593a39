package io.migrationgateway.jobs;

import static io.migrationgateway.jobs.JobsFixture.DASHBOARD_GR;
import static io.migrationgateway.jobs.JobsFixture.DASHBOARDS;
import static io.migrationgateway.jobs.JobsFixture.runToEnd;
import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.translators.dashboard.LegacyDashboards;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.RowConverter.Converted;
import io.migrationgateway.translators.dashboard.DashboardRow;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * 10,000 writes while a copy runs, each made the way dual-write's mode 2 makes it (the legacy row first,
 * then the object with the legacy version as generation; the gateway's mode 2 is built elsewhere): after the copy and
 * its catch-up, the verification is at full parity, and no object is older than its row.
 */
class LiveWritesIT {
    private static final int ROWS = 20_000;
    private static final int WRITES = 10_000;
    private static final int WRITERS = 4;

    private final JobsFixture fixture;
    private final LegacyDashboards dashboards = new LegacyDashboards(new DashboardTranslator(JobsFixture.TRANSLATORS),
        JobsFixture.TRANSLATORS);

    LiveWritesIT() throws Exception {
        fixture = new JobsFixture().generated(ROWS);
    }

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void aCopyUnderTenThousandDualWritesEndsWithBothSidesEqual() throws Exception {
        MigrationJobs jobs = fixture.jobs(JobSettings.defaults().withChunks(Duration.ofMillis(100), 100, 500)
            .withSliceRows(5000));
        ExecutorService writer = Executors.newFixedThreadPool(WRITERS);
        List<Future<Integer>> writes = new java.util.ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int first = w;
            writes.add(writer.submit(() -> dualWrites(first)));
        }
        JobStatus copy = jobs.start(new JobSpec(JobKind.COPY, DASHBOARDS, Optional.empty()));
        int written = 0;
        for (Future<Integer> w : writes) {
            written += w.get();
        }
        writer.shutdown();
        assertThat(written).isEqualTo(WRITES);
        JobStatus copied = jobs.await(copy.id(), Duration.ofMinutes(2));
        assertThat(copied.state()).as(copied.message()).isEqualTo(JobState.SUCCEEDED);

        JobStatus verified = runToEnd(jobs, JobKind.VERIFY, null);

        long rows = fixture.legacyCount("SELECT count(*) FROM dashboard");
        assertThat(rows).isEqualTo(ROWS + WRITES / 5);
        assertThat(verified.counts().processed()).isEqualTo(rows);
        assertThat(verified.counts().matching()).as(jobs.findings(verified.id(), 10).toString()).isEqualTo(rows);
        assertThat(verified.counts().anyDifference()).isFalse();
    }

    /**
     * Every {@value #WRITERS}th write from {@code first} on: 4 of 5 update a random dashboard (two writers may update
     * one at once), 1 of 5 creates one; each as dual-write would do it.
     */
    private int dualWrites(int first) throws Exception {
        Random random = new Random();
        int done = 0;
        try (Connection c = fixture.legacy.getConnection()) {
            for (int i = first; i < WRITES; i += WRITERS) {
                String uid;
                if (i % 5 == 4) {
                    uid = "live-" + i;
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO dashboard (version, slug, title, data, "
                        + "org_id, created, updated, uid) VALUES (1, ?, ?, ?, 1, now() AT TIME ZONE 'UTC', "
                        + "now() AT TIME ZONE 'UTC', ?)")) {
                        ps.setString(1, uid);
                        ps.setString(2, uid);
                        ps.setString(3, "{\"title\":\"" + uid + "\",\"uid\":\"" + uid + "\",\"version\":1}");
                        ps.setString(4, uid);
                        ps.executeUpdate();
                    }
                } else {
                    uid = "gen-" + (1 + random.nextInt(ROWS));
                    try (PreparedStatement ps = c.prepareStatement("UPDATE dashboard SET version = version + 1, "
                        + "updated = now() AT TIME ZONE 'UTC', data = jsonb_set(data::jsonb, '{title}', to_jsonb(?::text))::text "
                        + "WHERE uid = ? AND org_id = 1")) {
                        ps.setString(1, "edited " + i);
                        ps.setString(2, uid);
                        ps.executeUpdate();
                    }
                }
                LegacyRow<DashboardRow> row = dashboards.readKey(c, 1, uid).getFirst();
                Converted converted = (Converted) dashboards.converter().toResource(row.row());
                fixture.store.importNewer(DASHBOARD_GR, List.of(converted.object()), Long.MAX_VALUE, (tx, result) -> { });
                done++;
            }
        }
        return done;
    }
}
