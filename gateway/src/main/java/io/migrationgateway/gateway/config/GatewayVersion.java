package io.migrationgateway.gateway.config;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version this jar was built as (from the Maven project version). */
public final class GatewayVersion {
    private static final String VERSION = load();

    private GatewayVersion() {
    }

    public static String current() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = GatewayVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
