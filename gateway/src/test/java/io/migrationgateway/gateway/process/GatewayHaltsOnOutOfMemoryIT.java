package io.migrationgateway.gateway.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.migrationgateway.gateway.testing.GatewayProcess;
import io.migrationgateway.gateway.testing.Http;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A gateway that runs out of memory inside a request stops, with {@link OutOfMemoryPolicy#EXIT_CODE} and its
 * line on stderr, so that its supervisor starts a fresh one instead of a half-dead one serving on. The gateway runs as
 * an operator starts it without {@code -XX:+ExitOnOutOfMemoryError} ({@code GatewayMain serve}), in a JVM of its own
 * with a {@value #HEAP_MB} MB heap, in front of a legacy host whose dashboard is {@value #DASHBOARD_MB} MB: the Resource
 * API's GET of that dashboard in mode 0 reads the legacy answer whole, through the legacy HTTP client, and the answer
 * does not fit.
 */
class GatewayHaltsOnOutOfMemoryIT {
    private static final int HEAP_MB = 48;
    private static final int DASHBOARD_MB = 256;
    private static final String DASHBOARD = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards/huge";

    private HttpServer legacy;
    private GatewayProcess gateway;

    @BeforeEach
    void start() throws Exception {
        legacy = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        legacy.setExecutor(Executors.newCachedThreadPool());
        legacy.createContext("/", GatewayHaltsOnOutOfMemoryIT::answer);
        legacy.start();
        gateway = GatewayProcess.start("http://127.0.0.1:" + legacy.getAddress().getPort(),
                List.of("-Xmx" + HEAP_MB + "m", "-XX:+UseG1GC"), Map.of());
    }

    @AfterEach
    void stop() throws Exception {
        gateway.close();
        legacy.stop(0);
    }

    /** Grafana's answers for any credentials (an Admin of org 1), and a dashboard far larger than the gateway's heap. */
    private static void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            switch (path) {
                case "/api/user" -> send(exchange, out, "{\"id\":1,\"login\":\"admin\",\"orgId\":1}");
                case "/api/user/orgs" -> send(exchange, out, "[{\"orgId\":1,\"name\":\"Main Org.\",\"role\":\"Admin\"}]");
                case "/api/dashboards/uid/huge" -> {
                    exchange.getResponseHeaders().set("Content-Type", "application/json");
                    exchange.sendResponseHeaders(200, 0);
                    out.write("{\"meta\":{},\"dashboard\":{\"uid\":\"huge\",\"title\":\"".getBytes(StandardCharsets.UTF_8));
                    byte[] title = new byte[1024 * 1024];
                    Arrays.fill(title, (byte) 'x');
                    for (int i = 0; i < DASHBOARD_MB; i++) {
                        out.write(title);
                    }
                    out.write("\"}}".getBytes(StandardCharsets.UTF_8));
                }
                default -> exchange.sendResponseHeaders(404, -1);
            }
        } catch (IOException gatewayGone) {
            // the gateway stopped reading: what this test expects of it
        }
    }

    private static void send(HttpExchange exchange, OutputStream out, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        out.write(body);
    }

    @Test
    void runningOutOfMemoryInARequestHaltsTheGatewayWithThePolicysExitCode() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        client.sendAsync(HttpRequest.newBuilder(gateway.uri(DASHBOARD)).header("Authorization", Http.basic("admin", "admin")).build(),
                HttpResponse.BodyHandlers.discarding()); // no answer is expected: the gateway stops

        OptionalInt exit = gateway.awaitExit(Duration.ofSeconds(90));

        assertThat(exit).as("the gateway's exit; it printed:\n" + gateway.output()).hasValue(OutOfMemoryPolicy.EXIT_CODE);
        assertThat(gateway.output()).containsPattern("(?m)^" + OutOfMemoryPolicy.LINE_PREFIX + ".*OutOfMemoryError");
    }
}
