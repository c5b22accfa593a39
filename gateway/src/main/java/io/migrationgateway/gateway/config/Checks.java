package io.migrationgateway.gateway.config;

import java.net.URI;
import java.time.Duration;

/** Value checks shared by the config records; each names the key it rejects. */
final class Checks {
    private Checks() {
    }

    static void port(String key, int port) {
        range(key, port, 0, 65535);
    }

    static void range(String key, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ConfigException(key, "must be between " + min + " and " + max + ", got " + value);
        }
    }

    static void fraction(String key, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new ConfigException(key, "must be a fraction from 0 to 1, got " + value);
        }
    }

    static void positive(String key, Duration duration) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new ConfigException(key, "must be a positive duration such as 500ms or 5s, got " + duration);
        }
    }

    static void host(String key, String host) {
        if (host == null || host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
            throw new ConfigException(key, "must be a host name or IP address, got '" + host + "'");
        }
    }

    static URI httpUrl(String key, URI url) {
        if (url == null) {
            throw new ConfigException(key, "is required");
        }
        String scheme = url.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new ConfigException(key, "must be an absolute http:// or https:// URL, got '" + redactUrl(url.toString()) + "'");
        }
        if (url.getHost() == null || url.getHost().isEmpty()) {
            throw new ConfigException(key, "has no host: '" + redactUrl(url.toString()) + "'");
        }
        if (url.getRawUserInfo() != null) {
            throw new ConfigException(key, "must not carry credentials; callers' own credentials are forwarded");
        }
        if (url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new ConfigException(key, "must not have a query or fragment: '" + redactUrl(url.toString()) + "'");
        }
        return url;
    }

    /** Drops anything that could be a secret (user info, query parameters) before a URL is printed. */
    static String redactUrl(String url) {
        String noQuery = url.replaceAll("\\?.*$", "?…");
        return noQuery.replaceAll("//[^/@]*@", "//…@");
    }
}
