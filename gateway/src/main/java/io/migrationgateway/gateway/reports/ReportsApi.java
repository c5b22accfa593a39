package io.migrationgateway.gateway.reports;

import io.migrationgateway.reports.Report;
import io.migrationgateway.reports.ReportFormat;
import io.migrationgateway.reports.ReportRenderer;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.ByteBuffer;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * {@code GET /admin/reports/{kind}?format=json|csv|html&resource=R&namespace=NS&since=24h&until=INSTANT}: one report
 * ({@link GatewayReports#KINDS}); {@code resource} (named as kubectl names it) and {@code namespace} may repeat. Bad
 * parameters are a 400 with a JSON message saying what is accepted; an unknown report a 404. Runs on a worker thread
 * (it reads the database).
 */
public final class ReportsApi implements HttpHandler {
    private final GatewayReports reports;
    private final UnaryOperator<String> resourceName;
    private final Clock clock;

    /** @param resourceName the full name of a resource however it is named; an IllegalArgumentException for a bad name */
    public ReportsApi(GatewayReports reports, UnaryOperator<String> resourceName, Clock clock) {
        this.reports = reports;
        this.resourceName = resourceName;
        this.clock = clock;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        Map<String, Deque<String>> params = exchange.getQueryParameters();
        String kind = first(params, "kind");
        if (!GatewayReports.KINDS.contains(kind)) {
            error(exchange, 404, "no report '" + kind + "'; reports: " + String.join(", ", GatewayReports.KINDS));
            return;
        }
        ReportFormat format;
        ReportQuery query;
        try {
            String asked = first(params, "format");
            format = asked == null ? ReportFormat.JSON : ReportFormat.parse(asked);
            List<String> resources = all(params, "resource").stream().map(resourceName).toList();
            query = ReportQuery.parse(first(params, "since"), first(params, "until"), resources, all(params, "namespace"),
                    clock.instant());
        } catch (IllegalArgumentException e) {
            error(exchange, 400, e.getMessage());
            return;
        }
        Report report;
        try {
            report = reports.build(kind, query);
        } catch (SQLException e) {
            error(exchange, 503, "the gateway's database cannot answer right now: " + e.getMessage());
            return;
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, format.contentType());
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        exchange.getResponseSender().send(ByteBuffer.wrap(ReportRenderer.render(report, format)));
    }

    private static String first(Map<String, Deque<String>> params, String name) {
        Deque<String> values = params.get(name);
        return values == null ? null : values.peekFirst();
    }

    private static List<String> all(Map<String, Deque<String>> params, String name) {
        Deque<String> values = params.get(name);
        return values == null ? List.of() : values.stream().filter(value -> !value.isBlank()).map(String::strip).toList();
    }

    private static void error(HttpServerExchange exchange, int status, String message) {
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send("{\"message\":" + quoted(message) + "}");
    }

    private static String quoted(String text) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(text).toString();
    }
}
