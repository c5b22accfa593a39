package io.migrationgateway.translators.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.legacy.Caller;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.OrgRole;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import java.time.Instant;
import java.util.Optional;

/** Folder objects ↔ Grafana 9.3's folder bodies (reference §1.7, §2.4). */
final class FolderViews {
    private FolderViews() {
    }

    /**
     * Grafana 9.3's {@code dtos.Folder}, in its declared field order; the parent is {@code parent_uid} (9.3's name) and
     * left out at the top level. 9.3 shows no description.
     */
    static ObjectNode dto(ResourceObject folder, Caller caller, UserIdentities identities) {
        FolderRef ref = FolderRef.of(folder);
        boolean canEdit = caller.role().atLeast(OrgRole.EDITOR);
        Instant created = folder.creationTimestamp().orElse(null);
        ObjectNode dto = Json.object();
        dto.put("id", ref.id());
        dto.put("uid", ref.uid());
        dto.put("title", ref.title());
        dto.put("url", ref.url());
        dto.put("hasAcl", false);
        dto.put("canSave", canEdit);
        dto.put("canEdit", canEdit);
        dto.put("canAdmin", caller.role().atLeast(OrgRole.ADMIN));
        dto.put("canDelete", canEdit);
        dto.put("createdBy", identities.loginOf(folder.annotation(GrafanaMeta.CREATED_BY)));
        dto.put("created", LegacyTime.format(created));
        dto.put("updatedBy", identities.loginOf(folder.annotation(GrafanaMeta.UPDATED_BY)));
        dto.put("updated", LegacyTime.format(updated(folder).orElse(created)));
        dto.put("version", folder.generation());
        folder.annotation(GrafanaMeta.FOLDER).ifPresent(parent -> dto.put("parent_uid", parent));
        return dto;
    }

    /** Grafana's {@code FolderSearchHit}: {@code {id, uid, title, parentUid?}}. */
    static ObjectNode hit(SearchHit folder) {
        ObjectNode hit = Json.object();
        hit.put("id", folder.legacyId());
        hit.put("uid", folder.name());
        hit.put("title", folder.title());
        if (!folder.folder().isEmpty()) {
            hit.put("parentUid", folder.folder());
        }
        return hit;
    }

    static Optional<Instant> updated(ResourceObject folder) {
        return folder.annotation(GrafanaMeta.UPDATED_TIMESTAMP).flatMap(LegacyTime::parse);
    }

    /** The folder's parent uid, empty at the top level. */
    static String parent(ResourceObject folder) {
        return folder.annotation(GrafanaMeta.FOLDER).orElse("");
    }

    /** {@code {title, description?}}, in the order of Grafana's FolderSpec struct. */
    static ObjectNode spec(String title, String description) {
        ObjectNode spec = Json.object();
        spec.put("title", title);
        if (description != null && !description.isEmpty()) {
            spec.put("description", description);
        }
        return spec;
    }

    /** The description of a folder object, empty when it has none. */
    static String description(ResourceObject folder) {
        return folder.specText("description").orElse("");
    }

    /**
     * The folder a legacy {@code dtos.Folder} answer describes, as Grafana's legacy storage serves it to the Resource
     * API: the legacy {@code version} is the resource version and generation. 9.3 answers no description, so the
     * caller passes the one it knows (or an empty one).
     */
    static ResourceObject.Builder fromDto(JsonNode dto, String description, UserIdentities identities) {
        long version = dto.path("version").asLong(0);
        JsonNode parent = dto.has("parent_uid") ? dto.path("parent_uid") : dto.path("parentUid");
        return ResourceObject.builder(FolderTranslator.KIND, FolderTranslator.KIND.preferredVersion())
                .name(dto.path("uid").asText(""))
                .resourceVersion(Long.toString(version))
                .generation(version)
                .creationTimestamp(LegacyTime.parse(dto.path("created").asText()).orElse(null))
                .legacyId(dto.path("id").asLong(0))
                .annotation(GrafanaMeta.CREATED_BY, identities.identityOf(dto.path("createdBy").asText("")).orElse(null))
                .annotation(GrafanaMeta.UPDATED_BY, identities.identityOf(dto.path("updatedBy").asText("")).orElse(null))
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, dto.path("updated").asText(""))
                .annotation(GrafanaMeta.FOLDER, parent.asText(""))
                .spec(spec(dto.path("title").asText(""), description))
                .status(Json.object());
    }
}
