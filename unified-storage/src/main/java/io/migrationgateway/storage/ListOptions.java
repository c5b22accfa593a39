package io.migrationgateway.storage;

import java.util.Objects;

/**
 * What a list (or deletecollection, or watch filter) selects.
 *
 * @param namespace     one namespace, or {@code null} for every namespace
 * @param labels        label selector ({@link LabelSelector#EVERYTHING} for none)
 * @param fields        field selector on {@code metadata.name} / {@code metadata.namespace}
 *                      ({@link FieldSelector#EVERYTHING} for none)
 * @param limit         page size; 0 = no limit (then no continue token is returned)
 * @param continueToken the opaque token of a previous page, or {@code null} for the first page;
 *                      a continued list is served at the first page's resource version
 */
public record ListOptions(String namespace, LabelSelector labels, FieldSelector fields, int limit, String continueToken) {
    public ListOptions {
        Objects.requireNonNull(labels, "labels");
        Objects.requireNonNull(fields, "fields");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, got " + limit);
        }
    }

    /** Everything in one namespace (or all namespaces when {@code namespace} is null), one page. */
    public static ListOptions all(String namespace) {
        return new ListOptions(namespace, LabelSelector.EVERYTHING, FieldSelector.EVERYTHING, 0, null);
    }
}
