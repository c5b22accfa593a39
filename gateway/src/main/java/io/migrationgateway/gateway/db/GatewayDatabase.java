package io.migrationgateway.gateway.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.flags.postgres.FlagsSchema;
import io.migrationgateway.gateway.config.DatabaseConfig;
import io.migrationgateway.storage.sql.UnifiedStorageSchema;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's own PostgreSQL: the server named by {@code database.url}, or else a real PostgreSQL
 * started from the jar with its files under {@code <data-dir>/postgres}, kept across restarts.
 * Opening it migrates the gateway's schema with Flyway, so a {@code GatewayDatabase} in hand is ready.
 */
public final class GatewayDatabase implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayDatabase.class);

    /** Unpooled: Flyway and start-up checks, which should fail fast rather than wait for a pool. */
    private final PGSimpleDataSource connections;
    private final HikariDataSource dataSource;
    private final EmbeddedPostgres embedded;
    private final String description;
    private final String jdbcUrl;

    private GatewayDatabase(PGSimpleDataSource connections, DatabaseConfig config, EmbeddedPostgres embedded,
                            String description, String jdbcUrl) {
        this.connections = connections;
        this.dataSource = pooled(connections, config);
        this.embedded = embedded;
        this.description = description;
        this.jdbcUrl = jdbcUrl;
    }

    /**
     * Connects to (or starts) the database and migrates the schema.
     *
     * @throws DatabaseUnavailableException with an operator-readable reason when that is impossible
     */
    public static GatewayDatabase open(DatabaseConfig config, Path dataDir) {
        GatewayDatabase database = config.externalUrl()
                .map(url -> external(url, config))
                .orElseGet(() -> embedded(dataDir, config));
        try {
            database.migrate(config.schema());
            return database;
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /**
     * A pool over {@code connections}: the Resource API runs a few statements per request, and opening a
     * PostgreSQL connection costs milliseconds (TLS, authentication, a backend process).
     */
    private static HikariDataSource pooled(PGSimpleDataSource connections, DatabaseConfig config) {
        HikariConfig pool = new HikariConfig();
        pool.setDataSource(connections);
        pool.setPoolName("gateway-db");
        pool.setMaximumPoolSize(config.poolSize());
        pool.setMinimumIdle(Math.min(2, config.poolSize()));
        pool.setConnectionTimeout(Math.max(250, config.requestTimeout().toMillis()));
        // connect on first use: open() has already proven the server with Flyway over unpooled connections
        pool.setInitializationFailTimeout(-1);
        return new HikariDataSource(pool);
    }

    private static GatewayDatabase external(String url, DatabaseConfig config) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        if (!config.user().isEmpty()) {
            ds.setUser(config.user());
        }
        if (!config.password().isEmpty()) {
            ds.setPassword(config.password());
        }
        ds.setCurrentSchema(config.schema());
        ds.setConnectTimeout(5);
        ds.setApplicationName("migration-gateway");
        return new GatewayDatabase(ds, config, null, "PostgreSQL at " + ds.getServerNames()[0] + ":" + ds.getPortNumbers()[0]
                + "/" + ds.getDatabaseName(), url);
    }

    private static GatewayDatabase embedded(Path dataDir, DatabaseConfig config) {
        Path pgDir = dataDir.resolve("postgres").toAbsolutePath().normalize();
        try {
            Files.createDirectories(pgDir);
        } catch (IOException e) {
            throw new DatabaseUnavailableException("cannot create the embedded database directory " + pgDir + ": " + e.getMessage(), e);
        }
        try {
            EmbeddedPostgres pg = EmbeddedPostgres.builder()
                    .setDataDirectory(pgDir)
                    .setCleanDataDirectory(false)
                    .start();
            PGSimpleDataSource ds = new PGSimpleDataSource();
            ds.setURL(pg.getJdbcUrl("postgres", "postgres"));
            ds.setCurrentSchema(config.schema());
            ds.setApplicationName("migration-gateway");
            LOG.info("embedded PostgreSQL started on 127.0.0.1:{} with data in {}", pg.getPort(), pgDir);
            return new GatewayDatabase(ds, config, pg, "embedded PostgreSQL (" + pgDir + ")", pg.getJdbcUrl("postgres", "postgres"));
        } catch (IOException | RuntimeException e) {
            throw new DatabaseUnavailableException("the embedded PostgreSQL did not start with data in " + pgDir
                    + " (is another gateway using this data directory?): " + e.getMessage(), e);
        }
    }

    private void migrate(String schema) {
        try {
            Flyway.configure()
                    .dataSource(connections)
                    .schemas(schema)
                    .defaultSchema(schema)
                    .locations("classpath:db/gateway")
                    .load()
                    .migrate();
            // the Resource API's tables live beside the gateway's, with their own migration history
            UnifiedStorageSchema.migrate(connections, schema);
            FlagsSchema.migrate(connections, schema);
        } catch (FlywayException e) {
            throw new DatabaseUnavailableException("cannot migrate the gateway schema in " + description + ": "
                    + e.getMessage().split("\n")[0], e);
        }
    }

    public DataSource dataSource() {
        return dataSource;
    }

    /**
     * The server's JDBC URL, so that other components (the demo's legacy simulator) can share it. For an
     * external server it is the configured URL, which may carry credentials: never log it.
     */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /** Where the data lives, for logs and status pages (no credentials). */
    public String description() {
        return description;
    }

    /** True when a connection can be had and answers within the timeout. */
    public boolean isReachable(int timeoutSeconds) {
        try (Connection connection = dataSource.getConnection()) {
            return connection.isValid(timeoutSeconds);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        dataSource.close();
        if (embedded != null) {
            try {
                embedded.close();
            } catch (IOException e) {
                LOG.warn("embedded PostgreSQL did not stop cleanly: {}", e.getMessage());
            }
        }
    }
}
