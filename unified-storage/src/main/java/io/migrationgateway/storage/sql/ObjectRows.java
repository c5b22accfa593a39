package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.GroupResource;
import io.migrationgateway.storage.ObjectKey;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reads and writes the rows of one object: its current row in {@code resource} and one
 * {@code resource_history} row per write. Knows columns, not rules.
 */
final class ObjectRows {
    static final int CREATED = 1;
    static final int UPDATED = 2;
    static final int DELETED = 3;

    private static final String FOLDER_ANNOTATION = "grafana.app/folder";

    private final ObjectMapper json;

    ObjectRows(ObjectMapper json) {
        this.json = json;
    }

    /** The current object, or {@code null}. */
    ObjectNode find(Connection c, ObjectKey key) throws SQLException {
        byte[] value = findJson(c, key);
        return value == null ? null : parse(value);
    }

    /** The current object's JSON text as stored (UTF-8, the connection's encoding), or {@code null}. */
    byte[] findJson(Connection c, ObjectKey key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT value FROM resource "
            + "WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?")) {
            bindKey(ps, 1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getBytes(1) : null;
            }
        }
    }

    /** Inserts the current row of a new object. Throws the driver's unique violation when the name is taken. */
    void insert(Connection c, ObjectKey key, ObjectNode object, long resourceVersion) throws SQLException {
        UUID guid = UUID.randomUUID();
        String value = serialize(object);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource (guid, \"group\", resource, namespace, name, "
            + "value, labels, resource_version, previous_resource_version, action, folder) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, 0, " + CREATED + ", ?)")) {
            ps.setObject(1, guid);
            bindKey(ps, 2, key);
            bindState(ps, 6, object, value, resourceVersion);
            ps.executeUpdate();
        }
        history(c, guid, key, object, value, resourceVersion, 0, CREATED);
    }

    void update(Connection c, ObjectKey key, ObjectNode object, long resourceVersion, long previous) throws SQLException {
        UUID guid = UUID.randomUUID();
        String value = serialize(object);
        try (PreparedStatement ps = c.prepareStatement("UPDATE resource SET guid = ?, value = ?, labels = ?::jsonb, "
            + "resource_version = ?, folder = ?, previous_resource_version = ?, action = " + UPDATED
            + " WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?")) {
            ps.setObject(1, guid);
            bindState(ps, 2, object, value, resourceVersion);
            ps.setLong(6, previous);
            bindKey(ps, 7, key);
            ps.executeUpdate();
        }
        history(c, guid, key, object, value, resourceVersion, previous, UPDATED);
    }

    /** Removes the current row; history keeps {@code lastState} (which carries the delete's resource version). */
    void delete(Connection c, ObjectKey key, ObjectNode lastState, long resourceVersion, long previous) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
            "DELETE FROM resource WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?")) {
            bindKey(ps, 1, key);
            ps.executeUpdate();
        }
        history(c, UUID.randomUUID(), key, lastState, serialize(lastState), resourceVersion, previous, DELETED);
    }

    /** One object state to write in a batch, with the resource version it gets and the one it replaces (0: none). */
    record Written(ObjectKey key, ObjectNode object, long resourceVersion, long previous) {
    }

    /** The current objects among {@code keys} (of one group-resource), by key. */
    Map<ObjectKey, ObjectNode> findAll(Connection c, GroupResource groupResource, List<ObjectKey> keys)
        throws SQLException {
        Map<ObjectKey, ObjectNode> found = new HashMap<>();
        if (keys.isEmpty()) {
            return found;
        }
        // One index lookup per key (OFFSET 0 keeps the subquery from being flattened) whatever the statistics say: in
        // the middle of a copy they are stale, and the planner would scan the whole table for every batch.
        try (PreparedStatement ps = c.prepareStatement("SELECT k.namespace, k.name, r.value "
            + "FROM unnest(?::text[], ?::text[]) AS k(namespace, name) CROSS JOIN LATERAL (SELECT value FROM resource "
            + "WHERE \"group\" = ? AND resource = ? AND namespace = k.namespace COLLATE \"C\" "
            + "AND name = k.name COLLATE \"C\" OFFSET 0) r")) {
            ps.setArray(1, c.createArrayOf("text", keys.stream().map(ObjectKey::namespace).toArray()));
            ps.setArray(2, c.createArrayOf("text", keys.stream().map(ObjectKey::name).toArray()));
            ps.setString(3, groupResource.group());
            ps.setString(4, groupResource.resource());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.put(new ObjectKey(groupResource, rs.getString(1), rs.getString(2)), parse(rs.getBytes(3)));
                }
            }
        }
        return found;
    }

    /** Inserts the current rows of new objects, and their history, in two statements. */
    void insertAll(Connection c, GroupResource groupResource, List<Written> states) throws SQLException {
        if (states.isEmpty()) {
            return;
        }
        Columns columns = new Columns(states);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource (guid, \"group\", resource, namespace, "
            + "name, value, labels, resource_version, previous_resource_version, action, folder) "
            + "SELECT guid, ?, ?, namespace, name, value, labels::jsonb, rv, 0, " + CREATED + ", folder "
            + "FROM unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[]) "
            + "AS t(guid, namespace, name, value, labels, rv, folder)")) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            columns.bind(c, ps, 3);
            ps.executeUpdate();
        }
        historyAll(c, groupResource, columns, CREATED);
    }

    /**
     * Replaces the current rows of existing objects (one batch of key updates: each finds its row by the unique index
     * whatever the statistics say) and adds their history in one statement.
     */
    void updateAll(Connection c, GroupResource groupResource, List<Written> states) throws SQLException {
        if (states.isEmpty()) {
            return;
        }
        Columns columns = new Columns(states);
        try (PreparedStatement ps = c.prepareStatement("UPDATE resource SET guid = ?, value = ?, labels = ?::jsonb, "
            + "resource_version = ?, folder = ?, previous_resource_version = ?, action = " + UPDATED
            + " WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?")) {
            for (int i = 0; i < states.size(); i++) {
                ps.setObject(1, columns.guids[i]);
                ps.setString(2, (String) columns.values[i]);
                ps.setString(3, (String) columns.labels[i]);
                ps.setLong(4, (Long) columns.versions[i]);
                ps.setString(5, (String) columns.folders[i]);
                ps.setLong(6, (Long) columns.previous[i]);
                bindKey(ps, 7, states.get(i).key());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        historyAll(c, groupResource, columns, UPDATED);
    }

    private void historyAll(Connection c, GroupResource groupResource, Columns columns, int action) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource_history (guid, \"group\", resource, "
            + "namespace, name, value, labels, resource_version, folder, previous_resource_version, action, generation) "
            + "SELECT guid, ?, ?, namespace, name, value, labels::jsonb, rv, folder, prev, " + action + ", generation "
            + "FROM unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::bigint[], "
            + "?::bigint[]) AS t(guid, namespace, name, value, labels, rv, folder, prev, generation)")) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            columns.bind(c, ps, 3);
            ps.setArray(10, c.createArrayOf("bigint", columns.previous));
            ps.setArray(11, c.createArrayOf("bigint", columns.generations));
            ps.executeUpdate();
        }
    }

    /** A batch as column arrays; the current row and its history row share the guid, as single writes do. */
    private final class Columns {
        final Object[] guids;
        final Object[] namespaces;
        final Object[] names;
        final Object[] values;
        final Object[] labels;
        final Object[] versions;
        final Object[] folders;
        final Object[] previous;
        final Object[] generations;

        Columns(List<Written> states) {
            int n = states.size();
            guids = new Object[n];
            namespaces = new Object[n];
            names = new Object[n];
            values = new Object[n];
            labels = new Object[n];
            versions = new Object[n];
            folders = new Object[n];
            previous = new Object[n];
            generations = new Object[n];
            for (int i = 0; i < n; i++) {
                Written state = states.get(i);
                JsonNode meta = state.object().path("metadata");
                JsonNode objectLabels = meta.path("labels");
                guids[i] = UUID.randomUUID();
                namespaces[i] = state.key().namespace();
                names[i] = state.key().name();
                values[i] = serialize(state.object());
                labels[i] = objectLabels.isObject() && !objectLabels.isEmpty() ? serialize(objectLabels) : null;
                versions[i] = state.resourceVersion();
                folders[i] = meta.path("annotations").path(FOLDER_ANNOTATION).asText("");
                previous[i] = state.previous();
                generations[i] = meta.path("generation").asLong(0);
            }
        }

        /** guid, namespace, name, value, labels, resource_version, folder, from {@code first} on. */
        void bind(Connection c, PreparedStatement ps, int first) throws SQLException {
            ps.setArray(first, c.createArrayOf("uuid", guids));
            ps.setArray(first + 1, c.createArrayOf("text", namespaces));
            ps.setArray(first + 2, c.createArrayOf("text", names));
            ps.setArray(first + 3, c.createArrayOf("text", values));
            ps.setArray(first + 4, c.createArrayOf("text", labels));
            ps.setArray(first + 5, c.createArrayOf("bigint", versions));
            ps.setArray(first + 6, c.createArrayOf("text", folders));
        }
    }

    /** A stored value, as the driver hands out its bytes (UTF-8: the parser reads them without making a String). */
    ObjectNode parse(byte[] value) {
        try {
            return (ObjectNode) json.readTree(value);
        } catch (IOException | ClassCastException e) {
            throw new IllegalStateException("stored value is not a JSON object", e);
        }
    }

    private void history(Connection c, UUID guid, ObjectKey key, ObjectNode object, String value, long resourceVersion,
                         long previous, int action) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource_history (guid, \"group\", resource, "
            + "namespace, name, value, labels, resource_version, folder, previous_resource_version, action, generation) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)")) {
            ps.setObject(1, guid);
            bindKey(ps, 2, key);
            bindState(ps, 6, object, value, resourceVersion);
            ps.setLong(10, previous);
            ps.setInt(11, action);
            ps.setLong(12, object.path("metadata").path("generation").asLong(0));
            ps.executeUpdate();
        }
    }

    private static void bindKey(PreparedStatement ps, int first, ObjectKey key) throws SQLException {
        ps.setString(first, key.groupResource().group());
        ps.setString(first + 1, key.groupResource().resource());
        ps.setString(first + 2, key.namespace());
        ps.setString(first + 3, key.name());
    }

    /** value, labels, resource_version, folder, in that order. */
    private void bindState(PreparedStatement ps, int first, ObjectNode object, String value, long resourceVersion)
        throws SQLException {
        JsonNode meta = object.path("metadata");
        JsonNode labels = meta.path("labels");
        ps.setString(first, value);
        if (labels.isObject() && !labels.isEmpty()) {
            ps.setString(first + 1, serialize(labels));
        } else {
            ps.setNull(first + 1, Types.VARCHAR);
        }
        ps.setLong(first + 2, resourceVersion);
        ps.setString(first + 3, meta.path("annotations").path(FOLDER_ANNOTATION).asText(""));
    }

    private String serialize(JsonNode node) {
        try {
            return json.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize object", e);
        }
    }
}
