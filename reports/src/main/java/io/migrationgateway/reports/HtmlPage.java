package io.migrationgateway.reports;

/**
 * The frame of every page operators read (the reports, the gateway's overview): one self-contained HTML document with
 * inline CSS, no script, nothing loaded from elsewhere.
 */
public final class HtmlPage {
    private static final String STYLE = """
            body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#1f2328;max-width:1200px}
            h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
            .meta{color:#59636e;margin:0 0 16px}
            table{border-collapse:collapse;margin:8px 0;width:100%}
            th,td{border:1px solid #d1d9e0;padding:4px 8px;text-align:left;vertical-align:top}
            th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}
            .bad{color:#b42318;font-weight:600}.good{color:#1a7f37;font-weight:600}
            code,pre{font:12px ui-monospace,SFMono-Regular,Menlo,monospace}pre{white-space:pre-wrap;margin:0;max-width:480px}
            svg.chart{border:1px solid #d1d9e0;background:#fff;max-width:100%;height:auto}
            svg.chart text{font-size:11px;fill:#59636e}.grid{stroke:#eef1f4}.axis{stroke:#8c959f}
            .series{fill:none;stroke:#0969da;stroke-width:2}.point{fill:#0969da}.bar{fill:#1a7f37}.bar.short{fill:#b42318}
            """;

    private HtmlPage() {
    }

    /**
     * A page titled {@code title} (text), with a line of {@code meta} (text) under the heading, and {@code body} (HTML).
     */
    public static String of(String title, String meta, String body) {
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
                + "content=\"width=device-width,initial-scale=1\"><title>" + Html.escape(title) + "</title><style>" + STYLE
                + "</style></head><body><h1>" + Html.escape(title) + "</h1><p class=\"meta\">" + Html.escape(meta) + "</p>" + body
                + "</body></html>";
    }

    /** {@code text} escaped for HTML. */
    public static String escape(String text) {
        return Html.escape(text);
    }
}
