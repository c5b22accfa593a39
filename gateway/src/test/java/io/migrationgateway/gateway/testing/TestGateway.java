package io.migrationgateway.gateway.testing;

import io.migrationgateway.testsupport.TestDatabase;

import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.GatewayConfig;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A real gateway on loopback ports chosen by the OS, on its own schema of the test database, for tests
 * that talk to it over HTTP the way clients do.
 */
public final class TestGateway implements AutoCloseable {
    public static final String ADMIN_USER = "admin";
    public static final String ADMIN_PASSWORD = "s3cret-for-tests";

    private final Gateway gateway;
    private final String schema;
    private final boolean ownsSchema;

    private TestGateway(Gateway gateway, String schema, boolean ownsSchema) {
        this.gateway = gateway;
        this.schema = schema;
        this.ownsSchema = ownsSchema;
    }

    /** Starts a gateway forwarding to {@code legacyUrl}; {@code settings} override any config key. */
    public static TestGateway start(String legacyUrl, Map<String, String> settings) {
        return start(legacyUrl, settings, Gateway.Parts.AS_CONFIGURED);
    }

    /** As {@link #start(String, Map)}, with some parts wrapped (a failing store, a wrong translator). */
    public static TestGateway start(String legacyUrl, Map<String, String> settings, Gateway.Parts parts) {
        String schema = TestDatabase.newSchema();
        Map<String, String> overrides = new LinkedHashMap<>(baseSettings(legacyUrl, schema));
        overrides.putAll(settings);
        GatewayConfig config = new ConfigLoader().load(Optional.empty(), Map.of(), overrides);
        return new TestGateway(Gateway.start(config, parts), schema, true);
    }

    /**
     * A second replica: another gateway on the same database schema as {@code first} (which keeps owning the
     * schema and drops it when closed).
     */
    public static TestGateway replicaOf(TestGateway first, String legacyUrl, Map<String, String> settings) {
        Map<String, String> overrides = new LinkedHashMap<>(baseSettings(legacyUrl, first.schema));
        overrides.putAll(settings);
        GatewayConfig config = new ConfigLoader().load(Optional.empty(), Map.of(), overrides);
        return new TestGateway(Gateway.start(config), first.schema, false);
    }

    public static TestGateway start(String legacyUrl) {
        return start(legacyUrl, Map.of());
    }

    /** The settings every test gateway starts from. */
    public static Map<String, String> baseSettings(String legacyUrl, String schema) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("server.host", "127.0.0.1");
        settings.put("server.port", "0");
        settings.put("server.io-threads", "2");
        settings.put("admin.port", "0");
        settings.put("admin.username", ADMIN_USER);
        settings.put("admin.password", ADMIN_PASSWORD);
        settings.put("legacy.url", legacyUrl);
        settings.put("database.url", TestDatabase.url());
        settings.put("database.schema", schema);
        settings.put("data-dir", Path.of("target", "test-data").toString());
        settings.put("log.access", "false");
        // tests count comparisons, which must not depend on how fast this machine compiles the shadow path; the budget's
        // own test sets a share
        settings.put("shadow.cpu-share", "1");
        return settings;
    }

    public URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port() + pathAndQuery);
    }

    public URI adminUri(String path) {
        return URI.create("http://127.0.0.1:" + adminPort() + path);
    }

    public int port() {
        return gateway.publicAddress().getPort();
    }

    public int adminPort() {
        return gateway.adminAddress().getPort();
    }

    public Gateway gateway() {
        return gateway;
    }

    public String schema() {
        return schema;
    }

    @Override
    public void close() {
        gateway.close();
        if (ownsSchema) {
            TestDatabase.dropSchema(schema);
        }
    }
}
