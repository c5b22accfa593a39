package io.migrationgateway.testsupport;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The PostgreSQL tests run against: the server named by {@code TEST_DATABASE_URL} (CI sets it to the
 * machine's PostgreSQL), else one embedded PostgreSQL started once per test JVM. Each test gets its own
 * schema, so tests never see each other's rows and can run against a shared server.
 */
public final class TestDatabase {
    public static final String ENV = "TEST_DATABASE_URL";
    private static String url;

    private TestDatabase() {
    }

    /** JDBC URL of the test server (including credentials, if any, as URL parameters). */
    public static synchronized String url() {
        if (url == null) {
            String fromEnv = System.getenv(ENV);
            url = fromEnv != null && !fromEnv.isBlank() ? fromEnv : startEmbedded();
            installTrigrams(url);
        }
        return url;
    }

    /**
     * pg_trgm in schema {@code public}, as an operator would install it once per database: otherwise the first test's
     * schema gets it, and dropping that schema would drop the trigram indexes of every other test's schema with it.
     */
    private static void installTrigrams(String url) {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
        } catch (SQLException e) {
            // a server without pg_trgm: searches scan instead, and the tests still hold
        }
    }

    /** A fresh, unused schema name; the gateway's Flyway creates it. */
    public static String newSchema() {
        return "t_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE).toLowerCase(Locale.ROOT);
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(url());
    }

    public static void dropSchema(String schema) {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop test schema " + schema, e);
        }
    }

    private static String startEmbedded() {
        try {
            EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    pg.close();
                } catch (IOException ignored) {
                    // the JVM is exiting; the temp directory goes with it
                }
            }));
            return pg.getJdbcUrl("postgres", "postgres");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the embedded PostgreSQL for tests", e);
        }
    }
}
