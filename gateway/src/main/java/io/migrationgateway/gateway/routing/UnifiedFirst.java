package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.gateway.dualwrite.DualWriter;
import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.flags.mode.Mode;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Methods;
import java.util.Optional;
import java.util.OptionalLong;

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

    /**
     * A mode-3 write: written down before unified storage makes it (so that a gateway that stops before the legacy side
     * has it leaves it to another), copied to the legacy side once made.
     */
    private final class CopiedToLegacy implements TranslatedAnswer.Afterwards {
        private final RouteMatch match;
        private final String namespace;
        private final String authorization;
        private long intent;
        /** The object the path names by legacy id, found before the write (a delete leaves no label to find it by). */
        private Optional<String> named = Optional.empty();

        CopiedToLegacy(RouteMatch match, String namespace, String authorization) {
            this.match = match;
            this.namespace = namespace;
            this.authorization = authorization;
        }

        @Override
        public void before(RouteMatch route, byte[] body) {
            WrittenObject.pathLegacyId(route).ifPresent(id -> named = writer.nameOf(Mode.UNIFIED_READ, match.translator(), namespace, id));
            try {
                intent = writer.openIntent(Mode.UNIFIED_READ, match.translator(), namespace,
                        named.orElseGet(() -> WrittenObject.requested(route, body)));
            } catch (StorageUnavailableException down) {
                intent = 0; // the gateway's database is unified storage's too: the write itself is refused as unavailable
            }
        }

        @Override
        public LegacyResponse apply(LegacyRequest request, LegacyResponse answer, long startNanos) {
            try {
                if (answer.successful()) {
                    WrittenObject.name(match, answer.body())
                            .or(() -> named)
                            .or(() -> byLegacyId(WrittenObject.legacyId(match, answer.body())))
                            .ifPresent(name -> writer.copyToLegacy(match.translator(), namespace, name, authorization));
                }
            } finally {
                if (intent != 0) {
                    writer.closeIntent(intent);
                }
            }
            return answer;
        }

        private Optional<String> byLegacyId(OptionalLong id) {
            return id.isPresent() ? writer.nameOf(Mode.UNIFIED_READ, match.translator(), namespace, id.getAsLong()) : Optional.empty();
        }
    }

    /** What to do with the unified answer to {@code exchange}'s request; call on the IO thread, before the body is read. */
    TranslatedAnswer.Afterwards afterwards(HttpServerExchange exchange, RouteMatch match, long orgId, String namespace,
                                           LegacyIdentity caller) {
        String authorization = LegacyFirst.authorization(exchange);
        String rawQuery = exchange.getQueryString().isEmpty() ? null : exchange.getQueryString();
        if (!match.route().reads()) {
            return new CopiedToLegacy(match, namespace, authorization);
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
