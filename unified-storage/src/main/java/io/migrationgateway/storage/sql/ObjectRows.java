package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.model.SearchableFields;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Reads and writes the rows of one object: its current row in {@code resource} and one
 * {@code resource_history} row per write. Knows columns, not rules.
 */
final class ObjectRows {
    static final int CREATED = 1;
    static final int UPDATED = 2;
    static final int DELETED = 3;
    /**
     * A history-only row: an earlier version of an object copied from another store. Only an object's version list
     * reads it; watches, lists at a resource version and compaction's "newer row" look past it.
     */
    static final int VERSION = 4;

    private static final String INSERT_CURRENT = "INSERT INTO resource (guid, \"group\", resource, namespace, name, "
        + "value, labels, resource_version, folder, previous_resource_version, action) "
        + "VALUES (?, ?, ?, ?, ?, convert_from(?, 'UTF8'), ?::jsonb, ?, ?, 0, " + CREATED + ")";
    private static final String UPDATE_CURRENT = "UPDATE resource SET guid = ?, value = convert_from(?, 'UTF8'), "
        + "labels = ?::jsonb, resource_version = ?, folder = ?, previous_resource_version = ?, action = " + UPDATED
        + " WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?";

    private final ObjectMapper json;
    private final Map<GroupResource, SearchableFields> searchable;

    /** @param searchable what each kind declares searchable; a kind not in it has nothing searchable */
    /** The largest state a create or update writes; a delete or an earlier version is written whatever its size. */
    private final int maxObjectBytes;

    ObjectRows(ObjectMapper json, Map<GroupResource, SearchableFields> searchable, int maxObjectBytes) {
        this.json = json;
        this.searchable = Map.copyOf(searchable);
        this.maxObjectBytes = maxObjectBytes;
    }

    /** The search columns of {@code object}, a state of an object of {@code kind}. */
    SearchColumns searchColumns(GroupResource kind, ObjectNode object) {
        return SearchColumns.of(object, kind, searchable);
    }

    /** The current object, or {@code null}. */
    ObjectNode find(Connection c, ObjectKey key) throws SQLException {
        byte[] value = findJson(c, key);
        return value == null ? null : parse(value);
    }

    /** The current object and the current object of {@code folderKind} its folder column names, or {@code null}. */
    ResourceStore.InFolder findInFolder(Connection c, ObjectKey key, GroupResource folderKind) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT r.value, f.value FROM resource r LEFT JOIN resource f "
            + "ON f.\"group\" = ? AND f.resource = ? AND f.namespace = r.namespace AND f.name = r.folder "
            + "WHERE r.\"group\" = ? AND r.resource = ? AND r.namespace = ? AND r.name = ?")) {
            ps.setString(1, folderKind.group());
            ps.setString(2, folderKind.resource());
            bindKey(ps, 3, key);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                byte[] folder = rs.getBytes(2);
                return new ResourceStore.InFolder(parse(rs.getBytes(1)), folder == null ? null : parse(folder));
            }
        }
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
        SearchColumns search = searchColumns(key.groupResource(), object);
        try (PreparedStatement ps = c.prepareStatement(INSERT_CURRENT)) {
            bindInsert(ps, guid, key, object, resourceVersion, search);
            ps.executeUpdate();
        }
        historyOfCurrent(c, new Object[] {guid}, new Object[] {generation(object)});
        SearchRows.write(c, List.of(new SearchRows.Row(key, search)));
    }

    void update(Connection c, ObjectKey key, ObjectNode object, long resourceVersion, long previous) throws SQLException {
        UUID guid = UUID.randomUUID();
        SearchColumns search = searchColumns(key.groupResource(), object);
        try (PreparedStatement ps = c.prepareStatement(UPDATE_CURRENT)) {
            bindUpdate(ps, guid, key, object, resourceVersion, previous, search);
            ps.executeUpdate();
        }
        historyOfCurrent(c, new Object[] {guid}, new Object[] {generation(object)});
        SearchRows.write(c, List.of(new SearchRows.Row(key, search)));
    }

    /** Removes the current row; history keeps {@code lastState} (which carries the delete's resource version). */
    void delete(Connection c, ObjectKey key, ObjectNode lastState, long resourceVersion, long previous) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
            "DELETE FROM resource WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?")) {
            bindKey(ps, 1, key);
            ps.executeUpdate();
        }
        SearchRows.delete(c, key);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource_history (guid, \"group\", resource, "
            + "namespace, name, value, labels, resource_version, folder, previous_resource_version, action, generation) "
            + "VALUES (?, ?, ?, ?, ?, convert_from(?, 'UTF8'), ?::jsonb, ?, ?, ?, " + DELETED + ", ?)")) {
            ps.setObject(1, UUID.randomUUID());
            bindKey(ps, 2, key);
            bindState(ps, 6, lastState, resourceVersion, Integer.MAX_VALUE, key);
            ps.setString(9, searchColumns(key.groupResource(), lastState).folder());
            ps.setLong(10, previous);
            ps.setLong(11, generation(lastState));
            ps.executeUpdate();
        }
    }

    /**
     * History-only rows ({@link #VERSION}) for earlier versions of objects: each written only while its object exists
     * and has no row of that generation in its current life (since its last delete), so writing them twice adds none.
     */
    void insertVersions(Connection c, List<Written> versions) throws SQLException {
        if (versions.isEmpty()) {
            return;
        }
        String key = "\"group\" = ? AND resource = ? AND namespace = ? AND name = ?";
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource_history (guid, \"group\", resource, namespace, "
            + "name, value, labels, resource_version, folder, previous_resource_version, action, generation) "
            + "SELECT ?, ?, ?, ?, ?, convert_from(?, 'UTF8'), ?::jsonb, ?, ?, 0, " + VERSION + ", ? "
            + "WHERE EXISTS (SELECT 1 FROM resource WHERE " + key + ") "
            + "AND NOT EXISTS (SELECT 1 FROM resource_history h WHERE " + key.replace("\"group\"", "h.\"group\"")
            + " AND h.generation = ? AND h.action <> " + DELETED + " AND h.resource_version > coalesce((SELECT max(d.resource_version) "
            + "FROM resource_history d WHERE d.\"group\" = h.\"group\" AND d.resource = h.resource AND d.namespace = h.namespace "
            + "AND d.name = h.name AND d.action = " + DELETED + "), 0))")) {
            for (Written version : versions) {
                ps.setObject(1, UUID.randomUUID());
                bindKey(ps, 2, version.key());
                bindState(ps, 6, version.object(), version.resourceVersion(), Integer.MAX_VALUE, version.key());
                ps.setString(9, searchColumns(version.key().groupResource(), version.object()).folder());
                ps.setLong(10, generation(version.object()));
                bindKey(ps, 11, version.key());
                bindKey(ps, 15, version.key());
                ps.setLong(19, generation(version.object()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** One object state to write in a batch, with the resource version it gets and the one it replaces (0: none). */
    record Written(ObjectKey key, ObjectNode object, long resourceVersion, long previous) {
    }

    /** Which of {@code keys} have a deletion in history above resource version {@code after}. */
    Set<ObjectKey> deletedAfter(Connection c, GroupResource groupResource, List<ObjectKey> keys, long after)
        throws SQLException {
        Set<ObjectKey> deleted = new HashSet<>();
        if (keys.isEmpty() || after == Long.MAX_VALUE) {
            return deleted;
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT k.namespace, k.name "
            + "FROM unnest(?::text[], ?::text[]) AS k(namespace, name) WHERE EXISTS (SELECT 1 FROM resource_history h "
            + "WHERE h.\"group\" = ? AND h.resource = ? AND h.namespace = k.namespace COLLATE \"C\" "
            + "AND h.name = k.name COLLATE \"C\" AND h.resource_version > ? AND h.action = " + DELETED + ")")) {
            ps.setArray(1, c.createArrayOf("text", keys.stream().map(ObjectKey::namespace).toArray()));
            ps.setArray(2, c.createArrayOf("text", keys.stream().map(ObjectKey::name).toArray()));
            ps.setString(3, groupResource.group());
            ps.setString(4, groupResource.resource());
            ps.setLong(5, after);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    deleted.add(new ObjectKey(groupResource, rs.getString(1), rs.getString(2)));
                }
            }
        }
        return deleted;
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

    /**
     * Inserts the current rows of new objects with one binary {@code COPY} (each value goes to the server as the
     * serializer's bytes, unescaped; the server inserts the rows in batches instead of running a statement per row),
     * then their history.
     */
    void insertAll(Connection c, List<Written> states) throws SQLException {
        if (states.isEmpty()) {
            return;
        }
        Object[] guids = new Object[states.size()];
        List<SearchRows.Row> search = new ArrayList<>(states.size());
        CurrentRowsCopy copy = new CurrentRowsCopy(c, json, maxObjectBytes);
        try {
            for (int i = 0; i < states.size(); i++) {
                Written state = states.get(i);
                UUID guid = UUID.randomUUID();
                guids[i] = guid;
                SearchColumns columns = searchColumns(state.key().groupResource(), state.object());
                search.add(new SearchRows.Row(state.key(), columns));
                copy.add(guid, state.key(), state.object(), labels(state.object()), state.resourceVersion(), columns.folder());
            }
            copy.end();
        } finally {
            copy.cancelIfOpen();
        }
        historyOfCurrent(c, guids, generations(states));
        SearchRows.write(c, search);
    }

    /**
     * Replaces the current rows of existing objects (one batch of key updates: each finds its row by the unique index
     * whatever the statistics say), then adds their history.
     */
    void updateAll(Connection c, List<Written> states) throws SQLException {
        if (states.isEmpty()) {
            return;
        }
        Object[] guids = new Object[states.size()];
        List<SearchRows.Row> search = new ArrayList<>(states.size());
        try (PreparedStatement ps = c.prepareStatement(UPDATE_CURRENT)) {
            for (int i = 0; i < states.size(); i++) {
                Written state = states.get(i);
                UUID guid = UUID.randomUUID();
                guids[i] = guid;
                SearchColumns columns = searchColumns(state.key().groupResource(), state.object());
                search.add(new SearchRows.Row(state.key(), columns));
                bindUpdate(ps, guid, state.key(), state.object(), state.resourceVersion(), state.previous(), columns);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        historyOfCurrent(c, guids, generations(states));
        SearchRows.write(c, search);
    }

    /**
     * The history rows of states just written as current rows, copied from those rows by guid (one index probe each
     * whatever the statistics say): the value is stored as the current row stored it, already compressed, instead of
     * being sent and compressed a second time.
     */
    private static void historyOfCurrent(Connection c, Object[] guids, Object[] generations) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource_history (guid, \"group\", resource, "
            + "namespace, name, value, labels, resource_version, folder, previous_resource_version, action, generation) "
            + "SELECT r.guid, r.\"group\", r.resource, r.namespace, r.name, r.value, r.labels, r.resource_version, "
            + "r.folder, r.previous_resource_version, r.action, w.generation "
            + "FROM unnest(?::uuid[], ?::bigint[]) AS w(guid, generation) "
            + "CROSS JOIN LATERAL (SELECT * FROM resource WHERE guid = w.guid OFFSET 0) r")) {
            ps.setArray(1, c.createArrayOf("uuid", guids));
            ps.setArray(2, c.createArrayOf("bigint", generations));
            ps.executeUpdate();
        }
    }

    private static Object[] generations(List<Written> states) {
        return states.stream().map(s -> generation(s.object())).toArray();
    }

    private static long generation(ObjectNode object) {
        return object.path("metadata").path("generation").asLong(0);
    }

    private void bindInsert(PreparedStatement ps, UUID guid, ObjectKey key, ObjectNode object, long resourceVersion,
                            SearchColumns search) throws SQLException {
        ps.setObject(1, guid);
        bindKey(ps, 2, key);
        bindState(ps, 6, object, resourceVersion, maxObjectBytes, key);
        ps.setString(9, search.folder());
    }

    private void bindUpdate(PreparedStatement ps, UUID guid, ObjectKey key, ObjectNode object, long resourceVersion,
                            long previous, SearchColumns search) throws SQLException {
        ps.setObject(1, guid);
        bindState(ps, 2, object, resourceVersion, maxObjectBytes, key);
        ps.setString(5, search.folder());
        ps.setLong(6, previous);
        bindKey(ps, 7, key);
    }

    /** A stored value, as the driver hands out its bytes (UTF-8: the parser reads them without making a String). */
    ObjectNode parse(byte[] value) {
        try {
            return (ObjectNode) json.readTree(value);
        } catch (IOException | ClassCastException e) {
            throw new IllegalStateException("stored value is not a JSON object", e);
        }
    }

    private static void bindKey(PreparedStatement ps, int first, ObjectKey key) throws SQLException {
        ps.setString(first, key.groupResource().group());
        ps.setString(first + 1, key.groupResource().resource());
        ps.setString(first + 2, key.namespace());
        ps.setString(first + 3, key.name());
    }

    /**
     * value, labels, resource_version, in that order. The value goes as the UTF-8 bytes the serializer writes
     * (the statement's {@code convert_from} makes them text): as a String it would be written as characters and
     * encoded again by the driver, which for a 15 KB dashboard cost as much as serializing it.
     */
    private void bindState(PreparedStatement ps, int first, ObjectNode object, long resourceVersion, int limit, ObjectKey key)
        throws SQLException {
        byte[] value;
        try {
            value = json.writeValueAsBytes(object);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize object", e);
        }
        if (value.length > limit) {
            throw StorageException.tooLarge(key, value.length, limit);
        }
        ps.setBytes(first, value);
        String labels = labels(object);
        if (labels != null) {
            ps.setString(first + 1, labels);
        } else {
            ps.setNull(first + 1, Types.VARCHAR);
        }
        ps.setLong(first + 2, resourceVersion);
    }

    /** metadata.labels as JSON text, or {@code null} when there are none. */
    private String labels(ObjectNode object) {
        JsonNode labels = object.path("metadata").path("labels");
        return labels.isObject() && !labels.isEmpty() ? serialize(labels) : null;
    }

    private String serialize(JsonNode node) {
        try {
            return json.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize object", e);
        }
    }
}
