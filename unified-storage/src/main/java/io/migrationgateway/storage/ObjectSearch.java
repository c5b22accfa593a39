package io.migrationgateway.storage;

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
}
