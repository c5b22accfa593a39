package io.migrationgateway.jobs;

import static io.migrationgateway.jobs.JobsFixture.DASHBOARD_GR;
import static io.migrationgateway.jobs.JobsFixture.DASHBOARDS;
import static io.migrationgateway.jobs.JobsFixture.runToEnd;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.flags.gate.GateEvidence.Verification;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.translators.resource.GrafanaMeta;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Objects of unified storage (some changed there, some made there) copied back into the legacy tables
 * through the translator, then verified the other way; a legacy row newer than its object is left alone and reported.
 */
class ReverseCopyIT {
    private static final int ROWS = 400;

    private final JobsFixture fixture;
    private final MigrationJobs jobs;

    ReverseCopyIT() throws Exception {
        fixture = new JobsFixture().generated(ROWS);
        jobs = fixture.jobs(JobSettings.defaults().withChunks(Duration.ofMillis(100), 50, 200).withSliceRows(150));
        assertThat(runToEnd(jobs, JobKind.COPY, null).state()).isEqualTo(JobState.SUCCEEDED);
    }

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void changedAndNewObjectsGoBackToTheirRowsAndVerifyAtFullParity() throws Exception {
        for (int i = 1; i <= 20; i++) {
            retitle("gen-" + (i * 7), "changed in unified " + i);
        }
        for (int i = 1; i <= 10; i++) {
            create("made-in-unified-" + i, "made in unified " + i);
        }

        JobStatus reversed = runToEnd(jobs, JobKind.REVERSE_COPY, null);

        assertThat(reversed.state()).as(reversed.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(reversed.message()).isEqualTo("parity: " + (ROWS + 10) + " of " + (ROWS + 10) + " rows match");
        assertThat(fixture.legacyCount("SELECT count(*) FROM dashboard WHERE uid LIKE 'made-in-unified-%' "
            + "AND data::jsonb ->> 'title' LIKE 'made in unified %' AND version = 1")).isEqualTo(10);
        assertThat(fixture.legacyCount("SELECT count(*) FROM dashboard WHERE version = 2 "
            + "AND data::jsonb ->> 'title' LIKE 'changed in unified %'")).isEqualTo(20);
        assertThat(fixture.legacyCount("SELECT version FROM dashboard WHERE uid = 'gen-7'")).isEqualTo(2);
        long newRow = fixture.legacyCount("SELECT id FROM dashboard WHERE uid = 'made-in-unified-3'");
        assertThat(fixture.store.get(key("made-in-unified-3")).at("/metadata/labels")
            .path(GrafanaMeta.DEPRECATED_INTERNAL_ID).asText()).isEqualTo(Long.toString(newRow));
        assertThat(fixture.store.get(key("made-in-unified-3")).at("/metadata/generation").asLong()).isEqualTo(1);
        Verification evidence = reverseCopyEvidence();
        assertThat(evidence.processed()).isEqualTo(ROWS + 10);
        assertThat(evidence.parity()).isTrue();
        assertThat(jobs.findings(reversed.id(), 10)).isEmpty();
    }

    @Test
    void aLegacyRowNewerThanItsObjectIsLeftAloneAndTheVerificationReportsIt() throws Exception {
        retitle("gen-5", "changed in unified");
        fixture.legacySql("UPDATE dashboard SET version = 3, data = jsonb_set(data::jsonb, '{title}', "
            + "'\"changed in legacy\"')::text WHERE uid = 'gen-5'");

        JobStatus reversed = runToEnd(jobs, JobKind.REVERSE_COPY, null);

        assertThat(reversed.state()).as(reversed.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(reversed.counts().skippedNewer()).isEqualTo(1);
        assertThat(reversed.message()).startsWith("differences: 1 mismatched, 0 missing in unified, 0 extra");
        assertThat(fixture.legacyCount("SELECT count(*) FROM dashboard WHERE uid = 'gen-5' AND version = 3 "
            + "AND data::jsonb ->> 'title' = 'changed in legacy'")).isEqualTo(1);
        List<Finding> findings = jobs.findings(reversed.id(), 10);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.kind()).isEqualTo("mismatch");
            assertThat(f.name()).isEqualTo("gen-5");
            assertThat(f.paths()).containsExactly("$.spec.title");
            assertThat(f.detail()).contains("changed in legacy").contains("changed in unified");
        });
        Verification evidence = reverseCopyEvidence();
        assertThat(evidence.mismatched()).isEqualTo(1);
        assertThat(evidence.parity()).isFalse();
    }

    private void retitle(String name, String title) {
        fixture.store.guaranteedUpdate(key(name), o -> {
            ((ObjectNode) o.get("spec")).put("title", title);
            return o;
        });
    }

    /** An object made in unified storage: no legacy id label, generation 1. */
    private void create(String name, String title) {
        ObjectNode object = fixture.store.get(key("gen-1")).deepCopy();
        ObjectNode meta = (ObjectNode) object.get("metadata");
        meta.put("name", name).remove(List.of("uid", "resourceVersion", "generation", "labels"));
        ((ObjectNode) object.get("spec")).put("title", title);
        fixture.store.create(DASHBOARD_GR, object);
    }

    private Verification reverseCopyEvidence() {
        return new JobEvidence(new JobRepository(fixture.unified)).latestReverseCopy(new Scope(DASHBOARDS,
            Optional.empty())).orElseThrow();
    }

    private static ObjectKey key(String name) {
        return new ObjectKey(DASHBOARD_GR, "default", name);
    }
}
