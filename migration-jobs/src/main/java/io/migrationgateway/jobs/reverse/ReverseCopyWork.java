package io.migrationgateway.jobs.reverse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.jobs.spec.JobScope;
import io.migrationgateway.jobs.work.ChunkSizer;
import io.migrationgateway.translators.table.LegacyTable.WriteBack;
import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.jobs.store.SliceClaim;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.resource.GrafanaMeta;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The reverse copy: unified storage's objects in (namespace, name) order, chunk by chunk from the checkpoint, written
 * back into the legacy tables through the legacy table's {@link io.migrationgateway.translators.table.LegacyTable#writeBack}
 * (a row newer than the object is left alone, and counted as skipped). The legacy database is another database, so a
 * chunk commits there first and its checkpoint after: a runner killed between the two writes the chunk again, which
 * changes nothing. An object whose row is new gets the row's id as its legacy id label. What the rows cannot hold
 * (labels, annotations, finalizers, managed fields, uid) is kept beside them, for the row's legacy id and version, so
 * that the object read over the legacy API in modes 0–2 carries it as it did in unified storage.
 */
public final class ReverseCopyWork<R> {
    private final JobContext context;
    private final JobScope<R> job;

    public ReverseCopyWork(JobContext context, JobScope<R> job) {
        this.context = context;
        this.job = job;
    }

    /** Objects in scope now. */
    public long count() throws SQLException {
        try (Connection c = context.unified().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM resource WHERE \"group\" = ? "
                 + "AND resource = ?" + namespaceFilter())) {
            bindScope(ps);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Copies the claimed slice (all objects) from its checkpoint on; whether it finished. */
    public boolean copySlice(SliceClaim claim, BooleanSupplier keepGoing) throws SQLException {
        String last = context.repository().checkpoint(job.id(), claim.slice()).lastName();
        ChunkSizer sizer = new ChunkSizer(context.settings().chunkTarget(), context.settings().initialChunk(),
            context.settings().maxChunk());
        while (keepGoing.getAsBoolean()) {
            long started = System.nanoTime();
            List<ObjectNode> objects = page(last, sizer.size());
            if (objects.isEmpty()) {
                return true;
            }
            List<WriteBack> outcomes;
            try (Connection c = context.legacy().getConnection()) {
                c.setAutoCommit(false);
                try {
                    outcomes = job.table().writeBack(c, objects);
                    c.commit();
                } catch (SQLException | RuntimeException e) {
                    c.rollback();
                    throw e;
                } finally {
                    c.setAutoCommit(true);
                }
            }
            List<Finding> findings = new ArrayList<>();
            List<ObjectNode> rowsWritten = new ArrayList<>();
            long newer = 0;
            for (int i = 0; i < objects.size(); i++) {
                ObjectNode meta = (ObjectNode) objects.get(i).get("metadata");
                switch (outcomes.get(i)) {
                    case WriteBack.Written w -> rowsWritten.add(asRow(linkToRow(objects.get(i), w.id()), w.version()));
                    case WriteBack.RowNewer n -> newer++;
                    case WriteBack.Refused r -> findings.add(new Finding("unconvertible", meta.path("namespace").asText(),
                        meta.path("name").asText(), 0, List.of(), r.reason()));
                }
            }
            context.kept().keep(job.groupResource(), rowsWritten);
            ObjectNode lastMeta = (ObjectNode) objects.getLast().get("metadata");
            last = lastMeta.path("namespace").asText() + "/" + lastMeta.path("name").asText();
            String checkpoint = last;
            Counts counts = new Counts(objects.size(), 0, rowsWritten.size(), 0, newer, findings.size(), 0, 0, 0, 0);
            context.repository().inTransaction(c -> {
                context.repository().advance(c, job.id(), claim.slice(), 0, checkpoint, counts);
                context.repository().addFindings(c, job.id(), findings);
                return null;
            });
            sizer.observe(objects.size(), Duration.ofNanos(System.nanoTime() - started));
        }
        return false;
    }

    /**
     * Labels the object with the id of its row when it has another one or none (created in unified storage, its row is
     * new), as a legacy write's object is labelled: the two sides stay linked, and the verification that follows
     * compares the id like the rest. A change of metadata only: the generation stays. Done after the legacy commit; a
     * runner killed before it writes the chunk again, which finds the same rows and labels them then.
     *
     * @return the object as unified storage has it now
     */
    private ObjectNode linkToRow(ObjectNode object, long id) {
        JsonNode meta = object.path("metadata");
        String label = Long.toString(id);
        if (label.equals(meta.path("labels").path(GrafanaMeta.DEPRECATED_INTERNAL_ID).asText())) {
            return object;
        }
        return context.store().guaranteedUpdate(new ObjectKey(job.groupResource(), meta.path("namespace").asText(),
            meta.path("name").asText()), stored -> {
                ((ObjectNode) stored.get("metadata")).withObjectProperty("labels")
                    .put(GrafanaMeta.DEPRECATED_INTERNAL_ID, label);
                return stored;
            });
    }

    /**
     * {@code object} as the legacy row written from it is read in modes 0–2, with the row's version as resource version;
     * a copy of its metadata (the store may share the object it returned, with a watch, say), its spec shared.
     */
    private static ObjectNode asRow(ObjectNode object, String legacyVersion) {
        ObjectNode row = object.objectNode();
        row.setAll(object);
        row.set("metadata", object.path("metadata").deepCopy());
        row.withObjectProperty("metadata").put("resourceVersion", legacyVersion);
        return row;
    }

    /** Up to {@code limit} objects after {@code last} ("namespace/name", "" for the start). */
    private List<ObjectNode> page(String last, int limit) throws SQLException {
        int slash = last.indexOf('/');
        String namespace = slash < 0 ? "" : last.substring(0, slash);
        String name = slash < 0 ? "" : last.substring(slash + 1);
        List<ObjectNode> out = new ArrayList<>();
        try (Connection c = context.unified().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT value FROM resource WHERE \"group\" = ? AND resource = ?"
                 + namespaceFilter() + " AND (namespace, name) > (?::text COLLATE \"C\", ?::text COLLATE \"C\") "
                 + "ORDER BY namespace, name LIMIT ?")) {
            int next = bindScope(ps);
            ps.setString(next, namespace);
            ps.setString(next + 1, name);
            ps.setInt(next + 2, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add((ObjectNode) Json.tree(rs.getString(1)));
                }
            }
        }
        return out;
    }

    private String namespaceFilter() {
        return job.spec().namespace().isPresent() ? " AND namespace = ?" : "";
    }

    /** Binds group, resource and the namespace when there is one; the next parameter's index. */
    private int bindScope(PreparedStatement ps) throws SQLException {
        ps.setString(1, job.groupResource().group());
        ps.setString(2, job.groupResource().resource());
        if (job.spec().namespace().isPresent()) {
            ps.setString(3, job.spec().namespace().get());
            return 4;
        }
        return 3;
    }
}
