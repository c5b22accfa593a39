package io.migrationgateway.jobs.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationgateway.jobs.work.KeptMetadata.KeptPart;
import io.migrationgateway.translators.hash.CanonicalJson;
import io.migrationgateway.translators.hash.Hash128;
import io.migrationgateway.translators.hash.Projection.Beside;
import java.util.List;
import java.util.Optional;

/**
 * The metadata the gateway keeps beside a legacy row (modes 0–2) as the verification compares it: the labels and
 * annotations not under {@code grafana.app/} (those are the row's), the finalizers, and the uid when one is kept (an
 * object nothing is kept for gets a uid derived on every read, which an object copied earlier or made by a dual-write
 * does not have). Managed fields are left out, because their timestamps and the entries of changes made around the
 * gateway legitimately differ between two faithful copies, and so are the creation time and generation, which the
 * row and each store's own writes decide.
 */
final class KeptValues {
    private static final String LEGACY_PREFIX = "grafana.app/";
    /** Where stored objects have them, hashed beside the row hash. */
    static final List<Beside> BESIDES = List.of(
        new Beside(List.of("metadata", "labels"), "{}", LEGACY_PREFIX),
        new Beside(List.of("metadata", "annotations"), "{}", LEGACY_PREFIX),
        new Beside(List.of("metadata", "finalizers"), "[]", ""),
        new Beside(List.of("metadata", "uid"), "null", ""));
    private static final int UID = BESIDES.size() - 1;
    /** Most objects' (computed once: a chunk of them would hash the same empty values again and again). */
    private static final Expected NOTHING_KEPT = hashed(Optional.empty(), new CanonicalJson());

    private KeptValues() {
    }

    /**
     * What a stored object's {@link #BESIDES} hashes must be.
     *
     * @param hashes      one for each of {@link #BESIDES}
     * @param comparesUid whether a uid is kept (and settled), so the stored one must be it
     * @param settled     false when only the translator's full comparison can tell (see {@link KeptPart#settled()})
     */
    record Expected(List<Hash128> hashes, boolean comparesUid, boolean settled) {
        Expected {
            hashes = List.copyOf(hashes);
        }

        /** Whether a stored object whose {@link #BESIDES} hash as {@code stored} has the kept metadata. */
        boolean matches(List<Hash128> stored) {
            if (!settled) {
                return false;
            }
            for (int i = 0; i < hashes.size(); i++) {
                if ((i != UID || comparesUid) && !hashes.get(i).equals(stored.get(i))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** What a stored object must have for {@code kept} (empty: nothing kept applies to it). */
    static Expected expected(Optional<KeptPart> kept, CanonicalJson hasher) {
        return kept.isEmpty() ? NOTHING_KEPT : hashed(kept, hasher);
    }

    private static Expected hashed(Optional<KeptPart> kept, CanonicalJson hasher) {
        JsonNode object = JsonNodeFactory.instance.objectNode()
            .set("metadata", kept.map(KeptPart::metadata).orElse(JsonNodeFactory.instance.objectNode()));
        List<Hash128> hashes = BESIDES.stream().map(beside -> beside.hash(at(object, beside.path()), hasher)).toList();
        boolean settled = kept.map(KeptPart::settled).orElse(true);
        boolean uidKept = settled && kept.isPresent() && kept.get().metadata().hasNonNull("uid");
        return new Expected(hashes, uidKept, settled);
    }

    private static JsonNode at(JsonNode object, List<String> path) {
        JsonNode node = object;
        for (String name : path) {
            node = node.path(name);
        }
        return node;
    }
}
