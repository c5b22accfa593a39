package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.model.SearchableFields;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The search row of one object ({@code resource_search}), from what its kind declares searchable: written by every
 * write of the object, so the index is never behind the objects.
 *
 * @param title       the title as written
 * @param titleFolded the title in lower case ({@link Locale#ROOT}), what substring matches and the order use
 * @param tags        distinct, non-blank, cut to the declared length, in byte order
 * @param folder      the folder, {@code ""} at the root
 * @param legacyId    the legacy id, 0 when there is none
 * @param terminating the object has a deletion timestamp (Grafana's trash): no search finds it
 * @param fieldsTag   which declaration (and extraction) made these columns: rows made otherwise are filled in again
 */
record SearchColumns(String title, String titleFolded, String[] tags, String folder, long legacyId, boolean terminating,
                     int fieldsTag) {
    /** Bumped when the extraction itself changes, so that every row is filled in again. */
    private static final int EXTRACTION = 1;

    /** The columns of {@code object} of {@code kind}, by the declarations in {@code declared} (none: nothing searchable). */
    static SearchColumns of(ObjectNode object, GroupResource kind, Map<GroupResource, SearchableFields> declared) {
        return of(object, declared.getOrDefault(kind, SearchableFields.NONE));
    }

    static SearchColumns of(ObjectNode object, SearchableFields fields) {
        String title = text(at(object, fields.title()));
        String[] tags = fields.tags() == null ? new String[0] : tags(at(object, fields.tags()), fields.maxTagLength());
        String folder = text(at(object, fields.folder()));
        JsonNode id = at(object, fields.legacyId());
        long legacyId = id.isIntegralNumber() ? id.asLong() : parseLong(id.asText(""));
        boolean terminating = !object.path("metadata").path("deletionTimestamp").asText("").isEmpty();
        return new SearchColumns(title, title.toLowerCase(Locale.ROOT), tags, folder, legacyId, terminating, tag(fields));
    }

    /** The tag rows made by {@code fields} carry: never 0, the default of a row written before the index existed. */
    static int tag(SearchableFields fields) {
        int hash = Objects.hash(EXTRACTION, fields.title(), fields.tags(), fields.maxTagLength(), fields.folder(),
            fields.legacyId());
        return hash == 0 ? 1 : hash;
    }

    /** What {@code pointer} names in {@code object}, looking into a raw value's text only as far as the pointer goes. */
    private static JsonNode at(ObjectNode object, String pointer) {
        if (pointer.isEmpty()) {
            return MissingNode.getInstance();
        }
        JsonPointer path = JsonPointer.compile(pointer);
        JsonNode node = object;
        while (!path.matches()) {
            if (node instanceof POJONode pojo && pojo.getPojo() instanceof RawValue raw) {
                return RawValues.at(raw, path);
            }
            node = node.path(path.getMatchingProperty());
            path = path.tail();
        }
        return node;
    }

    private static String text(JsonNode node) {
        return node.isValueNode() ? node.asText("") : "";
    }

    private static String[] tags(JsonNode array, int maxLength) {
        Set<String> terms = new LinkedHashSet<>();
        for (JsonNode tag : array) {
            if (tag.isTextual() && !tag.asText().isBlank()) {
                String term = tag.asText();
                terms.add(term.length() > maxLength ? term.substring(0, maxLength) : term);
            }
        }
        String[] sorted = terms.toArray(String[]::new);
        Arrays.sort(sorted, CodePointOrder.ORDER);
        return sorted;
    }

    private static long parseLong(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
