package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.translators.table.LegacyTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * The legacy side as rows of the kind's legacy tables, for kinds whose legacy writes are rows
 * ({@link Translator#writesLegacyRows}: a service account's token is its hash, which the legacy API cannot take): read
 * as the copy reads a row, written as the reverse copy writes one ({@link LegacyTable#writeBack}), deleted with
 * {@link LegacyTable#deleteRow}, each in one transaction on {@code legacy.database-url}.
 */
final class LegacyRowsSide implements Side {
    private final Optional<DataSource> database;
    private final LegacyTables tables;
    private final Namespaces namespaces;

    LegacyRowsSide(Optional<DataSource> database, LegacyTables tables, Namespaces namespaces) {
        this.database = database;
        this.tables = tables;
        this.namespaces = namespaces;
    }

    @Override
    public Target target() {
        return Target.LEGACY;
    }

    @Override
    public Optional<ObjectNode> read(Translator translator, String namespace, String name) {
        LegacyTable<?> table = table(translator);
        long org = org(namespace, name);
        try (Connection c = connection(translator)) {
            return firstObject(table, c, org, name);
        } catch (SQLException e) {
            throw new SideFailure("the legacy database could not read " + name + ": " + e.getMessage(), e);
        }
    }

    private static <R> Optional<ObjectNode> firstObject(LegacyTable<R> table, Connection c, long org, String name) throws SQLException {
        List<LegacyRow<R>> rows = table.readKey(c, org, name);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        return switch (table.converter().toResource(rows.getFirst().row())) {
            case RowConverter.Converted converted -> Optional.of(converted.object());
            case RowConverter.Unconvertible unconvertible ->
                    throw new SideFailure("the legacy row of " + name + " cannot be read: " + unconvertible.reason());
        };
    }

    @Override
    public Optional<String> nameOf(Translator translator, String namespace, long legacyId) {
        long org = org(namespace, Long.toString(legacyId));
        try (Connection c = connection(translator)) {
            LegacyRow<?> row = table(translator).readIds(c, List.of(legacyId)).get(legacyId);
            return row == null || row.orgId() != org ? Optional.empty() : Optional.of(row.uid());
        } catch (SQLException e) {
            throw new SideFailure("the legacy database could not find the row of id " + legacyId + ": " + e.getMessage(), e);
        }
    }

    @Override
    public ObjectNode put(Translator translator, String namespace, ObjectNode desired, Optional<ObjectNode> current) {
        String name = desired.path("metadata").path("name").asText();
        ObjectNode object = desired.deepCopy();
        object.withObjectProperty("metadata").put("namespace", namespace);
        LegacyTable.WriteBack outcome = inTransaction(translator, name, c -> table(translator).writeBack(c, List.of(object)).getFirst());
        return switch (outcome) {
            case LegacyTable.WriteBack.Written written -> read(translator, namespace, name)
                    .orElseThrow(() -> new LostRace("the legacy row of " + name + " was deleted as it was written"));
            case LegacyTable.WriteBack.RowNewer newer -> throw new LostRace("the legacy row of " + name + " is newer than the object");
            case LegacyTable.WriteBack.Refused refused ->
                    throw new SideFailure("the legacy tables did not take " + name + ": " + refused.reason());
        };
    }

    @Override
    public void delete(Translator translator, String namespace, String name) {
        long org = org(namespace, name);
        inTransaction(translator, name, c -> table(translator).deleteRow(c, org, name));
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T inTransaction(Translator translator, String name, Work<T> work) {
        try (Connection c = connection(translator)) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new SideFailure("the legacy database did not take " + name + ": " + e.getMessage(), e);
        }
    }

    private Connection connection(Translator translator) throws SQLException {
        if (database.isEmpty()) {
            throw new SideFailure("the gateway writes " + translator.kind().plural() + " to the legacy side as rows of its"
                    + " tables, which needs legacy.database-url");
        }
        return database.get().getConnection();
    }

    private LegacyTable<?> table(Translator translator) {
        return tables.forResource(translator.kind().qualifiedResource()).orElseThrow(
                () -> new SideFailure(translator.kind().plural() + " have no legacy table to write"));
    }

    private long org(String namespace, String name) {
        OptionalLong org = namespaces.orgOf(namespace);
        if (org.isEmpty()) {
            throw new SideFailure("namespace " + namespace + " of " + name + " is no legacy org");
        }
        return org.getAsLong();
    }
}
