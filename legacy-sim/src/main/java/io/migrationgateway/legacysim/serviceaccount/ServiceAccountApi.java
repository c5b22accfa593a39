package io.migrationgateway.legacysim.serviceaccount;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.legacysim.auth.Authenticator;
import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.auth.ServiceAccountToken;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.http.Routes;
import io.migrationgateway.legacysim.serviceaccount.ServiceAccountStore.ServiceAccount;
import io.migrationgateway.model.go.GoIntegers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Grafana 9.3's service-account endpoints ({@code pkg/services/serviceaccounts/api}), for org Admins (and server
 * admins) of the org the request acts in; anyone else gets 403 "Permission denied":
 * <ul>
 * <li>{@code POST /api/serviceaccounts} {@code {name, role, isDisabled}}: 201 with the {@link ServiceAccountDto};</li>
 * <li>{@code GET /api/serviceaccounts/search?query=&perpage=&page=&disabled=&expiredTokens=}: one page of the org's
 *     accounts ({@link SearchResult}), 1000 per page unless told;</li>
 * <li>{@code GET|PATCH|DELETE /api/serviceaccounts/:id}: the {@link ProfileDto}; the update answer
 *     {@code {id, message, name, serviceaccount}}; {@code {"message":"Service account deleted"}};</li>
 * <li>{@code GET /api/serviceaccounts/migrationstatus}: {@code {"migrated": false}} ({@link MigrationStatus});</li>
 * <li>{@code GET|POST /api/serviceaccounts/:id/tokens} and {@code DELETE .../tokens/:tokenId}: the tokens
 *     ({@link TokenDto}), a new token {@code {id, name, key}} whose key is shown this once, and its deletion.</li>
 * </ul>
 * Errors carry 9.3's handler messages as its production mode writes them (the wrapped error text only in development).
 */
public final class ServiceAccountApi {
    private static final int DEFAULT_PER_PAGE = 1000;

    private final ServiceAccountStore accounts;
    private final TokenStore tokens;
    private final Authenticator authenticator;
    private final Clock clock;

    public ServiceAccountApi(ServiceAccountStore accounts, TokenStore tokens, Authenticator authenticator, Clock clock) {
        this.accounts = accounts;
        this.tokens = tokens;
        this.authenticator = authenticator;
        this.clock = clock;
    }

    public void register(Routes routes) {
        // Role.VIEWER here: the org-Admin check is the endpoints' own, because a server admin passes it whatever its org role
        routes.post("/api/serviceaccounts", Role.VIEWER, this::create);
        routes.get("/api/serviceaccounts/search", Role.VIEWER, this::search);
        routes.get("/api/serviceaccounts/migrationstatus", Role.VIEWER, this::migrationStatus);
        routes.get("/api/serviceaccounts/{serviceAccountId}", Role.VIEWER, this::retrieve);
        routes.patch("/api/serviceaccounts/{serviceAccountId}", Role.VIEWER, this::update);
        routes.delete("/api/serviceaccounts/{serviceAccountId}", Role.VIEWER, this::delete);
        routes.get("/api/serviceaccounts/{serviceAccountId}/tokens", Role.VIEWER, this::listTokens);
        routes.post("/api/serviceaccounts/{serviceAccountId}/tokens", Role.VIEWER, this::createToken);
        routes.delete("/api/serviceaccounts/{serviceAccountId}/tokens/{tokenId}", Role.VIEWER, this::deleteToken);
    }

    /** Grafana's {@code ServiceAccountDTO} (create and search answers); {@code accessControl} is never asked for here. */
    public record ServiceAccountDto(long id, String name, String login, long orgId,
                                    @JsonProperty("isDisabled") boolean isDisabled, String role, long tokens,
                                    String avatarUrl) {
    }

    /** Grafana's {@code ServiceAccountProfileDTO} (get and update answers); {@code tokens} is omitempty. */
    public record ProfileDto(long id, String name, String login, long orgId, @JsonProperty("isDisabled") boolean isDisabled,
                             String createdAt, String updatedAt, String avatarUrl, String role, List<String> teams,
                             @JsonInclude(JsonInclude.Include.NON_DEFAULT) long tokens) {
        static ProfileDto of(ServiceAccount account, long tokens) {
            return new ProfileDto(account.id(), account.name(), account.login(), account.orgId(), account.disabled(),
                    SqlTime.json(account.created()), SqlTime.json(account.updated()), gravatar(account.name()),
                    account.role(), List.of(), tokens);
        }
    }

    /** Grafana's {@code SearchOrgServiceAccountsResult}. */
    public record SearchResult(long totalCount, List<ServiceAccountDto> serviceAccounts, int page, int perPage) {
    }

    /** Grafana's token {@code TokenDTO}: times are null when unset, {@code secondsUntilExpiration} 0 then. */
    public record TokenDto(long id, String name, String created, String lastUsedAt, String expiration,
                           Number secondsUntilExpiration, boolean hasExpired, @JsonProperty("isRevoked") Boolean isRevoked) {
    }

    /** Grafana's {@code NewApiKeyResult}: the only answer that carries the token itself. */
    public record NewTokenResult(long id, String name, String key) {
    }

    /** Grafana's {@code APIKeysMigrationStatus}: whether the org's API keys were converted into service accounts. */
    public record MigrationStatus(boolean migrated) {
    }

    /** Grafana's {@code response.Success} body. */
    public record Success(String message) {
    }

    private ApiResponse create(ApiRequest request) throws SQLException {
        manager(request);
        JsonNode body = object(request);
        String name = optionalText(body, "name").orElse("");
        if (name.isEmpty()) {
            throw badRequestData(); // binding:"Required"
        }
        Role role = optionalText(body, "role").map(given -> role(given, "invalid role specified")).orElse(Role.VIEWER);
        boolean disabled = optionalBoolean(body, "isDisabled").orElse(false);
        ServiceAccount account = accounts.create(request.orgId(), new ServiceAccountStore.NewServiceAccount(name, role, disabled))
                .orElseThrow(() -> GrafanaError.badRequest("Failed to create service account"));
        // 9.3's create answer is the store's DTO as written, before any avatar is computed
        return new ApiResponse(201, new ServiceAccountDto(account.id(), account.name(), account.login(), account.orgId(),
                account.disabled(), account.role(), 0, ""));
    }

    private ApiResponse search(ApiRequest request) throws SQLException {
        manager(request);
        int perPage = request.queryInt("perpage", 0);
        perPage = perPage <= 0 ? DEFAULT_PER_PAGE : perPage;
        int page = Math.max(1, request.queryInt("page", 1));
        ServiceAccountStore.Filter filter = ServiceAccountStore.Filter.ALL;
        if (queryBool(request, "expiredTokens")) {
            filter = ServiceAccountStore.Filter.EXPIRED_TOKENS;
        }
        if (queryBool(request, "disabled")) {
            filter = ServiceAccountStore.Filter.DISABLED;
        }
        ServiceAccountStore.Page found = accounts.search(request.orgId(), request.query("query").orElse(""), filter, page, perPage);
        List<ServiceAccountDto> items = found.accounts().stream().map(a -> new ServiceAccountDto(a.id(), a.name(), a.login(),
                a.orgId(), a.disabled(), a.role(), a.tokens(), gravatar(a.name()))).toList();
        return ApiResponse.ok(new SearchResult(found.totalCount(), items, page, perPage));
    }

    /** Never migrated: 9.3 reads the org's mark in its key-value store, which only the API key conversion sets, and the simulator has neither. */
    private ApiResponse migrationStatus(ApiRequest request) {
        manager(request);
        return ApiResponse.ok(new MigrationStatus(false));
    }

    private ApiResponse retrieve(ApiRequest request) throws SQLException {
        manager(request);
        ServiceAccount account = found(request, accountId(request, "Service Account ID is invalid"));
        return ApiResponse.ok(ProfileDto.of(account, account.tokens()));
    }

    private ApiResponse update(ApiRequest request) throws SQLException {
        manager(request);
        long id = accountId(request, "Service Account ID is invalid");
        JsonNode body = object(request);
        ServiceAccountStore.Change change = new ServiceAccountStore.Change(optionalText(body, "name"),
                optionalText(body, "role").map(given -> role(given, "Invalid role specified")), optionalBoolean(body, "isDisabled"));
        ServiceAccount updated = accounts.update(request.orgId(), id, change).orElseThrow(ServiceAccountApi::notFound);
        authenticator.forgetVerifiedCredentials(); // its tokens may now act with another role, or not at all
        return ApiResponse.ok(Map.of("message", "Service account updated", "id", updated.id(), "name", updated.name(),
                "serviceaccount", ProfileDto.of(updated, 0)));
    }

    private ApiResponse delete(ApiRequest request) throws SQLException {
        manager(request);
        long id = accountId(request, "Service account ID is invalid");
        if (!accounts.delete(request.orgId(), id)) {
            throw GrafanaError.of(500, "Service account deletion error"); // 9.3 maps every deletion error, not found included, to 500
        }
        authenticator.forgetVerifiedCredentials(); // its tokens went with it and must fail from the next request on
        return ApiResponse.ok(new Success("Service account deleted"));
    }

    private ApiResponse listTokens(ApiRequest request) throws SQLException {
        manager(request);
        long id = accountId(request, "Service Account ID is invalid");
        Instant now = clock.instant();
        return ApiResponse.ok(tokens.list(request.orgId(), id).stream().map(t -> tokenDto(t, now)).toList());
    }

    private static TokenDto tokenDto(TokenStore.Token token, Instant now) {
        Optional<Instant> expiration = token.expires().map(Instant::ofEpochSecond);
        Number secondsLeft = expiration.<Number>map(e -> goFloat(Duration.between(now, e))).orElse(0);
        return new TokenDto(token.id(), token.name(), SqlTime.json(token.created()),
                token.lastUsedAt().map(SqlTime::json).orElse(null), expiration.map(SqlTime::json).orElse(null),
                secondsLeft, expiration.map(e -> e.isBefore(now)).orElse(false), token.revoked());
    }

    /** Go's {@code Duration.Seconds()} as encoding/json writes a float64: no ".0" on a whole number. */
    private static Number goFloat(Duration duration) {
        double seconds = duration.toNanos() / 1e9;
        return seconds == Math.rint(seconds) ? (Number) (long) seconds : (Number) seconds;
    }

    private ApiResponse createToken(ApiRequest request) throws SQLException {
        manager(request);
        long id = accountId(request, "Service Account ID is invalid");
        found(request, id);
        JsonNode body = object(request);
        String name = optionalText(body, "name").orElse("");
        if (name.isEmpty()) {
            throw badRequestData(); // binding:"Required"
        }
        long secondsToLive = optionalLong(body, "secondsToLive").orElse(0L);
        if (secondsToLive < 0) {
            throw GrafanaError.of(500, "failed to add service account token"); // the key store's ErrInvalidExpiration
        }
        ServiceAccountToken token = ServiceAccountToken.generate();
        long tokenId = tokens.add(request.orgId(), id, name, secondsToLive, token).orElseThrow(() -> GrafanaError.of(409,
                "service account token with given name already exists in the organization"));
        return ApiResponse.ok(new NewTokenResult(tokenId, name, token.clientSecret()));
    }

    private ApiResponse deleteToken(ApiRequest request) throws SQLException {
        manager(request);
        long id = accountId(request, "Service Account ID is invalid");
        found(request, id);
        long tokenId = GoIntegers.parse(request.param("tokenId"), 64)
                .orElseThrow(() -> GrafanaError.badRequest("Token ID is invalid"));
        if (!tokens.delete(request.orgId(), id, tokenId)) {
            throw GrafanaError.notFound("Failed to delete service account token");
        }
        authenticator.forgetVerifiedCredentials(); // a deleted token is refused from its next request on
        return ApiResponse.ok(new Success("Service account token deleted"));
    }

    /** Refuses anyone but an org Admin or a server admin, as {@code reqOrgAdmin} and the server-admin role do. */
    private static void manager(ApiRequest request) {
        Caller caller = request.caller();
        if (!caller.role().atLeast(Role.ADMIN) && !caller.grafanaAdmin()) {
            throw GrafanaError.of(403, "Permission denied");
        }
    }

    private static long accountId(ApiRequest request, String invalid) {
        return GoIntegers.parse(request.param("serviceAccountId"), 64).orElseThrow(() -> GrafanaError.badRequest(invalid));
    }

    private ServiceAccount found(ApiRequest request, long id) throws SQLException {
        return accounts.byId(request.orgId(), id).orElseThrow(ServiceAccountApi::notFound);
    }

    /** 9.3's answer to {@code ErrServiceAccountNotFound} ("service account not found", shown in development mode only). */
    private static GrafanaError notFound() {
        return GrafanaError.notFound("Failed to retrieve service account");
    }

    /**
     * One of Grafana's three basic roles, spelled exactly, else 400 {@code refusal}: 9.3's create answers its error's
     * own text ({@code ErrServiceAccountInvalidRole}, "invalid role specified"), its update a message of the handler's
     * ("Invalid role specified"). Its other refusal, a role above the caller's own, cannot happen here, where only
     * Admins and server admins get this far.
     */
    private static Role role(String name, String refusal) {
        return Arrays.stream(Role.values()).filter(r -> r.grafanaName().equals(name)).findFirst()
                .orElseThrow(() -> GrafanaError.badRequest(refusal));
    }

    /**
     * Grafana's gravatar address for a name ({@code dtos.GetGravatarUrlWithDefault("", name)}): the MD5 of its letters
     * and digits followed by {@code @localhost}, in lower case.
     */
    static String gravatar(String name) {
        String text = (name.replaceAll("[^a-zA-Z0-9]+", "") + "@localhost").toLowerCase(Locale.ROOT);
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
            return "/avatar/" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every JDK", e);
        }
    }

    // ---- the body, as Go's encoding/json binds it into the form's fields (pointers: absent or null is nil) ----

    private static JsonNode object(ApiRequest request) {
        JsonNode body = request.body();
        if (!body.isObject()) {
            throw badRequestData();
        }
        return body;
    }

    private static Optional<String> optionalText(JsonNode body, String field) {
        JsonNode value = body.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw badRequestData();
        }
        return Optional.of(value.asText());
    }

    private static Optional<Boolean> optionalBoolean(JsonNode body, String field) {
        JsonNode value = body.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isBoolean()) {
            throw badRequestData();
        }
        return Optional.of(value.asBoolean());
    }

    private static Optional<Long> optionalLong(JsonNode body, String field) {
        JsonNode value = body.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw badRequestData();
        }
        return Optional.of(value.asLong());
    }

    /** Go's {@code strconv.ParseBool}, false on anything it refuses, as {@code QueryBool} reads it. */
    private static boolean queryBool(ApiRequest request, String name) {
        return request.query(name).map(v -> switch (v) {
            case "1", "t", "T", "TRUE", "true", "True" -> true;
            default -> false;
        }).orElse(false);
    }

    private static GrafanaError badRequestData() {
        return GrafanaError.badRequest("Bad request data");
    }
}
