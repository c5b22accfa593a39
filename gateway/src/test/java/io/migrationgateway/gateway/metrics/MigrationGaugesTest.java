package io.migrationgateway.gateway.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import io.migrationgateway.testsupport.MutableClock;

/**
 * The gauges of the migration's state, read when scraped, as Prometheus sees them: the mode per resource and
 * namespace, the outbox's depth and oldest entry, the latest jobs and how long since they progressed, the gate's
 * threshold and the legacy side's call times.
 */
class MigrationGaugesTest {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";

    private final GatewayMetrics metrics = new GatewayMetrics();

    private String scrape() {
        return metrics.scrape();
    }

    @Test
    void eachNamespaceOverrideIsPublishedBesideTheDefaultModeAndGoesWhenRemoved() {
        AtomicReference<List<ResourceModes>> flags = new AtomicReference<>(List.of(
                new ResourceModes(DASHBOARDS, true, Mode.SHADOW, Map.of("org-2", Mode.UNIFIED_ONLY)),
                ResourceModes.initial(PLAYLISTS)));
        ModeGauges gauges = new ModeGauges(metrics.registry(), flags::get);
        metrics.beforeScrape(gauges::refresh);

        assertThat(scrape())
                .contains("gateway_resource_mode{namespace=\"*\",resource=\"" + DASHBOARDS + "\"} 1.0")
                .contains("gateway_resource_mode{namespace=\"org-2\",resource=\"" + DASHBOARDS + "\"} 4.0")
                .contains("gateway_resource_mode{namespace=\"*\",resource=\"" + PLAYLISTS + "\"} 0.0");

        flags.set(List.of(new ResourceModes(DASHBOARDS, true, Mode.DUAL_WRITE, Map.of()), ResourceModes.initial(PLAYLISTS)));
        assertThat(scrape())
                .contains("gateway_resource_mode{namespace=\"*\",resource=\"" + DASHBOARDS + "\"} 2.0")
                .doesNotContain("namespace=\"org-2\"");
    }

    @Test
    void aResourceWhoseFeatureIsOffServesModeZeroWhateverItsDormantMode() {
        ModeGauges gauges = new ModeGauges(metrics.registry(),
                () -> List.of(new ResourceModes(DASHBOARDS, false, Mode.UNIFIED_READ, Map.of("org-2", Mode.UNIFIED_ONLY))));
        metrics.beforeScrape(gauges::refresh);

        assertThat(scrape()).contains("gateway_resource_mode{namespace=\"*\",resource=\"" + DASHBOARDS + "\"} 0.0")
                .doesNotContain("namespace=\"org-2\"");
    }

    @Test
    void everyResourceHasAnOutboxDepthAtZeroUntilEntriesArePendingWithTheOldestOnesAge() {
        AtomicReference<Map<String, OutboxGauges.Pending>> pending = new AtomicReference<>(Map.of());
        OutboxGauges gauges = new OutboxGauges(metrics.registry(), List.of(DASHBOARDS, PLAYLISTS), pending::get);
        metrics.beforeScrape(gauges::refresh);

        assertThat(scrape()).contains("gateway_outbox_pending{resource=\"" + PLAYLISTS + "\"} 0.0")
                .contains("gateway_outbox_oldest_age_seconds{resource=\"" + DASHBOARDS + "\"} 0.0");

        pending.set(Map.of(DASHBOARDS, new OutboxGauges.Pending(3, 125.5)));
        assertThat(scrape()).contains("gateway_outbox_pending{resource=\"" + DASHBOARDS + "\"} 3.0")
                .contains("gateway_outbox_oldest_age_seconds{resource=\"" + DASHBOARDS + "\"} 125.5")
                .contains("gateway_outbox_pending{resource=\"" + PLAYLISTS + "\"} 0.0");
    }

    @Test
    void aRunningJobWhoseRowsStopGrowingAgesWhileTheLatestJobOfEachScopeIsPublished() {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
        List<JobStatus> jobs = new ArrayList<>(List.of(
                job(7, JobKind.COPY, JobState.RUNNING, 40),
                job(3, JobKind.COPY, JobState.SUCCEEDED, 100), // older job of the same scope: not published
                job(5, JobKind.VERIFY, JobState.SUCCEEDED, 100)));
        JobGauges gauges = new JobGauges(metrics.registry(), () -> List.copyOf(jobs), clock);
        metrics.beforeScrape(gauges::refresh);
        String copy = "{kind=\"copy\",namespace=\"*\",resource=\"" + DASHBOARDS + "\"}";
        String verify = "{kind=\"verify\",namespace=\"*\",resource=\"" + DASHBOARDS + "\"}";

        assertThat(scrape()).contains("gateway_job_running" + copy + " 1.0", "gateway_job_rows_processed" + copy + " 40.0",
                "gateway_job_rows_planned" + copy + " 100.0", "gateway_job_running" + verify + " 0.0",
                "gateway_job_progress_age_seconds" + copy + " 0.0");

        clock.advance(Duration.ofMinutes(10));
        assertThat(scrape()).contains("gateway_job_progress_age_seconds" + copy + " 600.0");

        jobs.set(0, job(7, JobKind.COPY, JobState.RUNNING, 41));
        clock.advance(Duration.ofSeconds(30));
        assertThat(scrape()).contains("gateway_job_progress_age_seconds" + copy + " 0.0", "gateway_job_rows_processed" + copy + " 41.0");
    }

    @Test
    void theGatesThresholdAndTheLegacySidesCallTimesAreScraped() {
        metrics.bindGateThreshold(0.005);
        metrics.legacyCall(Duration.ofMillis(30).toNanos());

        assertThat(scrape()).contains("gateway_gate_shadow_max_mismatch_ratio 0.005")
                .contains("gateway_legacy_calls_seconds_count{upstream=\"legacy\"} 1")
                .contains("gateway_legacy_calls_seconds_bucket{upstream=\"legacy\",le=\"0.05\"} 1");
    }

    @Test
    void aRefreshThatFailsLeavesItsGaugesAtTheirLastValuesAndTheScrapeAnswering() {
        AtomicReference<Map<String, OutboxGauges.Pending>> pending = new AtomicReference<>(Map.of(DASHBOARDS, new OutboxGauges.Pending(2, 1)));
        OutboxGauges gauges = new OutboxGauges(metrics.registry(), List.of(DASHBOARDS), () -> {
            Map<String, OutboxGauges.Pending> now = pending.get();
            if (now == null) {
                throw new IllegalStateException("database down");
            }
            return now;
        });
        metrics.beforeScrape(gauges::refresh);
        assertThat(scrape()).contains("gateway_outbox_pending{resource=\"" + DASHBOARDS + "\"} 2.0");

        pending.set(null);
        assertThat(scrape()).contains("gateway_outbox_pending{resource=\"" + DASHBOARDS + "\"} 2.0");
    }

    private static JobStatus job(long id, JobKind kind, JobState state, long processed) {
        return new JobStatus(id, new JobSpec(kind, DASHBOARDS, Optional.empty()), state, "working", Instant.EPOCH, Optional.empty(), 100,
                new Counts(processed, 0, 0, 0, 0, 0, 0, 0, 0, 0), "");
    }
}
