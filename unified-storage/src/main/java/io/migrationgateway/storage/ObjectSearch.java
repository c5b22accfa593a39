package io.migrationgateway.storage;

import io.migrationgateway.model.GroupResource;
import io.migrationgateway.model.SearchableFields;
import java.util.List;

/**
 * Searches over what kinds declare searchable ({@link SearchableFields}), answered from an index the store keeps with
 * its objects: each search costs about its page, not the number of objects. Thread-safe; database failures are
 * {@link StorageUnavailableException}s.
 */
public interface ObjectSearch {
    /** The page of hits {@code query} asks for, in its order. */
    List<SearchHit> search(SearchQuery query);

    /**
     * How many live objects of {@code groupResource} in {@code namespace} carry each tag, tags in byte order: Grafana's
     * tag cloud. Reads every index row of the namespace, as Grafana's own query reads every tag row of the org.
     */
    List<TagCount> tagCounts(GroupResource groupResource, String namespace);

    /** A tag and how many objects carry it. */
    record TagCount(String tag, long count) {
    }
}
