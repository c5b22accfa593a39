package io.migrationgateway.resourceapi.http;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.storage.ObjectKey;
import java.util.Objects;

/** What a request path names. Produced by {@link TargetParser}; only served things can be named. */
public sealed interface ApiTarget {
    /** {@code /version}: the one target answered without credentials (the kubectl dispatcher probes it first). */
    record Version() implements ApiTarget {
    }

    /** {@code /api}: the core group's discovery (nothing is served there). */
    record CoreApi() implements ApiTarget {
    }

    /** {@code /apis}. */
    record Groups() implements ApiTarget {
    }

    /** {@code /apis/<group>}. */
    record Group(String group) implements ApiTarget {
    }

    /** {@code /apis/<group>/<version>}. */
    record GroupVersion(String group, String version) implements ApiTarget {
    }

    /** {@code /openapi/v3}. */
    record OpenApiIndex() implements ApiTarget {
    }

    /** {@code /openapi/v3/apis/<group>/<version>}. */
    record OpenApiDocument(String group, String version) implements ApiTarget {
    }

    /**
     * A collection or one object of a kind, in one version.
     *
     * @param namespace the namespace, or {@code null} for the all-namespaces collection
     * @param name      the object's name, or {@code null} for a collection
     */
    record Resource(KindDeclaration kind, String version, String namespace, String name) implements ApiTarget {
        public Resource {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(version, "version");
        }

        public boolean collection() {
            return name == null;
        }

        /** The storage key of the named object. */
        public ObjectKey key() {
            return new ObjectKey(kind.groupResource(), namespace, name);
        }

        /** {@code group/version}, the apiVersion every object is answered in. */
        public String apiVersion() {
            return kind.apiVersion(version);
        }
    }
}
