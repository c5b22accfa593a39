package io.migrationgateway.translators.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.KindDeclaration;
import java.util.Objects;

/**
 * One Resource API operation on objects of one kind in one namespace: what a {@link LegacyPlan} asks the gateway to
 * run (against unified storage, or against the legacy API through that kind's translator, whichever serves the kind
 * in its current mode), and what a {@link ResourcePlan} serves from the legacy API. Every call is answered with a
 * {@link ResourceOutcome}; refusals are {@link ResourceOutcome.Failed}, never exceptions.
 */
public sealed interface ResourceCall {
    KindDeclaration kind();

    String namespace();

    /** Read one object: {@link ResourceOutcome.Found} or NotFound. */
    record Get(KindDeclaration kind, String namespace, String name) implements ResourceCall {
        public Get {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * Read one page of objects: {@link ResourceOutcome.Listed}.
     *
     * @param labelSelector Kubernetes label selector, empty for all ({@code grafana.app/deprecatedInternalID=12})
     * @param limit         page size, 0 for no limit
     * @param continueToken the previous page's token, empty for the first page
     */
    record ListPage(KindDeclaration kind, String namespace, String labelSelector, long limit, String continueToken)
            implements ResourceCall {
        public ListPage {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(labelSelector, "labelSelector");
            Objects.requireNonNull(continueToken, "continueToken");
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
