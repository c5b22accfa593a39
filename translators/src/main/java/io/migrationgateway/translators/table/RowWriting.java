package io.migrationgateway.translators.table;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.resource.GrafanaMeta;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the reverse copy's write-backs share across Grafana's legacy tables: where an object's columns come from in its
 * metadata (org, legacy id, times, authors) and how Grafana derives its slugs.
 */
public final class RowWriting {
    private final TranslatorSettings settings;

    public RowWriting(TranslatorSettings settings) {
        this.settings = settings;
    }

    /** The org of the object's namespace, empty when the namespace is no org's. */
    public OptionalLong org(JsonNode meta) {
        return settings.namespaces().orgOf(meta.path("namespace").asText());
    }

    public static String notAnOrg(JsonNode meta) {
        return "namespace " + meta.path("namespace").asText() + " is not an org";
    }

    /** The legacy id label, or null when the object has none (it was made in unified storage: its row is new). */
    public static Long legacyId(JsonNode meta) {
        String label = meta.path("labels").path(GrafanaMeta.DEPRECATED_INTERNAL_ID).asText("");
        return label.isEmpty() ? null : Long.valueOf(label);
    }

    public static Instant created(JsonNode meta) {
        return instant(meta.path("creationTimestamp").asText(""), Instant.EPOCH);
    }

    /** The update time annotation, else the creation time. */
    public static Instant updated(JsonNode meta) {
        return instant(meta.path("annotations").path(GrafanaMeta.UPDATED_TIMESTAMP).asText(""), created(meta));
    }

    /**
     * Binds an identity annotation as an author column pair for {@code coalesce((SELECT id FROM "user" WHERE login =
     * ?), ?)}: the user's login, and the id to fall back on: -1 for provisioning, else 0.
     */
    public void bindAuthor(PreparedStatement ps, int first, JsonNode meta, String annotation) throws SQLException {
        String identity = meta.path("annotations").path(annotation).asText("");
        boolean provisioning = identity.equals(UserIdentities.PROVISIONING);
        ps.setString(first, provisioning || identity.isEmpty() ? null
            : settings.identities().loginOf(Optional.of(identity)));
        ps.setInt(first + 1, provisioning ? -1 : 0);
    }

    public static String slug(String title) {
        return title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    private static Instant instant(String text, Instant otherwise) {
        try {
            return text.isEmpty() ? otherwise : Instant.parse(text);
        } catch (DateTimeParseException e) {
            return otherwise;
        }
    }
}
