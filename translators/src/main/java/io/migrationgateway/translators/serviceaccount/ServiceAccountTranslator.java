package io.migrationgateway.translators.serviceaccount;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.Binding;
import io.migrationgateway.translators.legacy.Binding.GoType;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.OrgRole;
import io.migrationgateway.translators.legacy.SweepReads;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import io.migrationgateway.translators.plan.UnifiedWrite;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Held;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Wanted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Service accounts and their tokens: Grafana 9.3's {@code /api/serviceaccounts} ↔ {@code iam.grafana.app}
 * {@code ServiceAccount}, declarative as the Grafana operator's {@code GrafanaServiceAccount}: the spec's token list is
 * authoritative.
 *
 * <p>Names and ids: the object's name is the account's login ({@code sa-<slug of its name>}, as 9.3 makes it), which
 * is unique and never changes; the legacy numeric id, by which every legacy route addresses the account, is the
 * {@value GrafanaMeta#DEPRECATED_INTERNAL_ID} label, as dashboards keep theirs, and a legacy route finds its account by
 * that label (a list by label selector). Tokens are named within the account (the legacy side makes names unique in the org); each token's
 * legacy id is in {@code status.tokens[].id}.
 *
 * <p>Secrets: a token's text is never in a stored object. The legacy create's answer carries it as Grafana gives it
 * ({@code key}); the stored object holds the token's name, id, times and the hash the legacy side keeps
 * ({@code status.tokens[].hash}), so that verify compares hashes. On {@code /apis} (modes 0–2, where this translator
 * serves it), the answer of the create or update that made a token carries its text once, in that token's
 * {@code status.tokens[].secret}; no read answers it again.
 */
public final class ServiceAccountTranslator implements Translator, RowConverter<ServiceAccountRow> {
    /** The gateway's sequence of new legacy ids for service accounts, which are rows of {@code user}. */
    static final String ID_SEQUENCE = "legacy_user_id";
    /** The gateway's sequence of new legacy token ids, rows of {@code api_key}. */
    static final String TOKEN_ID_SEQUENCE = "legacy_api_key_id";
    public static final KindDeclaration KIND = new KindDeclaration("iam.grafana.app", List.of("v0alpha1"), "serviceaccounts",
            "serviceaccount", "ServiceAccount", List.of("sa"), "/openapi/iam.grafana.app-v0alpha1.json",
            "com.github.grafana.grafana.pkg.apis.iam.v0alpha1.ServiceAccountSpec", "title",
            GrafanaMeta.searchable("title", null));

    private static final String BY_ID = "/api/serviceaccounts/{serviceAccountId}";
    public static final LegacyRoute CREATE = new LegacyRoute("serviceaccounts.create", "POST", "/api/serviceaccounts");
    public static final LegacyRoute SEARCH = new LegacyRoute("serviceaccounts.search", "GET", "/api/serviceaccounts/search");
    public static final LegacyRoute GET = new LegacyRoute("serviceaccounts.get", "GET", BY_ID);
    public static final LegacyRoute UPDATE = new LegacyRoute("serviceaccounts.update", "PATCH", BY_ID);
    public static final LegacyRoute DELETE = new LegacyRoute("serviceaccounts.delete", "DELETE", BY_ID);
    public static final LegacyRoute TOKENS = new LegacyRoute("serviceaccounts.tokens", "GET", BY_ID + "/tokens");
    public static final LegacyRoute CREATE_TOKEN = new LegacyRoute("serviceaccounts.createToken", "POST", BY_ID + "/tokens");
    public static final LegacyRoute DELETE_TOKEN = new LegacyRoute("serviceaccounts.deleteToken", "DELETE", BY_ID + "/tokens/{tokenId}");

    private static final String MIGRATION = "the conversion of legacy API keys into service accounts writes api_key and user rows"
            + " this translator does not make yet";
    /**
     * Grafana 9.3's router has these beside the operations of its OpenAPI document, which names none of them. Its
     * {@code GET /api/serviceaccounts/migrationstatus} would fit the translated {@code GET .../{serviceAccountId}}
     * too; the literal segment wins, as in Grafana's router, so it is the legacy side's (whether the org's API keys were
     * converted: the legacy side's key-value store).
     */
    private static final List<UntranslatedOperation> UNTRANSLATED = List.of(
            UntranslatedOperation.notServedWhenMigrated("serviceaccounts.migrate", "POST", "/api/serviceaccounts/migrate", MIGRATION),
            UntranslatedOperation.notServedWhenMigrated("serviceaccounts.migrateKey", "POST", "/api/serviceaccounts/migrate/{keyId}",
                    MIGRATION),
            UntranslatedOperation.notServedWhenMigrated("serviceaccounts.revert", "POST",
                    BY_ID + "/revert/{keyId}", MIGRATION),
            UntranslatedOperation.legacySide("serviceaccounts.migrationStatus", "GET", "/api/serviceaccounts/migrationstatus",
                    "whether the org's API keys were converted into service accounts, a mark the conversion leaves in the legacy"
                            + " side's key-value store"),
            UntranslatedOperation.legacySide("serviceaccounts.hideApiKeys", "POST", "/api/serviceaccounts/hideApiKeys",
                    "a user interface preference of the org, stored by the legacy side"));

    private static final int PAGE = 500;
    private static final int DEFAULT_PER_PAGE = 1000;
    private static final int ATTEMPTS = 3;
    private static final Map<String, GoType> FORM = Map.of("name", GoType.STRING, "role", GoType.STRING, "isDisabled", GoType.BOOL);
    private static final Map<String, GoType> TOKEN_COMMAND = Map.of("name", GoType.STRING, "secondsToLive", GoType.INT64);

    private static final ComparisonRules CREATE_RULES = ComparisonRules.of(List.of(), List.of("$.id"));
    private static final ComparisonRules SEARCH_RULES = ComparisonRules.of(List.of(), List.of("$.serviceAccounts[*].id"));
    private static final ComparisonRules PROFILE_RULES = ComparisonRules.of(List.of("$.updatedAt", "$.serviceaccount.updatedAt"),
            List.of("$.accessControl", "$.serviceaccount.accessControl"));
    private static final ComparisonRules TOKEN_RULES = ComparisonRules.of(
            List.of("$[*].lastUsedAt", "$[*].secondsUntilExpiration", "$.key"), List.of("$[*].id", "$.id"));
    private static final ComparisonRules RESOURCE_RULES = ComparisonRules.of(
            List.of("$.metadata.resourceVersion", "$.metadata.generation", "$.metadata.uid", "$.metadata.managedFields",
                    "$.metadata.creationTimestamp", "$.metadata.annotations['grafana.app/updatedTimestamp']",
                    "$.status.tokens[*].live", "$.status.tokens[*].secret"),
            List.of("$.apiVersion", "$.status.tokens[*].created"));

    private final TranslatorSettings settings;
    private final ServiceAccountsOverLegacy overLegacy;
    private final ServiceAccountAdmission admission;

    public ServiceAccountTranslator(TranslatorSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.overLegacy = new ServiceAccountsOverLegacy(settings);
        this.admission = new ServiceAccountAdmission(settings);
    }

    @Override
    public KindDeclaration kind() {
        return KIND;
    }

    /** The legacy deployment authenticates its callers with these accounts' tokens. */
    @Override
    public boolean legacySideReadsIt() {
        return true;
    }

    /** Every legacy route but the create and the search addresses an account by its numeric id. */
    @Override
    public Optional<String> legacyIdVariable() {
        return Optional.of("serviceAccountId");
    }

    /** The legacy API mints a token itself: the gateway writes the token's hash into {@code api_key} as a row. */
    @Override
    public boolean writesLegacyRows() {
        return true;
    }

    /** Tokens minted here, as the legacy API would ({@link ServiceAccountAdmission}). */
    @Override
    public UnifiedWrite admitToUnified(ObjectNode desired, Optional<ObjectNode> current) {
        return admission.admit(desired, current);
    }

    @Override
    public List<LegacyRoute> routes() {
        return List.of(CREATE, SEARCH, GET, UPDATE, DELETE, TOKENS, CREATE_TOKEN, DELETE_TOKEN);
    }

    @Override
    public List<UntranslatedOperation> untranslated() {
        return UNTRANSLATED;
    }

    /** Each account and its tokens by its legacy id, as every legacy route addresses it; each org's accounts in one page. */
    @Override
    public SweepReads sweepReads() {
        return SweepReads.byLegacyId("serviceAccountId", List.of(GET, TOKENS),
                List.of("/api/serviceaccounts/search?perpage=" + DEFAULT_PER_PAGE + "&page=1"));
    }

    @Override
    public LegacyPlan legacyPlan(LegacyRequest request) {
        return LegacyPlan.guarded(() -> {
            String namespace = settings.namespaces().namespaceOf(request.orgId());
            return switch (request.route().id()) {
                case "serviceaccounts.create" -> create(request, namespace);
                case "serviceaccounts.search" -> search(request, namespace);
                case "serviceaccounts.get" -> withId(request, id -> account(namespace, id, found -> found
                        .map(a -> respond(LegacyResponse.ok(ServiceAccountViews.profile(a, request.orgId()))))
                        .orElseGet(() -> respond(notFound()))));
                case "serviceaccounts.tokens" -> withId(request, id -> account(namespace, id, found -> respond(LegacyResponse.ok(
                        found.map(a -> ServiceAccountViews.tokenDtos(a, now())).orElseGet(JsonNodeFactory.instance::arrayNode)))));
                case "serviceaccounts.update" -> withId(request, id -> update(request, namespace, id));
                case "serviceaccounts.delete" -> withId(request, id -> delete(namespace, id));
                case "serviceaccounts.createToken" -> withId(request, id -> createToken(request, namespace, id));
                case "serviceaccounts.deleteToken" -> withId(request, id -> deleteToken(request, namespace, id));
                default -> throw new IllegalArgumentException("not a service account route: " + request.route());
            };
        });
    }

    private Instant now() {
        return settings.clock().instant();
    }

    /** The account id of the path, as 9.3's {@code strconv.ParseInt}: anything else is a 400. */
    private static LegacyPlan withId(LegacyRequest request, Function<Long, LegacyPlan> then) {
        try {
            return then.apply(Long.parseLong(request.pathVariable("serviceAccountId")));
        } catch (NumberFormatException e) {
            return respond(LegacyErrors.message(400, "Service Account ID is invalid"));
        }
    }

    /**
     * Every service account of the namespace, in name order, a page of {@value #PAGE} at a time: each is given to
     * {@code visit}, which says whether to go on; then {@code then}. Memory holds one page whatever the org's size.
     */
    private static LegacyPlan eachAccount(String namespace, String continueToken, Predicate<ResourceObject> visit,
                                          Supplier<LegacyPlan> then) {
        return LegacyPlan.call(new ResourceCall.ListPage(KIND, namespace, "", PAGE, continueToken), outcome -> {
            if (!(outcome instanceof ResourceOutcome.Listed listed)) {
                return failure(outcome);
            }
            for (ObjectNode item : listed.items()) {
                if (!visit.test(new ResourceObject(item))) {
                    return then.get();
                }
            }
            return listed.continueToken().isEmpty() ? then.get() : eachAccount(namespace, listed.continueToken(), visit, then);
        });
    }

    /** The account whose legacy id label is {@code id}, if there is one: a list by label selector. */
    private static LegacyPlan account(String namespace, long id, Function<Optional<ResourceObject>, LegacyPlan> then) {
        if (id <= 0) {
            return then.apply(Optional.empty());
        }
        return LegacyPlan.call(new ResourceCall.ListPage(KIND, namespace, IdSelector.of(List.of(id)), 1, ""), outcome ->
                outcome instanceof ResourceOutcome.Listed listed
                        ? then.apply(listed.items().stream().map(ResourceObject::new).findFirst())
                        : failure(outcome));
    }

    /**
     * {@code GET /api/serviceaccounts/search?query=&perpage=&page=&disabled=&expiredTokens=}: name or login containing
     * {@code query} in any case, by login, {@code perpage} (default 1000) from page {@code page} (default 1). The org's
     * accounts are read a page at a time, keeping only the answer's (as Grafana's query scans them).
     */
    private LegacyPlan search(LegacyRequest request, String namespace) {
        String query = request.queryValue("query").orElse("").toLowerCase(Locale.ROOT);
        boolean disabledOnly = flag(request, "disabled") || flag(request, "Disabled");
        boolean expiredOnly = flag(request, "expiredTokens");
        int perPage = request.queryInt("perpage", 0) > 0 ? request.queryInt("perpage", 0) : DEFAULT_PER_PAGE;
        int page = request.queryInt("page", 0) > 0 ? request.queryInt("page", 0) : 1;
        long from = (long) (page - 1) * perPage;
        Instant now = now();
        ArrayNode entries = JsonNodeFactory.instance.arrayNode();
        long[] total = {0};
        return eachAccount(namespace, "", account -> {
            boolean matches = (query.isEmpty() || ServiceAccountViews.title(account).toLowerCase(Locale.ROOT).contains(query)
                    || account.name().toLowerCase(Locale.ROOT).contains(query))
                    && (!disabledOnly || ServiceAccountViews.disabled(account))
                    && (!expiredOnly || ServiceAccountViews.tokens(account).stream()
                            .anyMatch(t -> t.expires().map(at -> !now.isBefore(at)).orElse(false)));
            if (matches) {
                if (total[0] >= from && entries.size() < perPage) {
                    entries.add(ServiceAccountViews.dto(account, request.orgId(), true));
                }
                total[0]++;
            }
            return true;
        }, () -> {
            ObjectNode result = Json.object();
            result.put("totalCount", total[0]);
            result.set("serviceAccounts", entries);
            result.put("page", page);
            result.put("perPage", perPage);
            return respond(LegacyResponse.ok(result));
        });
    }

    private static boolean flag(LegacyRequest request, String name) {
        return request.queryValue(name).map(v -> v.equals("true") || v.equals("1")).orElse(false);
    }

    /**
     * Why a create or update form is refused (not the form's shape, a role the caller may not give), or empty. 9.3 words
     * a create's role refusals with its errors' own texts ({@code ErrServiceAccountInvalidRole}...), an update's with
     * capitalized messages of the handler's.
     */
    private static Optional<LegacyResponse> formRefusal(LegacyRequest request, JsonNode form, boolean create) {
        if (!Binding.binds(form, FORM)) {
            return Optional.of(LegacyErrors.message(400, "Bad request data"));
        }
        return roleRefusal(request, form, create);
    }

    /** {@code POST /api/serviceaccounts {name, role, isDisabled}}: 201 and the DTO; the login is {@code sa-<slug>}. */
    private LegacyPlan create(LegacyRequest request, String namespace) {
        JsonNode form = request.json().orElse(null);
        Optional<LegacyResponse> refusal = formRefusal(request, form, true);
        if (refusal.isPresent()) {
            return respond(refusal.get());
        }
        String title = Binding.text(form, "name").orElse("");
        String login = ServiceAccountViews.login(title);
        if (login.equals("sa-")) {
            return respond(LegacyErrors.message(400, "Failed to create service account"));
        }
        String role = Binding.text(form, "role").orElse("Viewer");
        Instant now = now();
        ObjectNode object = ResourceObject.builder(KIND, KIND.preferredVersion())
                .name(login)
                .namespace(namespace)
                .creationTimestamp(now)
                .legacyId(settings.ids().nextId(ID_SEQUENCE))
                .spec(ServiceAccountViews.spec(title, role, form.path("isDisabled").asBoolean(false),
                        JsonNodeFactory.instance.arrayNode()))
                .status(ServiceAccountTokens.status(List.of(), Map.of()))
                .build();
        return LegacyPlan.call(new ResourceCall.Create(KIND, namespace, object), outcome -> {
            if (outcome instanceof ResourceOutcome.Found created) {
                return respond(new LegacyResponse(201, ServiceAccountViews.dto(new ResourceObject(created.object()), request.orgId(), false)));
            }
            if (outcome instanceof ResourceOutcome.Failed failed && failed.status().code() == 409) {
                return respond(LegacyErrors.message(400, "Failed to create service account"));
            }
            return failure(outcome);
        });
    }

    /** 9.3's checks of a form's role: one of its three (400), and none above the caller's own (403). */
    private static Optional<LegacyResponse> roleRefusal(LegacyRequest request, JsonNode form, boolean create) {
        JsonNode role = form.path("role");
        if (role.isMissingNode() || role.isNull()) {
            return Optional.empty();
        }
        if (!ServiceAccountViews.validRole(role)) {
            return Optional.of(LegacyErrors.message(400, create ? "invalid role specified" : "Invalid role specified"));
        }
        if (!request.caller().role().atLeast(OrgRole.valueOf(role.asText().toUpperCase(Locale.ROOT)))) {
            return Optional.of(LegacyErrors.message(403, create ? "can not assign a role higher than user's role"
                    : "Cannot assign a role higher than user's role"));
        }
        return Optional.empty();
    }

    /** {@code PATCH /api/serviceaccounts/:id {name?, role?, isDisabled?}}: what is given changes; the login stays. */
    private LegacyPlan update(LegacyRequest request, String namespace, long id) {
        JsonNode form = request.json().orElse(null);
        Optional<LegacyResponse> refusal = formRefusal(request, form, false);
        if (refusal.isPresent()) {
            return respond(refusal.get());
        }
        return rewrite(namespace, id, notFound(), account -> {
            ObjectNode spec = account.spec().deepCopy();
            Binding.text(form, "name").ifPresent(name -> spec.put("title", name));
            Binding.text(form, "role").ifPresent(role -> spec.put("role", role));
            if (form.path("isDisabled").isBoolean()) {
                spec.put("disabled", form.path("isDisabled").asBoolean());
            }
            return new Save(changed(account, namespace, spec, account.json().path("status")), saved -> {
                ObjectNode answer = Json.object();
                answer.put("id", saved.legacyId());
                answer.put("message", "Service account updated");
                answer.put("name", ServiceAccountViews.title(saved));
                answer.set("serviceaccount", ServiceAccountViews.profile(saved, request.orgId()));
                return LegacyResponse.ok(answer);
            });
        }, 1);
    }

    /** {@code DELETE /api/serviceaccounts/:id}: the account and its tokens. 9.3 answers a missing account with a 500. */
    private LegacyPlan delete(String namespace, long id) {
        return account(namespace, id, found -> found
                .map(account -> LegacyPlan.call(new ResourceCall.Delete(KIND, namespace, account.name(), ""), outcome ->
                        outcome instanceof ResourceOutcome.Found
                                ? respond(LegacyErrors.message(200, "Service account deleted"))
                                : failure(outcome)))
                .orElseGet(() -> respond(LegacyErrors.message(500, "Service account deletion error"))));
    }

    /**
     * {@code POST /api/serviceaccounts/:id/tokens {name, secondsToLive}}: a new token, added to the spec (so the
     * declared list stays authoritative) and to the status with its id and hash; the answer, {@code {id, name, key}},
     * is the only place its text ever is.
     */
    private LegacyPlan createToken(LegacyRequest request, String namespace, long id) {
        return account(namespace, id, found -> {
            if (found.isEmpty()) {
                return respond(notFound());
            }
            JsonNode command = request.json().orElse(null);
            if (!Binding.binds(command, TOKEN_COMMAND) || Binding.text(command, "name").orElse("").isBlank()) {
                return respond(LegacyErrors.message(400, "Bad request data"));
            }
            String name = Binding.text(command, "name").orElseThrow();
            boolean[] taken = {false};
            // token names are unique in the org: every account is looked at, a page at a time
            return eachAccount(namespace, "", account -> {
                taken[0] = ServiceAccountViews.tokens(account).stream().anyMatch(t -> t.name().equals(name))
                        || ServiceAccountTokens.wanted(account.spec()).stream().anyMatch(t -> t.name().equals(name));
                return !taken[0];
            }, () -> taken[0]
                    ? respond(LegacyErrors.message(409, "service account token with given name already exists in the organization"))
                    : rewrite(namespace, id, notFound(), account -> addToken(account, namespace, name, command), 1));
        });
    }

    /** The account with a new token {@code name} as {@code command} asks; the answer is the only place its text is. */
    private Step addToken(ResourceObject account, String namespace, String name, JsonNode command) {
        Instant now = now();
        long seconds = command.path("secondsToLive").asLong(0);
        Optional<Instant> expires = seconds > 0 ? Optional.of(now.plusSeconds(seconds)) : Optional.empty();
        String token = ServiceAccountTokens.newToken(settings.random());
        long tokenId = settings.ids().nextId(TOKEN_ID_SEQUENCE);
        List<Wanted> wanted = new ArrayList<>(ServiceAccountTokens.wanted(account.spec()));
        wanted.add(new Wanted(name, expires));
        List<Held> held = new ArrayList<>(ServiceAccountViews.tokens(account));
        held.add(new Held(name, tokenId, expires, Optional.of(now), ServiceAccountTokens.hash(token), true));
        ObjectNode spec = account.spec().deepCopy();
        spec.set("tokens", ServiceAccountTokens.specTokens(wanted));
        return new Save(changed(account, namespace, spec, ServiceAccountTokens.status(held, Map.of())), saved -> {
            ObjectNode answer = Json.object();
            answer.put("id", tokenId);
            answer.put("name", name);
            answer.put("key", token);
            return LegacyResponse.ok(answer);
        });
    }

    /** {@code DELETE /api/serviceaccounts/:id/tokens/:tokenId}: the token leaves the spec and the status. */
    private LegacyPlan deleteToken(LegacyRequest request, String namespace, long id) {
        return rewrite(namespace, id, notFound(), account -> {
            long tokenId;
            try {
                tokenId = Long.parseLong(request.pathVariable("tokenId"));
            } catch (NumberFormatException e) {
                return new Refuse(LegacyErrors.message(400, "Token ID is invalid"));
            }
            List<Held> held = ServiceAccountViews.tokens(account);
            Optional<Held> gone = held.stream().filter(t -> t.id() == tokenId).findFirst();
            if (gone.isEmpty()) {
                return new Refuse(LegacyErrors.message(404, "Failed to delete service account token"));
            }
            ObjectNode spec = account.spec().deepCopy();
            spec.set("tokens", ServiceAccountTokens.specTokens(ServiceAccountTokens.wanted(account.spec()).stream()
                    .filter(t -> !t.name().equals(gone.get().name())).toList()));
            List<Held> left = held.stream().filter(t -> t.id() != tokenId).toList();
            return new Save(changed(account, namespace, spec, ServiceAccountTokens.status(left, Map.of())),
                    saved -> LegacyErrors.message(200, "Service account token deleted"));
        }, 1);
    }

    /** What a legacy write makes of the account it read. */
    private sealed interface Step {
    }

    /** Refuse, writing nothing. */
    private record Refuse(LegacyResponse response) implements Step {
    }

    /** Write {@code changed}, then answer what {@code answer} makes of the saved object. */
    private record Save(ObjectNode changed, Function<ResourceObject, LegacyResponse> answer) implements Step {
    }

    @FunctionalInterface
    private interface Change {
        Step apply(ResourceObject account);
    }

    /**
     * Reads the account {@code id}, applies {@code change}, and updates it under the read resource version: a write in
     * between (a Conflict) starts over, at most {@value #ATTEMPTS} times, so that no token a concurrent write added is
     * lost.
     */
    private LegacyPlan rewrite(String namespace, long id, LegacyResponse missing, Change change, int attempt) {
        return account(namespace, id, account -> {
            if (account.isEmpty()) {
                return respond(missing);
            }
            Step step = change.apply(account.get());
            if (step instanceof Refuse refuse) {
                return respond(refuse.response());
            }
            Save save = (Save) step;
            return LegacyPlan.call(new ResourceCall.Update(KIND, namespace, save.changed()), outcome -> {
                if (outcome instanceof ResourceOutcome.Found saved) {
                    return respond(save.answer().apply(new ResourceObject(saved.object())));
                }
                if (outcome instanceof ResourceOutcome.Failed failed && failed.status().code() == 409 && attempt < ATTEMPTS) {
                    return rewrite(namespace, id, missing, change, attempt + 1);
                }
                return failure(outcome);
            });
        });
    }

    /** The account with a new spec and status, under the read resource version (the precondition). */
    private ObjectNode changed(ResourceObject account, String namespace, JsonNode spec, JsonNode status) {
        return ResourceObject.builder(KIND, KIND.preferredVersion())
                .name(account.name())
                .namespace(namespace)
                .resourceVersion(account.resourceVersion())
                .creationTimestamp(account.creationTimestamp().orElse(null))
                .labelsAndAnnotationsOf(account)
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.format(now()))
                .spec(spec)
                .status(status)
                .build();
    }

    private static LegacyResponse notFound() {
        return LegacyErrors.message(404, "Failed to retrieve service account");
    }

    private static LegacyPlan failure(ResourceOutcome outcome) {
        return LegacyPlan.failed(outcome, ServiceAccountTranslator::errors);
    }

    private static LegacyPlan respond(LegacyResponse response) {
        return LegacyPlan.respond(response);
    }

    @Override
    public ResourcePlan resourcePlan(ResourceCall call) {
        return ResourcePlan.guarded(() -> overLegacy.plan(call));
    }

    @Override
    public LegacyResponse legacyError(LegacyRoute route, Status status) {
        return errors(status);
    }

    /** 404 "Failed to retrieve service account" (9.3's answer for a missing account); others as {@link LegacyErrors#fromStatus}. */
    static LegacyResponse errors(Status status) {
        return status.reason().equals("NotFound") ? notFound() : LegacyErrors.fromStatus(status);
    }

    @Override
    public ComparisonRules legacyRules(LegacyRoute route) {
        return switch (route.id()) {
            case "serviceaccounts.create" -> CREATE_RULES;
            case "serviceaccounts.search" -> SEARCH_RULES;
            case "serviceaccounts.get", "serviceaccounts.update" -> PROFILE_RULES;
            case "serviceaccounts.tokens", "serviceaccounts.createToken" -> TOKEN_RULES;
            default -> ComparisonRules.none();
        };
    }

    @Override
    public ComparisonRules resourceRules() {
        return RESOURCE_RULES;
    }

    /**
     * An account's rows as an object: name = login, title = name, role from {@code org_user}, the legacy id as label,
     * creation time and update time annotation from the {@code user} row; the spec's tokens are the rows not revoked,
     * by id, each with its expiry; the status has every row with its id, times, hash and whether it is live now.
     */
    @Override
    public Conversion toResource(ServiceAccountRow row) {
        if (row.login().isEmpty()) {
            return new Unconvertible("service account " + row.id() + " has no login");
        }
        Instant now = now();
        List<Wanted> wanted = new ArrayList<>();
        List<Held> held = new ArrayList<>();
        for (ServiceAccountRow.Token token : row.tokens()) {
            Optional<Instant> expires = token.expires() > 0 ? Optional.of(Instant.ofEpochSecond(token.expires())) : Optional.empty();
            if (!token.revoked()) {
                wanted.add(new Wanted(token.name(), expires));
            }
            held.add(new Held(token.name(), token.id(), expires, Optional.of(token.created()), token.hash(),
                    ServiceAccountTokens.live(expires, token.revoked(), now)));
        }
        ObjectNode object = ResourceObject.builder(KIND, KIND.preferredVersion())
                .name(row.login())
                .namespace(settings.namespaces().namespaceOf(row.orgId()))
                .resourceVersion(Long.toString(row.updated().toEpochMilli()))
                .creationTimestamp(row.created())
                .legacyId(row.id())
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, row.updated().equals(row.created()) ? null : LegacyTime.format(row.updated()))
                .spec(ServiceAccountViews.spec(row.name(), row.role(), row.disabled(), ServiceAccountTokens.specTokens(wanted)))
                .status(ServiceAccountTokens.status(held, Map.of()))
                .build();
        return new Converted(object);
    }
}
