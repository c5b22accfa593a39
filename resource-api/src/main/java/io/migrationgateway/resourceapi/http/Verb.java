package io.migrationgateway.resourceapi.http;

import io.migrationgateway.resourceapi.status.StatusErrors;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;

/** What a request on a resource does, in the apiserver's verb names (they appear in Forbidden messages). */
public enum Verb {
    GET(false), LIST(false), WATCH(false), CREATE(true), UPDATE(true), PATCH(true), DELETE(true), DELETECOLLECTION(true);

    private final boolean write;

    Verb(boolean write) {
        this.write = write;
    }

    public boolean write() {
        return write;
    }

    /** {@code get}, {@code deletecollection}... */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The verb of {@code method} on {@code target}.
     *
     * @throws io.migrationgateway.resourceapi.status.ApiException 405 when the method is not allowed there
     */
    public static Verb of(String method, ApiTarget.Resource target, Map<String, Deque<String>> query) {
        boolean watch = isTrue(query, "watch");
        if (target.collection()) {
            // the all-namespaces collection only lists and watches, as in the apiserver
            boolean allNamespaces = target.namespace() == null;
            return switch (method) {
                case "GET" -> watch ? WATCH : LIST;
                case "POST" -> allNamespaces ? refuse() : CREATE;
                case "DELETE" -> allNamespaces ? refuse() : DELETECOLLECTION;
                default -> refuse();
            };
        }
        return switch (method) {
            case "GET" -> watch ? WATCH : GET;
            case "PUT" -> UPDATE;
            case "PATCH" -> PATCH;
            case "DELETE" -> DELETE;
            default -> refuse();
        };
    }

    /** Go's {@code strconv.ParseBool} true values, which the apiserver accepts for boolean parameters. */
    public static boolean isTrue(Map<String, Deque<String>> query, String name) {
        Deque<String> values = query.get(name);
        String value = values == null ? null : values.peekFirst();
        return value != null && switch (value) {
            case "1", "t", "T", "true", "TRUE", "True" -> true;
            default -> false;
        };
    }

    private static Verb refuse() {
        throw StatusErrors.methodNotAllowed();
    }
}
