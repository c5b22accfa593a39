package io.migrationgateway.jobs;

import static io.migrationgateway.jobs.JobsFixture.DASHBOARD_GR;
import static io.migrationgateway.jobs.JobsFixture.runToEnd;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.storage.ObjectKey;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CopyIT {
    private final JobsFixture fixture = new JobsFixture().seeded();

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void copiesEveryDashboardRowAsItsTranslatedObjectWithTheLegacyVersionAsGeneration() throws Exception {
        MigrationJobs jobs = fixture.jobs(JobSettings.defaults().withChunks(java.time.Duration.ofMillis(100), 7, 50));

        JobStatus done = runToEnd(jobs, JobKind.COPY, null);

        long rows = fixture.legacyCount("SELECT count(*) FROM dashboard WHERE NOT is_folder");
        List<Finding> unconvertible = jobs.findings(done.id(), 1000);
        assertThat(done.state()).as(done.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(done.counts().processed()).isEqualTo(rows);
        assertThat(done.counts().created() + done.counts().unconvertible()).isEqualTo(rows);
        assertThat(fixture.unifiedCount("SELECT count(*) FROM resource")).isEqualTo(done.counts().created());
        assertThat(fixture.unifiedCount("SELECT count(*) FROM resource_history")).isEqualTo(done.counts().created());
        assertThat(unconvertible).hasSize((int) done.counts().unconvertible());
        String uid = fixture.firstCopyableUid();
        ObjectNode first = fixture.store.get(new ObjectKey(DASHBOARD_GR, "default", uid));
        assertThat(first.at("/metadata/generation").asLong()).isEqualTo(
            fixture.legacyCount("SELECT version FROM dashboard WHERE uid = '" + uid + "' AND org_id = 1"));
    }

    @Test
    void aRowLargerThanUnifiedStorageKeepsIsAFindingAndEveryOtherRowIsCopied() throws Exception {
        String big = fixture.firstCopyableUid();
        // 11 MB of JSON, over the default 10 MiB object limit
        fixture.legacySql("UPDATE dashboard SET data = '{\"uid\":\"" + big + "\",\"title\":\"Huge\",\"padding\":\"' || repeat('x', 11000000)"
            + " || '\"}' WHERE uid = '" + big + "' AND org_id = 1");
        MigrationJobs jobs = fixture.jobs(JobSettings.defaults().withChunks(java.time.Duration.ofMillis(100), 7, 50));

        JobStatus done = runToEnd(jobs, JobKind.COPY, null);

        long rows = fixture.legacyCount("SELECT count(*) FROM dashboard WHERE NOT is_folder");
        assertThat(done.state()).as(done.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(done.counts().created() + done.counts().unconvertible()).isEqualTo(rows);
        assertThat(jobs.findings(done.id(), 1000)).filteredOn(finding -> finding.kind().equals("too-large"))
            .singleElement().satisfies(finding -> {
                assertThat(finding.name()).isEqualTo(big);
                assertThat(finding.detail()).contains("the limit is 10485760");
            });
        assertThat(fixture.unifiedCount("SELECT count(*) FROM resource WHERE name = '" + big + "'")).isZero();
        assertThat(fixture.unifiedCount("SELECT count(*) FROM resource")).isEqualTo(done.counts().created());
    }
}
