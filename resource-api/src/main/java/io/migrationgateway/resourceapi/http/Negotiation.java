package io.migrationgateway.resourceapi.http;

import io.migrationgateway.resourceapi.discovery.AggregatedVersion;
import io.migrationgateway.resourceapi.status.StatusErrors;
import java.util.List;

/**
 * Picks the {@link ResponseFormat} from an {@code Accept} header: the first range (in the client's order) this
 * server can answer wins; ranges it cannot answer (protobuf, {@code as=PartialObjectMetadata}...) are skipped.
 * No {@code Accept} means JSON.
 */
public final class Negotiation {
    private static final String ACCEPTED = "application/json, application/yaml";

    private Negotiation() {
    }

    /**
     * The format of an answer about objects (get, list, watch, writes).
     *
     * @throws io.migrationgateway.resourceapi.status.ApiException 406 when nothing in {@code accept} can be answered
     */
    public static ResponseFormat forObjects(String accept) {
        return negotiate(accept, false);
    }

    /** The format of {@code /api} and {@code /apis}, where aggregated discovery may be asked for. */
    public static ResponseFormat forDiscovery(String accept) {
        return negotiate(accept, true);
    }

    private static ResponseFormat negotiate(String accept, boolean discovery) {
        List<MediaType> ranges = MediaType.parseAccept(accept);
        if (ranges.isEmpty()) {
            return ResponseFormat.JSON;
        }
        for (MediaType range : ranges) {
            ResponseFormat format = answer(range, discovery);
            if (format != null) {
                return format;
            }
        }
        throw StatusErrors.notAcceptable(ACCEPTED);
    }

    private static ResponseFormat answer(MediaType range, boolean discovery) {
        Encoding encoding = encoding(range);
        if (encoding == null) {
            return null;
        }
        String as = range.parameter("as");
        if (as == null) {
            return new ResponseFormat(encoding, null, null);
        }
        if (!discovery && as.equals("Table") && "meta.k8s.io".equals(range.parameter("g"))) {
            String version = range.parameter("v");
            return "v1".equals(version) || "v1beta1".equals(version) ? new ResponseFormat(encoding, version, null) : null;
        }
        if (discovery && as.equals("APIGroupDiscoveryList") && encoding == Encoding.JSON
                && "apidiscovery.k8s.io".equals(range.parameter("g"))) {
            for (AggregatedVersion version : AggregatedVersion.values()) {
                if (version.version().equals(range.parameter("v"))) {
                    return new ResponseFormat(encoding, null, version);
                }
            }
        }
        return null;
    }

    private static Encoding encoding(MediaType range) {
        if (range.admits("application", "json")) {
            return Encoding.JSON;
        }
        if (range.essence().equals("application/yaml")) {
            return Encoding.YAML;
        }
        return null;
    }
}
