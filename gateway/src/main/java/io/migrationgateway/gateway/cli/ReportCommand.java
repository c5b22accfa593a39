package io.migrationgateway.gateway.cli;

import io.migrationgateway.gateway.reports.GatewayReports;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code report shadow|dual-write|verification ... --format html|json|csv --out FILE}: a report from a running
 * gateway's admin API, written to a file (or {@code -} for standard output). Exit codes as {@code mode}'s: 0 written,
 * 2 bad usage or credentials refused, 3 admin API unreachable or failing.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write the shadow comparison, dual-write or verification report of a running gateway to a file.")
public final class ReportCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private ModeCommand.AdminApi api;

    @Parameters(index = "0", paramLabel = "REPORT", description = "shadow, dual-write or verification.")
    private String kind;

    @Option(names = "--resource", paramLabel = "R", completionCandidates = ResourceCandidates.class,
            description = "Only this resource (repeatable); its plural, singular, short name, kind or plural.group.")
    private List<String> resources = new ArrayList<>();

    @Option(names = "--namespace", paramLabel = "NS", description = "Only this namespace (repeatable), such as default or org-2.")
    private List<String> namespaces = new ArrayList<>();

    @Option(names = "--since", paramLabel = "T", defaultValue = "24h",
            description = "Start of the window: a time ago (90m, 24h, 7d) or an instant (2026-11-20T00:00:00Z); default ${DEFAULT-VALUE}.")
    private String since;

    @Option(names = "--until", paramLabel = "T", description = "End of the window (an instant); default now.")
    private String until;

    @Option(names = "--format", defaultValue = "html", description = "html, json or csv (default ${DEFAULT-VALUE}).")
    private String format;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where to write it; - for standard output.")
    private String out;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!GatewayReports.KINDS.contains(kind)) {
            err.println("error: no report '" + kind + "'; reports: " + String.join(", ", GatewayReports.KINDS));
            return ModeCommand.USAGE;
        }
        return api.call(err, () -> {
            HttpResponse<String> response = api.send("GET", "/admin/reports/" + kind + "?" + query(), null);
            if (response.statusCode() != 200) {
                return api.failure(err, response);
            }
            write(response.body(), err);
            return 0;
        });
    }

    private String query() {
        StringBuilder query = new StringBuilder("format=").append(encode(format)).append("&since=").append(encode(since));
        if (until != null) {
            query.append("&until=").append(encode(until));
        }
        resources.forEach(resource -> query.append("&resource=").append(encode(resource)));
        namespaces.forEach(namespace -> query.append("&namespace=").append(encode(namespace)));
        return query.toString();
    }

    private void write(String report, PrintWriter err) throws IOException {
        if (out.equals("-")) {
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.print(report);
            stdout.flush();
            return;
        }
        Path file = Path.of(out);
        Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".report-", ".tmp");
        try {
            Files.writeString(temporary, report, StandardCharsets.UTF_8);
            Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
        err.println("wrote the " + kind + " report to " + file);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
