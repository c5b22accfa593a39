package io.migrationgateway.gateway.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.demo.Ladder.Flip;
import io.migrationgateway.gateway.demo.Ladder.Job;
import io.migrationgateway.gateway.demo.Ladder.Step;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * {@code demo --tour}: runs the {@link Ladder} against a running demo through the admin API that {@code mode set} and
 * {@code migrate} call, narrating each step and what the overview then shows for playlists. A step that fails stops
 * the tour with the gate's or the job's message; the demo keeps running either way.
 */
public final class Tour {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration POLL = Duration.ofMillis(250);

    private final Demo demo;
    private final PrintWriter out;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public Tour(Demo demo, PrintWriter out) {
        this.demo = demo;
        this.out = out;
    }

    /** What a step did, in a line, and whether the tour may go on. */
    private record Outcome(boolean passed, String summary) {
    }

    /** Runs every step until one fails; true when playlists ended in mode 4. */
    public boolean run() {
        out.println("Tour: " + Ladder.RESOURCE + " from mode 0 to mode 4 through the gate, never forced; `migrate compare` earns"
                + " the gate's shadow check without traffic.");
        List<Step> steps = Ladder.STEPS;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String label = "[" + (i + 1) + "/" + steps.size() + "] " + describe(step);
            Outcome outcome;
            try {
                outcome = switch (step) {
                    case Flip flip -> flip(flip);
                    case Job job -> job(job);
                };
                if (outcome.passed()) {
                    outcome = new Outcome(true, outcome.summary() + "\n      overview: " + overview());
                }
            } catch (IOException e) {
                outcome = new Outcome(false, "the demo did not answer as expected: "
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                outcome = new Outcome(false, "interrupted");
            }
            out.println(label + "\n      " + outcome.summary());
            out.flush();
            if (!outcome.passed()) {
                out.println("Tour stopped at step " + (i + 1) + "; the demo keeps running, and the commands above go on from here.");
                out.flush();
                return false;
            }
        }
        out.println("Tour done: " + Ladder.RESOURCE + " are in mode 4 (unified-only), every flip unforced; the audit log is at "
                + demo.adminUrl() + "/admin/audit. The demo keeps running.");
        out.flush();
        return true;
    }

    private static String describe(Step step) {
        return "mgw " + step.command();
    }

    private Outcome flip(Flip flip) throws IOException, InterruptedException {
        String body = JSON.createObjectNode().put("mode", flip.mode()).put("reason", flip.reason()).put("force", false)
                .put("dryRun", false).toString();
        HttpResponse<String> response = admin("PUT", "/admin/resources/" + Ladder.RESOURCE + "/mode", body);
        if (response.statusCode() != 200 && response.statusCode() != 409) {
            return unexpected(response);
        }
        JsonNode result = JSON.readTree(response.body());
        List<String> passed = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        for (JsonNode change : result.path("changes")) {
            for (JsonNode check : change.path("checks")) {
                if (check.path("verdict").asText().equals("pass")) {
                    passed.add(check.path("name").asText());
                } else {
                    refusals.add(check.path("name").asText() + " " + check.path("verdict").asText() + ": " + check.path("message").asText());
                }
            }
        }
        if (!result.path("applied").asBoolean()) {
            return new Outcome(false, "refused by the gate: " + (refusals.isEmpty() ? result.path("message").asText()
                    : String.join("; ", refusals)));
        }
        return new Outcome(true, "applied, unforced; " + (passed.isEmpty() ? "the gate has no checks on this step"
                : "the gate's checks passed: " + String.join(", ", passed)));
    }

    private Outcome job(Job job) throws IOException, InterruptedException {
        String body = JSON.createObjectNode().put("kind", job.kind()).put("resource", Ladder.RESOURCE).toString();
        HttpResponse<String> started = admin("POST", "/admin/jobs", body);
        if (started.statusCode() != 201) {
            return unexpected(started);
        }
        long id = JSON.readTree(started.body()).path("id").asLong();
        JsonNode state;
        do {
            Thread.sleep(POLL.toMillis());
            HttpResponse<String> polled = admin("GET", "/admin/jobs/" + id, null);
            if (polled.statusCode() != 200) {
                return unexpected(polled);
            }
            state = JSON.readTree(polled.body());
        } while (state.path("state").asText().equals("running"));
        boolean passed = state.path("state").asText().equals("succeeded")
                && (job.kind().equals("copy") || !state.path("differences").asBoolean());
        String message = state.path("message").asText();
        if (job.kind().equals("compare")) {
            // the compare's comparisons are stored before it ends, so the gate's shadow check already counts them
            JsonNode shadow = nextStepCheck("shadow-comparison");
            return new Outcome(passed, "job " + id + " " + state.path("state").asText() + ": " + message + "\n      shadow check "
                    + shadow.path("verdict").asText() + ": " + shadow.path("message").asText());
        }
        JsonNode c = state.path("counts");
        String counts = job.kind().equals("copy")
                ? String.format(Locale.ROOT, "processed %d, created %d, updated %d, unchanged %d", c.path("processed").asLong(),
                        c.path("created").asLong(), c.path("updated").asLong(), c.path("unchanged").asLong())
                : String.format(Locale.ROOT, "processed %d: matching %d, mismatched %d, missing %d, extra %d", c.path("processed").asLong(),
                        c.path("matching").asLong(), c.path("mismatched").asLong(), c.path("missing").asLong(), c.path("extra").asLong());
        return new Outcome(passed, "job " + id + " " + state.path("state").asText() + ": " + counts + (message.isEmpty() ? "" : " (" + message + ")"));
    }

    /** The playlists row of the overview: mode, and the gate's verdict on the next mode with each check's verdict. */
    private String overview() throws IOException, InterruptedException {
        JsonNode scope = playlistsScope();
        JsonNode next = scope.path("next");
        String mode = "mode " + scope.path("mode").asText() + " " + scope.path("label").asText();
        if (!next.isObject()) {
            return mode + ", top of the ladder";
        }
        String checks = next.path("checks").isEmpty() ? "" : " (" + stream(next.path("checks"))
                .map(check -> check.path("name").asText() + " " + check.path("verdict").asText()).collect(Collectors.joining(", ")) + ")";
        return mode + "; next " + next.path("mode").asText() + " " + next.path("label").asText() + ": "
                + next.path("verdict").asText() + checks;
    }

    private JsonNode nextStepCheck(String name) throws IOException, InterruptedException {
        return stream(playlistsScope().path("next").path("checks")).filter(check -> check.path("name").asText().equals(name))
                .findFirst().orElse(JSON.createObjectNode().put("verdict", "missing").put("message", "the gate has no " + name + " check"));
    }

    /** The scope of every namespace without an override of its own: the one the tour's flips change. */
    private JsonNode playlistsScope() throws IOException, InterruptedException {
        HttpResponse<String> response = admin("GET", "/admin/resources?resource=" + Ladder.RESOURCE, null);
        if (response.statusCode() != 200) {
            throw new IOException("the admin API answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body()).path("resources").path(0).path("serving").path(0);
    }

    private static Stream<JsonNode> stream(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false);
    }

    private static Outcome unexpected(HttpResponse<String> response) {
        String message = response.body();
        try {
            JsonNode body = JSON.readTree(response.body());
            if (body != null && body.path("message").isTextual()) {
                message = body.path("message").asText();
            }
        } catch (IOException notJson) {
            // the body as it came says what went wrong as well as anything
        }
        return new Outcome(false, "the admin API answered " + response.statusCode() + ": " + message);
    }

    private HttpResponse<String> admin(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(demo.adminUrl() + path)).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json")
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        ("admin:" + demo.credentials().gatewayAdminPassword()).getBytes(StandardCharsets.UTF_8)))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
