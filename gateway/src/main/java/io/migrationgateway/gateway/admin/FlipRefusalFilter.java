package io.migrationgateway.gateway.admin;

import io.migrationgateway.flags.FlagStoreException;
import io.migrationgateway.flags.FlipRefusedException;
import io.migrationgateway.flags.FlipResult;
import io.migrationgateway.flags.mode.InvalidFlagStateException;
import io.migrationgateway.flags.ModeChange;
import io.migrationgateway.flags.gate.GateCheck;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

/**
 * Shows why the console's edit form could not save: the refusal with every check and its figures (409), whether the
 * gate's or the form's own ({@code console-form}: a forced change without a reason, a state that does not parse), a
 * state refused elsewhere (400), or a database that cannot be reached (503). Togglz's console has no place
 * for such errors; without this page the operator would get a bare 500.
 */
final class FlipRefusalFilter implements Filter {
    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        try {
            chain.doFilter(request, response);
        } catch (FlipRefusedException e) {
            page((HttpServletResponse) response, 409, "Flip refused: " + e.result().resource(), refusal(e.result()));
        } catch (InvalidFlagStateException e) {
            page((HttpServletResponse) response, 400, "This flag state cannot be saved",
                    "<p>" + html(e.getMessage()) + "</p><p>Nothing was changed.</p>");
        } catch (FlagStoreException e) {
            page((HttpServletResponse) response, 503, "The flags' database cannot be used",
                    "<p>" + html(e.getMessage()) + "</p><p>Nothing was changed.</p>");
        }
    }

    private static String refusal(FlipResult result) {
        StringBuilder rows = new StringBuilder();
        boolean forceable = true;
        for (ModeChange change : result.changes()) {
            forceable &= change.gate().forceable();
            for (GateCheck check : change.gate().checks()) {
                rows.append("<tr><td>").append(html(change.scope().namespace().orElse("all namespaces"))).append("</td><td>")
                        .append(html(change.from().toString())).append("</td><td>").append(html(change.to().toString()))
                        .append("</td><td>").append(html(check.name())).append("</td><td>").append(check.verdict().label())
                        .append("</td><td>").append(html(check.message())).append("</td><td>")
                        .append(html(check.figures().entrySet().stream().map(f -> f.getKey() + "=" + f.getValue())
                                .collect(Collectors.joining(", ")))).append("</td></tr>");
            }
        }
        return "<p>This save was refused (verdict: <b>" + result.verdict().label() + "</b>), so nothing was changed; "
                + "the attempt is in the audit log as refused, with these checks.</p>"
                + "<table border=\"1\" cellpadding=\"4\"><tr><th>namespace</th><th>from</th><th>to</th><th>check</th>"
                + "<th>verdict</th><th>why</th><th>figures</th></tr>" + rows + "</table>"
                + (forceable ? force(result.resource()) : "");
    }

    /** How to override the gate, for a refusal that may be forced. */
    private static String force(String resource) {
        return "<p>Every check but <code>mode-served</code> can be overridden with a reason, audited as forced: "
                + "go back and set <b>Force</b> to <code>yes</code> with a <b>Reason</b>, or "
                + "<code>java -jar migration-gateway.jar mode set " + html(resource)
                + " MODE [--namespace NS] --force --reason TEXT</code>, or <code>PUT /admin/resources/"
                + html(resource) + "/mode</code> with <code>\"force\": true</code>.</p>";
    }

    private static void page(HttpServletResponse response, int status, String title, String body) throws IOException {
        response.resetBuffer();
        response.setStatus(status);
        response.setContentType("text/html; charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(("<!doctype html><html><head><meta charset=\"utf-8\"><title>" + html(title)
                + "</title></head><body><h1>" + html(title) + "</h1>" + body
                + "<p><a href=\"index\">Back to the console</a></p></body></html>\n").getBytes(StandardCharsets.UTF_8));
    }

    static String html(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }
}
