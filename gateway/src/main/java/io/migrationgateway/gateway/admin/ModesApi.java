package io.migrationgateway.gateway.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.flags.Actor;
import io.migrationgateway.flags.FlagStoreException;
import io.migrationgateway.flags.FlipRequest;
import io.migrationgateway.flags.FlipResult;
import io.migrationgateway.flags.MigrationFlags;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.ModeChange;
import io.migrationgateway.flags.mode.ResourceModes;
import io.migrationgateway.flags.audit.AuditEntry;
import io.migrationgateway.flags.gate.GateCheck;
import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.GateResult;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.flags.gate.Verdict;
import io.migrationgateway.gateway.migration.OperationService;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The admin API of the migration flags (JSON, behind the admin credentials). Flips go through the same
 * {@link io.migrationgateway.flags.ModeChanges} as the console, by the admin user.
 *
 * <ul>
 *   <li>{@code GET /admin/resources[?resource=NAME]}: per resource (or the one NAME names), its names, the mode
 *       serving each namespace, and what the gate says about the next mode up that the gateway serves;</li>
 *   <li>{@code PUT /admin/resources/{resource}/mode} with {@code {"mode": 4, "namespace": "org-2", "reason": "...",
 *       "force": false, "dryRun": false}} ({@code namespace} absent: every namespace without an override): 200 with
 *       the new state and the verdict, 409 with the refused verdict and its figures, 400 for bad input or an ambiguous
 *       resource name, 404 for an unknown resource;</li>
 *   <li>{@code GET /admin/audit?limit=N}: the latest flips and refusals, newest first (default 50, at most 1000).</li>
 * </ul>
 * A resource is named as kubectl names it ({@link ResourceNames}).
 */
final class ModesApi {
    /** The command line says it is itself, so that the audit log can tell its flips from other API calls. */
    static final String CLI_USER_AGENT = "migration-gateway-cli";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_BODY = 64 * 1024;
    private static final Set<String> FLIP_FIELDS = Set.of("mode", "namespace", "reason", "force", "dryRun");

    private final MigrationFlags flags;
    private final GateEvidence evidence;
    private final TranslatorRegistry translators;
    private final ResourceNames names;
    private final String who;

    /** @param who the admin user every API flip is recorded as */
    ModesApi(MigrationFlags flags, GateEvidence evidence, TranslatorRegistry translators, ResourceNames names, String who) {
        this.flags = flags;
        this.evidence = evidence;
        this.translators = translators;
        this.names = names;
        this.who = who;
    }

    HttpHandler resources() {
        return exchange -> answer(exchange, () -> {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("servedModes", flags.gate().servedModes().stream().map(Mode::number).toList());
            Deque<String> named = exchange.getQueryParameters().get("resource");
            List<String> resources = named == null ? flags.modes().resources() : List.of(names.resolve(named.getFirst()));
            body.put("resources", resources.stream().map(r -> resourceView(flags.modes().state(r))).toList());
            return new Answer(200, body);
        });
    }

    HttpHandler flip() {
        return exchange -> answer(exchange, () -> {
            String resource = names.resolve(exchange.getQueryParameters().get("resource").getFirst());
            FlipRequest request = flipRequest(exchange, resource);
            FlipResult result = flags.changes().flip(request);
            return new Answer(result.refused() ? 409 : 200, flipView(result));
        });
    }

    HttpHandler audit() {
        return exchange -> answer(exchange, () -> {
            Deque<String> limitParameter = exchange.getQueryParameters().get("limit");
            int limit = 50;
            if (limitParameter != null) {
                try {
                    limit = Integer.parseInt(limitParameter.getFirst());
                } catch (NumberFormatException e) {
                    limit = -1;
                }
                if (limit < 1 || limit > 1000) {
                    throw new IllegalArgumentException("limit must be a whole number from 1 to 1000, got '" + limitParameter.getFirst() + "'");
                }
            }
            return new Answer(200, flags.audit().recent(limit).stream().map(ModesApi::auditView).toList());
        });
    }

    private FlipRequest flipRequest(HttpServerExchange exchange, String resource) throws Exception {
        JsonNode body;
        try (InputStream in = exchange.getInputStream()) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                throw new IllegalArgumentException("the body is larger than " + MAX_BODY + " bytes");
            }
            body = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the body is not JSON: " + e.getOriginalMessage());
        }
        if (body == null || !body.isObject()) {
            throw new IllegalArgumentException("the body must be a JSON object such as {\"mode\": 4, \"reason\": \"...\"}");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FLIP_FIELDS.contains(name)) {
                throw new IllegalArgumentException("unknown field '" + name + "' (known: " + String.join(", ", new TreeSet<>(FLIP_FIELDS)) + ")");
            }
        }
        JsonNode mode = body.path("mode");
        if (!mode.isInt() && !mode.isTextual()) {
            throw new IllegalArgumentException("mode is required: 0 to 5 or its name, such as 4 or \"unified-only\"");
        }
        JsonNode namespace = body.path("namespace");
        if (!namespace.isMissingNode() && !namespace.isNull() && !namespace.isTextual()) {
            throw new IllegalArgumentException("namespace must be a string such as \"org-2\"");
        }
        String userAgent = exchange.getRequestHeaders().getFirst(Headers.USER_AGENT);
        String via = userAgent != null && userAgent.startsWith(CLI_USER_AGENT) ? "cli" : "admin-api";
        return new FlipRequest(new Actor(who, via), resource,
                namespace.isTextual() ? Optional.of(namespace.asText()) : Optional.empty(),
                mode.isInt() ? Mode.of(mode.asInt()) : Mode.parse(mode.asText()),
                body.path("reason").isTextual() ? body.path("reason").asText() : null,
                flag(body, "force"), flag(body, "dryRun"));
    }

    private static boolean flag(JsonNode body, String name) {
        JsonNode value = body.path(name);
        if (value.isMissingNode() || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw new IllegalArgumentException(name + " must be true or false");
        }
        return value.asBoolean();
    }

    private Map<String, Object> resourceView(ResourceModes state) {
        List<Object> serving = new ArrayList<>();
        serving.add(scopeView(state, Optional.empty()));
        new TreeSet<>(state.namespaces().keySet()).forEach(namespace -> serving.add(scopeView(state, Optional.of(namespace))));
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("resource", state.resource());
        view.put("names", names.names(state.resource()));
        view.put("enabled", state.enabled());
        view.put("mode", state.mode().number());
        view.put("namespaceOverrides", state.namespacesText());
        view.put("serving", serving);
        view.put("operations", operationsView(state));
        return view;
    }

    /**
     * Each legacy operation of the resource, who answers it in the default mode and the next one up, and its calls in the
     * last day (absent when they cannot be read).
     */
    private List<Map<String, Object>> operationsView(ResourceModes state) {
        Mode mode = state.mode();
        Mode next = flags.gate().servedModes().stream().filter(served -> served.compareTo(mode) > 0).findFirst().orElse(mode);
        Optional<Map<String, Long>> calls = evidence.operationCalls(new Scope(state.resource(), Optional.empty()));
        List<Map<String, Object>> operations = new ArrayList<>();
        translators.all().stream().filter(translator -> translator.kind().qualifiedResource().equals(state.resource()))
                .forEach(translator -> {
                    translator.routes().forEach(route -> operations.add(operationView(route, Optional.empty(), "", mode, next,
                            calls)));
                    translator.untranslated().forEach(operation -> operations.add(operationView(operation.route(),
                            Optional.of(operation.handling()), operation.reason(), mode, next, calls)));
                });
        return operations;
    }

    private static Map<String, Object> operationView(LegacyRoute route, Optional<UntranslatedOperation.Handling> handling,
                                                     String reason, Mode mode, Mode next, Optional<Map<String, Long>> calls) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", route.id());
        view.put("operation", route.method() + " " + route.template());
        view.put("translated", handling.isEmpty());
        view.put("now", OperationService.in(mode, handling));
        view.put("next", OperationService.in(next, handling));
        calls.ifPresent(counted -> view.put("callsLastDay", counted.getOrDefault(route.id(), 0L)));
        if (!reason.isEmpty()) {
            view.put("why", reason);
        }
        return view;
    }

    /** One namespace's mode, and what the gate says about the next mode up the gateway serves. */
    private Map<String, Object> scopeView(ResourceModes state, Optional<String> namespace) {
        Mode mode = state.modeOf(namespace);
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("namespace", namespace.orElse(null));
        view.put("mode", mode.number());
        view.put("label", mode.label());
        Optional<Mode> next = flags.gate().servedModes().stream().filter(served -> served.compareTo(mode) > 0).findFirst();
        view.put("next", next.map(to -> {
            GateResult gate = flags.gate().evaluate(new Scope(state.resource(), namespace), mode, to);
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("mode", to.number());
            step.put("label", to.label());
            step.put("verdict", gate.verdict().label());
            step.put("checks", gate.checks().stream().map(ModesApi::checkView).toList());
            return step;
        }).orElse(null));
        return view;
    }

    private Map<String, Object> flipView(FlipResult result) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("resource", result.resource());
        view.put("applied", result.applied());
        view.put("dryRun", result.dryRun());
        view.put("verdict", result.verdict().label());
        view.put("message", message(result));
        view.put("changes", result.changes().stream().map(ModesApi::changeView).toList());
        view.put("state", resourceView(result.after()));
        return view;
    }

    private static String message(FlipResult result) {
        if (result.changes().isEmpty()) {
            return "nothing to change";
        }
        if (result.dryRun()) {
            return result.verdict() == Verdict.PASS ? "dry run: the gate would let this through"
                    : "dry run: the gate would refuse this\n" + result.explanation();
        }
        if (result.refused()) {
            return "refused\n" + result.explanation();
        }
        return result.changes().stream().anyMatch(ModeChange::forced) ? "applied, forced past the gate\n" + result.explanation() : "applied";
    }

    private static Map<String, Object> changeView(ModeChange change) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("namespace", change.scope().namespace().orElse(null));
        view.put("from", change.from().number());
        view.put("to", change.to().number());
        view.put("verdict", change.gate().verdict().label());
        view.put("forceable", change.gate().forceable());
        view.put("forced", change.forced());
        view.put("checks", change.gate().checks().stream().map(ModesApi::checkView).toList());
        return view;
    }

    private static Map<String, Object> checkView(GateCheck check) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("name", check.name());
        view.put("verdict", check.verdict().label());
        view.put("message", check.message());
        view.put("figures", check.figures());
        return view;
    }

    private static Map<String, Object> auditView(AuditEntry entry) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", entry.id());
        view.put("at", entry.at().toString());
        view.put("who", entry.who());
        view.put("via", entry.via());
        view.put("resource", entry.resource());
        view.put("namespace", entry.namespace().orElse(null));
        view.put("from", entry.from().number());
        view.put("to", entry.to().number());
        view.put("reason", entry.reason());
        view.put("verdict", entry.verdict().label());
        view.put("applied", entry.applied());
        view.put("forced", entry.forced());
        view.put("checks", entry.checks().stream().map(ModesApi::checkView).toList());
        return view;
    }

    private record Answer(int status, Object body) {
    }

    @FunctionalInterface
    private interface Work {
        Answer run() throws Exception;
    }

    /**
     * An unknown resource is a 404 and other bad input a 400, saying why; a database that cannot be used is a 503;
     * anything else is the boundary's 500.
     */
    private static void answer(HttpServerExchange exchange, Work work) throws Exception {
        Answer answer;
        try {
            answer = work.run();
        } catch (ResourceNames.UnknownResource e) {
            answer = new Answer(404, AdminResponses.message(e.getMessage()));
        } catch (IllegalArgumentException e) {
            answer = new Answer(400, AdminResponses.message(e.getMessage()));
        } catch (FlagStoreException | SQLException e) {
            answer = new Answer(503, AdminResponses.message("the flags' database cannot be used: " + e.getMessage()));
        }
        AdminResponses.json(exchange, answer.status(), answer.body());
    }
}
