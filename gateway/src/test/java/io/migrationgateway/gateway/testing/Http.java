package io.migrationgateway.gateway.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** A test's HTTP calls as a legacy client or a Resource API client makes them, over loopback. */
public final class Http {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newHttpClient();

    /** An answer: status, body text, and the response for its headers. */
    public record Answer(int status, String text, HttpResponse<String> response) {
        public JsonNode json() throws IOException {
            return JSON.readTree(text);
        }

        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }
    }

    public static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Sends {@code method} to {@code uri}; a body goes as JSON unless {@code headers} (name, value, ...) name a
     * {@code Content-Type}.
     */
    public Answer exchange(URI uri, String method, String authorization, String body, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        List<String> all = new ArrayList<>(List.of(headers));
        if (authorization != null) {
            all.addAll(List.of("Authorization", authorization));
        }
        boolean typed = false;
        for (int i = 0; i < headers.length; i += 2) {
            typed |= headers[i].equalsIgnoreCase("Content-Type");
        }
        if (body != null && !typed) {
            all.addAll(List.of("Content-Type", "application/json"));
        }
        if (!all.isEmpty()) {
            request.headers(all.toArray(String[]::new));
        }
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response.body(), response);
    }
}
