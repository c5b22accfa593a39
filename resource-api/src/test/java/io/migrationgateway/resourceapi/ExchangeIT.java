package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.ADMIN;
import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How an exchange goes through the handler: the body is received before the steps run (whole, under the cap,
 * however it arrives), the answer is sent once they are done, and the connection then serves the next request.
 */
class ExchangeIT {
    static final int CAP = 4096;

    static ApiServer server;

    @BeforeAll
    static void start() {
        server = new ApiServer(ResourceApiSettings.defaults().withMaxBodyBytes(CAP));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String dashboard(String name, String title) {
        return "{\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"title\":\"" + title + "\"}}";
    }

    /** A body of unknown length: the client sends it chunked. */
    static HttpResponse<String> postChunked(String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(server.uri(DASHBOARDS)).timeout(Duration.ofSeconds(20))
                .header("Authorization", ADMIN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8))))
                .build();
        return server.http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void chunkedBodyUnderTheCapIsReceived() throws Exception {
        HttpResponse<String> response = postChunked(dashboard("exchange-chunked", "x".repeat(CAP / 2)));
        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(ApiServer.JSON.readTree(response.body()).path("spec").path("title").asText()).hasSize(CAP / 2);
    }

    @Test
    void chunkedBodyOverTheCapIsTooLarge() throws Exception {
        HttpResponse<String> response = postChunked(dashboard("exchange-chunked-big", "x".repeat(CAP)));
        assertThat(response.statusCode()).isEqualTo(413);
        JsonNode status = ApiServer.JSON.readTree(response.body());
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("reason").asText()).isEqualTo("RequestEntityTooLarge");
        assertThat(status.path("message").asText()).isEqualTo("Request entity too large: limit is " + CAP);
        assertThat(server.get(DASHBOARDS + "/exchange-chunked-big").status()).isEqualTo(404);
    }

    @Test
    void oversizedBodyIsRefusedOnlyAfterTheCredentials() {
        String big = dashboard("exchange-big-anonymous", "x".repeat(CAP));
        assertThat(server.send("POST", DASHBOARDS, null, "application/json", big).status()).isEqualTo(401);
        assertThat(server.send("POST", DASHBOARDS, ADMIN, "application/json", big).status()).isEqualTo(413);
    }

    @Test
    void bodyArrivingAfterTheHeadersIsAwaited() throws Exception {
        byte[] body = dashboard("exchange-slow", "Slow").getBytes(StandardCharsets.UTF_8);
        try (Connection connection = new Connection()) {
            connection.write("POST " + DASHBOARDS + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + ADMIN
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n");
            Thread.sleep(200);
            connection.write(new String(body, 0, 10, StandardCharsets.UTF_8));
            Thread.sleep(200);
            connection.write(new String(body, 10, body.length - 10, StandardCharsets.UTF_8));
            RawResponse created = connection.read();
            assertThat(created.status()).isEqualTo(201);
            assertThat(ApiServer.JSON.readTree(created.body()).path("spec").path("title").asText()).isEqualTo("Slow");
        }
    }

    @Test
    void connectionServesRequestAfterRequest() throws Exception {
        server.createDashboard("exchange-keepalive", "Kept");
        try (Connection connection = new Connection()) {
            for (int i = 0; i < 3; i++) {
                connection.write("GET " + DASHBOARDS + "/exchange-keepalive HTTP/1.1\r\nHost: localhost\r\n"
                        + "Authorization: " + ADMIN + "\r\n\r\n");
                RawResponse read = connection.read();
                assertThat(read.status()).isEqualTo(200);
                assertThat(ApiServer.JSON.readTree(read.body()).path("spec").path("title").asText()).isEqualTo("Kept");
                // an error answer keeps the connection too
                connection.write("GET " + DASHBOARDS + "/exchange-missing HTTP/1.1\r\nHost: localhost\r\n"
                        + "Authorization: " + ADMIN + "\r\n\r\n");
                assertThat(connection.read().status()).isEqualTo(404);
            }
        }
    }

    @Test
    void headAnswersTheLengthWithoutTheBody() throws Exception {
        try (Connection connection = new Connection()) {
            connection.write("HEAD /version HTTP/1.1\r\nHost: localhost\r\n\r\n");
            RawResponse head = connection.read(false);
            assertThat(head.status()).isEqualTo(200);
            assertThat(Integer.parseInt(head.headers().get("content-length"))).isPositive();
            assertThat(head.body()).isEmpty();
            connection.write("GET /version HTTP/1.1\r\nHost: localhost\r\n\r\n");
            RawResponse get = connection.read();
            assertThat(get.status()).isEqualTo(200);
            assertThat(get.body()).hasSize(Integer.parseInt(head.headers().get("content-length")));
        }
    }

    record RawResponse(int status, Map<String, String> headers, byte[] body) {
    }

    /** One keep-alive connection, written and read by hand. */
    static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;

        Connection() throws IOException {
            socket = new Socket("127.0.0.1", server.port);
            socket.setSoTimeout(20_000);
            out = socket.getOutputStream();
            in = socket.getInputStream();
        }

        void write(String text) throws IOException {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        RawResponse read() throws IOException {
            return read(true);
        }

        /** An answer framed by its {@code Content-Length}; with {@code withBody} false, its head only. */
        RawResponse read(boolean withBody) throws IOException {
            String statusLine = line();
            Map<String, String> headers = new TreeMap<>();
            for (String header = line(); !header.isEmpty(); header = line()) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
            }
            byte[] body = withBody ? in.readNBytes(Integer.parseInt(headers.get("content-length"))) : new byte[0];
            return new RawResponse(Integer.parseInt(statusLine.split(" ")[1]), headers, body);
        }

        private String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new IOException("connection closed");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
