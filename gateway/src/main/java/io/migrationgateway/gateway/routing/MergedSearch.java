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
     * The page {@code search} asks for, from {@code parts}: {@code search} on a part of its kinds each (their scopes
     * split it), which {@code run} answers in order for any offset and limit.
     */
    static List<SearchHit> page(ResourceCall.Search search, List<ResourceCall.Search> parts,
                                Function<ResourceCall.Search, List<SearchHit>> run) {
        Comparator<SearchHit> order = search.order().comparator();
        int chunk = (int) Math.min(CHUNK, search.offset() + search.limit());
        List<Cursor> cursors = parts.stream().map(part -> new Cursor(run, part, chunk)).toList();
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

    /** One part's hits, read a chunk at a time as the merge takes them. */
    private static final class Cursor {
        private final Function<ResourceCall.Search, List<SearchHit>> source;
        private final ResourceCall.Search part;
        private final int chunk;
        private final ArrayDeque<SearchHit> read = new ArrayDeque<>();
        private long nextOffset;
        private boolean exhausted;

        Cursor(Function<ResourceCall.Search, List<SearchHit>> source, ResourceCall.Search part, int chunk) {
            this.source = source;
            this.part = part;
            this.chunk = chunk;
        }

        SearchHit head() {
            if (read.isEmpty() && !exhausted) {
                List<SearchHit> hits = source.apply(part.withPage(nextOffset, chunk));
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
