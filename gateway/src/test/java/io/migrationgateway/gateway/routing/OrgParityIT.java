package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.testsupport.TestDatabase;
import io.undertow.Undertow;
import io.undertow.util.Headers;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The org a legacy request acts in, as the gateway reads it ({@link OrgContext}, on Undertow's decoding of the same
 * bytes) and as the legacy simulator does (Grafana's rules, answered by {@code GET /api/org}), for random
 * {@code targetOrgId} and {@code X-Grafana-Org-Id} values sent as raw bytes: wherever the gateway does not refuse a
 * value as unclear, the two act in the same org.
 */
class OrgParityIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    /** Raw query values: plain, signed, padded (escaped or as '+'), non-ASCII digits, out of range, repeated. */
    private static final String[] QUERY_VALUES = {"1", "2", "3", "0", "-1", "+2", "%2B2", "02", "%202", "2%20", "%092", "+2",
        "2+", "%D9%A2", "abc", "", "99999999999999999999", "1&targetOrgId=2", "2&targetOrgId=2", "2&targetOrgId=x"};
    /** Header values as sent; the HTTP parsers of both sides drop the spaces around a value. */
    private static final String[] HEADER_VALUES = {"1", "2", "3", "0", "-2", "+1", " 2 ", "2x", "02", "99999999999999999999"};

    private static String schema;
    private static LegacySim sim;
    private static Undertow gatewaySide;
    private static int gatewayPort;

    @BeforeAll
    static void start() {
        schema = TestDatabase.newSchema();
        sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), schema, ADMIN_PASSWORD,
                "glsa_orgparity0123456789abcdefgh_5eed5eed", true));
        gatewaySide = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(exchange -> {
            String reading = switch (OrgContext.named(exchange)) {
                case OrgContext.Named.Org org -> "org " + org.id();
                case OrgContext.Named.None none -> "none";
                case OrgContext.Named.Unclear unclear -> "unclear";
            };
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
            exchange.getResponseSender().send(reading);
        }).build();
        gatewaySide.start();
        gatewayPort = ((InetSocketAddress) gatewaySide.getListenerInfo().getFirst().getAddress()).getPort();
    }

    @AfterAll
    static void stop() {
        if (gatewaySide != null) {
            gatewaySide.stop();
        }
        if (sim != null) {
            sim.close();
        }
        TestDatabase.dropSchema(schema);
    }

    @Test
    void whereTheGatewayReadsAnOrgTheLegacySideActsInTheSameOne() throws Exception {
        Random random = new Random(20261128);
        ObjectMapper json = new ObjectMapper();
        List<String> disagreements = new ArrayList<>();
        int compared = 0;
        int refused = 0;
        for (int i = 0; i < 300; i++) {
            String query = random.nextInt(4) == 0 ? null : QUERY_VALUES[random.nextInt(QUERY_VALUES.length)];
            List<String> headers = new ArrayList<>();
            for (int h = random.nextInt(5) == 0 ? 2 : random.nextInt(2); h > 0; h--) {
                headers.add(HEADER_VALUES[random.nextInt(HEADER_VALUES.length)]);
            }
            String target = "/api/org" + (query == null ? "" : "?targetOrgId=" + query);

            String reading = body(send(gatewayPort, target, headers));
            if (reading.equals("unclear")) {
                refused++;
                continue;
            }
            compared++;
            long org = reading.equals("none") ? 1 : Long.parseLong(reading.substring(4)); // admin's current org is 1
            String answer = send(java.net.URI.create(sim.baseUrl()).getPort(), target, headers);
            int status = Integer.parseInt(answer.substring(9, 12));
            boolean agrees = org <= 2 ? status == 200 && json.readTree(body(answer)).path("id").asLong() == org : status == 401;
            if (!agrees) {
                disagreements.add(target + " " + headers + ": gateway " + reading + ", legacy " + answer.lines().findFirst().orElse("")
                        + " " + body(answer));
            }
        }

        assertThat(disagreements).isEmpty();
        assertThat(compared).as("values both read").isGreaterThan(150);
        assertThat(refused).as("values the gateway refuses as unclear").isGreaterThan(10);
    }

    /** The whole answer to a GET sent as raw bytes, on a connection of its own. */
    private static String send(int port, String target, List<String> orgHeaders) throws Exception {
        StringBuilder request = new StringBuilder("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + ADMIN
                + "\r\nConnection: close\r\n");
        orgHeaders.forEach(value -> request.append("X-Grafana-Org-Id: ").append(value).append("\r\n"));
        request.append("\r\n");
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String body(String answer) {
        int start = answer.indexOf("\r\n\r\n");
        return start < 0 ? "" : answer.substring(start + 4);
    }
}
