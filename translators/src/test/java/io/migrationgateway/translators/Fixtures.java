package io.migrationgateway.translators;

import io.migrationgateway.model.Namespaces;
import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.translators.grafana.GrafanaResources;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.Caller;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.OrgRole;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A deployment for translator tests: on-prem namespaces, ids from 100001 up, identities by login, a fixed clock and
 * a seeded random; a Resource API in memory; callers of each role; requests to any route of the registry.
 */
public final class Fixtures {
    public static final Instant NOW = Instant.parse("2024-05-06T07:08:09Z");
    public static final Caller ADMIN = new Caller("admin", OrgRole.ADMIN, false);
    public static final Caller EDITOR = new Caller("editor", OrgRole.EDITOR, false);
    public static final Caller VIEWER = new Caller("viewer", OrgRole.VIEWER, false);

    private final AtomicLong ids = new AtomicLong(100_000);
    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private final TranslatorSettings settings = new TranslatorSettings(Namespaces.onPrem(), kind -> ids.incrementAndGet(),
            UserIdentities.byLogin(), clock, new Random(42));
    private final TranslatorRegistry registry = GrafanaResources.translators(settings);
    private final InMemoryResourceApi api = new InMemoryResourceApi(clock);

    public TranslatorSettings settings() {
        return settings;
    }

    public TranslatorRegistry registry() {
        return registry;
    }

    public InMemoryResourceApi api() {
        return api;
    }

    /** Sends a legacy request (path with optional query) as {@code caller} in org 1 and runs its plan against {@link #api()}. */
    public LegacyResponse send(String method, String pathAndQuery, String body, Caller caller) {
        return send(method, pathAndQuery, body, caller, 1);
    }

    public LegacyResponse send(String method, String pathAndQuery, String body, Caller caller, long orgId) {
        LegacyRequest request = request(method, pathAndQuery, body, caller, orgId);
        return registry.match(method, pathAndQuery).orElseThrow().translator().legacyPlan(request).run(api);
    }

    public LegacyResponse get(String pathAndQuery) {
        return send("GET", pathAndQuery, null, ADMIN);
    }

    public LegacyResponse post(String path, String body) {
        return send("POST", path, body, ADMIN);
    }

    /** The request {@code method pathAndQuery} makes; the route must be one a translator owns. */
    public LegacyRequest request(String method, String pathAndQuery, String body, Caller caller, long orgId) {
        int q = pathAndQuery.indexOf('?');
        RouteMatch match = registry.match(method, pathAndQuery)
                .orElseThrow(() -> new AssertionError("no translator owns " + method + " " + pathAndQuery));
        return match.request(q < 0 ? null : pathAndQuery.substring(q + 1),
                body == null ? null : body.getBytes(StandardCharsets.UTF_8), orgId, caller);
    }

    public static JsonNode json(String text) {
        return Json.tree(text);
    }

    /** A body as a legacy client reads it off the wire (numbers as parsed, not as built). */
    public static JsonNode wire(LegacyResponse response) {
        return Json.tree(new String(response.bytes(), StandardCharsets.UTF_8));
    }

    /** A tree as it reads back from the wire (numbers as parsed, not as built), for equality with parsed text. */
    public static JsonNode wire(JsonNode node) {
        return Json.tree(new String(Json.bytes(node), StandardCharsets.UTF_8));
    }
}
