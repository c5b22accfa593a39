package io.migrationgateway.translators.plan;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Walking a search page after page, as steps of a {@link LegacyPlan}, for answers that depend on more objects than a
 * page holds (a folder's subtree, whether any sibling has a name): each page is handled and dropped before the next is
 * read, so a walk holds one page at a time.
 */
public final class SearchPages {
    /** Objects per page of a walk. */
    public static final int PAGE = 500;

    private SearchPages() {
    }

    /** What to do with one page: continue with {@code next} (the following page, or the end), or answer now. */
    @FunctionalInterface
    public interface Step {
        LegacyPlan apply(List<SearchHit> hits, Supplier<LegacyPlan> next);
    }

    /**
     * Walks {@code search} (its offset and limit are the first page's) until a page is short, then {@code end}; a
     * failed page continues with {@code failed}.
     */
    public static LegacyPlan walk(ResourceCall.Search search, Step step, Supplier<LegacyPlan> end,
                                  Function<ResourceOutcome, LegacyPlan> failed) {
        return LegacyPlan.call(search, outcome -> {
            if (!(outcome instanceof ResourceOutcome.Searched searched)) {
                return failed.apply(outcome);
            }
            Supplier<LegacyPlan> next = searched.hits().size() < search.limit() ? end
                    : () -> walk(search.withPage(search.offset() + search.limit(), search.limit()), step, end, failed);
            return step.apply(searched.hits(), next);
        });
    }
}
