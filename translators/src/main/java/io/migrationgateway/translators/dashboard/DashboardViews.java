package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.folder.FolderRef;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import io.migrationgateway.translators.legacy.Caller;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.legacy.OrgRole;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Dashboard objects ↔ Grafana's legacy dashboard bodies (reference §1.4–1.6, §2.3, §3.1–3.3). The spec is the legacy
 * JSON model without {@code id}, {@code uid} and {@code version}, which live in the label, the name and the generation.
 *
 * <p>Grafana writes every model with sorted keys (a Go map). Specs are stored that way: a legacy save is parsed
 * sorted, a row is sorted when converted, a legacy answer already is. Reads then put the three legacy keys in place
 * and trust the rest of the stored order, so that the hot read path never walks a whole model; an object another
 * client wrote in another order is shown in that order (key order carries no meaning in JSON). Subtrees are shared
 * between model and spec, never copied.
 */
final class DashboardViews {
    private DashboardViews() {
    }

    /** Grafana's tag cloud ({@code GET /api/dashboards/tags}): {@code [{"term": "a", "count": 2}, ...]}, by term. */
    static ArrayNode tagsAnswer(List<ResourceOutcome.TagCount> tags) {
        ArrayNode answer = Json.MAPPER.createArrayNode();
        tags.forEach(tag -> answer.addObject().put("term", tag.term()).put("count", tag.count()));
        return answer;
    }

    /** The legacy side's tag cloud as counts; entries without a term are left out. */
    static List<ResourceOutcome.TagCount> tagCounts(JsonNode answer) {
        List<ResourceOutcome.TagCount> tags = new ArrayList<>();
        for (JsonNode entry : answer) {
            if (entry.path("term").isTextual()) {
                tags.add(new ResourceOutcome.TagCount(entry.path("term").asText(), entry.path("count").asLong()));
            }
        }
        return tags;
    }

    /**
     * The spec of a legacy model: without {@code id}, {@code uid}, {@code version}; {@code title} replaced when given;
     * the top level in Go's order, the values as they are.
     */
    static ObjectNode spec(ObjectNode model, String title) {
        ObjectNode spec = Json.object();
        for (Map.Entry<String, JsonNode> entry : model.properties()) {
            String key = entry.getKey();
            if (!isLegacyKey(key)) {
                spec.set(key, title != null && key.equals("title") ? TextNode.valueOf(title) : entry.getValue());
            }
        }
        if (title != null && !spec.has("title")) {
            spec.put("title", title);
        }
        return SortedKeys.topLevelSorted(spec);
    }

    /**
     * The legacy model of a dashboard object: its spec with {@code id} (the label), {@code uid} (the name) and
     * {@code version} (the generation) set, in Go's order at the top level; empty when the spec is not an object
     * (corrupt data).
     */
    static Optional<ObjectNode> model(ResourceObject dashboard) {
        if (!(dashboard.spec() instanceof ObjectNode spec)) {
            return Optional.empty();
        }
        ObjectNode model = Json.object();
        // "id" < "uid" < "version" in byte order: each is put in place while the (sorted) spec streams by
        String[] legacyKeys = {"id", "uid", "version"};
        int next = 0;
        for (Map.Entry<String, JsonNode> entry : spec.properties()) {
            String key = entry.getKey();
            while (next < legacyKeys.length && SortedKeys.GO_ORDER.compare(legacyKeys[next], key) < 0) {
                putLegacyKey(model, legacyKeys[next++], dashboard);
            }
            if (!isLegacyKey(key)) {
                model.set(key, entry.getValue());
            }
        }
        while (next < legacyKeys.length) {
            putLegacyKey(model, legacyKeys[next++], dashboard);
        }
        return Optional.of(SortedKeys.topLevelSorted(model));
    }

    private static void putLegacyKey(ObjectNode model, String key, ResourceObject dashboard) {
        switch (key) {
            case "id" -> model.put("id", dashboard.legacyId());
            case "uid" -> model.put("uid", dashboard.name());
            default -> model.put("version", dashboard.generation());
        }
    }

    static boolean isLegacyKey(String key) {
        return key.equals("id") || key.equals("uid") || key.equals("version");
    }

    static String title(ResourceObject dashboard) {
        return dashboard.specText("title").orElse("");
    }

    /** The slug annotation when there is one (Grafana's §3.3), else the slug of the title. */
    static String slug(ResourceObject dashboard) {
        return dashboard.annotation(GrafanaMeta.SLUG).orElseGet(() -> Names.slugify(title(dashboard)));
    }

    /** Grafana's {@code DashboardMeta} for {@code caller}, fields in its declared order ({@code isStarred} omitted: false). */
    static ObjectNode meta(ResourceObject dashboard, Optional<FolderRef> folder, Caller caller, UserIdentities identities) {
        boolean canEdit = caller.role().atLeast(OrgRole.EDITOR);
        String slug = slug(dashboard);
        Instant created = dashboard.creationTimestamp().orElse(null);
        Optional<String> managedBy = dashboard.annotation(GrafanaMeta.MANAGED_BY);
        ObjectNode meta = Json.object();
        meta.put("type", "db");
        meta.put("canSave", canEdit);
        meta.put("canEdit", canEdit);
        meta.put("canAdmin", caller.role().atLeast(OrgRole.ADMIN));
        meta.put("canStar", !caller.serviceAccount());
        meta.put("canDelete", canEdit);
        meta.put("slug", slug);
        meta.put("url", Names.dashboardUrl(dashboard.name(), slug));
        meta.put("expires", LegacyTime.ZERO);
        meta.put("created", LegacyTime.format(created));
        meta.put("updated", LegacyTime.format(updated(dashboard).orElse(created)));
        meta.put("updatedBy", identities.loginOf(dashboard.annotation(GrafanaMeta.UPDATED_BY)));
        meta.put("createdBy", identities.loginOf(dashboard.annotation(GrafanaMeta.CREATED_BY)));
        meta.put("version", dashboard.generation());
        meta.put("hasAcl", false);
        meta.put("isFolder", false);
        meta.put("folderId", folder.map(FolderRef::id).orElse(0L));
        meta.put("folderUid", folder.map(FolderRef::uid).orElse(""));
        meta.put("folderTitle", folder.map(FolderRef::title).orElse("General"));
        meta.put("folderUrl", folder.map(FolderRef::url).orElse(""));
        meta.put("provisioned", managedBy.filter(GrafanaMeta.MANAGER_CLASSIC_FILE::equals).isPresent());
        meta.put("provisionedExternalId", managedBy.isPresent() ? dashboard.annotation(GrafanaMeta.SOURCE_PATH).orElse("") : "");
        ObjectNode permissions = meta.putObject("annotationsPermissions");
        for (String scope : new String[] {"dashboard", "organization"}) {
            ObjectNode actions = permissions.putObject(scope);
            actions.put("canAdd", canEdit);
            actions.put("canEdit", canEdit);
            actions.put("canDelete", canEdit);
        }
        meta.put("hasPublicDashboard", false);
        meta.put("publicDashboardAccessToken", "");
        meta.put("publicDashboardUid", "");
        meta.put("publicDashboardEnabled", false);
        return meta;
    }

    static Optional<Instant> updated(ResourceObject dashboard) {
        return dashboard.annotation(GrafanaMeta.UPDATED_TIMESTAMP).flatMap(LegacyTime::parse);
    }

    /** {@code {dashboard, meta}}. */
    static ObjectNode getBody(ObjectNode model, ObjectNode meta) {
        ObjectNode body = Json.object();
        body.set("dashboard", model);
        body.set("meta", meta);
        return body;
    }

    /** The save answer, a Go map: {@code {id, slug, status, uid, url, version}} (9.3: no folderUid). */
    static ObjectNode saveAnswer(ResourceObject saved) {
        String slug = slug(saved);
        ObjectNode answer = Json.object();
        answer.put("id", saved.legacyId());
        answer.put("slug", slug);
        answer.put("status", "success");
        answer.put("uid", saved.name());
        answer.put("url", Names.dashboardUrl(saved.name(), slug));
        answer.put("version", saved.generation());
        return answer;
    }

    /** The delete answer, a Go map: {@code {id, message, title}}. */
    static ObjectNode deleteAnswer(ResourceObject deleted) {
        String title = title(deleted);
        ObjectNode answer = Json.object();
        answer.put("id", deleted.legacyId());
        answer.put("message", "Dashboard " + title + " deleted");
        answer.put("title", title);
        return answer;
    }

    /**
     * The dashboard a legacy {@code GET /api/dashboards/uid/:uid} answer describes, as Grafana's legacy storage serves
     * it to the Resource API (reference §2.2, §3.3 backwards): the legacy version is the resource version and the
     * generation, the logins become identities, the folder uid the folder annotation. Empty when the answer is not a
     * {@code {dashboard, meta}} object.
     */
    static Optional<ResourceObject.Builder> fromLegacyAnswer(JsonNode body, UserIdentities identities) {
        if (!(body.path("dashboard") instanceof ObjectNode model) || !body.path("meta").isObject()) {
            return Optional.empty();
        }
        JsonNode meta = body.path("meta");
        long version = model.path("version").canConvertToLong() ? model.path("version").asLong() : meta.path("version").asLong(0);
        boolean provisioned = meta.path("provisioned").asBoolean(false);
        return Optional.of(ResourceObject.builder(DashboardTranslator.KIND, DashboardTranslator.KIND.preferredVersion())
                .name(model.path("uid").asText(""))
                .resourceVersion(Long.toString(version))
                .generation(version)
                .creationTimestamp(LegacyTime.parse(meta.path("created").asText()).orElse(null))
                .legacyId(model.path("id").asLong(0))
                .annotation(GrafanaMeta.CREATED_BY, identities.identityOf(meta.path("createdBy").asText("")).orElse(null))
                .annotation(GrafanaMeta.UPDATED_BY, identities.identityOf(meta.path("updatedBy").asText("")).orElse(null))
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.parse(meta.path("updated").asText()).map(LegacyTime::format).orElse(null))
                .annotation(GrafanaMeta.FOLDER, meta.path("folderUid").asText(""))
                .annotation(GrafanaMeta.MANAGED_BY, provisioned ? GrafanaMeta.MANAGER_CLASSIC_FILE : null)
                .annotation(GrafanaMeta.SOURCE_PATH, provisioned ? meta.path("provisionedExternalId").asText("") : null)
                .spec(spec(model, null))
                .status(Json.object()));
    }
}
