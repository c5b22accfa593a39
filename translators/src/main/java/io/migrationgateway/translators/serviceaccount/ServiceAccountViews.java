package io.migrationgateway.translators.serviceaccount;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Held;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Service account objects ↔ Grafana 9.3's service account bodies ({@code pkg/services/serviceaccounts}): {@code name}
 * is {@code spec.title}, {@code role} {@code spec.role}, {@code isDisabled} {@code spec.disabled}, {@code login} the
 * object's name, {@code id} its legacy id label; a token's {@code TokenDTO} comes from {@code status.tokens}.
 */
final class ServiceAccountViews {
    static final Set<String> ROLES = Set.of("Viewer", "Editor", "Admin");
    /** 9.3 answers the seconds until expiry only for a token that expires within this. */
    private static final Duration EXPIRES_SOON = Duration.ofDays(7);

    private ServiceAccountViews() {
    }

    /** The login (and object name) 9.3 gives an account named {@code name}: {@code sa-} and its slug. */
    static String login(String name) {
        return "sa-" + Names.slugify(name);
    }

    /** {@code {title, role, disabled, tokens}}. */
    static ObjectNode spec(String title, String role, boolean disabled, ArrayNode tokens) {
        ObjectNode spec = Json.object();
        spec.put("title", title);
        spec.put("role", role);
        spec.put("disabled", disabled);
        spec.set("tokens", tokens);
        return spec;
    }

    static String title(ResourceObject account) {
        return account.specText("title").orElse("");
    }

    static String role(ResourceObject account) {
        return account.specText("role").orElse("Viewer");
    }

    static boolean disabled(ResourceObject account) {
        return account.spec().path("disabled").asBoolean(false);
    }

    static List<Held> tokens(ResourceObject account) {
        return ServiceAccountTokens.held(account.json().path("status"));
    }

    /**
     * 9.3's {@code ServiceAccountDTO} (create answer, search entries), in its struct's order: {@code {id, name, login,
     * orgId, isDisabled, role, tokens, avatarUrl}}; {@code accessControl} is left out, as 9.3 leaves it out unless asked.
     *
     * @param avatar whether {@code avatarUrl} is filled (9.3's create answers it empty)
     */
    static ObjectNode dto(ResourceObject account, long orgId, boolean avatar) {
        ObjectNode dto = Json.object();
        dto.put("id", account.legacyId());
        dto.put("name", title(account));
        dto.put("login", account.name());
        dto.put("orgId", orgId);
        dto.put("isDisabled", disabled(account));
        dto.put("role", role(account));
        dto.put("tokens", tokens(account).size());
        dto.put("avatarUrl", avatar ? avatarUrl(title(account)) : "");
        return dto;
    }

    /**
     * 9.3's {@code ServiceAccountProfileDTO} (the read and update answers), in its struct's order: {@code {id, name,
     * login, orgId, isDisabled, createdAt, updatedAt, avatarUrl, role, teams, tokens}} ({@code tokens} omitted when 0).
     */
    static ObjectNode profile(ResourceObject account, long orgId) {
        ObjectNode dto = Json.object();
        dto.put("id", account.legacyId());
        dto.put("name", title(account));
        dto.put("login", account.name());
        dto.put("orgId", orgId);
        dto.put("isDisabled", disabled(account));
        Optional<Instant> created = account.creationTimestamp();
        dto.put("createdAt", LegacyTime.format(created.orElse(null)));
        dto.put("updatedAt", LegacyTime.format(account.annotation(GrafanaMeta.UPDATED_TIMESTAMP)
                .flatMap(LegacyTime::parse).or(() -> created).orElse(null)));
        dto.put("avatarUrl", avatarUrl(title(account)));
        dto.put("role", role(account));
        dto.putArray("teams");
        int tokens = tokens(account).size();
        if (tokens > 0) {
            dto.put("tokens", tokens);
        }
        return dto;
    }

    /**
     * 9.3's {@code TokenDTO}s of the account's tokens, by id, in its struct's order: {@code {id, name, created,
     * lastUsedAt, expiration, secondsUntilExpiration, hasExpired, isRevoked}}. Unified storage keeps no last use:
     * {@code lastUsedAt} is null.
     */
    static ArrayNode tokenDtos(ResourceObject account, Instant now) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        tokens(account).stream().sorted(java.util.Comparator.comparingLong(Held::id)).forEach(token -> {
            boolean expired = token.expires().map(at -> !now.isBefore(at)).orElse(false);
            ObjectNode dto = out.addObject();
            dto.put("id", token.id());
            dto.put("name", token.name());
            putTime(dto, "created", token.created());
            dto.putNull("lastUsedAt");
            putTime(dto, "expiration", token.expires());
            double seconds = token.expires().filter(at -> !expired && Duration.between(now, at).compareTo(EXPIRES_SOON) <= 0)
                    .map(at -> Duration.between(now, at).toMillis() / 1000.0).orElse(0.0);
            dto.put("secondsUntilExpiration", seconds);
            dto.put("hasExpired", expired);
            dto.put("isRevoked", !token.live() && !expired);
        });
        return out;
    }

    private static void putTime(ObjectNode node, String field, Optional<Instant> at) {
        if (at.isPresent()) {
            node.put(field, LegacyTime.format(at.get()));
        } else {
            node.putNull(field);
        }
    }

    /**
     * 9.3's {@code dtos.GetGravatarUrlWithDefault("", name)}: {@code /avatar/} and the md5 of the name without anything
     * but letters and digits, {@code @localhost} appended, in lower case.
     */
    static String avatarUrl(String name) {
        String text = (name.replaceAll("[^a-zA-Z0-9]+", "") + "@localhost").toLowerCase(Locale.ROOT);
        try {
            return "/avatar/" + HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every JDK", e);
        }
    }

    /** The legacy {@code role} of a command, if it is one of 9.3's three. */
    static boolean validRole(JsonNode role) {
        return role.isTextual() && ROLES.contains(role.asText());
    }
}
