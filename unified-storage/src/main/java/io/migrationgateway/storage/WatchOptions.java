package io.migrationgateway.storage;

import java.util.Objects;

/**
 * What a watch follows.
 *
 * @param namespace       one namespace, or {@code null} for all
 * @param labels          only objects whose labels match (an object that stops matching is sent as DELETED,
 *                        one that starts matching as ADDED, as the apiserver does)
 * @param fields          field selector on {@code metadata.name} / {@code metadata.namespace}
 * @param resourceVersion {@code null} or {@code "0"}: first an ADDED event for every current object, then
 *                        changes; a number N: every change with a resource version above N, in order
 *                        ({@link StorageException.Reason#EXPIRED} when N is older than the kept history)
 */
public record WatchOptions(String namespace, LabelSelector labels, FieldSelector fields, String resourceVersion) {
    public WatchOptions {
        Objects.requireNonNull(labels, "labels");
        Objects.requireNonNull(fields, "fields");
    }
}
