package io.migrationgateway.jobs.verify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.jobs.spec.JobScope;
import io.migrationgateway.jobs.work.ChunkSizer;
import io.migrationgateway.jobs.work.KeptMetadata.KeptPart;
import io.migrationgateway.jobs.work.KeptMetadata.LegacyObject;
import io.migrationgateway.jobs.work.ReadAhead;
import io.migrationgateway.jobs.verify.KeptValues.Expected;
import io.migrationgateway.jobs.verify.RowComparison.Sides;
import io.migrationgateway.translators.hash.CanonicalJson;
import io.migrationgateway.translators.hash.Hash128;
import io.migrationgateway.translators.hash.Projection.Hashes;
import io.migrationgateway.translators.table.Fingerprint;
import io.migrationgateway.translators.table.KeyRange;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable.OrgUid;
import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.jobs.store.SliceClaim;
import io.migrationgateway.jobs.verify.UnifiedSide.Key;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The verification (data-diff's hash segments, Ghostferry's row fingerprints, VDiff's report): per chunk of legacy
 * ids, each row's canonical hash ({@link io.migrationgateway.translators.hash.Projection}) computed from each side's stored
 * text as it streams in, so a chunk is compared row by row at once (bisecting a differing chunk as data-diff does
 * between distant databases would read its halves again). The legacy side's object is its row with the metadata the
 * gateway keeps beside it in modes 0–2 ({@link KeptValues}), looked up once per chunk and hashed apart from the row.
 * Each differing row is compared by the translator, and one that still differs is looked at again after
 * {@link io.migrationgateway.jobs.spec.JobSettings#recheckDelay()} before it counts (a write in flight is not a
 * difference). Counts and findings go in with the chunk's checkpoint. The job's last step finds the objects only
 * unified storage has and records the totals.
 */
public final class VerifyWork<R> {
    /** A verification of unified storage against the legacy tables (after a copy). */
    public static final String LEGACY_TO_UNIFIED = "legacy-to-unified";
    /** A verification of the legacy tables against unified storage (after a reverse copy). */
    public static final String UNIFIED_TO_LEGACY = "unified-to-legacy";

    private final JobContext context;
    private final JobScope<R> job;
    private final UnifiedSide unified;
    private final RowComparison<R> comparison;
    private final int firstSlice;

    /**
     * @param firstSlice the lowest slice whose checkpoint counts belong to the verification (a reverse copy counts
     *                   its copy under the slices below)
     */
    public VerifyWork(JobContext context, JobScope<R> job, int firstSlice) {
        this.context = context;
        this.job = job;
        this.firstSlice = firstSlice;
        this.unified = new UnifiedSide(context.unified(), job.groupResource(),
            job.table().projection().besides(KeptValues.BESIDES));
        this.comparison = new RowComparison<>(job.table(), job.groupResource(), context.kept());
    }

    /** Verifies the claimed slice from its checkpoint on; whether it finished. */
    public boolean verifySlice(SliceClaim claim, BooleanSupplier keepGoing) throws SQLException, InterruptedException {
        KeyRange range = new KeyRange(Math.max(claim.lo(), context.repository().checkpoint(job.id(), claim.slice())
            .lastKey()), claim.hi());
        return verifyRange(claim.slice(), range, keepGoing);
    }

    /**
     * Verifies {@code range}, checkpointing under {@code slice}; whether it got to the end. The legacy hashes of the
     * next chunk, and its kept metadata, are read (on their own thread and connections) while the current chunk's
     * objects are hashed: both databases read, and both threads hash, at the same time.
     */
    public boolean verifyRange(int slice, KeyRange range, BooleanSupplier keepGoing)
        throws SQLException, InterruptedException {
        ChunkSizer sizer = new ChunkSizer(context.settings().chunkTarget(), context.settings().initialChunk(),
            context.settings().maxChunk());
        try (ReadAhead<LegacyChunk> ahead = new ReadAhead<>("migration-job-" + job.id() + "-legacy")) {
            KeyRange first = range;
            int firstSize = sizer.size();
            ahead.start(() -> legacyChunk(first, firstSize));
            while (keepGoing.getAsBoolean()) {
                long started = System.nanoTime();
                LegacyChunk chunk = ahead.take();
                List<Fingerprint> rows = chunk.rows();
                if (rows.isEmpty()) {
                    return true;
                }
                long last = rows.getLast().id();
                boolean more = last < range.last();
                KeyRange rest = range.from(last);
                if (more) {
                    int size = sizer.size();
                    ahead.start(() -> legacyChunk(rest, size));
                }
                verifyChunk(slice, chunk, last);
                sizer.observe(rows.size(), Duration.ofNanos(System.nanoTime() - started));
                if (!more) {
                    return true;
                }
                range = rest;
            }
            return false;
        }
    }

    /**
     * The last step: the objects only unified storage has (looked at twice, {@code recheckDelay} apart), then the
     * totals of every slice, recorded as the verification in {@code direction}.
     *
     * @return the totals, legacy-to-unified terms (missing: only legacy has it)
     */
    public Counts finish(String direction) throws SQLException, InterruptedException {
        Set<OrgUid> legacyKeys;
        try (Connection c = context.legacy().getConnection()) {
            legacyKeys = job.table().keys(c, job.org());
        }
        List<Key> candidates = new ArrayList<>();
        unified.forEachKey(job.spec().namespace(), key -> {
            OptionalLong org = context.namespaces().orgOf(key.namespace());
            if (org.isEmpty() || !legacyKeys.contains(new OrgUid(org.getAsLong(), key.name()))) {
                candidates.add(key);
            }
        });
        List<Finding> findings = new ArrayList<>();
        if (!candidates.isEmpty()) {
            context.sleeper().sleep(context.settings().recheckDelay());
            for (Key key : candidates) {
                if (verdictOf(key) instanceof Verdict.ExtraInUnified) {
                    findings.add(new Finding("extra", key.namespace(), key.name(), 0, List.of(), ""));
                }
            }
        }
        Counts extras = new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, findings.size());
        return context.repository().inTransaction(c -> {
            context.repository().advance(c, job.id(), SliceClaim.FINAL, 0, "", extras);
            context.repository().addFindings(c, job.id(), findings);
            Counts totals = context.repository().checkpointTotals(c, job.id(), firstSlice);
            Counts recorded = direction.equals(LEGACY_TO_UNIFIED) ? totals : new Counts(totals.processed(),
                totals.created(), totals.updated(), totals.unchanged(), totals.skippedNewer(), totals.unconvertible(),
                totals.matching(), totals.mismatched(), totals.extra(), totals.missing());
            context.repository().saveVerification(c, job.id(), job.spec(), direction, recorded);
            return totals;
        });
    }

    private void verifyChunk(int slice, LegacyChunk chunk, long lastKey) throws SQLException, InterruptedException {
        List<Fingerprint> rows = chunk.rows();
        List<Key> keys = rows.stream().map(this::key).toList();
        Map<Key, Hashes> unifiedHashes = unified.hashes(keys);
        Map<Integer, Verdict> verdicts = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Hash128 hash = rows.get(i).hash();
            Hashes stored = unifiedHashes.get(keys.get(i));
            if (hash == null || stored == null || !hash.equals(stored.row()) || !chunk.kept().get(i).matches(stored.besides())) {
                verdicts.put(i, null);
            }
        }
        check(chunk, keys, verdicts);
        if (verdicts.values().stream().anyMatch(v -> !(v instanceof Verdict.Match))) {
            context.sleeper().sleep(context.settings().recheckDelay());
            verdicts.replaceAll((i, v) -> v instanceof Verdict.Match ? v : null);
            check(chunk, keys, verdicts);
        }
        long processed = rows.size();
        long mismatched = 0;
        long missing = 0;
        long unconvertible = 0;
        List<Finding> findings = new ArrayList<>();
        for (Map.Entry<Integer, Verdict> entry : verdicts.entrySet()) {
            Fingerprint row = rows.get(entry.getKey());
            Key key = keys.get(entry.getKey());
            switch (entry.getValue()) {
                case Verdict.Mismatch m -> {
                    mismatched++;
                    findings.add(new Finding("mismatch", key.namespace(), key.name(), row.id(), m.paths(), m.sample()));
                }
                case Verdict.MissingInUnified m -> {
                    missing++;
                    findings.add(new Finding("missing", key.namespace(), key.name(), row.id(), List.of(), ""));
                }
                case Verdict.Unconvertible u -> {
                    unconvertible++;
                    findings.add(new Finding("unconvertible", key.namespace(), key.name(), row.id(), List.of(), u.reason()));
                }
                // the legacy row went away meanwhile: not this chunk's any more (the last step sees an extra object)
                case Verdict.ExtraInUnified e -> processed--;
                case Verdict.Gone g -> processed--;
                case Verdict.Match m -> { }
            }
        }
        long matching = processed - mismatched - missing - unconvertible;
        Counts counts = new Counts(processed, 0, 0, 0, 0, unconvertible, matching, mismatched, missing, 0);
        context.repository().inTransaction(c -> {
            context.repository().advance(c, job.id(), slice, lastKey, "", counts);
            context.repository().addFindings(c, job.id(), findings);
            return null;
        });
    }

    /** Fills every null verdict by the translator's comparison of both sides as they are now. */
    private void check(LegacyChunk chunk, List<Key> keys, Map<Integer, Verdict> verdicts) throws SQLException {
        List<Integer> open = verdicts.entrySet().stream().filter(e -> e.getValue() == null).map(Map.Entry::getKey).toList();
        if (open.isEmpty()) {
            return;
        }
        Map<Long, LegacyRow<R>> legacy;
        try (Connection c = context.legacy().getConnection()) {
            legacy = job.table().readIds(c, open.stream().map(i -> chunk.rows().get(i).id()).toList());
        }
        List<Sides<R>> sides = open.stream().map(i -> new Sides<>(legacy.get(chunk.rows().get(i).id()),
            unifiedObject(keys.get(i)), chunk.kept().get(i).comparesUid())).toList();
        List<Verdict> found = comparison.compare(sides);
        for (int j = 0; j < open.size(); j++) {
            verdicts.put(open.get(j), found.get(j));
        }
    }

    private Verdict verdictOf(Key key) throws SQLException {
        OptionalLong org = context.namespaces().orgOf(key.namespace());
        List<LegacyRow<R>> legacy = List.of();
        if (org.isPresent()) {
            try (Connection c = context.legacy().getConnection()) {
                legacy = job.table().readKey(c, org.getAsLong(), key.name());
            }
        }
        return comparison.compare(List.of(new Sides<>(legacy.isEmpty() ? null : legacy.getFirst(), unifiedObject(key), false)))
            .getFirst();
    }

    private ObjectNode unifiedObject(Key key) {
        try {
            return context.store().get(new ObjectKey(job.groupResource(), key.namespace(), key.name()));
        } catch (StorageException e) {
            if (e.reason() == StorageException.Reason.NOT_FOUND) {
                return null;
            }
            throw e;
        }
    }

    private Key key(Fingerprint row) {
        return new Key(context.namespaces().namespaceOf(row.orgId()), row.uid());
    }

    /**
     * The legacy side of a chunk: each row's hash and what its object's kept metadata must hash as.
     *
     * @param kept one for each of {@code rows}
     */
    private record LegacyChunk(List<Fingerprint> rows, List<Expected> kept) {
    }

    /** Up to {@code limit} rows of {@code range} with their hashes, and the metadata kept for their objects (one lookup). */
    private LegacyChunk legacyChunk(KeyRange range, int limit) throws SQLException {
        List<Fingerprint> rows;
        try (Connection c = context.legacy().getConnection()) {
            rows = job.table().fingerprints(c, range, job.org(), limit);
        }
        List<LegacyObject> objects = rows.stream()
            .map(row -> new LegacyObject(context.namespaces().namespaceOf(row.orgId()), row.uid(), row.id())).toList();
        Map<LegacyObject, KeptPart> kept = context.kept().keptParts(job.groupResource(), objects);
        CanonicalJson hasher = new CanonicalJson();
        return new LegacyChunk(rows, objects.stream()
            .map(object -> KeptValues.expected(Optional.ofNullable(kept.get(object)), hasher)).toList());
    }
}
