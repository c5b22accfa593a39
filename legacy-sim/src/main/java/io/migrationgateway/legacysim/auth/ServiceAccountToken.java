package io.migrationgateway.legacysim.auth;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * A service-account token in Grafana's {@code glsa_<secret>_<checksum>} form ({@code pkg/components/satokengen}):
 * a 32-character random secret and the CRC-32 (IEEE, 8 hex digits) of {@code glsa_<secret>}. The database keeps only
 * {@link #hash()}, Grafana's {@code util.EncodePassword(secret, checksum)}: PBKDF2-HMAC-SHA256 of the secret, salted
 * with the checksum, so the stored value is deterministic (a lookup key) yet never a usable token.
 *
 * @param secret   the random part
 * @param checksum the last part, which also salts the hash
 */
public record ServiceAccountToken(String secret, String checksum) {
    private static final String PREFIX = "glsa_";
    private static final int SECRET_LENGTH = 32;

    /** A new token, as Grafana generates it. */
    public static ServiceAccountToken generate() {
        String secret = Passwords.random(SECRET_LENGTH);
        CRC32 crc = new CRC32();
        crc.update((PREFIX + secret).getBytes(StandardCharsets.UTF_8));
        return new ServiceAccountToken(secret, "%08x".formatted(crc.getValue()));
    }

    /**
     * The token's parts, when it has Grafana's form (prefix, secret, checksum); the checksum is not recomputed, so that seeded tokens with a
     * made-up checksum (the tests' {@code _5eed5eed}) keep working, and a wrong one simply matches no stored hash.
     */
    public static Optional<ServiceAccountToken> parse(String token) {
        if (!token.startsWith(PREFIX)) {
            return Optional.empty();
        }
        // the checksum follows the last underscore: Grafana's secrets have none, the tests' made-up ones may
        int last = token.lastIndexOf('_');
        if (last <= PREFIX.length() || last == token.length() - 1) {
            return Optional.empty();
        }
        return Optional.of(new ServiceAccountToken(token.substring(PREFIX.length(), last), token.substring(last + 1)));
    }

    /** What {@code api_key.key} holds for this token. */
    public String hash() {
        return Passwords.hash(secret, checksum);
    }

    /** The token as its owner sends it; shown once, when created. */
    public String clientSecret() {
        return PREFIX + secret + "_" + checksum;
    }

    /** Never the secret, so that a token logged by accident leaks nothing. */
    @Override
    public String toString() {
        return "ServiceAccountToken[" + PREFIX + "***_" + checksum + "]";
    }
}
