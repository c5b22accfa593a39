package io.migrationgateway.model;

import java.util.Objects;

/**
 * What a kind makes searchable, declared by the kind beside its other facts and kept by the store in each
 * object's current row, in the transaction of every write: a title (matched by substring, sorted on), tags (all of
 * several asked for must be there), the folder the object sits in and its legacy id. Each is a JSON pointer into the
 * object; a pointer to nothing gives the empty value (no title, no tags, the root folder, id 0).
 *
 * @param title        e.g. {@code /spec/title}
 * @param tags         an array of strings, e.g. {@code /spec/tags}; {@code null} when the kind has none
 * @param maxTagLength a longer tag is kept cut to this many characters (Grafana's {@code dashboard_tag} keeps 50)
 * @param folder       e.g. {@code /metadata/annotations/grafana.app~1folder}
 * @param legacyId     a number or a label holding one, e.g. {@code /metadata/labels/grafana.app~1deprecatedInternalID}
 */
public record SearchableFields(String title, String tags, int maxTagLength, String folder, String legacyId) {
    /** Nothing searchable: the store keeps the empty values. */
    public static final SearchableFields NONE = new SearchableFields("", null, 0, "", "");

    public SearchableFields {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(legacyId, "legacyId");
        if (tags != null && maxTagLength < 1) {
            throw new IllegalArgumentException("maxTagLength must be positive when tags are declared, got " + maxTagLength);
        }
    }
}
