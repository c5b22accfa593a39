package io.migrationgateway.legacysim.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.ApiHandler;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.http.Routes;
import java.io.IOException;
import java.sql.SQLException;

/**
 * Grafana's dashboard page, {@code /d/:uid[/:slug]}, as a simulator can give it: no charts (it runs no queries), but the
 * dashboard's title and each panel's title, type and queries, so that a person following a link to a dashboard sees
 * which one it is and what it shows.
 */
public final class DashboardPage {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final DashboardStore store;

    public DashboardPage(DashboardStore store) {
        this.store = store;
    }

    public void register(Routes routes) {
        routes.get("/d/{uid}", Role.VIEWER, this::page);
        routes.get("/d/{uid}/{slug}", Role.VIEWER, this::page);
    }

    private ApiResponse page(ApiRequest request) throws SQLException {
        DashboardRow row = store.byUid(request.orgId(), request.param("uid"))
                .orElseThrow(() -> GrafanaError.withStatus(404, "not-found", "Dashboard not found"));
        JsonNode model;
        try {
            model = JSON.readTree(row.data());
        } catch (IOException e) {
            model = JSON.createObjectNode();
        }
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(escape(row.title())).append(" - Dashboards - Grafana</title></head>\n<body>\n<h1>")
                .append(escape(row.title())).append("</h1>\n<p>The legacy simulator shows a dashboard's panels and queries,"
                        + " not their charts.</p>\n");
        for (JsonNode panel : model.path("panels")) {
            html.append("<section><h2>").append(escape(panel.path("title").asText(""))).append("</h2><p>")
                    .append(escape(panel.path("type").asText(""))).append("</p>");
            for (JsonNode target : panel.path("targets")) {
                html.append("<pre>").append(escape(target.path("expr").asText(target.toString()))).append("</pre>");
            }
            html.append("</section>\n");
        }
        return ApiResponse.ok(new ApiHandler.Text("text/html; charset=UTF-8", html.append("</body></html>\n").toString()));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
