package io.migrationgateway.gateway.observability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/** The files operators deploy to watch the gateway (alert rules, dashboard) and the runbook they link to, read by the tests. */
final class WatchFiles {
    static final Path RULES = Path.of("..", "deploy", "prometheus", "migration-gateway-rules.yaml");
    static final Path DASHBOARD = Path.of("..", "deploy", "grafana", "migration-gateway.json");
    static final Path OPERATIONS = Path.of("..", "docs", "operations.md");

    /** One alerting rule's PromQL and the names it reads. */
    record Query(String where, String expression) {
        Set<String> metricNames() {
            return PromQl.metricNames(expression);
        }
    }

    private WatchFiles() {
    }

    static JsonNode rules() {
        try {
            return new YAMLMapper().readTree(RULES.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode dashboard() {
        try {
            return new ObjectMapper().readTree(DASHBOARD.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<JsonNode> alerts() {
        List<JsonNode> alerts = new ArrayList<>();
        rules().path("groups").forEach(group -> group.path("rules").forEach(alerts::add));
        return alerts;
    }

    /** Every alert's expression and every dashboard query (panels' targets and query variables). */
    static List<Query> queries() {
        List<Query> queries = new ArrayList<>();
        alerts().forEach(alert -> queries.add(new Query("alert " + alert.path("alert").asText(), alert.path("expr").asText())));
        JsonNode dashboard = dashboard();
        dashboard.path("panels").forEach(panel -> panel.path("targets").forEach(target ->
                queries.add(new Query("panel " + panel.path("title").asText(), target.path("expr").asText()))));
        dashboard.path("templating").path("list").forEach(variable -> {
            if (variable.path("type").asText().equals("query")) {
                String query = variable.path("query").path("query").asText();
                // label_values(metric, label) reads the metric; the label is no metric name
                queries.add(new Query("variable " + variable.path("name").asText(),
                        query.replaceAll("label_values\\(\\s*([^,]+),[^)]*\\)", "$1")));
            }
        });
        return queries;
    }

    /** The anchors GitHub makes of the runbook's headings: lower case, punctuation dropped, spaces as hyphens. */
    static Set<String> operationsAnchors() {
        try {
            Set<String> anchors = new TreeSet<>();
            boolean inCode = false;
            for (String line : Files.readAllLines(OPERATIONS)) {
                if (line.startsWith("```")) {
                    inCode = !inCode; // a shell comment in a code block is no heading
                } else if (!inCode && line.startsWith("#")) {
                    String heading = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
                    anchors.add(heading.replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
                }
            }
            return anchors;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
