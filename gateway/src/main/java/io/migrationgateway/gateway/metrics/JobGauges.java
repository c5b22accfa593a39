package io.migrationgateway.gateway.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The latest migration job of each (kind, resource, namespace), read from the shared database when scraped:
 * {@code gateway_job_running} (1 while running), {@code gateway_job_rows_processed}, {@code gateway_job_rows_planned}
 * and {@code gateway_job_progress_age_seconds}, the time since its processed rows last grew (since this replica first
 * saw it, when they never did), which is what tells a stalled job from a slow one.
 */
public final class JobGauges {
    /** Where a job's count stood and since when, to measure how long it has not moved. */
    private record Progress(long id, long processed, Instant since) {
    }

    private final MultiGauge running;
    private final MultiGauge processed;
    private final MultiGauge planned;
    private final MultiGauge progressAge;
    private final Supplier<List<JobStatus>> newestFirst;
    private final Clock clock;
    private final Map<Tags, Progress> progress = new HashMap<>();

    public JobGauges(MeterRegistry registry, Supplier<List<JobStatus>> newestFirst, Clock clock) {
        this.newestFirst = newestFirst;
        this.clock = clock;
        running = MultiGauge.builder("gateway.job.running")
                .description("1 while the latest job of this kind, resource and namespace runs, else 0").register(registry);
        processed = MultiGauge.builder("gateway.job.rows.processed")
                .description("Legacy rows the latest job has read (copy) or compared (verify, compare)").register(registry);
        planned = MultiGauge.builder("gateway.job.rows.planned")
                .description("Rows the latest job estimated when it planned its work").register(registry);
        progressAge = MultiGauge.builder("gateway.job.progress.age")
                .description("Time since the latest job's processed rows last grew").baseUnit("seconds").register(registry);
    }

    /** Synchronized: two scrapes at once must not race on the progress they remember. */
    public synchronized void refresh() {
        Map<Tags, JobStatus> latest = new LinkedHashMap<>();
        for (JobStatus job : newestFirst.get()) {
            latest.putIfAbsent(Tags.of("kind", job.spec().kind().word(), "resource", job.spec().resource(),
                    "namespace", job.spec().namespace().orElse(ModeGauges.DEFAULT_NAMESPACE)), job);
        }
        Instant now = clock.instant();
        List<MultiGauge.Row<?>> runningRows = new ArrayList<>();
        List<MultiGauge.Row<?>> processedRows = new ArrayList<>();
        List<MultiGauge.Row<?>> plannedRows = new ArrayList<>();
        List<MultiGauge.Row<?>> ageRows = new ArrayList<>();
        latest.forEach((tags, job) -> {
            long rows = job.counts().processed();
            Progress last = progress.get(tags);
            Progress current = last != null && last.id() == job.id() && last.processed() == rows ? last : new Progress(job.id(), rows, now);
            progress.put(tags, current);
            runningRows.add(MultiGauge.Row.of(tags, job.state() == JobState.RUNNING ? 1 : 0));
            processedRows.add(MultiGauge.Row.of(tags, rows));
            plannedRows.add(MultiGauge.Row.of(tags, job.rowsTotal()));
            ageRows.add(MultiGauge.Row.of(tags, Duration.between(current.since(), now).toMillis() / 1000.0));
        });
        progress.keySet().retainAll(latest.keySet());
        running.register(runningRows, true);
        processed.register(processedRows, true);
        planned.register(plannedRows, true);
        progressAge.register(ageRows, true);
    }
}
