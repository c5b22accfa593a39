package io.migrationgateway.translators.serviceaccount;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.plan.LegacyAnswers;
import io.migrationgateway.translators.plan.LegacyCall;
import io.migrationgateway.translators.plan.OverLegacy;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Held;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Reconciliation;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Wanted;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The service account Resource API served from Grafana 9.3's service account API (modes 0–2). An account is read
 * as its search entry (for its id, by login), its profile (times) and its tokens; 9.3 answers no version, so the
 * resource version is a hash of what those answers say of it, without last uses. A write reconciles the tokens
 * ({@link ServiceAccountTokens#reconcile}): revocations ({@code DELETE .../tokens/:id}) first, then creations
 * ({@code POST .../tokens}, whose answer is the only place a token's text is); the answer to the write carries each
 * new token's text once, in its {@code status.tokens[].secret}. The legacy API takes no transactions: a write that
 * fails part way leaves what it did, and says so.
 *
 * <p>9.3 sets a token's expiry from seconds to live on its own clock, so a wanted expiry within
 * {@link #SLACK} of the held one counts as unchanged (no rotation on every apply).
 */
final class ServiceAccountsOverLegacy {
    static final Duration SLACK = Duration.ofMinutes(1);
    private static final int ALL = 5000;
    private static final String ACCOUNTS = "/api/serviceaccounts";

    private final TranslatorSettings settings;

    ServiceAccountsOverLegacy(TranslatorSettings settings) {
        this.settings = settings;
    }

    ResourcePlan plan(ResourceCall call) {
        return OverLegacy.inOrg(settings.namespaces(), call, org -> switch (call) {
            case ResourceCall.Versions versions -> OverLegacy.unifiedOnly(versions);
            case ResourceCall.Version version -> OverLegacy.unifiedOnly(version);
            case ResourceCall.TagCounts tags -> ResourcePlan.fail(Status.badRequest("service accounts have no tags"));
            case ResourceCall.Get get -> find(get.name(), org, get.namespace(), Map.of(), OverLegacy::found);
            case ResourceCall.ListPage list -> list(list, org);
            case ResourceCall.GetNames names -> entries(org, "", entries -> readAll(names.names().stream()
                    .flatMap(name -> entries.stream().filter(e -> e.path("login").asText().equals(name)).limit(1)).toList(),
                    org, names.namespace(), objects -> ResourcePlan.respond(new ResourceOutcome.Listed(objects, ""))));
            case ResourceCall.Search search -> search(search, org);
            case ResourceCall.Create create -> create(create, org);
            case ResourceCall.Update update -> update(update, org);
            case ResourceCall.Delete delete -> find(delete.name(), org, delete.namespace(), Map.of(), current ->
                    OverLegacy.stale(ServiceAccountTranslator.KIND, delete.name(), delete.resourceVersion(), current.resourceVersion())
                            .map(ResourcePlan::fail)
                            .orElseGet(() -> send(LegacyCall.delete(path(current.legacyId()), org), delete.name(),
                                    answer -> OverLegacy.found(current))));
        });
    }

    private static ResourcePlan send(LegacyCall call, String name, Function<JsonNode, ResourcePlan> then) {
        return OverLegacy.send(call, ServiceAccountTranslator.KIND, name, then);
    }

    /** The search entries of the org's accounts ({@code ServiceAccountDTO}s), those matching {@code query}. */
    private static ResourcePlan entries(long org, String query, Function<List<JsonNode>, ResourcePlan> then) {
        String path = ACCOUNTS + "/search?perpage=" + ALL + "&page=1" + (query.isEmpty() ? "" : "&query=" + LegacyCall.queryValue(query));
        return send(LegacyCall.get(path, org), "", result -> {
            List<JsonNode> entries = new ArrayList<>();
            result.path("serviceAccounts").forEach(entries::add);
            return then.apply(entries);
        });
    }

    /** The account whose login is {@code name}, with {@code secrets} in its status; NotFound when there is none. */
    private static ResourcePlan find(String name, long org, String namespace, Map<String, String> secrets,
                                     Function<ResourceObject, ResourcePlan> then) {
        return entries(org, name, entries -> entries.stream().filter(e -> e.path("login").asText().equals(name)).findFirst()
                .map(entry -> read(entry.path("id").asLong(), org, namespace, secrets, then))
                .orElseGet(() -> ResourcePlan.fail(Status.notFound(ServiceAccountTranslator.KIND, name))));
    }

    /** The account of id {@code id}: its profile, then its tokens. */
    private static ResourcePlan read(long id, long org, String namespace, Map<String, String> secrets,
                                     Function<ResourceObject, ResourcePlan> then) {
        return send(LegacyCall.get(path(id), org), "", profile -> send(LegacyCall.get(path(id) + "/tokens", org),
                profile.path("login").asText(""), tokens -> then.apply(new ResourceObject(object(profile, tokens, namespace, secrets)))));
    }

    /** The accounts of {@code entries}, read one after the other; one deleted in between is left out. */
    private static ResourcePlan readAll(List<JsonNode> entries, long org, String namespace, Function<List<ObjectNode>, ResourcePlan> then) {
        return readFrom(entries, 0, new ArrayList<>(), org, namespace, then);
    }

    private static ResourcePlan readFrom(List<JsonNode> entries, int next, List<ObjectNode> read, long org, String namespace,
                                         Function<List<ObjectNode>, ResourcePlan> then) {
        if (next == entries.size()) {
            return then.apply(read);
        }
        long id = entries.get(next).path("id").asLong();
        return ResourcePlan.call(LegacyCall.get(path(id), org), profile -> {
            if (profile.status() == 404) {
                return readFrom(entries, next + 1, read, org, namespace, then);
            }
            if (!profile.successful()) {
                return ResourcePlan.fail(LegacyAnswers.toStatus(ServiceAccountTranslator.KIND, "", profile));
            }
            return send(LegacyCall.get(path(id) + "/tokens", org), "", tokens -> {
                read.add(object(profile.body(), tokens, namespace, Map.of()));
                return readFrom(entries, next + 1, read, org, namespace, then);
            });
        });
    }

    /**
     * One page of the org's accounts by login, or of those whose legacy ids a label selector names; 9.3's search is
     * cut at {@value #ALL}, and the offset is the continue token.
     */
    private ResourcePlan list(ResourceCall.ListPage list, long org) {
        Optional<List<Long>> ids = IdSelector.parse(list.labelSelector());
        if (ids.isEmpty() && !list.labelSelector().isBlank()) {
            return ResourcePlan.fail(Status.badRequest("the legacy service account API can select by "
                    + GrafanaMeta.DEPRECATED_INTERNAL_ID + " only, not by \"" + list.labelSelector() + "\""));
        }
        long offset = list.continueToken().isEmpty() ? 0 : ResourceObject.positiveLong(list.continueToken());
        if (offset < 0 || (!list.continueToken().isEmpty() && offset == 0)) {
            return ResourcePlan.fail(Status.badRequest("invalid continue token \"" + list.continueToken() + "\""));
        }
        return entries(org, "", entries -> {
            List<JsonNode> selected = entries.stream()
                    .filter(e -> ids.isEmpty() || ids.get().contains(e.path("id").asLong()))
                    .sorted(Comparator.comparing(e -> e.path("login").asText()))
                    .toList();
            List<JsonNode> page = selected.subList((int) Math.min(offset, selected.size()),
                    (int) Math.min(offset + list.limit(), selected.size()));
            String next = selected.size() > offset + list.limit() ? Long.toString(offset + list.limit()) : "";
            return readAll(page, org, list.namespace(), objects -> ResourcePlan.respond(new ResourceOutcome.Listed(objects, next)));
        });
    }

    /** A search as 9.3's answers it: a title containing a text (any case), legacy ids, names; no tags, no folders. */
    private ResourcePlan search(ResourceCall.Search search, long org) {
        Optional<String> text = search.title() == null ? Optional.of("") : search.title().containedText();
        if (text.isEmpty() || !search.tags().isEmpty() || search.scopes().getFirst().folders() != null) {
            return ResourcePlan.fail(Status.badRequest("the legacy service account API finds accounts by a text their name contains"));
        }
        String lower = text.get().toLowerCase(Locale.ROOT);
        return entries(org, "", entries -> {
            List<SearchHit> hits = entries.stream()
                    .filter(e -> e.path("name").asText("").toLowerCase(Locale.ROOT).contains(lower))
                    .filter(e -> search.legacyIds().isEmpty() || search.legacyIds().contains(e.path("id").asLong()))
                    .filter(e -> search.names().isEmpty() || search.names().contains(e.path("login").asText()))
                    .map(e -> new SearchHit(ServiceAccountTranslator.KIND, e.path("login").asText(""), e.path("name").asText(""),
                            List.of(), "", e.path("id").asLong()))
                    .sorted(search.order().comparator())
                    .skip(search.offset()).limit(search.limit())
                    .toList();
            return ResourcePlan.respond(new ResourceOutcome.Searched(hits));
        });
    }

    /** Why the object's spec cannot be written at {@code now}, against the tokens held; empty when it can. */
    static Optional<Status> invalid(ResourceObject object, List<Held> held, Instant now) {
        String title = ServiceAccountViews.title(object);
        JsonNode role = object.spec().path("role");
        Optional<String> problem = title.isBlank() ? Optional.of("spec.title: Required value")
                : !ServiceAccountViews.validRole(role) ? Optional.of("spec.role: Unsupported value: must be Viewer, Editor or Admin")
                : ServiceAccountTokens.problem(object.spec(), now, held, SLACK);
        return problem.map(text -> Status.of(422, "Invalid", ServiceAccountTranslator.KIND.kind() + "."
                + ServiceAccountTranslator.KIND.group() + " \"" + object.name() + "\" is invalid: " + text,
                ServiceAccountTranslator.KIND, object.name()));
    }

    /**
     * {@code POST /api/serviceaccounts}, then the spec's tokens, then a read. 9.3 makes the login (the name) of the
     * account's name: a chosen name must be that one ({@code metadata.generateName} is ignored).
     */
    private ResourcePlan create(ResourceCall.Create create, long org) {
        ResourceObject object = new ResourceObject(create.object());
        Optional<Status> invalid = invalid(object, List.of(), settings.clock().instant());
        if (invalid.isPresent()) {
            return ResourcePlan.fail(invalid.get());
        }
        String login = ServiceAccountViews.login(ServiceAccountViews.title(object));
        if (!object.name().isEmpty() && !object.name().equals(login)) {
            return ResourcePlan.fail(Status.of(422, "Invalid", "the legacy service account API names an account after its"
                    + " title: metadata.name must be \"" + login + "\" or left out", ServiceAccountTranslator.KIND, object.name()));
        }
        Reconciliation tokens = ServiceAccountTokens.reconcile(ServiceAccountTokens.wanted(object.spec()), List.of(),
                settings.clock().instant(), SLACK);
        return send(new LegacyCall("POST", ACCOUNTS, form(object), org), login, created -> {
            long id = created.path("id").asLong();
            return reconcile(id, org, login, tokens, secrets -> read(id, org, create.namespace(), secrets, OverLegacy::found));
        });
    }

    /** Read (precondition, held tokens), {@code PATCH} name, role and disabled, reconcile the tokens, read again. */
    private ResourcePlan update(ResourceCall.Update update, long org) {
        ResourceObject object = new ResourceObject(update.object());
        return find(object.name(), org, update.namespace(), Map.of(), current -> {
            Optional<Status> stale = OverLegacy.stale(ServiceAccountTranslator.KIND, object.name(), object.resourceVersion(),
                    current.resourceVersion());
            if (stale.isPresent()) {
                return ResourcePlan.fail(stale.get());
            }
            List<Held> held = ServiceAccountViews.tokens(current);
            Optional<Status> invalid = invalid(object, held, settings.clock().instant());
            if (invalid.isPresent()) {
                return ResourcePlan.fail(invalid.get());
            }
            long id = current.legacyId();
            Reconciliation tokens = ServiceAccountTokens.reconcile(ServiceAccountTokens.wanted(object.spec()), held,
                    settings.clock().instant(), SLACK);
            return send(new LegacyCall("PATCH", path(id), form(object), org), object.name(), patched ->
                    reconcile(id, org, object.name(), tokens, secrets -> read(id, org, update.namespace(), secrets, OverLegacy::found)));
        });
    }

    /** {@code {name, role, isDisabled}} of an object. */
    private static ObjectNode form(ResourceObject object) {
        ObjectNode form = Json.object();
        form.put("name", ServiceAccountViews.title(object));
        form.put("role", ServiceAccountViews.role(object));
        form.put("isDisabled", ServiceAccountViews.disabled(object));
        return form;
    }

    /** Revokes, then makes, the tokens of {@code plan}; continues with the new tokens' texts by name. */
    private ResourcePlan reconcile(long id, long org, String name, Reconciliation plan, Function<Map<String, String>, ResourcePlan> then) {
        List<LegacyCall> calls = new ArrayList<>();
        plan.revoke().forEach(token -> calls.add(LegacyCall.delete(path(id) + "/tokens/" + token.id(), org)));
        Instant now = settings.clock().instant();
        for (Wanted token : plan.create()) {
            ObjectNode command = Json.object();
            command.put("name", token.name());
            token.expires().ifPresent(at -> command.put("secondsToLive", Math.max(1, Duration.between(now, at).toSeconds())));
            calls.add(new LegacyCall("POST", path(id) + "/tokens", command, org));
        }
        return sendAll(calls, 0, name, new LinkedHashMap<>(), then);
    }

    private static ResourcePlan sendAll(List<LegacyCall> calls, int next, String name, Map<String, String> secrets,
                                        Function<Map<String, String>, ResourcePlan> then) {
        if (next == calls.size()) {
            return then.apply(secrets);
        }
        LegacyCall call = calls.get(next);
        return send(call, name, answer -> {
            if (call.method().equals("POST")) {
                secrets.put(answer.path("name").asText(), answer.path("key").asText());
            }
            return sendAll(calls, next + 1, name, secrets, then);
        });
    }

    /**
     * The object of 9.3's profile and token answers: the spec's tokens are those not revoked, by id; the status has all,
     * live when neither revoked nor expired, with {@code secrets} (new tokens' texts, by name) as their one-time member.
     */
    static ObjectNode object(JsonNode profile, JsonNode tokens, String namespace, Map<String, String> secrets) {
        List<Wanted> wanted = new ArrayList<>();
        List<Held> held = new ArrayList<>();
        List<JsonNode> byId = new ArrayList<>();
        tokens.forEach(byId::add);
        byId.sort(Comparator.comparingLong(t -> t.path("id").asLong()));
        for (JsonNode token : byId) {
            Optional<Instant> expires = LegacyTime.parse(token.path("expiration").asText(""));
            boolean revoked = token.path("isRevoked").asBoolean(false);
            if (!revoked) {
                wanted.add(new Wanted(token.path("name").asText(""), expires));
            }
            held.add(new Held(token.path("name").asText(""), token.path("id").asLong(), expires,
                    LegacyTime.parse(token.path("created").asText("")), "", !revoked && !token.path("hasExpired").asBoolean(false)));
        }
        Optional<Instant> created = LegacyTime.parse(profile.path("createdAt").asText(""));
        Optional<Instant> updated = LegacyTime.parse(profile.path("updatedAt").asText(""));
        return ResourceObject.builder(ServiceAccountTranslator.KIND, ServiceAccountTranslator.KIND.preferredVersion())
                .name(profile.path("login").asText(""))
                .namespace(namespace)
                .resourceVersion(contentVersion(profile, byId))
                .creationTimestamp(created.orElse(null))
                .legacyId(profile.path("id").asLong())
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, updated.filter(at -> !updated.equals(created)).map(LegacyTime::format).orElse(null))
                .spec(ServiceAccountViews.spec(profile.path("name").asText(""), profile.path("role").asText("Viewer"),
                        profile.path("isDisabled").asBoolean(false), ServiceAccountTokens.specTokens(wanted)))
                .status(ServiceAccountTokens.status(held, secrets))
                .build();
    }

    /**
     * A positive decimal hash of what the answers say of the account: the profile without its avatar and access
     * control, each token's id, name, expiry and revocation (not its last use, which moves on every call it makes).
     */
    static String contentVersion(JsonNode profile, List<JsonNode> tokens) {
        ObjectNode content = Json.object();
        for (String field : List.of("id", "name", "login", "isDisabled", "role", "updatedAt")) {
            if (profile.has(field)) {
                content.set(field, profile.get(field).deepCopy());
            }
        }
        ArrayNode list = content.putArray("tokens");
        for (JsonNode token : tokens) {
            ObjectNode entry = list.addObject();
            for (String field : List.of("id", "name", "expiration", "isRevoked")) {
                if (token.has(field)) {
                    entry.set(field, token.get(field).deepCopy());
                }
            }
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Json.bytes(SortedKeys.sorted(content)));
            return Long.toString(ByteBuffer.wrap(digest).getLong() & Long.MAX_VALUE);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static String path(long id) {
        return ACCOUNTS + "/" + id;
    }
}
