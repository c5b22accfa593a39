package io.migrationgateway.gateway.admin;

import io.migrationgateway.flags.MigrationFlags;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import io.migrationgateway.flags.gate.GateCheck;
import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.GateResult;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.gateway.config.GatewayVersion;
import io.migrationgateway.reports.HtmlPage;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code GET /admin/overview}: where every resource stands, at a glance. Per resource and namespace scope: its mode,
 * parity of the latest verification, shadow mismatch rates over the latest compared reads of callers and of compare
 * sweeps apart, outbox depth, when it was last verified, and what the gate says about the next mode with its figures;
 * links to the console and the reports.
 * The figures are the gate's own evidence, so the page and the gate cannot disagree.
 */
final class OverviewPage implements HttpHandler {
    private final MigrationFlags flags;
    private final GateEvidence evidence;
    private final int shadowWindow;
    private final Clock clock;

    /** @param shadowWindow how many of the latest compared reads of each origin the mismatch rate is measured over (the gate's N) */
    OverviewPage(MigrationFlags flags, GateEvidence evidence, int shadowWindow, Clock clock) {
        this.flags = flags;
        this.evidence = evidence;
        this.shadowWindow = shadowWindow;
        this.clock = clock;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        StringBuilder rows = new StringBuilder();
        for (String resource : flags.modes().resources()) {
            ResourceModes state = flags.modes().state(resource);
            rows.append(row(state, Optional.empty()));
            for (String namespace : new TreeSet<>(state.namespaces().keySet())) {
                rows.append(row(state, Optional.of(namespace)));
            }
        }
        String body = "<p><a href=\"/togglz/index\">Togglz console</a> · reports (last 24 h): "
                + "<a href=\"/admin/reports/shadow?format=html\">shadow comparison</a> · "
                + "<a href=\"/admin/reports/dual-write?format=html\">dual-write</a> · "
                + "<a href=\"/admin/reports/verification?format=html\">verification</a></p>"
                + "<table><thead><tr><th>resource</th><th>namespace</th><th>mode</th><th>parity</th><th>shadow, latest " + shadowWindow
                + " of each origin</th>"
                + "<th>outbox</th><th>last verified</th><th>next mode</th><th>gate</th><th>reports</th></tr></thead><tbody>"
                + rows + "</tbody></table>" + untranslatedCalls();
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/html; charset=utf-8");
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        exchange.getResponseSender().send(HtmlPage.of("Migration overview", "As of " + clock.instant() + " · gateway "
                + GatewayVersion.current(), body));
    }

    /** Per resource, the calls in the last day to operations mode 4 refuses (docs/legacy-surface.md). */
    private String untranslatedCalls() {
        StringBuilder items = new StringBuilder();
        for (String resource : flags.modes().resources()) {
            Optional<Map<String, Long>> calls = evidence.untranslatedCalls(new Scope(resource, Optional.empty()));
            String text = calls.map(counted -> counted.isEmpty() ? "none"
                    : counted.entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue()).collect(Collectors.joining(", ")))
                    .orElse("not counted");
            items.append("<li>").append(HtmlPage.escape(resource)).append(": ").append(HtmlPage.escape(text)).append("</li>");
        }
        return "<h2>Calls to operations mode 4 refuses, last 24 h</h2><p>Operations not yet served from unified storage "
                + "(<code>docs/legacy-surface.md</code>); the gate refuses mode 4 while they have calls.</p><ul>" + items + "</ul>";
    }

    private String row(ResourceModes state, Optional<String> namespace) {
        Scope scope = new Scope(state.resource(), namespace);
        Mode mode = state.modeOf(namespace);
        Optional<GateEvidence.Verification> verification = evidence.latestVerification(scope);
        Optional<GateEvidence.ShadowComparisons> live = evidence.latestShadowComparisons(scope, shadowWindow);
        Optional<GateEvidence.ShadowComparisons> swept = evidence.latestSweptComparisons(scope, shadowWindow);
        Optional<Mode> next = flags.gate().servedModes().stream().filter(served -> served.compareTo(mode) > 0).findFirst();
        String gate = next.map(to -> gate(flags.gate().evaluate(scope, mode, to))).orElse("<td>top of the ladder</td>");
        String encoded = URLEncoder.encode(state.resource(), StandardCharsets.UTF_8);
        return "<tr><td>" + HtmlPage.escape(state.resource()) + "</td><td>" + HtmlPage.escape(namespace.orElse("all (default)"))
                + "</td><td>" + mode.number() + " " + mode.label() + "</td>"
                + cell(verification.map(v -> percent(v.parityPercent()) + " of " + v.processed()), verification.map(v -> !v.parity()))
                + cell(live.isEmpty() && swept.isEmpty() ? Optional.empty() : Optional.of(shadow(live, "live") + ", " + shadow(swept, "swept")),
                        Optional.of(Stream.of(live, swept).flatMap(Optional::stream).anyMatch(s -> s.mismatched() > 0)))
                + cell(boxed(evidence.outboxDepth(scope).isPresent() ? evidence.outboxDepth(scope).getAsLong() : null),
                        Optional.of(evidence.outboxDepth(scope).orElse(0) > 0))
                + "<td>" + verification.map(v -> v.finishedAt().toString()).orElse("never") + "</td>"
                + "<td>" + next.map(to -> to.number() + " " + to.label()).orElse("") + "</td>" + gate
                + "<td><a href=\"/admin/reports/shadow?format=html&amp;resource=" + encoded + "\">shadow</a> "
                + "<a href=\"/admin/reports/dual-write?format=html&amp;resource=" + encoded + "\">dual-write</a> "
                + "<a href=\"/admin/reports/verification?format=html&amp;resource=" + encoded + "\">verification</a></td></tr>";
    }

    /** "1,204 live (0.10 % differ)": the gate counts live reads toward its minimum, so the two are never summed here. */
    private static String shadow(Optional<GateEvidence.ShadowComparisons> comparisons, String origin) {
        return comparisons.map(s -> String.format(Locale.ROOT, "%,d %s (%s differ)", s.compared(), origin, percent(100 * s.mismatchRate())))
                .orElse("0 " + origin);
    }

    private static Optional<String> boxed(Long value) {
        return Optional.ofNullable(value).map(String::valueOf);
    }

    private static String cell(Optional<String> text, Optional<Boolean> bad) {
        return text.map(t -> "<td class=\"n" + (bad.orElse(false) ? " bad" : "") + "\">" + HtmlPage.escape(t) + "</td>")
                .orElse("<td class=\"n\">no data</td>");
    }

    private static String gate(GateResult result) {
        String checks = result.checks().stream().map(OverviewPage::check).collect(Collectors.joining("<br>"));
        return "<td><b class=\"" + (result.verdict().label().equals("pass") ? "good" : "bad") + "\">" + result.verdict().label()
                + "</b><br>" + checks + "</td>";
    }

    private static String check(GateCheck check) {
        return HtmlPage.escape(check.name() + ": " + check.verdict().label() + " — " + check.message());
    }

    private static String percent(double value) {
        return String.format(Locale.ROOT, "%.2f %%", value);
    }
}
