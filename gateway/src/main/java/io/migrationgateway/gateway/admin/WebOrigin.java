package io.migrationgateway.gateway.admin;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * A web origin: the scheme, host and port a browser compares to tell whether two pages belong to the same site
 * (RFC 6454). Scheme and host are kept in lower case and a missing port as the scheme's default, so equal origins
 * are equal records.
 */
record WebOrigin(String scheme, String host, int port) {
    WebOrigin {
        scheme = scheme.toLowerCase(Locale.ROOT);
        host = host.toLowerCase(Locale.ROOT);
    }

    /**
     * The origin {@code url} names: an {@code Origin} header's value or a {@code Referer}'s URL. Empty when it names
     * none that can be compared: {@code null} (an opaque origin), a relative or malformed URL, a scheme other than
     * http or https.
     */
    static Optional<WebOrigin> of(String url) {
        try {
            URI uri = new URI(url.strip());
            String scheme = uri.getScheme();
            if (uri.getHost() == null || !("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))) {
                return Optional.empty();
            }
            int port = uri.getPort() != -1 ? uri.getPort() : "https".equalsIgnoreCase(scheme) ? 443 : 80;
            return Optional.of(new WebOrigin(scheme, uri.getHost(), port));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}
