package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.Binding;
import io.migrationgateway.translators.legacy.Binding.GoType;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code POST /api/dashboards/import}, Grafana 9.3's import of a dashboard given in the request: its {@code __inputs}
 * filled from the request's {@code inputs} (each {@code ${NAME}} in a string replaced, {@code __inputs} dropped), then
 * saved as a save with the request's {@code overwrite} and folder (the root when it names none), and answered with
 * Grafana's ImportDashboardResponse. Importing a plugin's dashboard needs the plugin's files, which only the legacy side
 * has: refused.
 */
final class DashboardImport {
    static final LegacyRoute ROUTE = new LegacyRoute("dashboards.import", "POST", "/api/dashboards/import");

    /** The fields of Grafana's ImportDashboardRequest and their Go types. */
    private static final Map<String, GoType> COMMAND = Map.of("dashboard", GoType.ANY, "overwrite", GoType.BOOL,
            "inputs", GoType.ARRAY, "folderId", GoType.INT64, "folderUid", GoType.STRING, "pluginId", GoType.STRING,
            "path", GoType.STRING);
    private static final Map<String, GoType> INPUT = Map.of("name", GoType.STRING, "type", GoType.STRING,
            "pluginId", GoType.STRING, "value", GoType.STRING);
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{.+?}");

    private DashboardImport() {
    }

    static LegacyPlan plan(TranslatorSettings settings, LegacyRequest request, String namespace) {
        JsonNode body = Json.parseSorted(request.body()).orElse(null);
        if (!Binding.binds(body, COMMAND) || !inputsBind(body.path("inputs"))) {
            return LegacyPlan.respond(LegacyErrors.badRequestData());
        }
        String pluginId = Binding.text(body, "pluginId").orElse("");
        if (!pluginId.isEmpty()) {
            return LegacyPlan.respond(LegacyErrors.message(501, "importing the dashboard of plugin " + pluginId
                    + " needs the plugin's files, which only the legacy side has"));
        }
        JsonNode dashboard = body.path("dashboard");
        if (dashboard.isMissingNode() || dashboard.isNull()) {
            return LegacyPlan.respond(LegacyErrors.message(422, "Dashboard must be set"));
        }
        if (!dashboard.isObject()) {
            return LegacyPlan.respond(LegacyErrors.badRequestData());
        }
        Map<String, String> variables = new HashMap<>();
        for (JsonNode declared : dashboard.path("__inputs")) {
            String name = declared.path("name").asText("");
            Optional<String> value = inputValue(body.path("inputs"), name, declared.path("type").asText(""));
            if (value.isEmpty()) {
                // Grafana's DashboardInputMissingError reaches its generic save error
                return LegacyPlan.respond(LegacyErrors.message(500, "Failed to save dashboard"));
            }
            variables.put("${" + name + "}", value.get());
        }
        ObjectNode save = Json.object();
        save.set("dashboard", evaluated((ObjectNode) dashboard, variables));
        save.put("overwrite", body.path("overwrite").asBoolean(false));
        save.put("folderId", body.path("folderId").asLong(0));
        Binding.text(body, "folderUid").ifPresent(folderUid -> save.put("folderUid", folderUid));
        String path = Binding.text(body, "path").orElse("");
        return DashboardSave.imported(settings, request, namespace, save, (saved, folderId) -> answer(saved, folderId, path));
    }

    private static boolean inputsBind(JsonNode inputs) {
        for (JsonNode input : inputs) {
            if (!Binding.binds(input, INPUT)) {
                return false;
            }
        }
        return true;
    }

    /** The first input of the type named as the variable, or named {@code *} (Grafana's findInput). */
    private static Optional<String> inputValue(JsonNode inputs, String name, String type) {
        for (JsonNode input : inputs) {
            String inputName = input.path("name").asText("");
            if (type.equals(input.path("type").asText("")) && (inputName.equals(name) || inputName.equals("*"))) {
                return Optional.of(input.path("value").asText(""));
            }
        }
        return Optional.empty();
    }

    /** The model with {@code __inputs} dropped at every level and the known variables replaced in every string. */
    private static JsonNode evaluated(JsonNode value, Map<String, String> variables) {
        if (value.isTextual()) {
            Matcher matcher = VARIABLE.matcher(value.asText());
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                matcher.appendReplacement(out, Matcher.quoteReplacement(variables.getOrDefault(matcher.group(), matcher.group())));
            }
            matcher.appendTail(out);
            return JsonNodeFactory.instance.textNode(out.toString());
        }
        if (value.isArray()) {
            ArrayNode array = JsonNodeFactory.instance.arrayNode();
            value.forEach(item -> array.add(evaluated(item, variables)));
            return array;
        }
        if (value.isObject()) {
            ObjectNode object = Json.object();
            value.properties().forEach(field -> {
                if (!field.getKey().equals("__inputs")) {
                    object.set(field.getKey(), evaluated(field.getValue(), variables));
                }
            });
            return object;
        }
        return value;
    }

    /** Grafana's ImportDashboardResponse. */
    private static ObjectNode answer(ResourceObject saved, long folderId, String path) {
        String slug = DashboardViews.slug(saved);
        long revision = saved.spec().path("revision").isIntegralNumber() ? saved.spec().path("revision").asLong() : 0;
        ObjectNode answer = Json.object();
        answer.put("uid", saved.name());
        answer.put("pluginId", "");
        answer.put("title", DashboardViews.title(saved));
        answer.put("imported", true);
        answer.put("importedUri", "db/" + slug);
        answer.put("importedUrl", Names.dashboardUrl(saved.name(), slug));
        answer.put("slug", slug);
        answer.put("dashboardId", saved.legacyId());
        answer.put("folderId", folderId);
        answer.put("folderUid", saved.annotation(GrafanaMeta.FOLDER).orElse(""));
        if (revision != 0) {
            answer.put("importedRevision", revision);
            answer.put("revision", revision);
        }
        answer.put("description", "");
        answer.put("path", path);
        answer.put("removed", false);
        return answer;
    }
}
