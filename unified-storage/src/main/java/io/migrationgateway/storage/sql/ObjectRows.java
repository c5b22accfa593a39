package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.ObjectKey;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
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
