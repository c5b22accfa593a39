package io.migrationgateway.gateway.overlegacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.overlegacy.KeptMetadataStore.Kept;
import io.migrationgateway.jobs.work.KeptMetadata.KeptPart;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.resourceapi.patch.FieldPrints;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.resource.GrafanaMeta;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * How kept metadata joins an object the translator built from the legacy side, and which part of an object is kept.
 *
 * <p>Labels and annotations under {@code grafana.app/} are the legacy row's (its id, folder, authors, times): the
 * object as built says what they are, and they are never kept. Everything else in {@code labels} and
 * {@code annotations}, with {@code finalizers}, {@code managedFields}, {@code uid} and {@code creationTimestamp}, is
 * kept by the gateway for the legacy object it was written with (its legacy id and version), and so is the
 * generation of a kind whose legacy objects count none (Grafana 9.3's playlists):
 * <ul>
 *   <li>the same legacy id and version: the kept metadata as it was written;</li>
 *   <li>another version whose spec is the one a write under way was writing: that write's metadata, with the uid,
 *       creation time and generation kept before it (the gateway stopped between its legacy write and keeping the
 *       metadata, and the write had landed);</li>
 *   <li>another version: a write made around the gateway (a legacy API call, a direct write); the kept labels and
 *       annotations stay, and every field whose value changed is recorded as {@value #LEGACY_MANAGER}'s;</li>
 *   <li>nothing kept, or kept for another legacy id (an object deleted since, whose name was taken again): the object
 *       as built, with a uid derived from its name and legacy id, the same on every read.</li>
 * </ul>
 */
final class KeptObjects {
    /** The field manager of writes made around the gateway, as {@code managedFields} shows it. */
    static final String LEGACY_MANAGER = GrafanaMeta.LEGACY_FIELD_MANAGER;

    private static final String LEGACY_PREFIX = "grafana.app/";
    private static final Set<String> SAVE_RECORD = Set.of(GrafanaMeta.CREATED_BY, GrafanaMeta.UPDATED_BY,
            GrafanaMeta.UPDATED_TIMESTAMP, GrafanaMeta.MESSAGE);

    private KeptObjects() {
    }

    /**
     * Sets on {@code object}, as the translator built it from the legacy side, the metadata {@code kept} says.
     *
     * @return the metadata to keep from now on when a write under way turns out to have landed (its keeping is then
     *         settled by the caller, so that a later write around the gateway does not bring the old metadata back)
     */
    static Optional<ObjectNode> merge(GroupResource resource, ObjectNode object, Optional<Kept> kept) {
        if (kept.isPresent()) {
            Kept k = kept.get();
            boolean sameObject = k.legacyId() != 0 && k.legacyId() == legacyId(object);
            if (sameObject && k.legacyVersion().equals(version(object))) {
                apply(resource, object, k.metadata());
                return Optional.empty();
            }
            if (k.pending().isPresent() && k.pending().get().specPrint().equals(specPrint(object))) {
                ObjectNode metadata = k.pending().get().metadata().deepCopy();
                if (sameObject) {
                    // as the write's commit would have: the pending metadata has no uid, creation time or generation
                    copy(k.metadata(), metadata, "uid");
                    copy(k.metadata(), metadata, "creationTimestamp");
                    copy(k.metadata(), metadata, "generation");
                    countGeneration(metadata, k, object);
                }
                apply(resource, object, metadata);
                ObjectNode settled = keptPart(object);
                if (metadata.has("generation")) {
                    settled.set("generation", metadata.get("generation"));
                }
                return Optional.of(settled);
            }
            if (sameObject) {
                ObjectNode metadata = k.metadata().deepCopy();
                metadata.remove("managedFields");
                countGeneration(metadata, k, object);
                apply(resource, object, metadata);
                FieldPrints.recordChange(object, k.print(), k.metadata().get("managedFields"), print(object), LEGACY_MANAGER,
                        object.path("apiVersion").asText(), changedAt(object));
                return Optional.empty();
            }
        }
        apply(resource, object, JsonNodeFactory.instance.objectNode());
        return Optional.empty();
    }

    /**
     * What {@link #merge} sets on an object of legacy id {@code legacyId} from what is kept for its name, as far as that id
     * tells: the kept metadata when it was kept for this legacy object, nothing when for another one (or for none), and
     * not settled while a write through the gateway was under way when it stopped (its spec decides).
     *
     * @param keptFor       the legacy id the metadata was kept for
     * @param writeUnderWay whether a write under way is noted beside it
     */
    static Optional<KeptPart> part(long legacyId, long keptFor, ObjectNode metadata, boolean writeUnderWay) {
        boolean sameObject = keptFor != 0 && keptFor == legacyId;
        if (writeUnderWay) {
            return Optional.of(new KeptPart(sameObject ? metadata : JsonNodeFactory.instance.objectNode(), false));
        }
        return sameObject ? Optional.of(new KeptPart(metadata, true)) : Optional.empty();
    }

    /**
     * The part of {@code object}'s metadata the gateway keeps: uid, creation time, the labels and annotations that are
     * not the legacy row's, finalizers and managed fields.
     */
    static ObjectNode keptPart(ObjectNode object) {
        JsonNode metadata = object.path("metadata");
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        copy(metadata, kept, "uid");
        copy(metadata, kept, "creationTimestamp");
        ObjectNode labels = notLegacy(metadata.path("labels"));
        if (!labels.isEmpty()) {
            kept.set("labels", labels);
        }
        ObjectNode annotations = notLegacy(metadata.path("annotations"));
        if (!annotations.isEmpty()) {
            kept.set("annotations", annotations);
        }
        if (metadata.path("finalizers").isArray() && !metadata.path("finalizers").isEmpty()) {
            kept.set("finalizers", metadata.get("finalizers").deepCopy());
        }
        if (metadata.path("managedFields").isArray() && !metadata.path("managedFields").isEmpty()) {
            kept.set("managedFields", metadata.get("managedFields").deepCopy());
        }
        return kept;
    }

    /**
     * The print of {@code object} as kept ({@link FieldPrints}), without the annotations that record who saved the legacy
     * row, when and why: every save changes them, and the legacy API and the copy's row conversion do not show them
     * alike, so they say nothing about which fields a write changed.
     */
    static ObjectNode print(ObjectNode object) {
        ObjectNode print = FieldPrints.print(object);
        if (print.path("metadata").get("annotations") instanceof ObjectNode annotations) {
            annotations.remove(SAVE_RECORD);
        }
        return print;
    }

    /** The print of {@code object}'s spec, which tells whether a legacy object holds what a write was writing. */
    static String specPrint(ObjectNode object) {
        return FieldPrints.hash(object.path("spec"));
    }

    /** The uid of an object nothing was kept for: the same on every read, another one once the name is taken again. */
    static String derivedUid(GroupResource resource, String namespace, String name, long legacyId) {
        String identity = resource + "/" + namespace + "/" + name + "/" + legacyId;
        return UUID.nameUUIDFromBytes(identity.getBytes(StandardCharsets.UTF_8)).toString();
    }

    static String name(JsonNode object) {
        return object.path("metadata").path("name").asText();
    }

    static String namespace(JsonNode object) {
        return object.path("metadata").path("namespace").asText();
    }

    static String version(JsonNode object) {
        return object.path("metadata").path("resourceVersion").asText();
    }

    /** The object's legacy id, from its {@code grafana.app/deprecatedInternalID} label (0 when it has none). */
    static long legacyId(JsonNode object) {
        try {
            return Long.parseLong(object.path("metadata").path("labels").path(GrafanaMeta.DEPRECATED_INTERNAL_ID).asText("0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Sets {@code kept} (a {@link #keptPart}) on {@code object}; what the legacy row says of itself wins. */
    static void apply(GroupResource resource, ObjectNode object, JsonNode kept) {
        ObjectNode metadata = object.withObjectProperty("metadata");
        metadata.put("uid", kept.path("uid").asText(derivedUid(resource, namespace(object), name(object), legacyId(object))));
        if (!metadata.hasNonNull("creationTimestamp") && kept.hasNonNull("creationTimestamp")) {
            metadata.set("creationTimestamp", kept.get("creationTimestamp"));
        }
        addMissing(metadata, "labels", kept.path("labels"));
        addMissing(metadata, "annotations", kept.path("annotations"));
        if (!metadata.has("generation") && kept.has("generation")) {
            metadata.set("generation", kept.get("generation"));
        }
        if (kept.has("finalizers")) {
            metadata.set("finalizers", kept.get("finalizers").deepCopy());
        }
        if (kept.has("managedFields")) {
            metadata.set("managedFields", kept.get("managedFields").deepCopy());
        }
    }

    /**
     * One more generation in {@code metadata} when it counts generations (the legacy side counts none) and
     * {@code object}'s spec is not the one {@code k} was kept with.
     */
    private static void countGeneration(ObjectNode metadata, Kept k, ObjectNode object) {
        if (metadata.has("generation")) {
            metadata.put("generation", generationAfter(k, object));
        }
    }

    /** The generation {@code k} kept, one more when {@code object}'s spec is not the one it was kept with. */
    static long generationAfter(Kept k, ObjectNode object) {
        long kept = k.metadata().path("generation").asLong(1);
        return FieldPrints.print(object).path("spec").equals(k.print().path("spec")) ? kept : kept + 1;
    }

    private static void addMissing(ObjectNode metadata, String member, JsonNode kept) {
        if (!kept.isObject() || kept.isEmpty()) {
            return;
        }
        ObjectNode into = metadata.withObjectProperty(member);
        for (Map.Entry<String, JsonNode> entry : kept.properties()) {
            if (!entry.getKey().startsWith(LEGACY_PREFIX) && !into.has(entry.getKey())) {
                into.set(entry.getKey(), entry.getValue());
            }
        }
    }

    private static ObjectNode notLegacy(JsonNode map) {
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        map.properties().forEach(entry -> {
            if (!entry.getKey().startsWith(LEGACY_PREFIX)) {
                kept.set(entry.getKey(), entry.getValue());
            }
        });
        return kept;
    }

    /** Sets {@code from}'s {@code member} on {@code to}, when {@code from} has one. */
    static void copy(JsonNode from, ObjectNode to, String member) {
        if (from.hasNonNull(member)) {
            to.set(member, from.get(member));
        }
    }

    /** When the legacy side last changed the object, as well as the object tells: its update time, else now. */
    private static Instant changedAt(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        return LegacyTime.parse(metadata.path("annotations").path(GrafanaMeta.UPDATED_TIMESTAMP).asText(""))
                .or(() -> LegacyTime.parse(metadata.path("creationTimestamp").asText("")))
                .orElseGet(Instant::now);
    }
}
