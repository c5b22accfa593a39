package io.migrationgateway.gateway.routing;

import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.SearchHit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * One page of a search whose kinds live in different stores (folders still on the legacy side while dashboards are in
 * unified storage, say): each store's hits come in the search's order a chunk at a time, and the page is cut from
 * their merge. It holds a chunk per store and the page; like the {@code OFFSET} of one query, it reads the hits it
 * skips.
 */
final class MergedSearch {
    /** Hits read from one store at a time. */
    static final int CHUNK = 500;

    private MergedSearch() {
    }

    /**
     * The page {@code search} asks for, from {@code sources}: each runs {@code search}'s filters on its part of the
     * kinds, for a given offset and limit, and answers those hits in order.
     */
    static List<SearchHit> page(ResourceCall.Search search, List<Function<ResourceCall.Search, List<SearchHit>>> sources) {
        Comparator<SearchHit> order = search.order().comparator();
        int chunk = (int) Math.min(CHUNK, search.offset() + search.limit());
        List<Cursor> cursors = sources.stream().map(source -> new Cursor(source, search, chunk)).toList();
        List<SearchHit> page = new ArrayList<>();
        long skip = search.offset();
        while (page.size() < search.limit()) {
            Cursor next = null;
            for (Cursor cursor : cursors) {
                SearchHit head = cursor.head();
                if (head != null && (next == null || order.compare(head, next.head()) < 0)) {
                    next = cursor;
                }
            }
            if (next == null) {
                break;
            }
            SearchHit hit = next.take();
            if (skip > 0) {
                skip--;
            } else {
                page.add(hit);
            }
        }
        return page;
    }

    /** One store's hits, read a chunk at a time as the merge takes them. */
    private static final class Cursor {
        private final Function<ResourceCall.Search, List<SearchHit>> source;
        private final ResourceCall.Search search;
        private final int chunk;
        private final ArrayDeque<SearchHit> read = new ArrayDeque<>();
        private long nextOffset;
        private boolean exhausted;

        Cursor(Function<ResourceCall.Search, List<SearchHit>> source, ResourceCall.Search search, int chunk) {
            this.source = source;
            this.search = search;
            this.chunk = chunk;
        }

        SearchHit head() {
            if (read.isEmpty() && !exhausted) {
                List<SearchHit> hits = source.apply(search.withPage(nextOffset, chunk));
                read.addAll(hits);
                nextOffset += chunk;
                exhausted = hits.size() < chunk;
            }
            return read.peekFirst();
        }

        SearchHit take() {
            return read.removeFirst();
        }
    }
}
