package io.migrationgateway.jobs;

import static io.migrationgateway.jobs.JobsFixture.DASHBOARD_GR;
import static io.migrationgateway.jobs.JobsFixture.DASHBOARDS;
import static io.migrationgateway.jobs.JobsFixture.runToEnd;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.flags.gate.GateEvidence.Verification;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A changed row, a deleted row, an extra object and a corrupt row, each found exactly, with its path. */
class PlantedFaultsIT {
    private final JobsFixture fixture;
    private final MigrationJobs jobs;

    PlantedFaultsIT() throws Exception {
        fixture = new JobsFixture().generated(3000);
        jobs = fixture.jobs(JobSettings.defaults().withChunks(Duration.ofMillis(200), 100, 1000)
            .withSliceRows(1000));
        assertThat(runToEnd(jobs, JobKind.COPY, null).state()).isEqualTo(JobState.SUCCEEDED);
    }

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void aCleanCopyVerifiesAtFullParityAndTheGateSeesIt() {
        JobStatus verified = runToEnd(jobs, JobKind.VERIFY, null);

        assertThat(verified.counts().processed()).isEqualTo(3000);
        assertThat(verified.counts().matching()).isEqualTo(3000);
        assertThat(verified.counts().anyDifference()).isFalse();
        Optional<Verification> evidence = new JobEvidence(new JobRepository(fixture.unified))
            .latestVerification(new Scope(DASHBOARDS, Optional.empty()));
        assertThat(evidence).get().extracting(Verification::parity).isEqualTo(true);
    }

    @Test
    void eachPlantedFaultIsFoundExactlyWithItsPath() throws Exception {
        ObjectKey changed = key("gen-1234");
        fixture.store.guaranteedUpdate(changed, o -> {
            ((ObjectNode) o.get("spec")).put("title", "tampered");
            return o;
        });
        fixture.store.delete(key("gen-2000"), Preconditions.NONE);
        ObjectNode extra = fixture.store.get(key("gen-7")).deepCopy();
        ((ObjectNode) extra.get("metadata")).put("name", "only-in-unified").remove(List.of("uid", "resourceVersion"));
        fixture.store.create(DASHBOARD_GR, extra);
        fixture.legacySql("UPDATE dashboard SET data = '{not json' WHERE uid = 'gen-99'");

        JobStatus verified = runToEnd(jobs, JobKind.VERIFY, null);

        assertThat(verified.counts().processed()).isEqualTo(3000);
        assertThat(verified.counts().matching()).isEqualTo(2997);
        assertThat(verified.counts()).extracting(Counts::mismatched, Counts::missing, Counts::extra, Counts::unconvertible)
            .containsExactly(1L, 1L, 1L, 1L);
        List<Finding> findings = jobs.findings(verified.id(), 100);
        assertThat(findings).extracting(Finding::kind, Finding::name).containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("mismatch", "gen-1234"),
            org.assertj.core.groups.Tuple.tuple("missing", "gen-2000"),
            org.assertj.core.groups.Tuple.tuple("extra", "only-in-unified"),
            org.assertj.core.groups.Tuple.tuple("unconvertible", "gen-99"));
        Finding mismatch = findings.stream().filter(f -> f.kind().equals("mismatch")).findFirst().orElseThrow();
        assertThat(mismatch.paths()).containsExactly("$.spec.title");
        assertThat(mismatch.detail()).contains("Generated 1234").contains("tampered");
        assertThat(findings.stream().filter(f -> f.kind().equals("unconvertible")).findFirst().orElseThrow().detail())
            .contains("corrupt");
        Optional<Verification> evidence = new JobEvidence(new JobRepository(fixture.unified))
            .latestVerification(new Scope(DASHBOARDS, Optional.empty()));
        assertThat(evidence).get().extracting(Verification::parity).isEqualTo(false);
    }

    private static ObjectKey key(String name) {
        return new ObjectKey(DASHBOARD_GR, "default", name);
    }
}
