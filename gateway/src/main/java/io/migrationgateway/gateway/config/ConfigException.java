package io.migrationgateway.gateway.config;

/**
 * A configuration value the gateway cannot run with. The message always starts with the key's path
 * (for example {@code legacy.url}) so an operator knows which line of the file, which environment
 * variable or which flag to fix.
 */
public final class ConfigException extends RuntimeException {
    private final String key;

    public ConfigException(String key, String problem) {
        super(key + ": " + problem);
        this.key = key;
    }

    /** The dotted path of the offending key, such as {@code legacy.breaker.open-duration}. */
    public String key() {
        return key;
    }
}
