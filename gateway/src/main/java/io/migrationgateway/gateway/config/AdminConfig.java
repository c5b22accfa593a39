package io.migrationgateway.gateway.config;

import java.time.Duration;

/**
 * The admin listener and the one set of credentials that guards it. The password is never printed:
 * {@link #toString()} masks it.
 *
 * @param consoleCsrfTtl how long a Togglz console page's CSRF token may be used to submit its form
 */
public record AdminConfig(String host, int port, String username, String password, boolean insecure, Duration consoleCsrfTtl) {
    public AdminConfig {
        Checks.host("admin.host", host);
        Checks.port("admin.port", port);
        Checks.positive("admin.console-csrf-ttl", consoleCsrfTtl);
        username = username == null ? "" : username;
        password = password == null ? "" : password;
        if (username.isBlank() && !password.isEmpty()) {
            throw new ConfigException("admin.username", "must not be empty when admin.password is set");
        }
        if (username.contains(":")) {
            throw new ConfigException("admin.username", "must not contain ':' (HTTP Basic separates user and password with it)");
        }
    }

    /** True when a request must present {@link #username()} and {@link #password()}. */
    public boolean credentialsConfigured() {
        return !username.isBlank() && !password.isEmpty();
    }

    @Override
    public String toString() {
        return "AdminConfig[host=" + host + ", port=" + port + ", username=" + username
                + ", password=" + (password.isEmpty() ? "<none>" : "<set>") + ", insecure=" + insecure + ", consoleCsrfTtl=" + consoleCsrfTtl + "]";
    }
}
