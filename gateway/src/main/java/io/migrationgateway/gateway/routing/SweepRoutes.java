package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.migration.ModeDecisions;
import io.migrationgateway.gateway.shadow.ShadowSweep.SweptRead;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.legacy.SweepReads;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reads a compare sweep makes of a resource ({@link SweepReads}), as the legacy routes the gateway serves: each
 * path matched to its translator's route, in the mode the object's namespace is in, both sides asked as a shadow read
 * asks them, with the sweep's credentials. Thread-safe.
 */
public final class SweepRoutes {
    private final TranslatorRegistry translators;
    private final ModeDecisions decisions;
    private final ShadowReads shadow;

    SweepRoutes(TranslatorRegistry translators, ModeDecisions decisions, ShadowReads shadow) {
        this.translators = translators;
        this.decisions = decisions;
        this.shadow = shadow;
    }

    /** What a sweep reads of {@code resource} (the flag key); none for a resource no translator serves. */
    public SweepReads sweepReads(String resource) {
        return translator(resource).map(Translator::sweepReads).orElse(SweepReads.NONE);
    }

    /**
     * Why the holder of {@code authorization} cannot sweep org {@code orgId} (no role there, or the legacy side does not
     * know the credential), or empty: without a role both sides refuse alike, which would compare as a match.
     */
    public Optional<String> cannotRead(String resource, long orgId, String authorization) throws InterruptedException {
        String namespace = decisions.forOrg(resource, orgId).namespace();
        try {
            return shadow.hasRole(authorization, namespace) ? Optional.empty()
                    : Optional.of("the compare credentials have no role in " + namespace);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return Optional.of("the legacy side did not confirm the compare credentials: " + e.getMessage());
        }
    }

    /** The reads of object {@code uid}, whose legacy id is {@code legacyId}, of {@code resource} in org {@code orgId}. */
    public List<SweptRead> objectReads(String resource, long orgId, String uid, long legacyId, String authorization) {
        return reads(resource, orgId, sweepReads(resource).objectPaths(uid, legacyId), authorization);
    }

    /** The reads of the lists and searches of {@code resource} in org {@code orgId}. */
    public List<SweptRead> listReads(String resource, long orgId, String authorization) {
        return reads(resource, orgId, sweepReads(resource).listReads(), authorization);
    }

    private List<SweptRead> reads(String resource, long orgId, List<String> paths, String authorization) {
        ModeDecisions.Decision decision = decisions.forOrg(resource, orgId);
        List<SweptRead> reads = new ArrayList<>(paths.size());
        for (String pathAndQuery : paths) {
            int query = pathAndQuery.indexOf('?');
            String path = query < 0 ? pathAndQuery : pathAndQuery.substring(0, query);
            String rawQuery = query < 0 ? null : pathAndQuery.substring(query + 1);
            RouteMatch match = translators.match("GET", path).orElseThrow(() -> new IllegalStateException(
                    "the sweep of " + resource + " reads " + path + ", which no translator serves"));
            reads.add(shadow.swept(new ShadowReads.Read(match, decision.namespace(), orgId, pathAndQuery, rawQuery, authorization,
                    Optional.empty()), decision.mode()));
        }
        return reads;
    }

    private Optional<Translator> translator(String resource) {
        return translators.all().stream().filter(t -> t.kind().qualifiedResource().equals(resource)).findFirst();
    }
}
