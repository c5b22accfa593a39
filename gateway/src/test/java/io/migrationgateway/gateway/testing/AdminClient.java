package io.migrationgateway.gateway.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.gateway.demo.Demo;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URLEncoder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Talks to a test gateway's admin port as an operator's browser or script would, with the admin credentials. Like a
 * browser it keeps cookies, so a console form goes back in the session its page was served to.
 */
public final class AdminClient {
    public static final String AUTHORIZATION = "Basic " + Base64.getEncoder().encodeToString(
            (TestGateway.ADMIN_USER + ":" + TestGateway.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CSRF = Pattern.compile("name=\"togglz_csrf\" value=\"([^\"]+)\"");

    private final String adminBase;
    private final String authorization;
    private final HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

    public AdminClient(TestGateway gateway) {
        this("http://127.0.0.1:" + gateway.adminPort(), AUTHORIZATION);
    }

    /** The admin API of a gateway started some other way (the demo), with its admin credentials. */
    public AdminClient(Gateway gateway, String user, String password) {
        this("http://127.0.0.1:" + gateway.adminAddress().getPort(), "Basic " + Base64.getEncoder().encodeToString(
                (user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }

    /** The admin API of a gateway in a process of its own. */
    public AdminClient(GatewayProcess gateway) {
        this(gateway.adminUri("").toString(), AUTHORIZATION);
    }

    /** The demo's admin API, with the admin password the demo made. */
    public static AdminClient of(Demo demo) {
        return new AdminClient(demo.gateway(), "admin", demo.credentials().gatewayAdminPassword());
    }

    /** {@link #forceMode} for every resource the gateway translates, as their default mode. */
    public void forceEveryResource(int mode) throws IOException, InterruptedException {
        for (JsonNode flag : getJson("/admin/resources").path("resources")) {
            forceMode(flag.path("resource").asText(), null, mode);
        }
    }

    private AdminClient(String adminBase, String authorization) {
        this.adminBase = adminBase;
        this.authorization = authorization;
    }

    private URI adminUri(String path) {
        return URI.create(adminBase + path);
    }

    /**
     * Puts {@code resource} in {@code mode} for {@code namespace} (null: its default), forced past the gates, as a test
     * that is not about the gates does.
     */
    public void forceMode(String resource, String namespace, int mode) throws IOException, InterruptedException {
        String body = "{\"mode\":" + mode + (namespace == null ? "" : ",\"namespace\":\"" + namespace + "\"")
                + ",\"force\":true,\"reason\":\"set by a test\"}";
        HttpResponse<String> response = put("/admin/resources/" + resource + "/mode", body);
        if (response.statusCode() != 200) {
            throw new AssertionError("setting " + resource + " to mode " + mode + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    /**
     * Runs a migration job ({@code copy}, {@code verify}, {@code reverse-copy}) of {@code resource} in every namespace
     * and waits for it to end.
     *
     * @return the job's last status, which says it succeeded
     */
    public JsonNode runJob(String kind, String resource) throws IOException, InterruptedException {
        HttpResponse<String> started = post("/admin/jobs", "{\"kind\":\"" + kind + "\",\"resource\":\"" + resource + "\"}");
        if (started.statusCode() / 100 != 2) {
            throw new AssertionError("the " + kind + " of " + resource + " was refused: " + started.body());
        }
        String id = JSON.readTree(started.body()).path("id").asText();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode status = getJson("/admin/jobs/" + id);
            String state = status.path("state").asText();
            if (!state.equals("running") && !state.equals("paused") && !state.equals("pending")) {
                if (!state.equals("succeeded")) {
                    throw new AssertionError("the " + kind + " of " + resource + " ended " + status);
                }
                return status;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the " + kind + " of " + resource + " did not finish in 2 minutes");
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(adminUri(path)).header("Authorization", authorization).GET().build());
    }

    /**
     * The sum of a metric's samples on {@code /metrics} (Prometheus text) whose line contains {@code labels} ("" for
     * every sample), 0 when there is none.
     */
    public double metricSum(String name, String labels) throws IOException, InterruptedException {
        return get("/metrics").body().lines().filter(line -> line.startsWith(name) && line.contains(labels))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    public JsonNode getJson(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = get(path);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    public HttpResponse<String> put(String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(adminUri(path)).header("Authorization", authorization)
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    public HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(adminUri(path)).header("Authorization", authorization)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    /**
     * A form POST as a browser sends it (the console's edit form), with more {@code headers} (name, value, ...) such
     * as the {@code Origin} a browser adds.
     */
    public HttpResponse<String> postForm(String path, Map<String, String> fields, String... headers) throws IOException, InterruptedException {
        String form = fields.entrySet().stream()
                .map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest.Builder request = HttpRequest.newBuilder(adminUri(path)).header("Authorization", authorization)
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return send(request.build());
    }

    /** The origin of the admin port as this client addresses it, which a browser sends as {@code Origin}. */
    public String origin() {
        return adminBase;
    }

    /**
     * The Togglz console's edit form for {@code resource} as a browser submits it: the mode strategy's parameters are
     * p1 (mode), p2 (namespace overrides), p3 (reason), p4 (force); a null {@code csrfToken} is left out.
     */
    public HttpResponse<String> consoleEdit(String csrfToken, String resource, String mode, String reason, String force)
            throws IOException, InterruptedException {
        return postForm("/togglz/edit", consoleEditForm(csrfToken, resource, mode, reason, force));
    }

    /** The fields {@link #consoleEdit} posts, for a test that sends them some other way. */
    public static Map<String, String> consoleEditForm(String csrfToken, String resource, String mode, String reason, String force) {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        if (csrfToken != null) {
            form.put("togglz_csrf", csrfToken);
        }
        form.put("f", resource);
        form.put("enabled", "enabled");
        form.put("strategy", "migration-mode");
        form.put("p1", mode);
        form.put("p2", "");
        form.put("p3", reason);
        form.put("p4", force);
        return form;
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
