package io.migrationgateway.resourceapi.http;

import io.migrationgateway.resourceapi.discovery.AggregatedVersion;
import java.util.Objects;

/**
 * What the client accepts, as negotiated from {@code Accept}: the encoding, whether objects are to be shown as a
 * {@code meta.k8s.io} Table (and which Table version), and, on {@code /api} and {@code /apis}, whether aggregated
 * discovery is wanted.
 *
 * @param encoding     JSON or YAML
 * @param tableVersion {@code v1} or {@code v1beta1} when a Table was asked for, else {@code null}
 * @param aggregated   the aggregated discovery version asked for, else {@code null}
 */
public record ResponseFormat(Encoding encoding, String tableVersion, AggregatedVersion aggregated) {
    public static final ResponseFormat JSON = new ResponseFormat(Encoding.JSON, null, null);

    public ResponseFormat {
        Objects.requireNonNull(encoding, "encoding");
    }

    public boolean table() {
        return tableVersion != null;
    }

    /** The response {@code Content-Type}; it is what tells client-go a body is a Table or aggregated discovery. */
    public String contentType() {
        if (aggregated != null) {
            return aggregated.contentType();
        }
        if (tableVersion != null) {
            return encoding.mediaType() + ";as=Table;v=" + tableVersion + ";g=meta.k8s.io";
        }
        return encoding.mediaType();
    }
}
