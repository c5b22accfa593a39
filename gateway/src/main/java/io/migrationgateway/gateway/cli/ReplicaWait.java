package io.migrationgateway.gateway.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.config.ConfigLoader;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * After a flip, waits until every live replica serves the flag the flip left, as each reports it in the node registry
 * ({@code GET /admin/nodes}): a replica hears a flip within milliseconds, but one whose change listener has lost its
 * database only catches up at its next re-read, and the operator should know before calling the flip done.
 */
final class ReplicaWait {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long POLL_MILLIS = 100;

    /** The flag the flip left, as a replica reports serving it, and how to say it. */
    record Expected(String resource, JsonNode flag, String described) {
        /** From the admin API's answer to a flip; {@code shownAs} is the resource as the operator named it. */
        static Expected of(JsonNode flip, String shownAs, String namespace) {
            JsonNode state = flip.path("state");
            ServedFlag flag = new ServedFlag(state.path("enabled").asBoolean(), state.path("mode").asInt(),
                    state.path("namespaceOverrides").asText());
            return new Expected(flip.path("resource").asText(), JSON.valueToTree(flag), "mode "
                    + flip.path("changes").path(0).path("to").asText() + " for " + shownAs
                    + (namespace == null ? "" : " in " + namespace));
        }
    }

    /** The fields a node reports per resource, in {@code /admin/nodes}' {@code serves}. */
    private record ServedFlag(boolean enabled, int mode, String namespaceOverrides) {
    }

    /** {@code --wait}: a duration such as {@code 30s}, {@code 500ms} or {@code PT1M}; {@code 0} does not wait. */
    static final class Bound implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            Duration bound = "0".equals(value.strip()) ? Duration.ZERO : ConfigLoader.parseDuration(value);
            if (bound.isNegative()) {
                throw new CommandLine.TypeConversionException("'" + value + "' is negative");
            }
            return bound;
        }
    }

    private ReplicaWait() {
    }

    /**
     * Polls until every live replica serves {@code expected} or {@code bound} has passed; says which, and returns
     * whether they all do.
     */
    static boolean await(ModeCommand.AdminApi api, PrintWriter out, PrintWriter err, Expected expected, Duration bound)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        while (true) {
            HttpResponse<String> response = api.send("GET", "/admin/nodes", null);
            if (response.statusCode() != 200) {
                err.println("error: cannot tell which replicas serve " + expected.described() + ": /admin/nodes answered "
                        + response.statusCode());
                return false;
            }
            List<JsonNode> live = new ArrayList<>();
            List<JsonNode> behind = new ArrayList<>();
            for (JsonNode node : JSON.readTree(response.body())) {
                if (node.path("live").asBoolean()) {
                    live.add(node);
                    if (!expected.flag().equals(node.path("serves").path(expected.resource()))) {
                        behind.add(node);
                    }
                }
            }
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            if (behind.isEmpty()) {
                out.printf("all %d replicas serve %s after %s%n", live.size(), expected.described(), seconds(waited));
                out.flush();
                return true;
            }
            if (waited.compareTo(bound) >= 0) {
                for (JsonNode node : behind) {
                    err.printf("replica %s does not serve %s after %s: it serves %s (last heartbeat %s)%n",
                            node.path("nodeId").asText(), expected.described(), seconds(waited),
                            served(node.path("serves").path(expected.resource())), node.path("lastSeen").asText());
                }
                err.printf("%d of %d live replicas serve it; the flip itself is applied and audited%n",
                        live.size() - behind.size(), live.size());
                err.flush();
                return false;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static String served(JsonNode flag) {
        if (flag.isMissingNode()) {
            return "no flag for this resource";
        }
        return (flag.path("enabled").asBoolean() ? "mode " + flag.path("mode").asText() : "mode 0 (feature off)")
                + (flag.path("namespaceOverrides").asText().isEmpty() ? "" : ", overrides " + flag.path("namespaceOverrides").asText());
    }

    private static String seconds(Duration waited) {
        return String.format(Locale.ROOT, "%.1f s", waited.toMillis() / 1000.0);
    }
}
