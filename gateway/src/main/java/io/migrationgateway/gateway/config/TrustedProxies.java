package io.migrationgateway.gateway.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The peers whose {@code X-Forwarded-Host}, {@code -Proto}, {@code -Port} and {@code -Server} the gateway passes on as
 * they sent them ({@code server.trusted-proxies}, as nginx's {@code set_real_ip_from}): addresses and CIDR ranges, IPv4
 * or IPv6. Anyone else's are replaced by the gateway's own. Immutable and safe to share between threads.
 */
public final class TrustedProxies {
    private static final TrustedProxies NONE = new TrustedProxies(List.of());

    /** One range: the network's address bytes and how many leading bits of a peer's must match them. */
    private record Range(byte[] network, int prefixBits) {
        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int whole = prefixBits / 8;
            for (int i = 0; i < whole; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefixBits % 8;
            int mask = (0xff << (8 - rest)) & 0xff;
            return rest == 0 || (address[whole] & mask) == (network[whole] & mask);
        }
    }

    private final List<Range> ranges;

    private TrustedProxies(List<Range> ranges) {
        this.ranges = ranges;
    }

    /**
     * Reads {@code entries}: literal addresses ({@code 10.0.0.7}, {@code ::1}) or ranges ({@code 10.0.0.0/8},
     * {@code fd00::/8}); never a host name, which would be looked up.
     *
     * @throws ConfigException naming {@code key[i]} for an entry that is neither
     */
    public static TrustedProxies parse(String key, List<String> entries) {
        List<Range> ranges = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            ranges.add(range(key + "[" + i + "]", entries.get(i) == null ? "" : entries.get(i).strip()));
        }
        return ranges.isEmpty() ? NONE : new TrustedProxies(List.copyOf(ranges));
    }

    private static Range range(String key, String entry) {
        int slash = entry.indexOf('/');
        String address = slash < 0 ? entry : entry.substring(0, slash);
        byte[] network = literal(key, address, entry);
        int bits = network.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(entry.substring(slash + 1));
            } catch (NumberFormatException e) {
                bits = -1;
            }
            if (bits < 0 || bits > network.length * 8) {
                throw new ConfigException(key, "the prefix length of '" + entry + "' must be from 0 to " + network.length * 8);
            }
        }
        return new Range(network, bits);
    }

    /** The bytes of a literal IPv4 or IPv6 address; checked by hand first, since InetAddress would look a name up. */
    private static byte[] literal(String key, String address, String entry) {
        boolean literal = !address.isEmpty() && (address.indexOf(':') >= 0
                ? address.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.')
                : address.chars().allMatch(c -> (c >= '0' && c <= '9') || c == '.') && address.split("\\.", -1).length == 4);
        if (literal) {
            try {
                return InetAddress.getByName(address).getAddress();
            } catch (UnknownHostException e) {
                // not an address after all
            }
        }
        throw new ConfigException(key, "must be an IP address or a CIDR range such as 10.0.0.0/8, got '" + entry + "'");
    }

    /** Whether {@code peer} is one of the trusted proxies; an IPv4 peer seen as IPv4-mapped IPv6 counts as IPv4. */
    public boolean trusts(InetAddress peer) {
        if (ranges.isEmpty() || peer == null) {
            return false;
        }
        byte[] address = peer.getAddress();
        if (address.length == 16 && isIpv4Mapped(address)) {
            address = Arrays.copyOfRange(address, 12, 16);
        }
        for (Range range : ranges) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isIpv4Mapped(byte[] address) {
        for (int i = 0; i < 10; i++) {
            if (address[i] != 0) {
                return false;
            }
        }
        return address[10] == (byte) 0xff && address[11] == (byte) 0xff;
    }
}
