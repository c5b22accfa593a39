package io.migrationgateway.gateway.overlegacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.work.KeptMetadata;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageUnavailableException;
import java.io.IOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The metadata of Resource API objects that the legacy API cannot keep (modes 0–2), in the gateway's database
 * ({@code kept_metadata}), one row per object, and how it joins the object the translator builds from the legacy side
 * ({@link KeptObjects}). Thread-safe; each method is one statement, waiting at most the request bound for the
 * database, which is on the request path of every {@code /apis} call in modes 0–2.
 */
public final class KeptMetadataStore implements KeptMetadata {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Names looked up in one statement at most: a page of a list is at most this many objects. */
    private static final int LOOKUP_BATCH = 1000;
    private static final String COMMIT = "INSERT INTO kept_metadata (resource, namespace, name, legacy_id, legacy_version,"
            + " metadata, print, pending) VALUES (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, NULL) ON CONFLICT (resource, namespace, name)"
            + " DO UPDATE SET legacy_id = excluded.legacy_id, legacy_version = excluded.legacy_version,"
            + " metadata = excluded.metadata, print = excluded.print, pending = NULL, updated_at = now()";

    private final DataSource dataSource;
    private final int boundMillis;

    /** @param bound the longest each statement's answer is waited for */
    public KeptMetadataStore(DataSource dataSource, Duration bound) {
        this.dataSource = dataSource;
        this.boundMillis = (int) Math.min(Integer.MAX_VALUE, bound.toMillis());
    }

    /** What is kept for one object: as last written, and the write under way, if any. */
    record Kept(long legacyId, String legacyVersion, ObjectNode metadata, ObjectNode print, Optional<Pending> pending) {
    }

    /** A write through the gateway whose legacy write may have happened or not: its metadata, and the spec it wrote. */
    record Pending(ObjectNode metadata, String specPrint) {
    }

    private Connection connect() throws SQLException {
        Connection c = dataSource.getConnection();
        c.setNetworkTimeout(Runnable::run, boundMillis);
        return c;
    }

    /** What is kept for the named objects of one namespace, by name. */
    Map<String, Kept> find(GroupResource resource, String namespace, List<String> names) {
        Map<String, Kept> found = new HashMap<>();
        for (int from = 0; from < names.size(); from += LOOKUP_BATCH) {
            List<String> batch = names.subList(from, Math.min(names.size(), from + LOOKUP_BATCH));
            try (Connection c = connect();
                 PreparedStatement ps = c.prepareStatement("SELECT name, legacy_id, legacy_version, metadata, print, pending"
                         + " FROM kept_metadata WHERE resource = ? AND namespace = ? AND name = ANY (?)")) {
                Array array = c.createArrayOf("text", batch.toArray());
                ps.setString(1, resource.toString());
                ps.setString(2, namespace);
                ps.setArray(3, array);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        found.put(rs.getString(1), new Kept(rs.getLong(2), rs.getString(3), object(rs.getString(4)),
                                object(rs.getString(5)), pending(rs.getString(6))));
                    }
                }
            } catch (SQLException e) {
                throw unavailable("read the kept metadata of " + resource, e);
            }
        }
        return found;
    }

    /** Notes a write under way, before its legacy write: a gateway killed after that write leaves this behind. */
    void markPending(ObjectKey key, Pending pending) {
        update(key, "INSERT INTO kept_metadata (resource, namespace, name, legacy_id, legacy_version, metadata, print, pending)"
                + " VALUES (?, ?, ?, 0, '', '{}', '{}', ?::jsonb) ON CONFLICT (resource, namespace, name)"
                + " DO UPDATE SET pending = excluded.pending, updated_at = now()", pendingJson(pending));
    }

    private static String pendingJson(Pending pending) {
        ObjectNode json = JSON.createObjectNode();
        json.set("metadata", pending.metadata());
        json.put("specPrint", pending.specPrint());
        return json.toString();
    }

    /** What the object's legacy write made, as the object's metadata from now on; no write is under way any more. */
    void commit(ObjectKey key, long legacyId, String legacyVersion, ObjectNode metadata, ObjectNode print) {
        update(key, COMMIT, legacyId, legacyVersion, metadata.toString(), print.toString());
    }

    /**
     * A write under way that a read found landed (its gateway stopped before keeping its metadata): its metadata is the
     * object's from now on, unless another write was noted as under way since.
     */
    private void settle(ObjectKey key, Pending landed, long legacyId, String legacyVersion, ObjectNode metadata, ObjectNode print) {
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement("UPDATE kept_metadata SET legacy_id = ?,"
                + " legacy_version = ?, metadata = ?::jsonb, print = ?::jsonb, pending = NULL, updated_at = now()"
                + " WHERE resource = ? AND namespace = ? AND name = ? AND pending = ?::jsonb")) {
            ps.setLong(1, legacyId);
            ps.setString(2, legacyVersion);
            ps.setString(3, metadata.toString());
            ps.setString(4, print.toString());
            ps.setString(5, key.groupResource().toString());
            ps.setString(6, key.namespace());
            ps.setString(7, key.name());
            ps.setString(8, pendingJson(landed));
            ps.executeUpdate();
        } catch (SQLException e) {
            throw unavailable("keep the metadata of " + key.name(), e);
        }
    }

    /** The write under way did not happen (the legacy side refused it): the metadata stays as it was. */
    void clearPending(ObjectKey key) {
        update(key, "UPDATE kept_metadata SET pending = NULL WHERE resource = ? AND namespace = ? AND name = ?");
    }

    /** The object is gone: nothing is kept for it any more. */
    void forget(ObjectKey key) {
        update(key, "DELETE FROM kept_metadata WHERE resource = ? AND namespace = ? AND name = ?");
    }

    /**
     * Keeps, for the legacy object {@code written} (as the legacy side answered a write of {@code source}), the metadata
     * {@code source} carries, and sets it on {@code written}: the dual-write's copy of an object from unified storage
     * keeps its labels, annotations, uid and managed fields for the modes in which the legacy side serves it again.
     */
    public ObjectNode keepWritten(GroupResource resource, ObjectNode written, ObjectNode source) {
        KeptObjects.apply(resource, written, KeptObjects.keptPart(source));
        keep(resource, List.of(written));
        return written;
    }

    /** The object is gone from the legacy side: nothing is kept for it any more. */
    public void forget(GroupResource resource, String namespace, String name) {
        forget(new ObjectKey(resource, namespace, name));
    }

    @Override
    public void merge(GroupResource resource, List<ObjectNode> objects) {
        byNamespace(objects).forEach((namespace, inNamespace) -> {
            Map<String, Kept> kept = find(resource, namespace, inNamespace.stream().map(KeptObjects::name).toList());
            for (ObjectNode object : inNamespace) {
                Optional<Kept> found = Optional.ofNullable(kept.get(KeptObjects.name(object)));
                KeptObjects.merge(resource, object, found).ifPresent(settled -> settle(new ObjectKey(resource, namespace,
                        KeptObjects.name(object)), found.orElseThrow().pending().orElseThrow(), KeptObjects.legacyId(object),
                        KeptObjects.version(object), settled, KeptObjects.print(object)));
            }
        });
    }

    @Override
    public Map<LegacyObject, KeptPart> keptParts(GroupResource resource, List<LegacyObject> objects) {
        Map<LegacyObject, KeptPart> found = new HashMap<>();
        if (objects.isEmpty()) {
            return found;
        }
        Map<ObjectKey, LegacyObject> byKey = new HashMap<>();
        objects.forEach(object -> byKey.put(new ObjectKey(resource, object.namespace(), object.name()), object));
        // one index lookup per name whatever the statistics say (OFFSET 0 keeps the subquery from being flattened)
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("SELECT k.namespace, k.name, m.legacy_id, m.metadata - 'managedFields',"
                     + " m.pending IS NOT NULL FROM unnest(?::text[], ?::text[]) AS k(namespace, name) CROSS JOIN LATERAL"
                     + " (SELECT legacy_id, metadata, pending FROM kept_metadata WHERE resource = ? AND namespace = k.namespace"
                     + " AND name = k.name OFFSET 0) m")) {
            ps.setArray(1, c.createArrayOf("text", objects.stream().map(LegacyObject::namespace).toArray()));
            ps.setArray(2, c.createArrayOf("text", objects.stream().map(LegacyObject::name).toArray()));
            ps.setString(3, resource.toString());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    LegacyObject object = byKey.get(new ObjectKey(resource, rs.getString(1), rs.getString(2)));
                    KeptObjects.part(object.legacyId(), rs.getLong(3), object(rs.getString(4)), rs.getBoolean(5))
                            .ifPresent(part -> found.put(object, part));
                }
            }
        } catch (SQLException e) {
            throw unavailable("read the kept metadata of " + resource, e);
        }
        return found;
    }

    /** Keeps them all in one batch of statements. */
    @Override
    public void keep(GroupResource resource, List<ObjectNode> objects) {
        if (objects.isEmpty()) {
            return;
        }
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(COMMIT)) {
            for (ObjectNode object : objects) {
                ObjectNode metadata = KeptObjects.keptPart(object);
                // what a kind whose legacy objects count none (playlists) reads its generation from; others' own wins
                if (object.path("metadata").has("generation")) {
                    metadata.set("generation", object.path("metadata").get("generation"));
                }
                ps.setString(1, resource.toString());
                ps.setString(2, KeptObjects.namespace(object));
                ps.setString(3, KeptObjects.name(object));
                ps.setLong(4, KeptObjects.legacyId(object));
                ps.setString(5, KeptObjects.version(object));
                ps.setString(6, metadata.toString());
                ps.setString(7, KeptObjects.print(object).toString());
                ps.addBatch();
            }
            ps.executeBatch();
        } catch (SQLException e) {
            throw unavailable("keep the metadata of " + resource, e);
        }
    }

    private static Map<String, List<ObjectNode>> byNamespace(List<ObjectNode> objects) {
        Map<String, List<ObjectNode>> grouped = new LinkedHashMap<>();
        objects.forEach(object -> grouped.computeIfAbsent(KeptObjects.namespace(object), n -> new ArrayList<>()).add(object));
        return grouped;
    }

    private void update(ObjectKey key, String sql, Object... more) {
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, key.groupResource().toString());
            ps.setString(2, key.namespace());
            ps.setString(3, key.name());
            for (int i = 0; i < more.length; i++) {
                ps.setObject(4 + i, more[i]);
            }
            ps.executeUpdate();
        } catch (SQLException e) {
            throw unavailable("keep the metadata of " + key.name(), e);
        }
    }

    private static ObjectNode object(String json) {
        try {
            return json == null ? JSON.createObjectNode() : (ObjectNode) JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException("kept_metadata holds JSON the database accepted as jsonb", e);
        }
    }

    private static Optional<Pending> pending(String json) {
        if (json == null) {
            return Optional.empty();
        }
        JsonNode pending = object(json);
        return Optional.of(new Pending((ObjectNode) pending.path("metadata"), pending.path("specPrint").asText()));
    }

    private static StorageUnavailableException unavailable(String what, SQLException e) {
        return new StorageUnavailableException("cannot " + what + " (SQLState " + e.getSQLState() + ")", e);
    }
}
