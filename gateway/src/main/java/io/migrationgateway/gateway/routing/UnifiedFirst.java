package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.gateway.dualwrite.DualWriter;
import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.translators.RouteMatch;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Methods;
import java.util.Optional;

/**
 * Mode 3: unified storage answers (through {@link TranslatedAnswer}); what happens before the answer is sent. A write
 * unified storage took is copied to the legacy side, which is kept for a rollback ({@link DualWriter#copyToLegacy}; what
 * it does not take waits in the outbox, and the caller's write stands). A sampled read is queued for comparison with
 * the legacy side's answer ({@link ShadowReads#unifiedAnswered}), which does not delay the answer.
 */
final class UnifiedFirst {
    private final ShadowReads shadow;
    private final DualWriter writer;

    UnifiedFirst(ShadowReads shadow, DualWriter writer) {
        this.shadow = shadow;
        this.writer = writer;
    }

    /** What to do with the unified answer to {@code exchange}'s request; call on the IO thread, before the body is read. */
    TranslatedAnswer.Afterwards afterwards(HttpServerExchange exchange, RouteMatch match, long orgId, String namespace,
                                           LegacyIdentity caller) {
        String authorization = LegacyFirst.authorization(exchange);
        String rawQuery = exchange.getQueryString().isEmpty() ? null : exchange.getQueryString();
        if (!match.route().reads()) {
            return (request, answer, start) -> {
                if (answer.successful()) {
                    WrittenObject.name(match, answer.body()).ifPresent(name ->
                            writer.copyToLegacy(match.translator(), namespace, name, authorization));
                }
                return answer;
            };
        }
        if (!exchange.getRequestMethod().equals(Methods.GET) || !shadow.sampled(match, rawQuery)) {
            return TranslatedAnswer.Afterwards.NOTHING;
        }
        ShadowReads.Read read = new ShadowReads.Read(match, namespace, orgId, LegacyFirst.pathAndQuery(exchange), rawQuery,
                authorization, Optional.of(caller));
        return (request, answer, start) -> {
            shadow.unifiedAnswered(read, new Answer(answer.status(), answer.bytes(), (System.nanoTime() - start) / 1e9));
            return answer;
        };
    }
}
