package io.migrationgateway.gateway.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.config.GatewayVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/**
 * {@code mode get|set}: reads and flips migration modes through a running gateway's admin API, so a flip from the
 * command line passes the same gate and lands in the same audit log as one from the console. Exit codes: 0 done,
 * 1 refused by the gate (also a dry run the gate would refuse), 2 bad usage, unknown resource or credentials
 * refused, 3 admin API unreachable or failing, 4 a flip applied that not every live replica serves within {@code --wait}.
 */
@Command(name = "mode", mixinStandardHelpOptions = true,
        description = "Show or change the migration mode (0-5) of a resource, through a running gateway's admin API.",
        subcommands = {ModeCommand.GetCommand.class, ModeCommand.SetCommand.class})
public final class ModeCommand implements Runnable {
    /** How a resource can be named, in every command that takes one; the admin API resolves it. */
    static final String RESOURCE_NAMES = "Its plural, singular, short name or kind as kubectl takes them (dashboards, dashboard, "
            + "dash, Dashboard) or plural.group (dashboards.dashboard.grafana.app).";

    static final int REFUSED = 1;
    static final int USAGE = 2;
    static final int UNREACHABLE = 3;
    static final int NOT_SERVED = 4;
    private static final ObjectMapper JSON = new ObjectMapper();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private AdminApi api;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The admin API's HTTP client, made at the first call: picocli makes an {@link AdminApi} for every command that
     * talks to it when it builds the command tree, in every process, the gateway's own {@code serve} included, and an
     * {@link HttpClient} starts a selector thread as it is made (ten idle threads in every gateway, when each AdminApi had
     * its own).
     */
    private static final class Http {
        static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    /**
     * Where the admin API is and how to log in to it; inherited by a command's subcommands, so that these options may
     * come before or after the subcommand's name.
     */
    static final class AdminApi {
        @Option(names = "--admin-url", paramLabel = "URL", defaultValue = "http://127.0.0.1:8081", scope = ScopeType.INHERIT,
                description = "The gateway's admin port (default ${DEFAULT-VALUE}).")
        URI url;

        @Option(names = "--admin-user", defaultValue = "admin", scope = ScopeType.INHERIT,
                description = "Admin user (default ${DEFAULT-VALUE}).")
        String user;

        @Option(names = "--admin-password", defaultValue = "${env:MGW_ADMIN_PASSWORD}", scope = ScopeType.INHERIT,
                description = "Admin password; the environment variable MGW_ADMIN_PASSWORD is read when this is not given.")
        String password;

        HttpResponse<String> send(String method, String path, String body) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(url.resolve(path))
                    .timeout(Duration.ofSeconds(30))
                    .header("Accept", "application/json")
                    .header("User-Agent", "migration-gateway-cli/" + GatewayVersion.current())
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            if (body != null) {
                request.header("Content-Type", "application/json");
            }
            if (password != null && !password.isEmpty()) {
                request.header("Authorization", "Basic " + Base64.getEncoder()
                        .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
            }
            return Http.CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }

        /** Runs a call, turning transport failures, refused credentials and server errors into a message and exit code. */
        int call(PrintWriter err, Call call) {
            try {
                return call.run();
            } catch (IOException e) {
                err.println("error: cannot reach the admin API at " + url + " (" + StartupFailure.rootMessage(e)
                        + "); is the gateway running, and is --admin-url its admin port?");
                return UNREACHABLE;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return UNREACHABLE;
            } catch (IllegalArgumentException e) {
                err.println("error: " + e.getMessage());
                return USAGE;
            }
        }

        /** The exit code for an answer that is not a success or a refusal, after saying why. */
        int failure(PrintWriter err, HttpResponse<String> response) {
            if (response.statusCode() == 401) {
                err.println("error: the admin API refused the credentials of user '" + user
                        + "': give --admin-password or set MGW_ADMIN_PASSWORD");
                return USAGE;
            }
            err.println("error: the admin API answered " + response.statusCode() + ": " + message(response.body()));
            return response.statusCode() >= 500 ? UNREACHABLE : USAGE;
        }
    }

    @FunctionalInterface
    interface Call {
        int run() throws IOException, InterruptedException;
    }

    /** {@code mode get [RESOURCE]}. */
    @Command(name = "get", mixinStandardHelpOptions = true,
            description = "Show the mode serving each namespace of every resource (or of RESOURCE, with the next step's gate checks).")
    static final class GetCommand implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @CommandLine.ParentCommand
        private ModeCommand parent;

        @Parameters(index = "0", arity = "0..1", paramLabel = "RESOURCE", completionCandidates = ResourceCandidates.class,
                description = RESOURCE_NAMES)
        private String resource;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            AdminApi api = parent.api;
            return api.call(err, () -> {
                HttpResponse<String> response = api.send("GET", "/admin/resources"
                        + (resource == null ? "" : "?resource=" + URLEncoder.encode(resource, StandardCharsets.UTF_8)), null);
                if (response.statusCode() != 200) {
                    return api.failure(err, response);
                }
                out.printf("%-34s %-16s %-18s %s%n", "RESOURCE", "NAMESPACE", "MODE", "NEXT STEP");
                for (JsonNode flag : JSON.readTree(response.body()).path("resources")) {
                    printFlag(out, flag, resource != null);
                }
                out.flush();
                return 0;
            });
        }

        private static void printFlag(PrintWriter out, JsonNode flag, boolean withChecks) {
            String name = flag.path("resource").asText();
            for (JsonNode scope : flag.path("serving")) {
                JsonNode next = scope.path("next");
                out.printf("%-34s %-16s %-18s %s%n", name, namespace(scope), scope.path("mode").asText() + " " + scope.path("label").asText(),
                        next.isObject() ? next.path("mode").asText() + " " + next.path("label").asText() + ": "
                                + next.path("verdict").asText() : "-");
                if (withChecks && next.isObject()) {
                    printChecks(out, next.path("checks"));
                }
                name = "";
            }
            if (!flag.path("enabled").asBoolean()) {
                out.printf("%-34s (feature off: every namespace is served in mode 0)%n", "");
            }
            if (withChecks) {
                out.println();
                out.printf("  %-56s %-44s %-44s %s%n", "OPERATION", "ANSWERED BY (DEFAULT MODE)", "IN THE NEXT MODE UP",
                        "CALLS (LAST DAY)");
                for (JsonNode operation : flag.path("operations")) {
                    out.printf("  %-56s %-44s %-44s %s%n", operation.path("operation").asText(), operation.path("now").asText(),
                            operation.path("next").asText(), operation.path("callsLastDay").asText("?"));
                }
            }
        }
    }

    /** {@code mode set RESOURCE MODE [--namespace NS] --reason TEXT [--force] [--dry-run]}. */
    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Put a resource (or one namespace of it) in a mode, through the gate; every attempt is audited.",
                    "Prints the gate's checks, then waits until every live replica serves the new mode (see --wait).",
                    "Exit 0 done, 1 refused by the gate, 2 bad usage or credentials, 3 admin API unreachable, "
                            + "4 applied but not served by every live replica within --wait."})
    static final class SetCommand implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @CommandLine.ParentCommand
        private ModeCommand parent;

        @Parameters(index = "0", paramLabel = "RESOURCE", completionCandidates = ResourceCandidates.class, description = RESOURCE_NAMES)
        private String resource;

        @Parameters(index = "1", paramLabel = "MODE", completionCandidates = ModeCandidates.class,
                description = "0-5 or its name: legacy, shadow, dual-write, unified-read, unified-only, legacy-retired.")
        private String mode;

        @Option(names = "--namespace", paramLabel = "NS", description = "Only this namespace (such as org-2); "
                + "without it, every namespace that has no override of its own.")
        private String namespace;

        @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why; written to the audit log.")
        private String reason;

        @Option(names = "--force", description = "Apply it even if the gate does not pass (audited as forced).")
        private boolean force;

        @Option(names = "--dry-run", description = "Only show what the gate says; change nothing.")
        private boolean dryRun;

        @Option(names = "--wait", paramLabel = "DURATION", defaultValue = "30s", converter = ReplicaWait.Bound.class,
                description = "How long to wait for every live replica to serve the new mode, such as 30s or 2m; 0 does not "
                        + "wait (default ${DEFAULT-VALUE}).")
        private Duration wait;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            AdminApi api = parent.api;
            return api.call(err, () -> {
                ObjectNode body = JSON.createObjectNode();
                if (mode.chars().allMatch(Character::isDigit)) {
                    body.put("mode", Integer.parseInt(mode));
                } else {
                    body.put("mode", mode);
                }
                if (namespace != null) {
                    body.put("namespace", namespace);
                }
                body.put("reason", reason).put("force", force).put("dryRun", dryRun);
                HttpResponse<String> response = api.send("PUT", "/admin/resources/"
                        + URLEncoder.encode(resource, StandardCharsets.UTF_8) + "/mode", JSON.writeValueAsString(body));
                if (response.statusCode() != 200 && response.statusCode() != 409) {
                    return api.failure(err, response);
                }
                JsonNode result = JSON.readTree(response.body());
                printResult(out, result);
                out.flush();
                boolean passes = "pass".equals(result.path("verdict").asText());
                if (response.statusCode() == 409 || (dryRun && !passes)) {
                    return REFUSED;
                }
                boolean changed = result.path("applied").asBoolean() && !result.path("changes").isEmpty();
                if (changed && !wait.isZero()
                        && !ReplicaWait.await(api, out, err, ReplicaWait.Expected.of(result, resource, namespace), wait)) {
                    return NOT_SERVED;
                }
                return 0;
            });
        }

        private static void printResult(PrintWriter out, JsonNode result) {
            String outcome = result.path("dryRun").asBoolean() ? "DRY RUN" : result.path("applied").asBoolean() ? "APPLIED" : "REFUSED";
            out.printf("%s (verdict: %s)%n", outcome, result.path("verdict").asText());
            if (result.path("changes").isEmpty()) {
                out.println("  nothing to change: that is already the mode");
            }
            for (JsonNode change : result.path("changes")) {
                out.printf("  %s, %s: %s -> %s: %s%s%n", result.path("resource").asText(), namespace(change),
                        change.path("from").asText(), change.path("to").asText(), change.path("verdict").asText(),
                        change.path("forced").asBoolean() ? " (forced)" : "");
                printChecks(out, change.path("checks"));
            }
            if ("REFUSED".equals(outcome)) {
                out.println("Nothing was changed; the attempt is in the audit log. Where the gate allows it, --force with a "
                        + "--reason overrides it (audited as forced).");
            }
        }
    }

    private static String namespace(JsonNode node) {
        return node.path("namespace").isTextual() ? node.path("namespace").asText() : "(all)";
    }

    private static void printChecks(PrintWriter out, JsonNode checks) {
        for (JsonNode check : checks) {
            StringBuilder figures = new StringBuilder();
            for (Iterator<Map.Entry<String, JsonNode>> it = check.path("figures").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> figure = it.next();
                figures.append(figures.isEmpty() ? " [" : ", ").append(figure.getKey()).append('=').append(figure.getValue().asText());
            }
            out.printf("      %-18s %-13s %s%s%n", check.path("name").asText(), check.path("verdict").asText(),
                    check.path("message").asText(), figures.isEmpty() ? "" : figures.append(']'));
        }
    }

    private static String message(String body) {
        try {
            JsonNode node = JSON.readTree(body);
            return node.path("message").isTextual() ? node.path("message").asText() : body;
        } catch (IOException e) {
            return body;
        }
    }
}
