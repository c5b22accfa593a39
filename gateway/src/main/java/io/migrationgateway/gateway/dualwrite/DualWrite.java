package io.migrationgateway.gateway.dualwrite;

import java.util.Optional;
import io.migrationgateway.gateway.overlegacy.KeptMetadataStore;
import io.migrationgateway.translators.table.LegacyTables;
import io.migrationgateway.model.Namespaces;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationgateway.gateway.config.DualWriteConfig;
import io.migrationgateway.gateway.config.ShadowConfig;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import io.migrationgateway.gateway.budget.BoundedWork;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.translators.TranslatorRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dual-write of one gateway, wired: the {@link DualWriter} for the request path, the {@link OutboxWorker} that drains
 * the outbox every {@code dual-write.poll-interval}, and the retention of old records. Owns their threads.
 */
public final class DualWrite implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DualWrite.class);
    /** Mode-1 copies waiting at most; beyond, a copy is recorded as failed rather than queued. */
    private static final int QUEUE = 10_000;
    private static final int THREADS = 4;

    private final DualWriteStore store;
    private final DualWriter writer;
    private final OutboxWorker outbox;
    private final BoundedWork work;
    private final ScheduledExecutorService scheduler;

    private DualWrite(DualWriteStore store, DualWriter writer, OutboxWorker outbox, BoundedWork work, ScheduledExecutorService scheduler) {
        this.store = store;
        this.writer = writer;
        this.outbox = outbox;
        this.work = work;
        this.scheduler = scheduler;
    }

    /** Starts the outbox and the retention on the gateway's database, whose schema is migrated. */
    public static DualWrite start(DualWriteConfig config, ShadowConfig shadow, DataSource dataSource, ResourceStore unified,
                                  LegacyClient legacy, TranslatorRegistry translators, MeterRegistry registry, Clock clock,
                                  String nodeId, Optional<DataSource> legacyDatabase, LegacyTables tables, Namespaces namespaces,
                                  Duration requestTimeout, KeptMetadataStore kept) {
        DualWriteStore store = new DualWriteStore(dataSource, requestTimeout);
        ObjectSync sync = new ObjectSync(store, shadow);
        BoundedWork work = BoundedWork.unmetered("dual-write", THREADS, QUEUE, config.timeLimit());
        LegacySides legacySides = new LegacySides(legacy, kept, new LegacyRowsSide(legacyDatabase, tables, namespaces));
        DualWriter writer = new DualWriter(store, sync, unified, legacySides, work, registry, nodeId);
        OutboxWorker outbox = new OutboxWorker(store, sync, writer, translators, unified, legacySides, config,
                new LegacyRowsChanged(legacyDatabase, tables, namespaces));
        ScheduledExecutorService scheduler = OutOfMemoryPolicy.scheduler("dual-write-outbox");
        long poll = config.pollInterval().toMillis();
        scheduler.scheduleWithFixedDelay(outbox::drainQuietly, poll, poll, TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(() -> deleteOld(store, shadow, clock), 1, 60, TimeUnit.MINUTES);
        Gauge.builder("gateway.dual.write.queued", work, BoundedWork::queued)
                .description("Mode-1 copies waiting for a dual-write thread")
                .register(registry);
        return new DualWrite(store, writer, outbox, work, scheduler);
    }

    private static void deleteOld(DualWriteStore store, ShadowConfig shadow, Clock clock) {
        try {
            store.deleteOlderThan(clock.instant().minus(shadow.retention()));
        } catch (RuntimeException e) {
            LOG.warn("cannot delete old dual-write records: {}", e.getMessage());
        }
    }

    public DualWriter writer() {
        return writer;
    }

    public DualWriteStore store() {
        return store;
    }

    public OutboxWorker outbox() {
        return outbox;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        work.close();
    }
}
