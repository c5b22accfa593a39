package io.migrationgateway.gateway.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Talks to a test gateway's admin port as an operator's browser or script would, with the admin credentials. */
public final class AdminClient {
    public static final String AUTHORIZATION = "Basic " + Base64.getEncoder().encodeToString(
            (TestGateway.ADMIN_USER + ":" + TestGateway.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CSRF = Pattern.compile("name=\"togglz_csrf\" value=\"([^\"]+)\"");

    private final TestGateway gateway;
    private final HttpClient client = HttpClient.newHttpClient();

    public AdminClient(TestGateway gateway) {
        this.gateway = gateway;
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(gateway.adminUri(path)).header("Authorization", AUTHORIZATION).GET().build());
    }

    public JsonNode getJson(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = get(path);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    public HttpResponse<String> put(String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(gateway.adminUri(path)).header("Authorization", AUTHORIZATION)
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    /** A form POST as a browser sends it (the console's edit form). */
    public HttpResponse<String> postForm(String path, Map<String, String> fields) throws IOException, InterruptedException {
        String form = fields.entrySet().stream()
                .map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(gateway.adminUri(path)).header("Authorization", AUTHORIZATION)
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build());
    }

    /** The CSRF token the console's index page hands out, as a browser would find it in the page's forms. */
    public String consoleCsrfToken() throws IOException, InterruptedException {
        HttpResponse<String> index = get("/togglz/index");
        Matcher token = CSRF.matcher(index.body());
        if (index.statusCode() != 200 || !token.find()) {
            throw new AssertionError("no CSRF token on /togglz/index (" + index.statusCode() + ")");
        }
        return token.group(1);
    }

    /** The mode serving {@code namespace} (null: every namespace without an override) of {@code resource}, per GET /admin/resources. */
    public int mode(String resource, String namespace) throws IOException, InterruptedException {
        for (JsonNode flag : getJson("/admin/resources").path("resources")) {
            if (flag.path("resource").asText().equals(resource)) {
                for (JsonNode scope : flag.path("serving")) {
                    JsonNode name = scope.path("namespace");
                    if (namespace == null ? name.isNull() : namespace.equals(name.asText())) {
                        return scope.path("mode").asInt();
                    }
                }
                return flag.path("serving").get(0).path("mode").asInt(); // no override: the default
            }
        }
        throw new AssertionError("no flag for " + resource);
    }

    private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
