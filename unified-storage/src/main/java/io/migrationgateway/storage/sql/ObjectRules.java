package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.NameRule;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageException.Cause;
import io.migrationgateway.storage.StorageException.Reason;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * The metadata the store owns, as the apiserver's generic registry sets it: names ({@link NameRule},
 * {@code generateName}), {@code uid}, {@code creationTimestamp}, {@code generation}, {@code resourceVersion},
 * and delete preconditions. Messages follow the apiserver's word for word, since clients show them as is.
 */
final class ObjectRules {
    private static final int MAX_NAME = 253;
    private static final String DNS1123_LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final Pattern NAMESPACE = Pattern.compile(DNS1123_LABEL);
    private static final String NAMESPACE_MESSAGE = "a lowercase RFC 1123 label must consist of lower case alphanumeric"
        + " characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc',"
        + " regex used for validation is '" + DNS1123_LABEL + "')";
    private static final int MAX_NAMESPACE = 63;
    // apiserver's names.SimpleNameGenerator: no vowels (no words), no look-alike characters.
    private static final String SUFFIX_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
    private static final int SUFFIX_LENGTH = 5;
    private static final int MAX_GENERATE_PREFIX = 63 - SUFFIX_LENGTH;
    // Parsed and built nodes may hold the same number as int and long nodes; equality must not depend on that.
    private static final Comparator<JsonNode> SAME_VALUE = (a, b) -> {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue());
        }
        return a.equals(b) ? 0 : 1;
    };

    private final Clock clock;
    private final NameRule names;

    ObjectRules(Clock clock, NameRule names) {
        this.names = names;
        this.clock = clock;
    }

    /** {@code metadata} of {@code object}, added when missing. */
    static ObjectNode metadata(GroupResource groupResource, ObjectNode object) {
        JsonNode meta = object.get("metadata");
        if (meta == null || meta.isNull()) {
            return object.putObject("metadata");
        }
        if (!meta.isObject()) {
            throw invalid(groupResource, object, "", new Cause("metadata", "FieldValueInvalid",
                "Invalid value: " + meta + ": must be an object"));
        }
        return (ObjectNode) meta;
    }

    /** A text field of {@code metadata}, "" when missing. */
    static String text(ObjectNode meta, String field) {
        JsonNode v = meta.get(field);
        return v == null || v.isNull() ? "" : v.asText();
    }

    static long resourceVersion(ObjectNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }

    static void setResourceVersion(ObjectNode object, long resourceVersion) {
        ((ObjectNode) object.get("metadata")).put("resourceVersion", Long.toString(resourceVersion));
    }

    /** JSON equality where 1 and 1.0 are the same number. */
    static boolean sameJson(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        return a.equals(SAME_VALUE, b);
    }

    /** {@code prefix} cut as the apiserver cuts it, plus 5 random characters. */
    String generateName(String prefix) {
        StringBuilder name = new StringBuilder(prefix.length() > MAX_GENERATE_PREFIX
            ? prefix.substring(0, MAX_GENERATE_PREFIX) : prefix);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < SUFFIX_LENGTH; i++) {
            name.append(SUFFIX_ALPHABET.charAt(random.nextInt(SUFFIX_ALPHABET.length())));
        }
        return name.toString();
    }

    /**
     * Refuses a name the store's {@link NameRule} does not accept, or longer than 253 characters.
     *
     * @param field the field to blame: {@code metadata.name}, or {@code metadata.generateName} for a generated name
     */
    void validateName(GroupResource groupResource, ObjectNode object, String field, String name) {
        List<Cause> causes = new ArrayList<>();
        String quoted = "Invalid value: \"" + name + "\": ";
        if (name.length() > MAX_NAME) {
            causes.add(new Cause(field, "FieldValueInvalid", quoted + "must be no more than " + MAX_NAME + " characters"));
        }
        if (!names.accepts(name)) {
            causes.add(new Cause(field, "FieldValueInvalid", quoted + names.message()));
        }
        if (!causes.isEmpty()) {
            throw invalid(groupResource, object, name, causes.toArray(Cause[]::new));
        }
    }

    /** Refuses a namespace that is not a DNS-1123 label of at most 63 characters ("" is cluster scope). */
    static void validateNamespace(GroupResource groupResource, ObjectNode object, String namespace) {
        if (namespace.isEmpty()) {
            return;
        }
        List<Cause> causes = new ArrayList<>();
        String quoted = "Invalid value: \"" + namespace + "\": ";
        if (namespace.length() > MAX_NAMESPACE) {
            causes.add(new Cause("metadata.namespace", "FieldValueInvalid",
                quoted + "must be no more than " + MAX_NAMESPACE + " characters"));
        }
        if (!NAMESPACE.matcher(namespace).matches()) {
            causes.add(new Cause("metadata.namespace", "FieldValueInvalid", quoted + NAMESPACE_MESSAGE));
        }
        if (!causes.isEmpty()) {
            throw invalid(groupResource, object, text(metadata(groupResource, object), "name"),
                causes.toArray(Cause[]::new));
        }
    }

    static StorageException nameRequired(GroupResource groupResource, ObjectNode object, String message) {
        return invalid(groupResource, object, "", new Cause("metadata.name", "FieldValueRequired",
            "Required value: " + message));
    }

    /** {@code candidate} made a new object: fresh uid, creation time now, generation 1. */
    void setCreated(GroupResource groupResource, ObjectNode candidate, long resourceVersion) {
        ObjectNode meta = metadata(groupResource, candidate);
        meta.put("uid", UUID.randomUUID().toString());
        meta.put("creationTimestamp",
            DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.SECONDS)));
        putGeneration(meta, 1);
        meta.put("resourceVersion", Long.toString(resourceVersion));
    }

    /**
     * {@code candidate} made the successor of {@code stored}: uid and creation time kept whatever the caller sent,
     * generation bumped when {@code spec} changed or when the candidate asks for exactly the next one (a legacy save is
     * a new version whatever it changed, as Grafana counts dashboard versions), resource version still the stored one
     * (the caller sets the new one if it writes at all).
     */
    static void setUpdated(GroupResource groupResource, ObjectNode candidate, ObjectNode stored) {
        ObjectNode meta = metadata(groupResource, candidate);
        JsonNode storedMeta = stored.get("metadata");
        meta.set("uid", storedMeta.get("uid"));
        meta.set("creationTimestamp", storedMeta.get("creationTimestamp"));
        long generation = storedMeta.path("generation").asLong(1);
        boolean nextAsked = meta.path("generation").isIntegralNumber() && meta.path("generation").asLong() == generation + 1;
        putGeneration(meta, nextAsked || !sameJson(candidate.get("spec"), stored.get("spec")) ? generation + 1 : generation);
        meta.put("resourceVersion", storedMeta.path("resourceVersion").asText());
    }

    /**
     * {@code candidate}, copied in from another store, made a new object ({@code stored} null) or the successor of
     * {@code stored}: uid, creation time and generation as the source gave them (the uid the source's clients saw
     * while it was the source of truth; else the stored one, else new; creation time now when it gave none),
     * resource version still the stored one (the caller sets the new one if it writes at all).
     */
    void setImported(GroupResource groupResource, ObjectNode candidate, ObjectNode stored) {
        ObjectNode meta = metadata(groupResource, candidate);
        JsonNode storedMeta = stored == null ? null : stored.get("metadata");
        if (text(meta, "uid").isEmpty()) {
            meta.put("uid", storedMeta == null ? UUID.randomUUID().toString() : storedMeta.path("uid").asText());
        }
        if (text(meta, "creationTimestamp").isEmpty()) {
            meta.set("creationTimestamp", storedMeta != null ? storedMeta.get("creationTimestamp")
                : meta.textNode(DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.SECONDS))));
        }
        if (meta.hasNonNull("generation")) {
            putGeneration(meta, meta.get("generation").asLong());
        }
        meta.put("resourceVersion", storedMeta == null ? "0" : storedMeta.path("resourceVersion").asText());
    }

    /** As an int node while it fits, as the parser reads it back, so returned and re-read objects are equal. */
    private static void putGeneration(ObjectNode meta, long generation) {
        if (generation == (int) generation) {
            meta.put("generation", (int) generation);
        } else {
            meta.put("generation", generation);
        }
    }

    /** Refuses a delete whose preconditions do not hold, with the apiserver's message. */
    static void checkPreconditions(ObjectKey key, ObjectNode stored, Preconditions preconditions) {
        JsonNode meta = stored.path("metadata");
        String uid = meta.path("uid").asText();
        if (preconditions.uid() != null && !preconditions.uid().equals(uid)) {
            throw new StorageException(Reason.CONFLICT, key,
                "Precondition failed: UID in precondition: " + preconditions.uid() + ", UID in object meta: " + uid);
        }
        String rv = meta.path("resourceVersion").asText();
        if (preconditions.resourceVersion() != null && !preconditions.resourceVersion().equals(rv)) {
            throw new StorageException(Reason.CONFLICT, key, "Precondition failed: ResourceVersion in precondition: "
                + preconditions.resourceVersion() + ", ResourceVersion in object meta: " + rv);
        }
    }

    /** INVALID as the apiserver words it: {@code Dashboard.dashboard.grafana.app "x" is invalid: field: detail}. */
    private static StorageException invalid(GroupResource groupResource, ObjectNode object, String name, Cause... causes) {
        String kind = object.path("kind").asText("");
        String qualified = kind.isEmpty() ? groupResource.toString()
            : groupResource.group().isEmpty() ? kind : kind + "." + groupResource.group();
        List<String> details = new ArrayList<>();
        for (Cause c : causes) {
            details.add(c.field() + ": " + c.message());
        }
        String detail = details.size() == 1 ? details.getFirst() : "[" + String.join(", ", details) + "]";
        String namespace = object.path("metadata").path("namespace").asText("");
        ObjectKey key = new ObjectKey(groupResource, namespace, name);
        return new StorageException(Reason.INVALID, key, qualified + " \"" + name + "\" is invalid: " + detail,
            List.of(causes));
    }
}
