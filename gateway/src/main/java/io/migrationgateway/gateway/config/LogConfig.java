package io.migrationgateway.gateway.config;

/** Log output: human text or one JSON object per line, and whether each request gets an access line. */
public record LogConfig(String format, boolean access) {
    public LogConfig {
        if (!"text".equals(format) && !"json".equals(format)) {
            throw new ConfigException("log.format", "must be 'text' or 'json', got '" + format + "'");
        }
    }
}
