package io.migrationgateway.gateway.routing;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.auth.LegacyAccess;
import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.gateway.config.ShadowConfig;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.gateway.shadow.ShadowComparisons;
import io.migrationgateway.gateway.shadow.ShadowRead;
import io.migrationgateway.gateway.shadow.ShadowRead.ReadScope;
import io.migrationgateway.gateway.shadow.ShadowSweep;
import io.migrationgateway.gateway.shadow.SkipCounter;
import io.migrationgateway.gateway.compare.StructuralDiff;
import io.migrationgateway.resourceapi.auth.Role;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;

/**
 * Shadow reads on the request path's side: which reads are sampled (per resource, sticky per object name) and how
 * each side is asked again off the request path: unified storage through the translator's legacy plan, the legacy side
 * with the caller's own credentials in the request's org. Thread-safe.
 */
final class ShadowReads {
    private static final int BUCKETS = 10_000;

    private final ShadowComparisons comparisons;
    private final ShadowConfig config;
    private final LegacyPlanRunner unified;
    private final LegacyClient legacy;
    private final LegacyAccess access;
    private final Map<LegacyRoute, StructuralDiff> diffs = new ConcurrentHashMap<>();

    ShadowReads(ShadowComparisons comparisons, ShadowConfig config, LegacyPlanRunner unified, LegacyClient legacy, LegacyAccess access) {
        this.comparisons = comparisons;
        this.config = config;
        this.unified = unified;
        this.legacy = legacy;
        this.access = access;
    }

    /**
     * A legacy read to ask again elsewhere.
     *
     * @param pathAndQuery  as the caller sent it
     * @param rawQuery      its query string, or null
     * @param authorization the caller's {@code Authorization} header, or empty
     */
    record Read(RouteMatch match, String namespace, long orgId, String pathAndQuery, String rawQuery, String authorization,
                Optional<LegacyIdentity> caller) {
    }

    /** Whether reads of this object are compared: the same answer for every read of one name (or list query). */
    boolean sampled(RouteMatch match, String rawQuery) {
        double rate = config.of(match.translator().kind().plural()).samplingRate();
        if (rate <= 0) {
            return false;
        }
        if (rate >= 1) {
            return true; // every read: no name to hash
        }
        String name = match.pathVariables().getOrDefault("uid", rawQuery == null ? "" : rawQuery);
        CRC32 hash = new CRC32();
        hash.update(name.getBytes(StandardCharsets.UTF_8));
        return hash.getValue() % BUCKETS < rate * BUCKETS;
    }

    /**
     * Whether the answer to a sampled read is to be copied for comparison: yes, unless a comparison queued now would be
     * skipped, which is counted here, before an answer is copied for nothing.
     */
    boolean copyAnswer(Read read) {
        Optional<String> skipped = comparisons.skipReasonNow();
        if (skipped.isPresent()) {
            skip(read, skipped.get());
            return false;
        }
        return true;
    }

    /**
     * Modes 1–2: the copy of the legacy answer the caller got ({@link #copyAnswer}), compared with unified storage's
     * answer through the translator; skipped (and counted) when the copy was given up or its coding cannot be read.
     *
     * @param contentEncoding the answer's {@code Content-Encoding}, or null
     * @param copied          the body as sent, or null when it was longer than {@code shadow.max-body}
     * @param seconds         from the request to the answer's end
     */
    void legacyCopied(Read read, Mode mode, int status, String contentEncoding, byte[] copied, double seconds) {
        if (copied == null) {
            skip(read, SkipCounter.BODY_TOO_LARGE);
            return;
        }
        Optional<byte[]> body;
        try {
            body = ResponseCapture.decoded(contentEncoding, copied, config.maxBody());
        } catch (IOException e) {
            body = Optional.empty();
        }
        if (body.isEmpty()) {
            skip(read, SkipCounter.BODY_ENCODED);
            return;
        }
        legacyAnswered(read, mode, new Answer(status, body.get(), seconds));
    }

    /** Modes 1–2: the legacy answer the caller got, compared with unified storage's answer through the translator. */
    void legacyAnswered(Read read, Mode mode, Answer legacyAnswer) {
        comparisons.submit(new ShadowRead(scope(read), mode, diff(read.match()), legacyAnswer, () -> unifiedAnswer(read),
                () -> legacyAnswer(read)));
    }

    /** Mode 3: the unified answer the caller got, compared with the legacy side's answer. */
    void unifiedAnswered(Read read, Answer unifiedAnswer) {
        comparisons.submit(new ShadowRead(scope(read), Mode.UNIFIED_READ, diff(read.match()), unifiedAnswer, () -> legacyAnswer(read),
                () -> unifiedAnswer(read)));
    }

    /**
     * The read of a compare sweep, made as {@code read}'s credentials: the side that answers callers in {@code mode}
     * (the legacy side below mode 3, unified storage from it) is the authoritative one.
     */
    ShadowSweep.SweptRead swept(Read read, Mode mode) {
        return mode.number() < Mode.UNIFIED_READ.number()
                ? new ShadowSweep.SweptRead(scope(read), mode, diff(read.match()), () -> legacyAnswer(read), () -> unifiedAnswer(read))
                : new ShadowSweep.SweptRead(scope(read), mode, diff(read.match()), () -> unifiedAnswer(read), () -> legacyAnswer(read));
    }

    /** Whether the holder of {@code authorization} has a role in {@code namespace}, as the legacy side says (cached). */
    boolean hasRole(String authorization, String namespace) throws Exception {
        return access.identify(authorization).get().caller().roleIn(namespace).isPresent();
    }

    /** Counts a sampled read that cannot be compared (its copy was given up, its body is encoded). */
    void skip(Read read, String reason) {
        comparisons.skip(scope(read), reason);
    }

    private Answer unifiedAnswer(Read read) throws Exception {
        long start = System.nanoTime();
        LegacyIdentity identity = read.caller().isPresent() ? read.caller().get() : access.identify(read.authorization()).get();
        Optional<Role> role = identity.caller().roleIn(read.namespace());
        LegacyResponse answer = role.isEmpty() ? LegacyErrors.message(401, "Unauthorized")
                : unified.run(read.match(), read.match().request(read.rawQuery(), new byte[0], read.orgId(),
                        TranslatedAnswer.caller(identity, role.get())), "shadow", read.authorization());
        return new Answer(answer.status(), answer.bytes(), seconds(start));
    }

    private Answer legacyAnswer(Read read) {
        long start = System.nanoTime();
        Map<String, List<String>> headers = read.authorization().isEmpty()
                ? Map.of("Accept", List.of("application/json"), OrgContext.ORG_HEADER.toString(), List.of(Long.toString(read.orgId())))
                : Map.of("Accept", List.of("application/json"), OrgContext.ORG_HEADER.toString(), List.of(Long.toString(read.orgId())),
                        "Authorization", List.of(read.authorization()));
        LegacyClient.Forwarded answer = legacy.get(read.pathAndQuery(), headers);
        return new Answer(answer.status(), answer.body(), seconds(start));
    }

    /** The route's comparison: its translator's rules for the route and the operator's ignore rules for the resource. */
    private StructuralDiff diff(RouteMatch match) {
        return diffs.computeIfAbsent(match.route(), route -> new StructuralDiff(match.translator().legacyRules(route),
                config.of(match.translator().kind().plural()).ignore(), config.sampleChars()));
    }

    private static ReadScope scope(Read read) {
        return new ReadScope(read.match().resource(), read.namespace(), read.match().route().id(),
                read.match().pathVariables().getOrDefault("uid", ""));
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
