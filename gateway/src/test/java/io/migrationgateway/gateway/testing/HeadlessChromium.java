package io.migrationgateway.gateway.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's headless chromium driven through its chromedriver, spoken to in the W3C WebDriver protocol over plain HTTP
 * (JSON by Jackson), so that a test can click through a page as an operator does without a WebDriver library. Like the
 * reports' browser test, it runs chromium as root without a sandbox and with its background network features off;
 * {@link #installed()} lets a test skip where chromium or chromedriver is missing.
 */
public final class HeadlessChromium implements AutoCloseable {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Pattern STARTED = Pattern.compile("started successfully on port (\\d+)");
    /** The key under which WebDriver returns an element's reference. */
    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process driver;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private final String session;

    private HeadlessChromium(Process driver, URI base, Path profile) throws IOException, InterruptedException {
        this.driver = driver;
        this.base = base;
        ObjectNode capabilities = JSON.createObjectNode();
        ObjectNode always = capabilities.putObject("capabilities").putObject("alwaysMatch");
        always.put("browserName", "chrome");
        ObjectNode options = always.putObject("goog:chromeOptions");
        options.put("binary", CHROMIUM.toString());
        options.set("args", JSON.valueToTree(List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--user-data-dir=" + profile)));
        this.session = call("POST", "/session", capabilities).path("value").path("sessionId").asText();
    }

    /** Whether chromium and chromedriver are installed (apt-get install -y chromium chromium-driver). */
    public static boolean installed() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    /** Starts chromedriver on a free loopback port and opens a browser with a fresh profile in {@code profile}. */
    public static HeadlessChromium start(Path profile) throws IOException, InterruptedException {
        Process driver = new ProcessBuilder(CHROMEDRIVER.toString(), "--port=0").redirectErrorStream(true).start();
        try {
            return new HeadlessChromium(driver, URI.create("http://127.0.0.1:" + port(driver)), profile);
        } catch (IOException | InterruptedException | RuntimeException e) {
            driver.descendants().forEach(ProcessHandle::destroyForcibly);
            driver.destroyForcibly();
            throw e;
        }
    }

    /** The port chromedriver says it listens on; the rest of its output is drained so that it never blocks. */
    private static int port(Process driver) throws IOException, InterruptedException {
        BufferedReader out = new BufferedReader(new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Integer> port = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    Matcher started = STARTED.matcher(line);
                    if (started.find()) {
                        Thread.ofVirtual().start(() -> out.lines().forEach(rest -> { }));
                        return Integer.parseInt(started.group(1));
                    }
                }
                throw new IllegalStateException("chromedriver stopped before it listened");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            return port.get(20, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("chromedriver did not start: " + e.getMessage(), e);
        }
    }

    /** Loads {@code url} and waits until it is loaded. */
    public void open(String url) throws IOException, InterruptedException {
        call("POST", "/session/" + session + "/url", JSON.createObjectNode().put("url", url));
    }

    /** The page's DOM as HTML, as it is now. */
    public String html() throws IOException, InterruptedException {
        return call("GET", "/session/" + session + "/source", null).path("value").asText();
    }

    /** The text the page shows, without markup. */
    public String text() throws IOException, InterruptedException {
        return onFresh(() -> call("GET", "/session/" + session + "/element/" + find("body") + "/text", null).path("value").asText());
    }

    /** Replaces the value of the input {@code css} selects with {@code text}, as typing does. */
    public void type(String css, String text) throws IOException, InterruptedException {
        onFresh(() -> {
            String element = find(css);
            call("POST", "/session/" + session + "/element/" + element + "/clear", JSON.createObjectNode());
            return call("POST", "/session/" + session + "/element/" + element + "/value", JSON.createObjectNode().put("text", text));
        });
    }

    /** Clicks what {@code css} selects, and waits for the page it loads, if any. */
    public void click(String css) throws IOException, InterruptedException {
        onFresh(() -> call("POST", "/session/" + session + "/element/" + find(css) + "/click", JSON.createObjectNode()));
    }

    /** Whether the checkbox {@code css} selects is ticked. */
    public boolean ticked(String css) throws IOException, InterruptedException {
        return onFresh(() -> call("GET", "/session/" + session + "/element/" + find(css) + "/selected", null).path("value").asBoolean());
    }

    /** A step on the page that may still be loading after a click: the element found can go stale, so find it again. */
    @FunctionalInterface
    private interface Step<T> {
        T run() throws IOException, InterruptedException;
    }

    private static <T> T onFresh(Step<T> step) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return step.run();
            } catch (IllegalStateException e) {
                if (attempt == 10 || !String.valueOf(e.getMessage()).contains("stale element")) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    private String find(String css) throws IOException, InterruptedException {
        JsonNode found = call("POST", "/session/" + session + "/element",
                JSON.createObjectNode().put("using", "css selector").put("value", css));
        return found.path("value").path(ELEMENT).asText();
    }

    private JsonNode call(String method, String path, JsonNode body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60));
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode answer = JSON.readTree(response.body());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("WebDriver " + method + " " + path + ": " + response.statusCode() + " "
                    + answer.path("value").path("message").asText(response.body()));
        }
        return answer;
    }

    @Override
    public void close() {
        try {
            call("DELETE", "/session/" + session, null);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the browser is stopped below all the same
        } finally {
            // a browser whose session never opened outlives its driver unless it is stopped itself
            driver.descendants().forEach(ProcessHandle::destroy);
            driver.destroy();
            try {
                if (!driver.waitFor(10, TimeUnit.SECONDS)) {
                    driver.destroyForcibly();
                }
            } catch (InterruptedException e) {
                driver.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** For a failing assertion: the page's address and what it shows. */
    public String where() {
        try {
            return call("GET", "/session/" + session + "/url", null).path("value").asText() + "\n" + text();
        } catch (IOException | InterruptedException | RuntimeException e) {
            return "(the page cannot be read: " + e.getMessage() + ")";
        }
    }
}
