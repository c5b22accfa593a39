package io.migrationgateway.translators.plan;

import io.migrationgateway.model.SearchableFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One Resource API operation on objects of one kind in one namespace: what a {@link LegacyPlan} asks the gateway to
 * run (against unified storage, or against the legacy API through that kind's translator, whichever serves the kind
 * in its current mode), and what a {@link ResourcePlan} serves from the legacy API. Every call is answered with a
 * {@link ResourceOutcome}; refusals are {@link ResourceOutcome.Failed}, never exceptions.
 */
public sealed interface ResourceCall {
    KindDeclaration kind();

    String namespace();

    /**
     * How many objects of the kind in the namespace carry each tag, from the search index: {@link ResourceOutcome.Tagged},
     * tags in byte order.
     */
    record TagCounts(KindDeclaration kind, String namespace) implements ResourceCall {
        public TagCounts {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
        }
    }

    /**
     * Read one object: {@link ResourceOutcome.Found} or NotFound. With {@code folderKind}, the outcome also carries the
     * folder the object sits in (the object of that kind its searchable folder names), when there is one: one read
     * where both kinds are in one store.
     *
     * @param folderKind the kind of the object's folder, or {@code null} for the object alone
     */
    record Get(KindDeclaration kind, String namespace, String name, KindDeclaration folderKind) implements ResourceCall {
        public Get {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(name, "name");
        }

        public Get(KindDeclaration kind, String namespace, String name) {
            this(kind, namespace, name, null);
        }
    }

    /**
     * Read one page of objects: {@link ResourceOutcome.Listed}. There is no list of everything: a plan reads what its
     * answer needs (DESIGN §11).
     *
     * @param labelSelector Kubernetes label selector, empty for all ({@code grafana.app/deprecatedInternalID=12})
     * @param limit         page size, 1 to {@link #MAX_PAGE}
     * @param continueToken the previous page's token, empty for the first page
     */
    record ListPage(KindDeclaration kind, String namespace, String labelSelector, long limit, String continueToken)
            implements ResourceCall {
        public ListPage {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(labelSelector, "labelSelector");
            Objects.requireNonNull(continueToken, "continueToken");
            if (limit < 1 || limit > MAX_PAGE) {
                throw new IllegalArgumentException("a page holds 1 to " + MAX_PAGE + " objects, not " + limit);
            }
        }
    }

    /**
     * Read the objects of {@code names} that exist: {@link ResourceOutcome.Listed}, in the order of {@code names}, the
     * missing ones left out.
     *
     * @param names 1 to {@link #MAX_PAGE} names
     */
    record GetNames(KindDeclaration kind, String namespace, List<String> names) implements ResourceCall {
        public GetNames {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            names = List.copyOf(names);
            if (names.isEmpty() || names.size() > MAX_PAGE) {
                throw new IllegalArgumentException("1 to " + MAX_PAGE + " names, not " + names.size());
            }
        }
    }

    /** The most objects one {@link ListPage} or hits one {@link Search} may ask for. */
    int MAX_PAGE = 5000;

    /**
     * One page of a search over what kinds declare searchable ({@link SearchableFields}), in one namespace:
     * {@link ResourceOutcome.Searched}. Every filter given must hold; hits of all the scopes' kinds come in one order.
     *
     * @param scopes    the kinds searched, each with the folders its objects must sit in
     * @param title     the pattern the title must match, or {@code null} for any title
     * @param tags      tags every hit carries (none: any)
     * @param legacyIds legacy ids a hit has one of (none: any)
     * @param names     names a hit has one of (none: any)
     * @param offset    hits to skip, in {@code order}
     * @param limit     hits at most, 1 to {@link #MAX_PAGE}
     */
    record Search(String namespace, List<SearchScope> scopes, TitlePattern title, Set<String> tags, List<Long> legacyIds,
                  List<String> names, SearchOrder order, long offset, int limit) implements ResourceCall {
        public Search {
            Objects.requireNonNull(namespace, "namespace");
            scopes = List.copyOf(scopes);
            if (scopes.isEmpty()) {
                throw new IllegalArgumentException("a search needs at least one kind");
            }
            tags = Set.copyOf(tags);
            legacyIds = List.copyOf(legacyIds);
            names = List.copyOf(names);
            Objects.requireNonNull(order, "order");
            if (offset < 0 || limit < 1 || limit > MAX_PAGE) {
                throw new IllegalArgumentException("a search page holds 1 to " + MAX_PAGE + " hits from offset 0 on, not "
                        + limit + " from " + offset);
            }
        }

        /** Every object of {@code kinds} in {@code namespace}, in {@code order}: the withers add filters. */
        public static Search of(String namespace, List<KindDeclaration> kinds, SearchOrder order, long offset, int limit) {
            return new Search(namespace, kinds.stream().map(SearchScope::anyFolder).toList(), null, Set.of(), List.of(),
                    List.of(), order, offset, limit);
        }

        /** The first scope's kind (a search of one kind: its kind). */
        @Override
        public KindDeclaration kind() {
            return scopes.getFirst().kind();
        }

        public Search withScopes(List<SearchScope> value) {
            return new Search(namespace, value, title, tags, legacyIds, names, order, offset, limit);
        }

        public Search withTitle(TitlePattern value) {
            return new Search(namespace, scopes, value, tags, legacyIds, names, order, offset, limit);
        }

        public Search withTags(Set<String> value) {
            return new Search(namespace, scopes, title, value, legacyIds, names, order, offset, limit);
        }

        public Search withLegacyIds(List<Long> value) {
            return new Search(namespace, scopes, title, tags, value, names, order, offset, limit);
        }

        public Search withNames(List<String> value) {
            return new Search(namespace, scopes, title, tags, legacyIds, value, order, offset, limit);
        }

        public Search withPage(long newOffset, int newLimit) {
            return new Search(namespace, scopes, title, tags, legacyIds, names, order, newOffset, newLimit);
        }
    }

    /**
     * Read the versions of one object, newest first: {@link ResourceOutcome.Listed} without a continue token, none when
     * the object does not exist. A version is a {@code metadata.generation} in the last state written with it; only the
     * versions the store keeps are there.
     *
     * @param offset versions to skip, newest first
     * @param limit  versions at most, 1 to {@link #MAX_PAGE}
     */
    record Versions(KindDeclaration kind, String namespace, String name, long offset, int limit) implements ResourceCall {
        public Versions {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(name, "name");
            if (offset < 0 || limit < 1 || limit > MAX_PAGE) {
                throw new IllegalArgumentException("a page holds 1 to " + MAX_PAGE + " versions from offset 0 on, not "
                        + limit + " from " + offset);
            }
        }
    }

    /** Read one version of an object ({@link Versions}): Found, or NotFound when the store does not keep it. */
    record Version(KindDeclaration kind, String namespace, String name, long generation) implements ResourceCall {
        public Version {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(name, "name");
        }
    }

    /** Create {@code object} (named by {@code metadata.name}, or {@code generateName}): Found, or AlreadyExists. */
    record Create(KindDeclaration kind, String namespace, ObjectNode object) implements ResourceCall {
        public Create {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(object, "object");
        }
    }

    /**
     * Replace the object {@code metadata.name} names: Found, NotFound, or Conflict when {@code metadata.resourceVersion}
     * is given and is not the stored one (an object without one is replaced unconditionally).
     */
    record Update(KindDeclaration kind, String namespace, ObjectNode object) implements ResourceCall {
        public Update {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(object, "object");
        }
    }

    /**
     * Delete one object: Found (its last state), NotFound, or Conflict when {@code resourceVersion} is not empty and
     * is not the stored one.
     */
    record Delete(KindDeclaration kind, String namespace, String name, String resourceVersion) implements ResourceCall {
        public Delete {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(resourceVersion, "resourceVersion");
        }
    }
}
