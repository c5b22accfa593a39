package io.migrationgateway.gateway.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The hop-by-hop fields of RFC 9110 §7.6.1, the one rule every way to the legacy side applies (the chain's proxy, the
 * fast lane, the legacy client): {@code Connection}, every field it names except the ones that frame the message,
 * {@code Keep-Alive}, {@code TE}, {@code Trailer}, {@code Upgrade} and {@code Proxy-*}. They belong to one connection,
 * so they are neither forwarded nor returned.
 */
public final class HopByHop {
    /** The named ones, lower case; {@code Proxy-*} is {@link #PROXY_PREFIX}. */
    public static final Set<String> FIELDS = Set.of("connection", "keep-alive", "te", "trailer", "upgrade");
    public static final String PROXY_PREFIX = "proxy-";
    /** Fields that frame the message, so a {@code Connection} header naming them does not drop them. */
    public static final Set<String> FRAMING = Set.of("content-length", "transfer-encoding", "host");

    private HopByHop() {
    }

    /** Whether the field {@code name} (any case) is hop-by-hop by itself, whatever {@code Connection} says. */
    public static boolean is(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return FIELDS.contains(lower) || lower.startsWith(PROXY_PREFIX);
    }

    public static boolean isFraming(String name) {
        return FRAMING.contains(name.toLowerCase(Locale.ROOT));
    }

    /** The fields a {@code Connection} value names that become hop-by-hop, lower case, framing ones left out. */
    public static List<String> namedBy(String connectionValue) {
        List<String> named = new ArrayList<>(2);
        for (String token : connectionValue.split(",")) {
            String name = token.strip().toLowerCase(Locale.ROOT);
            if (!name.isEmpty() && !FRAMING.contains(name)) {
                named.add(name);
            }
        }
        return named;
    }
}
