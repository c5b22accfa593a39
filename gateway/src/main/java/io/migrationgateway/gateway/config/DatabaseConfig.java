package io.migrationgateway.gateway.config;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the gateway keeps its own state. With no {@link #url()} the gateway starts an embedded
 * PostgreSQL under the data directory. The password is never printed.
 */
public record DatabaseConfig(String url, String user, String password, String schema, int poolSize) {
    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    public DatabaseConfig {
        url = url == null ? "" : url.strip();
        user = user == null ? "" : user;
        password = password == null ? "" : password;
        if (!url.isEmpty() && !url.startsWith("jdbc:postgresql://")) {
            throw new ConfigException("database.url", "must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db), got '"
                    + Checks.redactUrl(url) + "'");
        }
        Checks.range("database.pool-size", poolSize, 1, 1000);
        if (schema == null || !IDENTIFIER.matcher(schema).matches()) {
            throw new ConfigException("database.schema", "must be a lower-case SQL identifier, got '" + schema + "'");
        }
    }

    /** The external server's JDBC URL, or empty when the embedded PostgreSQL is to be used. */
    public Optional<String> externalUrl() {
        return url.isEmpty() ? Optional.empty() : Optional.of(url);
    }

    @Override
    public String toString() {
        return "DatabaseConfig[url=" + (url.isEmpty() ? "<embedded>" : Checks.redactUrl(url)) + ", user=" + user
                + ", password=" + (password.isEmpty() ? "<none>" : "<set>") + ", schema=" + schema + ", poolSize=" + poolSize + "]";
    }
}
