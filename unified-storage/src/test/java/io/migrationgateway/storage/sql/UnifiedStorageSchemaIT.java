package io.migrationgateway.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.testsupport.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UnifiedStorageSchemaIT {
    private final String schema = TestDatabase.newSchema();
    private final HikariDataSource dataSource = new HikariDataSource();

    {
        dataSource.setJdbcUrl(TestDatabase.url());
        dataSource.setMaximumPoolSize(2);
    }

    @AfterEach
    void close() {
        dataSource.close();
        TestDatabase.dropSchema(schema);
    }

    @Test
    void migratesASchemaThatAlreadyHoldsOtherTablesAndIsIdempotent() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            s.execute("CREATE TABLE " + schema + ".gateway_table (id int)");
        }

        UnifiedStorageSchema.migrate(dataSource, schema);
        UnifiedStorageSchema.migrate(dataSource, schema);

        List<String> tables = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                 + schema + "' ORDER BY 1")) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        assertThat(tables).containsExactly("flyway_unified_storage_history", "gateway_table", "resource",
            "resource_compaction", "resource_history", "resource_search", "resource_search_declaration", "resource_version");
    }

    @Test
    void storesValuesWithLz4WhenTheServerHasIt() throws Exception {
        UnifiedStorageSchema.migrate(dataSource, schema);

        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 'lz4' = ANY(enumvals), (SELECT string_agg(a.attrelid::regclass::text "
                 + "|| '=' || a.attcompression::text, ',' ORDER BY 1) FROM pg_attribute a WHERE a.attname = 'value' "
                 + "AND a.attrelid IN ('" + schema + ".resource'::regclass, '" + schema + ".resource_history'::regclass)) "
                 + "FROM pg_settings WHERE name = 'default_toast_compression'")) {
            rs.next();
            String expected = rs.getBoolean(1) ? "l" : "";
            assertThat(rs.getString(2)).isEqualTo(schema + ".resource=" + expected + "," + schema + ".resource_history="
                + expected);
        }
    }
}
