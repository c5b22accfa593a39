package io.migrationgateway.gateway.config;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the gateway keeps its own state. With no {@link #url()} the gateway starts an embedded
 * PostgreSQL under the data directory. The password is never printed.
 *
 * @param requestTimeout the longest a request waits for a pooled connection, and then for each answer of the
 *                       database to a statement, before it is answered 503: a stalled database cannot hold a request
 *                       (nor the worker serving it) longer. Background work (compaction, indexing, the copy's
 *                       imports) is not bounded by it
 */
public record DatabaseConfig(String url, String user, String password, String schema, int poolSize, Duration requestTimeout) {
    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    /** The default {@link #requestTimeout()}. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);

    public DatabaseConfig {
        url = url == null ? "" : url.strip();
        user = user == null ? "" : user;
        password = password == null ? "" : password;
        if (!url.isEmpty() && !url.startsWith("jdbc:postgresql://")) {
            throw new ConfigException("database.url", "must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db), got '"
                    + Checks.redactUrl(url) + "'");
        }
        Checks.range("database.pool-size", poolSize, 1, 1000);
        requestTimeout = requestTimeout == null ? DEFAULT_REQUEST_TIMEOUT : requestTimeout;
        Checks.positive("database.request-timeout", requestTimeout);
        if (schema == null || !IDENTIFIER.matcher(schema).matches()) {
            throw new ConfigException("database.schema", "must be a lower-case SQL identifier, got '" + schema + "'");
        }
    }

    /** A configuration with the default request timeout. */
    public DatabaseConfig(String url, String user, String password, String schema, int poolSize) {
        this(url, user, password, schema, poolSize, DEFAULT_REQUEST_TIMEOUT);
    }

    /** The external server's JDBC URL, or empty when the embedded PostgreSQL is to be used. */
    public Optional<String> externalUrl() {
        return url.isEmpty() ? Optional.empty() : Optional.of(url);
    }

    @Override
    public String toString() {
        return "DatabaseConfig[url=" + (url.isEmpty() ? "<embedded>" : Checks.redactUrl(url)) + ", user=" + user
                + ", password=" + (password.isEmpty() ? "<none>" : "<set>") + ", schema=" + schema + ", poolSize=" + poolSize + ", requestTimeout=" + requestTimeout + "]";
    }
}
