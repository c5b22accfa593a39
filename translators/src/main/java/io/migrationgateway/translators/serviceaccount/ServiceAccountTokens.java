package io.migrationgateway.translators.serviceaccount;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.legacy.LegacyTime;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.zip.CRC32;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A service account's tokens on both sides: the wanted ones ({@code spec.tokens}: name, optional expiry), the ones that
 * exist ({@code status.tokens}: the legacy {@code api_key} rows), and how the first list is made true of the second,
 * as the Grafana operator reconciles a {@code GrafanaServiceAccount}: a token the spec lacks is revoked, one whose
 * expiry changed is rotated (revoked, then made anew under its name), one the spec adds is made.
 *
 * <p>Secrets: a new token's text ({@code glsa_<32 letters and digits>_<crc32>}, as Grafana 9.3's
 * {@code apikeygenprefixed}) exists only in the answer of the write that made it. What is kept, on either side, is its
 * hash: Grafana's PBKDF2 of the secret salted with the checksum, as {@code api_key.key} holds it.
 */
final class ServiceAccountTokens {
    /** The one-time member of a status token that carries a new token's secret in a write's answer, never stored. */
    static final String SECRET = "secret";
    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final int SECRET_LENGTH = 32;

    private ServiceAccountTokens() {
    }

    /** A token of {@code spec.tokens}. */
    record Wanted(String name, Optional<Instant> expires) {
        Wanted {
            Objects.requireNonNull(name, "name");
            expires = expires.map(e -> e.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        }
    }

    /**
     * A token that exists (a legacy {@code api_key} row), as {@code status.tokens} has it.
     *
     * @param hash the key's hash; empty when the legacy API served it (it answers no hashes)
     * @param live neither revoked nor expired, when the status was written
     */
    record Held(String name, long id, Optional<Instant> expires, Optional<Instant> created, String hash, boolean live) {
        Held {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(expires, "expires");
            Objects.requireNonNull(created, "created");
            Objects.requireNonNull(hash, "hash");
        }
    }

    /** What makes the held tokens the wanted ones: revocations first (a rotation frees its name), then creations. */
    record Reconciliation(List<Held> revoke, List<Wanted> create, List<Held> keep) {
        Reconciliation {
            revoke = List.copyOf(revoke);
            create = List.copyOf(create);
            keep = List.copyOf(keep);
        }

        boolean changes() {
            return !revoke.isEmpty() || !create.isEmpty();
        }
    }

    /**
     * The reconciliation of {@code held} to {@code wanted}: a held token not wanted is revoked (a token made by hand
     * elsewhere included); a wanted one whose expiry differs by more than {@code slack} from the held one's, or whose
     * held token is no longer live for another reason than its expiry (revoked), is rotated; a wanted name not held is
     * made. {@code slack} absorbs the legacy API's way of setting an expiry (seconds to live from its own clock).
     */
    static Reconciliation reconcile(List<Wanted> wanted, List<Held> held, Instant now, Duration slack) {
        Map<String, Wanted> byName = new HashMap<>();
        wanted.forEach(w -> byName.put(w.name(), w));
        List<Held> revoke = new ArrayList<>();
        List<Held> keep = new ArrayList<>();
        List<Wanted> create = new ArrayList<>();
        Set<String> kept = new HashSet<>();
        for (Held h : held) {
            Wanted w = byName.get(h.name());
            boolean revokedNotExpired = !h.live() && h.expires().map(now::isBefore).orElse(true);
            if (w == null) {
                revoke.add(h);
            } else if (expiryChanged(w.expires(), h.expires(), slack) || revokedNotExpired || !kept.add(h.name())) {
                revoke.add(h);
            } else {
                keep.add(h);
            }
        }
        for (Wanted w : wanted) {
            if (!kept.contains(w.name())) {
                create.add(w);
            }
        }
        return new Reconciliation(revoke, create, keep);
    }

    private static boolean expiryChanged(Optional<Instant> wanted, Optional<Instant> held, Duration slack) {
        if (wanted.isEmpty() || held.isEmpty()) {
            return wanted.isPresent() != held.isPresent();
        }
        return Duration.between(wanted.get(), held.get()).abs().compareTo(slack) > 0;
    }

    /** {@code spec.tokens}; empty when the member is missing. */
    static List<Wanted> wanted(JsonNode spec) {
        List<Wanted> out = new ArrayList<>();
        for (JsonNode token : spec.path("tokens")) {
            out.add(new Wanted(token.path("name").asText(""), LegacyTime.parse(token.path("expires").asText(""))));
        }
        return out;
    }

    /**
     * Why {@code spec.tokens} cannot be made true, or empty: each token needs a name, names are unique, an expiry is
     * RFC 3339 and, for a token still to be made (new, or rotated), in the future.
     */
    static Optional<String> problem(JsonNode spec, Instant now, List<Held> held, Duration slack) {
        JsonNode tokens = spec.path("tokens");
        if (tokens.isMissingNode() || tokens.isNull()) {
            return Optional.empty();
        }
        if (!tokens.isArray()) {
            return Optional.of("spec.tokens: must be a list");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            JsonNode token = tokens.get(i);
            String name = token.path("name").asText("");
            if (!token.path("name").isTextual() || name.isBlank()) {
                return Optional.of("spec.tokens[" + i + "].name: Required value");
            }
            if (!names.add(name)) {
                return Optional.of("spec.tokens[" + i + "].name: Duplicate value: \"" + name + "\"");
            }
            JsonNode expires = token.path("expires");
            if (!expires.isMissingNode() && !expires.isNull()) {
                Optional<Instant> at = expires.isTextual() ? LegacyTime.parse(expires.asText()) : Optional.empty();
                if (at.isEmpty()) {
                    return Optional.of("spec.tokens[" + i + "].expires: Invalid value: not an RFC 3339 time");
                }
                boolean kept = held.stream().anyMatch(h -> h.name().equals(name) && !expiryChanged(at, h.expires(), slack));
                if (!at.get().isAfter(now) && !kept) {
                    return Optional.of("spec.tokens[" + i + "].expires: Invalid value: a new token cannot expire in the past");
                }
            }
        }
        return Optional.empty();
    }

    /** {@code status.tokens}; empty when the member is missing. */
    static List<Held> held(JsonNode status) {
        List<Held> out = new ArrayList<>();
        for (JsonNode token : status.path("tokens")) {
            out.add(new Held(token.path("name").asText(""), token.path("id").asLong(0),
                    LegacyTime.parse(token.path("expires").asText("")), LegacyTime.parse(token.path("created").asText("")),
                    token.path("hash").asText(""), token.path("live").asBoolean(false)));
        }
        return out;
    }

    /** {@code spec.tokens} of {@code tokens}: {@code [{name, expires?}]}. */
    static ArrayNode specTokens(List<Wanted> tokens) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (Wanted token : tokens) {
            ObjectNode entry = out.addObject();
            entry.put("name", token.name());
            token.expires().ifPresent(at -> entry.put("expires", LegacyTime.format(at)));
        }
        return out;
    }

    /**
     * {@code status} of {@code tokens}: {@code {tokens: [{name, id, created?, expires?, hash?, live}]}}, with the secret
     * of each token in {@code secrets} (by token name) as its one-time {@value #SECRET} member. Only a write's answer
     * is ever built with secrets; what a plan stores is built with none.
     */
    static ObjectNode status(List<Held> tokens, Map<String, String> secrets) {
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        ArrayNode out = status.putArray("tokens");
        for (Held token : tokens) {
            ObjectNode entry = out.addObject();
            entry.put("name", token.name());
            entry.put("id", token.id());
            token.created().ifPresent(at -> entry.put("created", LegacyTime.format(at)));
            token.expires().ifPresent(at -> entry.put("expires", LegacyTime.format(at)));
            if (!token.hash().isEmpty()) {
                entry.put("hash", token.hash());
            }
            entry.put("live", token.live());
            String secret = secrets.get(token.name());
            if (secret != null) {
                entry.put(SECRET, secret);
            }
        }
        return status;
    }

    /** Whether a token with this expiry and revocation is live at {@code now}. */
    static boolean live(Optional<Instant> expires, boolean revoked, Instant now) {
        return !revoked && expires.map(now::isBefore).orElse(true);
    }

    /**
     * A new service account token, as Grafana 9.3's {@code apikeygenprefixed.New("sa")}: {@code glsa_}, 32 letters and
     * digits, {@code _}, and the CRC-32 (IEEE) of what precedes, little-endian, in hex.
     */
    static String newToken(RandomGenerator random) {
        StringBuilder secret = new StringBuilder(SECRET_LENGTH);
        for (int i = 0; i < SECRET_LENGTH; i++) {
            secret.append(ALNUM.charAt(random.nextInt(ALNUM.length())));
        }
        String key = "glsa_" + secret;
        CRC32 crc = new CRC32();
        crc.update(key.getBytes(StandardCharsets.US_ASCII));
        return key + "_" + "%08x".formatted(crc.getValue());
    }

    /**
     * The hash the legacy side keeps of {@code token} in {@code api_key.key}, as Grafana does ({@code
     * util.EncodePassword(secret, checksum)}): PBKDF2-HMAC-SHA256 of the secret part, salted with the checksum part,
     * 10,000 iterations, 50 bytes, hex; deterministic, so it is a lookup key, yet never a usable token.
     */
    static String hash(String token) {
        String[] parts = token.split("_", -1);
        if (parts.length != 3 || !parts[0].equals("glsa")) {
            throw new IllegalArgumentException("a service-account token is glsa_<secret>_<checksum>");
        }
        try {
            PBEKeySpec spec = new PBEKeySpec(parts[1].toCharArray(), parts[2].getBytes(StandardCharsets.UTF_8), 10_000, 50 * 8);
            return HexFormat.of().formatHex(SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is part of every JDK", e);
        }
    }
}
