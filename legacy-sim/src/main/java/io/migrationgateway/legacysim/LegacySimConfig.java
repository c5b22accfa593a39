package io.migrationgateway.legacysim;

import java.util.Objects;

/**
 * How to run the simulator.
 *
 * @param host                where to listen (127.0.0.1 unless told otherwise)
 * @param port                where to listen (0 = any free port)
 * @param jdbcUrl             the PostgreSQL holding the legacy tables
 * @param schema              the schema of the legacy tables, separate from the gateway's
 * @param adminPassword       password of the seeded Grafana {@code admin} user
 * @param serviceAccountToken the seeded service-account token ({@code glsa_...}, Admin in org 1)
 * @param seed                load the seed dashboards, folders and playlists into an empty database
 */
public record LegacySimConfig(String host, int port, String jdbcUrl, String schema, String adminPassword,
                              String serviceAccountToken, boolean seed) {
    public LegacySimConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(adminPassword, "adminPassword");
        Objects.requireNonNull(serviceAccountToken, "serviceAccountToken");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
        }
        if (!schema.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("schema must be a lower-case SQL identifier, got " + schema);
        }
    }
}
