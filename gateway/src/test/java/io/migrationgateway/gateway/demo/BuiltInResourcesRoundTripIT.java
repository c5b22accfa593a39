package io.migrationgateway.gateway.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Cli.Run;
import io.migrationgateway.gateway.testing.Cli;
import io.migrationgateway.gateway.testing.Http;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every built-in resource goes from mode 0 to mode 4 and back to 0 on the real demo, unforced, with the ladder's
 * commands as a user types them ({@code mode set N}, {@code migrate copy}, {@code verify}, {@code compare}) and
 * {@code migrate reverse-copy} on the way down: in the seeded org and in an org created empty.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class BuiltInResourcesRoundTripIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Folders first, as an operator takes them, since dashboards in mode 3 and up read their folders (the other order passes too). */
    private static final List<String> RESOURCES = List.of("folders", "dashboards", "playlists");

    @TempDir
    static Path dataDir;

    private static Demo demo;
    private static String emptyOrg;

    @BeforeAll
    static void startDemo() throws Exception {
        demo = Demo.start(new Demo.Settings("127.0.0.1", 0, 0, 0, 0, dataDir, Optional.empty(), Optional.empty(), Optional.empty()),
                Map.of());
        // the seed puts objects in both of its orgs, so the empty org is made as its admin would make one
        HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(demo.legacy().baseUrl() + "/api/orgs"))
                .header("Authorization", Http.basic("admin", demo.credentials().legacyAdminPassword()))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Empty Org.\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        emptyOrg = "org-" + JSON.readTree(created.body()).path("orgId").asLong();
    }

    @AfterAll
    static void stopDemo() {
        demo.close();
    }

    @Test
    void everyResourceOfTheSeededOrgGoesToModeFourAndBackUnforced() throws Exception {
        roundTrip("default", "every object compared: all ");
    }

    @Test
    void everyResourceOfAnEmptyOrgGoesToModeFourAndBackUnforced() throws Exception {
        roundTrip(emptyOrg, "holds no objects: there is nothing to compare");
    }

    /** @param shadowPass how the gate's shadow check passes on the way up, which the compare earned */
    private static void roundTrip(String namespace, String shadowPass) throws Exception {
        List<Run> runs = new ArrayList<>();
        for (String resource : RESOURCES) {
            runs.add(ok(namespace, "mode", "set", resource, "2", "--reason", "dual-write"));
            runs.add(ok(namespace, "migrate", "copy", resource));
            runs.add(ok(namespace, "migrate", "verify", resource));
            runs.add(ok(namespace, "migrate", "compare", resource, "--rate", "1000"));
            Run unifiedReads = ok(namespace, "mode", "set", resource, "3", "--reason", "unified reads");
            assertThat(unifiedReads.out()).containsPattern("shadow-comparison +pass +.*" + Pattern.quote(shadowPass));
            runs.add(unifiedReads);
            runs.add(ok(namespace, "mode", "set", resource, "4", "--reason", "cut-over"));
        }
        for (String resource : RESOURCES.reversed()) {
            runs.add(ok(namespace, "migrate", "reverse-copy", resource));
            runs.add(ok(namespace, "mode", "set", resource, "3", "--reason", "back to dual reads"));
            runs.add(ok(namespace, "mode", "set", resource, "0", "--reason", "back to legacy"));
        }
        assertThat(runs).allSatisfy(run -> assertThat(run.out() + run.err()).doesNotContain("--force was used", "forced"));
        for (String resource : RESOURCES) {
            JsonNode serving = admin("/admin/resources?resource=" + resource).path("resources").path(0).path("serving");
            assertThat(serving).filteredOn(scope -> scope.path("namespace").asText().equals(namespace))
                    .singleElement().satisfies(scope -> assertThat(scope.path("mode").asInt()).as(resource).isZero());
        }
        // five flips a resource: 0 -> 2 -> 3 -> 4, then 4 -> 3 -> 0
        List<JsonNode> flips = new ArrayList<>();
        admin("/admin/audit?limit=200").forEach(entry -> {
            if (namespace.equals(entry.path("namespace").asText())) {
                flips.add(entry);
            }
        });
        assertThat(flips).hasSize(5 * RESOURCES.size()).allSatisfy(entry -> {
            assertThat(entry.path("applied").asBoolean()).as(entry.toString()).isTrue();
            assertThat(entry.path("forced").asBoolean()).as(entry.toString()).isFalse();
        });
    }

    /** Runs a command in {@code namespace} as a user of the demo would, and expects it to succeed. */
    private static Run ok(String namespace, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--namespace", namespace, "--admin-url", demo.adminUrl().toString(),
                "--admin-password", demo.credentials().gatewayAdminPassword()));
        Run run = Cli.alone(all.toArray(String[]::new));
        assertThat(run.exitCode()).as(String.join(" ", args) + " in " + namespace + ":\n" + run.out() + run.err()).isZero();
        return run;
    }

    private static JsonNode admin(String path) throws Exception {
        return AdminClient.of(demo).getJson(path);
    }

}
