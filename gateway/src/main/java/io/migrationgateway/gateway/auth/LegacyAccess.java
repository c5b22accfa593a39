package io.migrationgateway.gateway.auth;

import io.migrationgateway.model.Namespaces;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.resourceapi.auth.Caller;
import io.migrationgateway.resourceapi.auth.Role;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Access} by asking the legacy backend about the caller's own credentials: the {@code Authorization}
 * header (Basic or Bearer) is sent, unchanged, to {@code GET /api/user} (who, and the current org) and
 * {@code GET /api/user/orgs} (the role in each org, org N being namespace {@link Namespaces#namespaceOf}), through the
 * gateway's {@link LegacyClient} (its timeouts and circuit breaker). The Resource API asks {@link #authenticate}; the
 * legacy request path asks {@link #identify}, which does not block. Thread-safe.
 *
 * <p>Answers are cached by the SHA-256 of the header value, never the value itself: an accepted credential
 * for {@code legacy.identity-cache.ttl}, a refused one (401/403) for {@code legacy.identity-cache.refused-ttl}
 * and at most {@value #MAX_REFUSED} of them, so a flood of bad tokens neither reaches the legacy side nor fills
 * memory. Concurrent first requests with one credential share one pair of legacy calls. When the legacy side
 * cannot answer (unreachable, timeout, the breaker open, 5xx, an unexpected answer) nothing is cached and
 * {@link AccessUnavailableException} says so; that is not the caller's fault.
 *
 * <p>An identity in use is asked about again after half the ttl by a thread of its own ({@link #refreshInUse}), while
 * requests go on with the cached answer, so no request waits for the legacy side when a busy caller's entry ages.
 * Not Caffeine's {@code refreshAfterWrite}, because starting a refresh inside a request on the IO thread made the JIT
 * recompile the fast lane each time (docs/performance.md, shadow comparison).
 */
public final class LegacyAccess implements Access, AutoCloseable {
    private static final MessageDigest SHA_256 = sha256Prototype();
    /**
     * A digest per thread, cloned once from a ready one, because a clone or a provider lookup per call is paid on every
     * legacy read of a resource past mode 0 and every Resource API request.
     */
    private static final ThreadLocal<MessageDigest> DIGESTS = ThreadLocal.withInitial(LegacyAccess::sha256Clone);
    private static final int MAX_CALLERS = 10_000;
    private static final int MAX_REFUSED = 1_000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Logger LOG = LoggerFactory.getLogger(LegacyAccess.class);
    private static final LegacyResponse UNAUTHORIZED = LegacyErrors.message(401, "Unauthorized");

    private final LegacyClient legacy;
    private final Namespaces namespaces;
    private final AsyncLoadingCache<Credential, LegacyIdentity> callers;
    /** The legacy side's answer to each refused credential, by its hash: a refusal is repeated in its words. */
    private final Cache<String, LegacyResponse> refused;
    private final long refreshAfterNanos;
    private final ScheduledExecutorService refresher;

    /** Asks the legacy side through {@code legacy}, caching as {@code cache} ({@code legacy.identity-cache}) says. */
    public static LegacyAccess create(LegacyClient legacy, LegacyConfig.IdentityCacheConfig cache, Namespaces namespaces) {
        // looked at every quarter of the ttl, so an identity in use is refreshed between half and three quarters of it
        return new LegacyAccess(legacy, cache, namespaces, Ticker.systemTicker(), cache.ttl().dividedBy(4));
    }

    /**
     * @param ticker         the caches' clock
     * @param refreshPeriod  how often {@link #refreshInUse} runs on its own thread
     */
    LegacyAccess(LegacyClient legacy, LegacyConfig.IdentityCacheConfig cache, Namespaces namespaces, Ticker ticker,
                 Duration refreshPeriod) {
        this.legacy = legacy;
        this.namespaces = namespaces;
        Duration ttl = cache.ttl();
        this.callers = Caffeine.newBuilder()
                .ticker(ticker)
                .maximumSize(MAX_CALLERS)
                .expireAfterWrite(ttl) // a revoked credential or a changed role takes effect within the ttl
                .expireAfterAccess(ttl) // never first (access age <= write age): it tells refreshInUse what was read
                .buildAsync((credential, executor) -> ask(credential.authorization()));
        this.refreshAfterNanos = ttl.dividedBy(2).toNanos();
        this.refresher = OutOfMemoryPolicy.scheduler("legacy-identity-refresh");
        long period = Math.max(1, refreshPeriod.toMillis());
        refresher.scheduleWithFixedDelay(() -> {
            try {
                refreshInUse();
            } catch (RuntimeException e) { // a scheduled task that throws is never run again
                LOG.warn("refreshing cached legacy identities failed; trying again in {} ms: {}", period, e.toString());
            }
        }, period, period, TimeUnit.MILLISECONDS);
        this.refused = Caffeine.newBuilder()
                .ticker(ticker)
                .maximumSize(MAX_REFUSED)
                .expireAfterWrite(cache.refusedTtl())
                .build();
    }

    /**
     * Forgets every cached answer, accepted and refused, so that the next request of each caller asks the legacy side:
     * after a write of what the legacy side authenticates with (a service account's token made or revoked), which
     * would otherwise count here only after the ttl. Writes of that kind are rare; the cost is one pair of legacy calls
     * per active caller.
     */
    public void forgetAll() {
        callers.synchronous().invalidateAll();
        refused.invalidateAll();
    }

    @Override
    public Caller authenticate(String authorization) {
        try {
            return identify(authorization).join().caller();
        } catch (CompletionException e) {
            throw (RuntimeException) e.getCause(); // Unauthenticated or AccessUnavailableException, as identify says
        }
    }

    /**
     * The identity behind an {@code Authorization} header value, without blocking: a cached answer is a completed
     * future, otherwise the future completes when the legacy side has answered.
     *
     * @param authorization the header value as sent, or {@code null}
     * @return the identity, or a future failed with {@link Unauthenticated} when the header is missing or the
     *         credentials are refused, or with {@link AccessUnavailableException} when the legacy side cannot say
     */
    public CompletableFuture<LegacyIdentity> identify(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            return CompletableFuture.failedFuture(new Unauthenticated("no credentials: send an Authorization header (Bearer token or Basic)"));
        }
        String key = sha256(authorization);
        if (refused.getIfPresent(key) != null) {
            return CompletableFuture.failedFuture(refusedByLegacy());
        }
        CompletableFuture<LegacyIdentity> asked;
        try {
            asked = callers.get(new Credential(key, authorization));
        } catch (IllegalArgumentException e) {
            // a value the HTTP client will not send (a control character): no legacy deployment could accept it
            refused.put(key, UNAUTHORIZED);
            return CompletableFuture.failedFuture(new Unauthenticated("the Authorization header is malformed"));
        }
        if (asked.isDone() && !asked.isCompletedExceptionally()) {
            return asked; // a cached identity, the common case: no stage added per request
        }
        return asked.handle((identity, failure) -> {
            if (failure == null) {
                return identity;
            }
            Throwable cause = failure instanceof CompletionException wrapped && wrapped.getCause() != null ? wrapped.getCause() : failure;
            OutOfMemoryPolicy.haltIfFatal(cause);
            throw switch (cause) {
                case Refused refusal -> {
                    refused.put(key, refusal.answer);
                    yield refusedByLegacy();
                }
                case Unauthenticated unauthenticated -> {
                    refused.put(key, UNAUTHORIZED);
                    yield unauthenticated;
                }
                case AccessUnavailableException unavailable -> unavailable;
                case Throwable other -> new AccessUnavailableException("asking the legacy backend who the caller is failed", other);
            };
        });
    }

    /**
     * The answer to a caller {@link #identify} refused: the legacy side's (its status and body, such as 401
     * {@code {"message":"Invalid username or password"}}) while the refusal is remembered, else Grafana's 401
     * {@code {"message":"Unauthorized"}}, which is also its answer to no credentials.
     */
    public LegacyResponse refusal(String authorization) {
        LegacyResponse remembered = authorization == null || authorization.isBlank() ? null : refused.getIfPresent(sha256(authorization));
        return remembered == null ? UNAUTHORIZED : remembered;
    }

    /** The legacy side refused the credentials, in these words. */
    private static final class Refused extends RuntimeException {
        private final transient LegacyResponse answer;

        Refused(LegacyResponse answer) {
            super("the credentials were refused", null, false, false);
            this.answer = answer;
        }
    }

    /**
     * Asks the legacy side again, in the background, about each cached identity written at least half the ttl ago and
     * read since then; the cached answer serves until the new one arrives (a failed refresh keeps it, until the ttl).
     * An identity nobody read for half the ttl is left to expire.
     *
     * @return how many refreshes it started
     */
    int refreshInUse() {
        var written = callers.synchronous().policy().expireAfterWrite().orElseThrow();
        var read = callers.synchronous().policy().expireAfterAccess().orElseThrow();
        int started = 0;
        for (Credential credential : callers.asMap().keySet()) {
            long age = written.ageOf(credential, TimeUnit.NANOSECONDS).orElse(0);
            long idle = read.ageOf(credential, TimeUnit.NANOSECONDS).orElse(Long.MAX_VALUE);
            if (age >= refreshAfterNanos && idle < refreshAfterNanos) {
                callers.synchronous().refresh(credential);
                started++;
            }
        }
        return started;
    }

    private CompletableFuture<LegacyIdentity> ask(String authorization) {
        boolean serviceAccount = authorization.regionMatches(true, 0, "Bearer ", 0, 7);
        return get("/api/user", authorization).thenCombine(get("/api/user/orgs", authorization),
                (profile, orgs) -> new LegacyIdentity(caller(profile, orgs), profile.path("orgId").asLong(0), serviceAccount));
    }

    private CompletableFuture<JsonNode> get(String path, String authorization) {
        return legacy.getAsync(path, Map.of("Authorization", List.of(authorization), "Accept", List.of("application/json")))
                .handle((answer, failure) -> {
                    if (failure != null) {
                        Throwable cause = failure instanceof CompletionException wrapped && wrapped.getCause() != null
                                ? wrapped.getCause() : failure;
                        throw new AccessUnavailableException("legacy backend unreachable: " + cause.getMessage(), cause);
                    }
                    int status = answer.status();
                    if (status == 401 || status == 403) {
                        throw new Refused(answer.response());
                    }
                    if (status != 200) {
                        throw new AccessUnavailableException("legacy backend answered GET " + path + " with " + status, null);
                    }
                    try {
                        return JSON.readTree(answer.body());
                    } catch (IOException e) {
                        throw new AccessUnavailableException("legacy backend answered GET " + path + " with no JSON", e);
                    }
                });
    }

    /**
     * A cache key: equal by the header's hash, so the header itself is only carried for asking the legacy side again,
     * and never printed.
     */
    private record Credential(String hash, String authorization) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Credential credential && credential.hash.equals(hash);
        }

        @Override
        public int hashCode() {
            return hash.hashCode();
        }

        @Override
        public String toString() {
            return "credential " + hash.substring(0, 12);
        }
    }

    private static Unauthenticated refusedByLegacy() {
        return new Unauthenticated("the credentials were refused");
    }

    /** The user's login and its role per namespace; orgs where it has no role Grafana knows give no access. */
    private Caller caller(JsonNode profile, JsonNode orgs) {
        String login = profile.path("login").asText("");
        if (login.isEmpty() || !orgs.isArray()) {
            throw new AccessUnavailableException("legacy /api/user or /api/user/orgs answered an unexpected shape", null);
        }
        Map<String, Role> roles = new LinkedHashMap<>();
        for (JsonNode org : orgs) {
            long orgId = org.path("orgId").asLong(0);
            Optional<Role> role = role(org.path("role").asText(""));
            if (orgId >= 1 && role.isPresent()) {
                roles.put(namespaces.namespaceOf(orgId), role.get());
            }
        }
        return new Caller(login, roles);
    }

    /** Grafana's basic roles; {@code None} and anything unknown grant nothing. */
    static Optional<Role> role(String grafanaRole) {
        return switch (grafanaRole) {
            case "Viewer" -> Optional.of(Role.VIEWER);
            case "Editor" -> Optional.of(Role.EDITOR);
            case "Admin" -> Optional.of(Role.ADMIN);
            default -> Optional.empty();
        };
    }

    private static String sha256(String value) {
        return HexFormat.of().formatHex(DIGESTS.get().digest(value.getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest sha256Clone() {
        try {
            return (MessageDigest) SHA_256.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's SHA-256 can be cloned", e);
        }
    }

    private static MessageDigest sha256Prototype() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** Stops the background refresh; the legacy client is its owner's to close. */
    @Override
    public void close() {
        refresher.shutdownNow();
    }
}
