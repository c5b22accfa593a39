package io.migrationgateway.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One page of a list.
 *
 * @param items              the objects, ordered by namespace then name
 * @param resourceVersion    the resource version the whole list (every page) is consistent at
 * @param continueToken      token for the next page, or {@code null} when this is the last
 * @param remainingItemCount how many matching objects follow this page, or {@code null} when unknown
 */
public record ListPage(List<ObjectNode> items, long resourceVersion, String continueToken, Long remainingItemCount) {
    public ListPage {
        items = List.copyOf(items);
    }
}
