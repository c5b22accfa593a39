package io.migrationgateway.storage;

import io.migrationgateway.model.SearchableFields;
import io.migrationgateway.model.GroupResource;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One page of a search over the {@link SearchableFields} of one or more kinds in one namespace: every filter given
 * must hold, and hits of all kinds come in one order. Bounded by its page: {@code limit} hits after {@code offset}.
 *
 * @param kinds     the kinds searched, each with the folders its objects must sit in
 * @param namespace the namespace
 * @param title     a pattern the title must match, or {@code null} for any title
 * @param tags      tags every hit must carry (none: any)
 * @param legacyIds legacy ids a hit must have one of (none: any)
 * @param names     names a hit must have one of (none: any)
 * @param order     the order of the hits
 * @param offset    hits to skip, in that order
 * @param limit     hits at most, 1 to {@link #MAX_LIMIT}
 */
public record SearchQuery(List<KindScope> kinds, String namespace, TitleMatch title, Set<String> tags, List<Long> legacyIds,
                          List<String> names, Order order, long offset, int limit) {
    /** The most hits one page may hold. */
    public static final int MAX_LIMIT = 5000;

    public SearchQuery {
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a search needs at least one kind");
        }
        Objects.requireNonNull(namespace, "namespace");
        tags = Set.copyOf(tags);
        legacyIds = List.copyOf(legacyIds);
        names = List.copyOf(names);
        Objects.requireNonNull(order, "order");
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative, got " + offset);
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT + ", got " + limit);
        }
    }

    /** Every object of {@code kinds} in {@code namespace}, in {@code order}: filters are added with the withers. */
    public static SearchQuery of(List<GroupResource> kinds, String namespace, Order order, long offset, int limit) {
        return new SearchQuery(kinds.stream().map(KindScope::anyFolder).toList(), namespace, null, Set.of(), List.of(),
                List.of(), order, offset, limit);
    }

    public SearchQuery withTitle(TitleMatch match) {
        return new SearchQuery(kinds, namespace, match, tags, legacyIds, names, order, offset, limit);
    }

    public SearchQuery withTags(Set<String> value) {
        return new SearchQuery(kinds, namespace, title, value, legacyIds, names, order, offset, limit);
    }

    public SearchQuery withLegacyIds(List<Long> value) {
        return new SearchQuery(kinds, namespace, title, tags, value, names, order, offset, limit);
    }

    public SearchQuery withNames(List<String> value) {
        return new SearchQuery(kinds, namespace, title, tags, legacyIds, value, order, offset, limit);
    }

    public SearchQuery withKinds(List<KindScope> value) {
        return new SearchQuery(value, namespace, title, tags, legacyIds, names, order, offset, limit);
    }

    public SearchQuery withPage(long newOffset, int newLimit) {
        return new SearchQuery(kinds, namespace, title, tags, legacyIds, names, order, newOffset, newLimit);
    }

    /**
     * One kind searched, and the folders its objects must sit in.
     *
     * @param kind    the kind
     * @param folders the folders ({@code ""} is the root), or {@code null} for any folder
     */
    public record KindScope(GroupResource kind, Set<String> folders) {
        public KindScope {
            Objects.requireNonNull(kind, "kind");
            folders = folders == null ? null : Set.copyOf(folders);
        }

        public static KindScope anyFolder(GroupResource kind) {
            return new KindScope(kind, null);
        }
    }

    /**
     * A pattern the whole title must match, as SQL {@code LIKE} reads it ({@code %} any run of characters, {@code _}
     * one character, {@code \} escapes): Grafana's legacy searches put the caller's text between two {@code %} unescaped.
     *
     * @param pattern       the pattern
     * @param caseSensitive {@code LIKE} rather than {@code ILIKE}
     */
    public record TitleMatch(String pattern, boolean caseSensitive) {
        public TitleMatch {
            Objects.requireNonNull(pattern, "pattern");
        }

        /** The title contains {@code text}, Grafana's way: {@code %text%}, the text's own wildcards kept. */
        public static TitleMatch containing(String text, boolean caseSensitive) {
            return new TitleMatch("%" + text + "%", caseSensitive);
        }
    }

    /** How hits are ordered. Ties end in the legacy id, then the name, so that pages never overlap. */
    public enum Order {
        /** By the title in lower case, then the title, both in byte order (Grafana's {@code alpha-asc}). */
        TITLE_ASC,
        /** {@link #TITLE_ASC} reversed ({@code alpha-desc}). */
        TITLE_DESC,
        /** By legacy id (Grafana's playlist list). */
        LEGACY_ID
    }
}
