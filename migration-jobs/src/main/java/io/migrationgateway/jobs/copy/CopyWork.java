package io.migrationgateway.jobs.copy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.work.ChunkSizer;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.jobs.spec.JobScope;
import io.migrationgateway.jobs.work.ReadAhead;
import io.migrationgateway.jobs.work.Throttle;
import io.migrationgateway.translators.table.KeyRange;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable.EarlierVersions;
import io.migrationgateway.translators.table.LegacyTable.OrgUid;
import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.jobs.store.SliceClaim;
import io.migrationgateway.storage.ObjectImport.ImportResult;
import io.migrationgateway.storage.ObjectImport.Outcome;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.translators.RowConverter.Conversion;
import io.migrationgateway.translators.RowConverter.Converted;
import io.migrationgateway.translators.RowConverter.Unconvertible;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copy: a slice's rows in id order, chunk by chunk from its checkpoint, each chunk converted by the translator and
 * imported with its checkpoint in one transaction of unified storage (so a runner killed at any point resumes exactly
 * where its last commit left off, and a chunk done twice finds its objects unchanged). Then, as the job's last step,
 * the catch-up: rows updated since the copy began, again and again, until a pass finds few enough. The earlier versions
 * the legacy side keeps of each row (a dashboard's history) go into unified storage's history in the same transaction
 * as the row's object, as many as the kind keeps ({@link io.migrationgateway.translators.Translator#versionsKept}).
 */
public final class CopyWork<R> {
    private static final Logger LOG = LoggerFactory.getLogger(CopyWork.class);
    // Rows whose update commits a little after their "updated" time was taken would slip past an exact watermark;
    // re-reading a few seconds more costs only some unchanged rows.
    private static final Duration WATERMARK_MARGIN = Duration.ofSeconds(5);
    // Legacy text per chunk at most: a chunk is held as rows, trees and serialized objects, several times its text, and
    // two are in memory at once (one imported, one read ahead). Measured on 30,000 15 KB dashboards with a 1 GB heap:
    // 4 MB chunks (about 270 rows) copied in 7.5 s with 0.7 s of GC pauses, 8 MB ones in 21 s with 5 s (live chunks
    // outgrew the survivor spaces and were promoted, then collected by mixed collections), 1 MB ones in 9.5 s (fixed
    // costs per chunk). So a 256th of the heap, between 1 and 4 MB.
    private static final long CHUNK_BYTES = Math.clamp(Runtime.getRuntime().maxMemory() / 256, 1L << 20, 4L << 20);

    /** A read of the legacy database. */
    @FunctionalInterface
    private interface Read<T> {
        T run(Connection c) throws SQLException;
    }

    private final JobContext context;
    private final JobScope<R> job;
    private final Throttle throttle;

    public CopyWork(JobContext context, JobScope<R> job) {
        this.context = context;
        this.job = job;
        this.throttle = new Throttle(context.settings().maxRowsPerSecond(), context.settings().latencyFactor(),
            context.sleeper(), System::nanoTime);
    }

    /**
     * Copies the claimed slice from its checkpoint on, while {@code keepGoing} says so at each chunk boundary. The next
     * chunk is read and converted (the translator checks or parses every row's JSON) while the current one is imported.
     *
     * @return whether the slice is finished
     */
    public boolean copySlice(SliceClaim claim, BooleanSupplier keepGoing) throws SQLException, InterruptedException {
        KeyRange start = new KeyRange(Math.max(claim.lo(), context.repository().checkpoint(job.id(), claim.slice())
            .lastKey()), claim.hi());
        ChunkSizer sizer = chunkSizer();
        try (ReadAhead<Chunk<R>> ahead = new ReadAhead<>("migration-job-" + job.id() + "-read")) {
            int firstSize = sizer.size();
            ahead.start(() -> readChunk(firstSize, c -> job.table().read(c, start, job.org(), firstSize)));
            KeyRange range = start;
            while (keepGoing.getAsBoolean()) {
                long started = System.nanoTime();
                Chunk<R> chunk = ahead.take();
                if (chunk.rows().isEmpty()) {
                    LOG.info("job {} slice {} copied; the legacy database's latency paused it {} times", job.id(),
                        claim.slice(), throttle.pauses());
                    return true;
                }
                long last = chunk.rows().getLast().id();
                boolean more = last < range.last();
                KeyRange rest = range.from(last);
                if (more) {
                    int size = sizer.size();
                    ahead.start(() -> readChunk(size, c -> job.table().read(c, rest, job.org(), size)));
                }
                importChunk(chunk, claim.slice(), last, false);
                sizer.observe(chunk.rows().size(), chunk.bytes(), Duration.ofNanos(System.nanoTime() - started));
                if (!more) {
                    return true;
                }
                range = rest;
            }
            return false;
        }
    }

    /**
     * The catch-up: re-copies the rows updated since the job was planned, then those updated since that pass began,
     * until a pass finds at most the threshold or the passes run out. Objects dual-write wrote newer are left alone by
     * the import itself.
     *
     * @return whether it finished (false: stopped at a chunk boundary)
     */
    public boolean catchUp(LocalDateTime watermark, BooleanSupplier keepGoing) throws SQLException, InterruptedException {
        LocalDateTime since = watermark.minus(WATERMARK_MARGIN);
        for (int pass = 0; pass < context.settings().catchUpPasses(); pass++) {
            LocalDateTime passStarted = read(0, CopyWork::legacyClock);
            long found = 0;
            long after = 0;
            ChunkSizer sizer = chunkSizer();
            while (true) {
                if (!keepGoing.getAsBoolean()) {
                    return false;
                }
                long started = System.nanoTime();
                LocalDateTime from = since;
                long above = after;
                Chunk<R> chunk = readChunk(sizer.size(), c -> job.table().readChanged(c, from, above, job.org(),
                    sizer.size()));
                if (chunk.rows().isEmpty()) {
                    break;
                }
                after = chunk.rows().getLast().id();
                ImportResult imported = importChunk(chunk, SliceClaim.FINAL, after, true);
                found += imported.count(Outcome.CREATED) + imported.count(Outcome.UPDATED);
                sizer.observe(chunk.rows().size(), chunk.bytes(), Duration.ofNanos(System.nanoTime() - started));
            }
            if (found <= context.settings().catchUpThreshold()) {
                return true;
            }
            since = passStarted.minus(WATERMARK_MARGIN);
        }
        return true;
    }

    private ChunkSizer chunkSizer() {
        return new ChunkSizer(context.settings().chunkTarget(), context.settings().initialChunk(),
            context.settings().maxChunk(), CHUNK_BYTES);
    }

    private <T> T read(int rows, Read<T> read) throws SQLException, InterruptedException {
        throttle.beforeRead(rows);
        long started = System.nanoTime();
        T result;
        try (Connection c = context.legacy().getConnection()) {
            result = read.run(c);
        }
        throttle.afterRead(rows, Duration.ofNanos(System.nanoTime() - started));
        return result;
    }

    /**
     * Reads and converts a chunk, dated first by unified storage's latest resource version: an object deleted after
     * that (a dual-write deleting its row while the chunk held it) is not brought back by the import.
     */
    private Chunk<R> readChunk(int rows, Read<List<LegacyRow<R>>> query) throws SQLException, InterruptedException {
        long readAfter = context.imports().latestResourceVersion(job.groupResource());
        int keep = job.table().translator().versionsKept();
        Rows<R> read = read(rows, c -> {
            List<LegacyRow<R>> found = query.run(c);
            return new Rows<>(found, job.table().earlierVersions(c, found, keep));
        });
        return prepare(readAfter, read.rows(), read.versions());
    }

    /** Legacy rows and the earlier versions of them the legacy side keeps. */
    private record Rows<R>(List<LegacyRow<R>> rows, EarlierVersions versions) {
    }

    /**
     * A chunk of legacy rows, read after unified storage's resource version {@code readAfter}, their conversion, and
     * the earlier versions they have.
     */
    private record Chunk<R>(long readAfter, List<LegacyRow<R>> rows, List<ObjectNode> objects,
                            List<LegacyRow<R>> converted, List<Finding> findings, EarlierVersions versions) {
        long bytes() {
            return rows.stream().mapToLong(LegacyRow::bytes).sum() + versions.bytes();
        }

        /** The chunk without its converted object {@code index}, which gets {@code finding} instead. */
        Chunk<R> without(int index, Finding finding) {
            List<ObjectNode> keptObjects = new ArrayList<>(objects);
            List<LegacyRow<R>> keptRows = new ArrayList<>(converted);
            keptObjects.remove(index);
            keptRows.remove(index);
            List<Finding> moreFindings = new ArrayList<>(findings);
            moreFindings.add(finding);
            return new Chunk<>(readAfter, rows, keptObjects, keptRows, moreFindings, versions);
        }
    }

    private Chunk<R> prepare(long readAfter, List<LegacyRow<R>> rows, EarlierVersions versions) {
        List<ObjectNode> objects = new ArrayList<>(rows.size());
        List<LegacyRow<R>> converted = new ArrayList<>(rows.size());
        List<Finding> findings = new ArrayList<>();
        for (LegacyRow<R> row : rows) {
            // the import only writes the objects' specs: they may stay JSON text (RowConverter.toImport)
            Conversion conversion = job.table().converter().toImport(row.row());
            switch (conversion) {
                case Converted c -> {
                    objects.add(c.object());
                    converted.add(row);
                }
                case Unconvertible u -> findings.add(unconvertible(row, u.reason()));
            }
        }
        // labels, annotations, managed fields, uid and creation time set through the gateway in modes 0-2
        context.kept().merge(job.groupResource(), objects);
        return new Chunk<>(readAfter, rows, objects, converted, findings, versions);
    }

    /**
     * Imports a converted chunk with the checkpoint, the counts and the unconvertible rows' findings, then forgets what
     * the legacy side deleted meanwhile. A row whose object is larger than unified storage keeps is left out, as a
     * finding. A catch-up counts only what it wrote (its rows were processed once already).
     *
     * @return what the import did with each object
     */
    private ImportResult importChunk(Chunk<R> chunk, int slice, long lastKey, boolean catchUp) throws SQLException {
        while (true) {
            ImportResult imported;
            try {
                imported = importWhole(chunk, slice, lastKey, catchUp);
            } catch (StorageException refused) {
                int index = refused.reason() == StorageException.Reason.TOO_LARGE ? indexOf(chunk, refused.key()) : -1;
                if (index < 0) {
                    throw refused;
                }
                // one row unified storage cannot hold does not hold up the chunk: it is a finding, the rest goes in
                LegacyRow<R> row = chunk.converted().get(index);
                chunk = chunk.without(index, new Finding("too-large", refused.key().namespace(), row.uid(), row.id(), List.of(),
                    refused.getMessage()));
                continue;
            }
            forgetRowsDeletedMeanwhile(chunk, imported);
            return imported;
        }
    }

    private static int indexOf(Chunk<?> chunk, ObjectKey key) {
        for (int i = 0; key != null && i < chunk.objects().size(); i++) {
            JsonNode metadata = chunk.objects().get(i).path("metadata");
            if (metadata.path("name").asText().equals(key.name()) && metadata.path("namespace").asText().equals(key.namespace())) {
                return i;
            }
        }
        return -1;
    }

    private ImportResult importWhole(Chunk<R> chunk, int slice, long lastKey, boolean catchUp) {
        List<Finding> findings = new ArrayList<>(chunk.findings());
        ImportResult imported = context.imports().importNewer(job.groupResource(), chunk.objects(), chunk.versions().objects(),
            chunk.readAfter(),
            (c, result) -> {
                commitWithoutWaitingForTheDisk(c);
                result.refusals().forEach((index, reason) ->
                    findings.add(unconvertible(chunk.converted().get(index), reason)));
                context.repository().advance(c, job.id(), slice, lastKey, "",
                    counts(catchUp ? 0 : chunk.rows().size(), result, catchUp, findings.size()));
                context.repository().addFindings(c, job.id(), findings);
            });
        return imported;
    }

    /**
     * Deletes again what the import just created from rows the legacy side deleted after the chunk was read. A mode-2
     * delete of a row whose object was not in unified storage yet writes nothing there, so no tombstone tells the
     * import that its copy of the row is stale (seen: a dashboard deleted during the copy present in unified storage
     * afterwards). Checked after the import committed, so a delete either happens before the check (and is seen here)
     * or after the commit (and its dual-write finds the object and deletes it). An object is deleted only while no
     * legacy row has its uid and it still carries the resource version the import wrote: a write that re-created it
     * since wins.
     */
    private void forgetRowsDeletedMeanwhile(Chunk<R> chunk, ImportResult imported) throws SQLException {
        Map<OrgUid, Integer> created = new HashMap<>();
        for (int i = 0; i < imported.outcomes().size(); i++) {
            if (imported.outcomes().get(i) == Outcome.CREATED) {
                LegacyRow<R> row = chunk.converted().get(i);
                created.put(new OrgUid(row.orgId(), row.uid()), i);
            }
        }
        if (created.isEmpty()) {
            return;
        }
        Set<OrgUid> existing;
        try (Connection c = context.legacy().getConnection()) {
            existing = job.table().existing(c, List.copyOf(created.keySet()));
        }
        created.forEach((key, index) -> {
            if (!existing.contains(key)) {
                JsonNode metadata = chunk.objects().get(index).path("metadata");
                deleteIfUnchanged(new ObjectKey(job.groupResource(), metadata.path("namespace").asText(),
                    metadata.path("name").asText()), imported.writtenVersions().get(index));
            }
        });
    }

    private void deleteIfUnchanged(ObjectKey key, long importedVersion) {
        try {
            context.store().delete(key, new Preconditions(null, Long.toString(importedVersion)));
            LOG.info("job {}: {} was deleted on the legacy side while its row was being copied; deleted again", job.id(),
                key);
        } catch (StorageException e) {
            if (e.reason() != StorageException.Reason.NOT_FOUND && e.reason() != StorageException.Reason.CONFLICT) {
                throw e;
            }
            // gone already (its delete found it), or changed by a newer write, which wins
        }
    }

    /**
     * The chunk's commit returns before its WAL is flushed to disk: the checkpoint commits in the same transaction as
     * the objects, so a database crash that loses the commit loses both, and the job resumes exactly from the checkpoint
     * before (a transaction is never kept in part). What such a crash can lose was copied, not made: the legacy rows
     * are still there. Saves a disk flush per chunk.
     */
    private static void commitWithoutWaitingForTheDisk(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SET LOCAL synchronous_commit = off")) {
            ps.execute();
        }
    }

    private Finding unconvertible(LegacyRow<R> row, String reason) {
        return new Finding("unconvertible", context.namespaces().namespaceOf(row.orgId()), row.uid(), row.id(),
            List.of(), reason);
    }

    private static Counts counts(int processed, ImportResult result, boolean catchUp, int unconvertible) {
        return new Counts(processed, result.count(Outcome.CREATED), result.count(Outcome.UPDATED),
            catchUp ? 0 : result.count(Outcome.UNCHANGED), result.count(Outcome.SKIPPED_NEWER),
            catchUp ? 0 : unconvertible, 0, 0, 0, 0);
    }

    /** The legacy database's clock, in UTC as the legacy tables keep their times: the catch-up's first watermark. */
    public static LocalDateTime legacyClock(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT (now() AT TIME ZONE 'UTC')::timestamp");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getObject(1, LocalDateTime.class);
        }
    }
}
