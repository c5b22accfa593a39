package io.migrationgateway.jobs;

import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.translators.table.LegacyTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * The flip gate's count of a scope's objects: its legacy rows now, one indexed count on the legacy database, so the
 * shadow check can tell whether every object has been compared.
 */
public final class LegacyObjects implements GateEvidence {
    private final DataSource legacy;
    private final LegacyTables tables;
    private final Namespaces namespaces;

    public LegacyObjects(DataSource legacy, LegacyTables tables, Namespaces namespaces) {
        this.legacy = legacy;
        this.tables = tables;
        this.namespaces = namespaces;
    }

    @Override
    public OptionalLong objectsInScope(Scope scope) {
        Optional<LegacyTable<?>> table = tables.forResource(scope.resource());
        if (table.isEmpty()) {
            return OptionalLong.empty();
        }
        OptionalLong org = OptionalLong.empty();
        if (scope.namespace().isPresent()) {
            org = namespaces.orgOf(scope.namespace().get());
            if (org.isEmpty()) {
                return OptionalLong.empty();
            }
        }
        try (Connection c = legacy.getConnection()) {
            return OptionalLong.of(table.get().count(c, org));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count the legacy rows of " + scope.describe() + ": " + e.getMessage(), e);
        }
    }
}
