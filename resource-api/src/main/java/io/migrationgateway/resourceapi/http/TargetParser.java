package io.migrationgateway.resourceapi.http;

import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.resourceapi.status.StatusErrors;
import java.util.Objects;

/**
 * Turns a request path into the {@link ApiTarget} it names:
 * {@code /apis/<g>/<v>[/namespaces/<ns>]/<plural>[/<name>]} and the discovery and OpenAPI paths. A path that
 * names nothing served is a 404 Status, including {@code /openapi/v2} (kubectl asks for it as protobuf and
 * takes a 404 as "no v2").
 */
public final class TargetParser {
    private final Kinds kinds;

    public TargetParser(Kinds kinds) {
        this.kinds = Objects.requireNonNull(kinds, "kinds");
    }

    /** @throws io.migrationgateway.resourceapi.status.ApiException 404 for a path that names nothing served */
    public ApiTarget parse(String path) {
        String trimmed = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        String[] s = trimmed.substring(1).split("/", -1);
        for (String segment : s) {
            if (segment.isEmpty()) {
                throw StatusErrors.pathNotFound();
            }
            if (segment.indexOf('\u0000') >= 0) {
                throw StatusErrors.badRequest("the path may not contain NUL characters"); // no store can keep such a name
            }
        }
        ApiTarget target = switch (s[0]) {
            case "version" -> s.length == 1 ? new ApiTarget.Version() : null;
            case "api" -> s.length == 1 ? new ApiTarget.CoreApi() : null;
            case "apis" -> apis(s);
            case "openapi" -> s.length == 2 && s[1].equals("v3") ? new ApiTarget.OpenApiIndex()
                    : s.length == 5 && s[1].equals("v3") && s[2].equals("apis") && kinds.serves(s[3], s[4])
                    ? new ApiTarget.OpenApiDocument(s[3], s[4]) : null;
            default -> null;
        };
        if (target == null) {
            throw StatusErrors.pathNotFound();
        }
        return target;
    }

    private ApiTarget apis(String[] s) {
        if (s.length == 1) {
            return new ApiTarget.Groups();
        }
        String group = s[1];
        if (s.length == 2) {
            return kinds.group(group).isPresent() ? new ApiTarget.Group(group) : null;
        }
        String version = s[2];
        if (!kinds.serves(group, version)) {
            return null;
        }
        return switch (s.length) {
            case 3 -> new ApiTarget.GroupVersion(group, version);
            case 4 -> resource(group, version, s[3], null, null);
            case 6 -> s[3].equals("namespaces") ? resource(group, version, s[5], s[4], null) : null;
            case 7 -> s[3].equals("namespaces") ? resource(group, version, s[5], s[4], s[6]) : null;
            default -> null;
        };
    }

    private ApiTarget resource(String group, String version, String plural, String namespace, String name) {
        return kinds.find(group, version, plural)
                .map(kind -> (ApiTarget) new ApiTarget.Resource(kind, version, namespace, name))
                .orElse(null);
    }

    /**
     * Whether the Resource API answers {@code path}: {@code /apis} and below, exactly {@code /api} (everything
     * below {@code /api/} is the legacy API), {@code /version}, {@code /openapi/v3} and below, {@code /openapi/v2}.
     */
    public static boolean owns(String path) {
        return path.equals("/apis") || path.startsWith("/apis/")
                || path.equals("/api") || path.equals("/api/")
                || path.equals("/version") || path.equals("/version/")
                || path.equals("/openapi/v3") || path.startsWith("/openapi/v3/")
                || path.equals("/openapi/v2") || path.equals("/openapi/v2/");
    }
}
