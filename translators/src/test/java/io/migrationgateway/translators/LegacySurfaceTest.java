package io.migrationgateway.translators;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.translators.grafana.GrafanaResources;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every operation of Grafana 9.3's legacy {@code /api} on dashboards, folders, playlists and search, as its own OpenAPI
 * document lists them, has one stated handling in its resource's package: translated, or untranslated with a handling
 * and a reason.
 */
class LegacySurfaceTest {
    private static final List<String> RESOURCE_PATHS = List.of("/dashboards", "/folders", "/playlists", "/search");

    private final TranslatorRegistry registry = GrafanaResources.translators(new Fixtures().settings());

    @Test
    void everyOperationOnTheResourcesHasOneStatedHandling() throws Exception {
        JsonNode document;
        try (InputStream in = getClass().getResourceAsStream("/openapi/grafana-9.3-legacy-openapi3.json")) {
            document = new ObjectMapper().readTree(in);
        }
        List<String> operations = new ArrayList<>();
        List<String> unstated = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
            if (RESOURCE_PATHS.stream().noneMatch(prefix -> path.getKey().startsWith(prefix))) {
                continue;
            }
            for (String method : path.getValue().propertyStream().map(Map.Entry::getKey).toList()) {
                if (!List.of("get", "post", "put", "delete", "patch").contains(method)) {
                    continue;
                }
                String concrete = "/api" + path.getKey().replaceAll("\\{[^}]+}", "x1");
                String operation = method.toUpperCase(Locale.ROOT) + " /api" + path.getKey();
                operations.add(operation);
                boolean translated = registry.match(method.toUpperCase(Locale.ROOT), concrete).isPresent();
                boolean stated = registry.untranslated(method.toUpperCase(Locale.ROOT), concrete).isPresent();
                if (translated == stated) {
                    unstated.add(operation + (translated ? ": translated and untranslated" : ": no handling"));
                }
            }
        }

        assertThat(unstated).isEmpty();
        assertThat(operations).as("Grafana 9.3's operations on the three resources and search").hasSize(35);
    }

    @Test
    void eachUntranslatedOperationSaysWhy() {
        for (Translator translator : registry.all()) {
            for (UntranslatedOperation operation : translator.untranslated()) {
                assertThat(operation.reason()).as(operation.route().toString()).isNotBlank();
                assertThat(registry.untranslated(operation.route().method(), operation.route().template().replaceAll("\\{[^}]+}", "x1")))
                        .as(operation.route().toString()).map(found -> found.operation()).contains(operation);
            }
        }
    }
}
