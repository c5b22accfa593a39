package io.migrationgateway.gateway.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.gateway.config.LegacyConfig;
import java.util.Optional;

/**
 * A small pool on the legacy deployment's database ({@code legacy.database-url}): the migration jobs read and (reverse
 * copy) write its tables, watches over legacy poll it. Never needed to start: a legacy database that is down at start
 * only delays those.
 */
public final class LegacyDatabase {
    private static final int CONNECTIONS = 4;

    private LegacyDatabase() {
    }

    public static Optional<HikariDataSource> open(LegacyConfig legacy) {
        return legacy.database().map(url -> {
            HikariConfig pool = new HikariConfig();
            pool.setJdbcUrl(url);
            pool.setPoolName("legacy-database");
            pool.setMaximumPoolSize(CONNECTIONS);
            pool.setMinimumIdle(0);
            pool.setInitializationFailTimeout(-1);
            return new HikariDataSource(pool);
        });
    }
}
