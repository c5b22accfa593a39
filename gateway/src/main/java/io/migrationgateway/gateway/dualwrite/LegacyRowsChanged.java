package io.migrationgateway.gateway.dualwrite;

import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.translators.table.LegacyTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * The legacy rows of a namespace updated since a time, read from the legacy tables as the copy's catch-up reads them
 * (Grafana's {@code updated} column, in UTC): which objects a write that named none may have made there.
 */
record LegacyRowsChanged(Optional<DataSource> legacyDatabase, LegacyTables tables, Namespaces namespaces)
        implements DualWriteStore.LegacyChangedRows {
    /** The most rows read for one left write: more is a copy's job. */
    private static final int LIMIT = 10_000;

    @Override
    public Optional<List<String>> since(String resource, String namespace, Instant since) {
        Optional<LegacyTable<?>> table = tables.forResource(resource);
        OptionalLong org = namespaces.orgOf(namespace);
        if (legacyDatabase.isEmpty() || table.isEmpty() || org.isEmpty()) {
            return Optional.empty();
        }
        try (Connection c = legacyDatabase.get().getConnection()) {
            List<? extends LegacyRow<?>> rows = table.get().readChanged(c, LocalDateTime.ofInstant(since, ZoneOffset.UTC), 0, org, LIMIT);
            return rows.size() == LIMIT ? Optional.empty() : Optional.of(rows.stream().map(LegacyRow::uid).toList());
        } catch (SQLException e) {
            return Optional.empty();
        }
    }
}
