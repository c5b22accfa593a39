package io.migrationgateway.translators.plan;

import io.migrationgateway.translators.json.SortedKeys;
import java.util.Comparator;
import java.util.Locale;

/** How a {@link ResourceCall.Search}'s hits are ordered; ties end in the legacy id, then the name. */
public enum SearchOrder {
    /** By the title in lower case, then the title, both in Go's (byte) order: Grafana's {@code alpha-asc}. */
    TITLE_ASC,
    /** {@link #TITLE_ASC} reversed: {@code alpha-desc}. */
    TITLE_DESC,
    /** By legacy id: Grafana's playlist list. */
    LEGACY_ID;

    private static final Comparator<SearchHit> BY_TITLE = Comparator
            .comparing((SearchHit hit) -> hit.title().toLowerCase(Locale.ROOT), SortedKeys.GO_ORDER)
            .thenComparing(SearchHit::title, SortedKeys.GO_ORDER)
            .thenComparingLong(SearchHit::legacyId)
            .thenComparing(SearchHit::name, SortedKeys.GO_ORDER);
    private static final Comparator<SearchHit> BY_ID = Comparator.comparingLong(SearchHit::legacyId)
            .thenComparing(SearchHit::name, SortedKeys.GO_ORDER);

    /** The order as a comparator: hits of several stores merge into one answer with it. */
    public Comparator<SearchHit> comparator() {
        return switch (this) {
            case TITLE_ASC -> BY_TITLE;
            case TITLE_DESC -> BY_TITLE.reversed();
            case LEGACY_ID -> BY_ID;
        };
    }
}
