package io.migrationgateway.gateway.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.testing.GatewayProcess;
import io.migrationgateway.gateway.testing.HoldingLegacyProxy;
import io.migrationgateway.gateway.testing.HoldingLegacyProxy.HoldPoint;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.testsupport.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A gateway killed (SIGKILL) in mode 0 during server-side applies through {@code /apis}, each between noting the
 * apply's metadata as pending and keeping it: its legacy write held by a relay before the legacy side saw it, or after
 * the legacy side made it. The gateway started after it reads each object with the metadata of the state the legacy
 * side holds, all of it (labels, annotations, managers; uid, creation time and generation as before it): the old
 * one, or the killed apply's, never a mix; that read settles it, so a legacy save afterwards keeps it. The apply made
 * again converges, and once more changes nothing the gateway
 * keeps (a dashboard's legacy version counts every save; a playlist's does not). Dashboards, whose legacy side counts
 * generations and keeps creation times, and Grafana 9.3's playlists, whose legacy side keeps neither.
 */
class KeptMetadataCrashIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_keptmetadatacrash01234567_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final int ROUNDS = 3;
    /** A gateway that starts quickly: one starts after every kill. */
    private static final List<String> GATEWAY_JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A kind under test and its legacy side.
     *
     * @param legacyWrite the method and path of an object's legacy update ({@code {name}} for its name)
     * @param legacyRead  the legacy path of an object ({@code {name}} for its name)
     * @param legacyTitle where the legacy answer has the object's title
     */
    private record Kind(String resource, String apiVersion, String kindName, String legacyWrite, String legacyRead,
                        String legacyTitle) {
        String path(String name) {
            return "/apis/" + apiVersion + "/namespaces/default/" + resource.substring(0, resource.indexOf('.')) + "/" + name;
        }

        /** A spec in which every field has another value in each stage, so that a forced apply takes every field. */
        ObjectNode spec(String title, String stage) {
            ObjectNode spec = JSON.createObjectNode().put("title", title);
            if (kindName.equals("Dashboard")) {
                return spec.put("schemaVersion", stage.equals("old") ? 40 : 41);
            }
            spec.put("interval", stage.equals("old") ? "5m" : "10m");
            spec.putArray("items").addObject().put("type", "dashboard_by_tag").put("value", stage);
            return spec;
        }
    }

    private static final Kind DASHBOARDS = new Kind("dashboards.dashboard.grafana.app", "dashboard.grafana.app/v1beta1",
            "Dashboard", "POST /api/dashboards/db", "/api/dashboards/uid/{name}", "/dashboard/title");
    private static final Kind PLAYLISTS = new Kind("playlists.playlist.grafana.app", "playlist.grafana.app/v0alpha1",
            "Playlist", "PUT /api/playlists/{name}", "/api/playlists/{name}", "/name");

    /** One object of a round: its kind, where the kill finds its apply's legacy write, its title's prefix and its name. */
    private record Subject(Kind kind, HoldPoint point, String prefix, String name) {
        boolean landed() {
            return point == HoldPoint.AFTER_THE_LEGACY_ANSWER;
        }

        @Override
        public String toString() {
            return kind.kindName() + " " + name + " held " + point;
        }
    }

    /** The metadata kept by the gateway that tells one write from another: labels, annotations, field managers. */
    private record KeptState(Map<String, String> labels, Map<String, String> annotations, List<String> managers) {
        static KeptState writtenBy(String stage) {
            return new KeptState(Map.of("stage", stage), Map.of("note", stage), List.of("team-" + stage));
        }

        static KeptState of(JsonNode object) {
            JsonNode metadata = object.path("metadata");
            List<String> managers = StreamSupport.stream(metadata.path("managedFields").spliterator(), false)
                    .map(entry -> entry.path("manager").asText()).sorted().toList();
            return new KeptState(notLegacy(metadata.path("labels")), notLegacy(metadata.path("annotations")), managers);
        }

        private static Map<String, String> notLegacy(JsonNode map) {
            Map<String, String> kept = new TreeMap<>();
            map.properties().forEach(entry -> {
                if (!entry.getKey().startsWith("grafana.app/")) {
                    kept.put(entry.getKey(), entry.getValue().asText());
                }
            });
            return kept;
        }
    }

    private static final KeptState OLD = KeptState.writtenBy("old");
    private static final KeptState NEW = KeptState.writtenBy("new");

    private static String simSchema;
    private static LegacySim sim;
    private static HoldingLegacyProxy relay;
    private static GatewayProcess gateway;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeAll
    static void start() throws Exception {
        simSchema = TestDatabase.newSchema();
        sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), simSchema, ADMIN_PASSWORD, TOKEN, true));
        relay = new HoldingLegacyProxy(sim.baseUrl(), Duration.ofSeconds(20));
        gateway = GatewayProcess.start(relay.url(), GATEWAY_JVM, Map.of());
    }

    @AfterAll
    static void stop() throws Exception {
        if (gateway != null) {
            gateway.close();
        }
        if (relay != null) {
            relay.close();
        }
        if (sim != null) {
            sim.close();
        }
        TestDatabase.dropSchema(simSchema);
    }

    @Test
    void aGatewayKilledBetweenLegacyWritesAndKeepingTheirMetadataLeavesEachObjectInOneStateAndTheNextApplyConverges()
            throws Exception {
        for (int round = 1; round <= ROUNDS; round++) {
            List<Subject> subjects = new ArrayList<>();
            for (Kind kind : List.of(DASHBOARDS, PLAYLISTS)) {
                for (HoldPoint point : HoldPoint.values()) {
                    String prefix = "crash-" + round + "-" + point.name().toLowerCase(Locale.ROOT).replace('_', '-');
                    subjects.add(new Subject(kind, point, prefix, create(kind, prefix)));
                }
            }
            Map<Subject, JsonNode> before = new HashMap<>();
            List<HoldingLegacyProxy.Hold> holds = new ArrayList<>();
            List<Thread> killedApplies = new ArrayList<>();
            for (Subject subject : subjects) {
                before.put(subject, read(subject));
                assertThat(KeptState.of(before.get(subject))).as("%s", subject).isEqualTo(OLD);
                String[] write = subject.kind().legacyWrite().replace("{name}", subject.name()).split(" ");
                holds.add(relay.hold(write[0], write[1], subject.name(), subject.point()));
                killedApplies.add(Thread.ofVirtual().start(() -> apply(subject, "new")));
            }
            for (int i = 0; i < subjects.size(); i++) {
                Subject subject = subjects.get(i);
                assertThat(holds.get(i).awaitHeld(Duration.ofSeconds(10))).as("%s: its legacy write is held", subject).isTrue();
                assertThat(pending(subject)).as("%s: its apply is noted as pending", subject).isTrue();
                assertThat(legacyTitle(subject)).as("%s", subject).isEqualTo(title(subject, subject.landed() ? "new" : "old"));
            }
            gateway.kill();
            relay.releaseAll();
            for (Thread apply : killedApplies) {
                apply.join();
            }
            gateway = GatewayProcess.start(relay.url(), GATEWAY_JVM, Map.of(), gateway.schema());

            for (Subject subject : subjects) {
                readsAsTheLegacySideHoldsIt(subject, before.get(subject));
                aLegacySaveAfterTheReadKeepsThatState(subject);
                convergesOnTheNextApply(subject);
            }
        }
    }

    /** One state: the old one when the legacy write did not land, else the killed apply's; as before it in what stays. */
    private void readsAsTheLegacySideHoldsIt(Subject subject, JsonNode before) throws Exception {
        JsonNode after = read(subject);
        String stage = subject.landed() ? "new" : "old";
        assertThat(KeptState.of(after)).as("%s: %s", subject, after).isEqualTo(KeptState.writtenBy(stage));
        assertThat(after.path("spec")).as("%s: %s", subject, after).isEqualTo(subject.kind().spec(legacyTitle(subject), stage));
        assertThat(after.at("/metadata/uid")).as("%s: %s", subject, after).isEqualTo(before.at("/metadata/uid"));
        assertThat(after.at("/metadata/creationTimestamp")).as("%s: %s", subject, after)
                .isEqualTo(before.at("/metadata/creationTimestamp"));
        assertThat(after.at("/metadata/generation").asLong()).as("%s: %s", subject, after)
                .isEqualTo(before.at("/metadata/generation").asLong() + (subject.landed() ? 1 : 0));
    }

    /**
     * The read settled a write it found landed (nothing is pending any more), so a save made with the legacy API
     * afterwards keeps the labels and annotations of the state it read, and owns the title it changed.
     */
    private void aLegacySaveAfterTheReadKeepsThatState(Subject subject) throws Exception {
        if (subject.landed()) {
            assertThat(pending(subject)).as("%s: settled by the read", subject).isFalse();
        }
        String stage = subject.landed() ? "new" : "old";
        String title = subject.prefix() + " saved around the gateway";
        ObjectNode spec = subject.kind().spec(title, stage);
        String path;
        ObjectNode body;
        if (subject.kind() == PLAYLISTS) {
            path = "/api/playlists/" + subject.name();
            body = JSON.createObjectNode().put("name", title).put("interval", spec.path("interval").asText());
            body.set("items", spec.path("items"));
        } else {
            path = "/api/dashboards/db";
            body = JSON.createObjectNode().put("overwrite", true);
            body.putObject("dashboard").put("uid", subject.name()).put("title", title)
                    .put("schemaVersion", spec.path("schemaVersion").asInt());
        }
        HttpResponse<String> saved = client.send(HttpRequest.newBuilder(URI.create(sim.baseUrl() + path))
                .header("Authorization", ADMIN).header("Content-Type", "application/json")
                .method(subject.kind() == PLAYLISTS ? "PUT" : "POST", HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);

        JsonNode after = read(subject);
        KeptState state = KeptState.of(after);
        assertThat(after.at("/spec/title").asText()).isEqualTo(title);
        assertThat(state.labels()).as("%s: %s", subject, after).isEqualTo(KeptState.writtenBy(stage).labels());
        assertThat(state.annotations()).as("%s: %s", subject, after).isEqualTo(KeptState.writtenBy(stage).annotations());
        assertThat(state.managers()).as("%s: %s", subject, after).contains("grafana-legacy-api", "team-" + stage);
    }

    /** The apply made again leaves the new state and nothing pending; once more, it changes nothing the gateway keeps. */
    private void convergesOnTheNextApply(Subject subject) throws Exception {
        assertThat(apply(subject, "new").statusCode()).isEqualTo(200);
        JsonNode converged = read(subject);
        assertThat(KeptState.of(converged)).as("%s: %s", subject, converged).isEqualTo(NEW);
        assertThat(converged.path("spec")).isEqualTo(subject.kind().spec(legacyTitle(subject), "new"));
        assertThat(pending(subject)).as("%s", subject).isFalse();

        assertThat(apply(subject, "new").statusCode()).isEqualTo(200);
        JsonNode again = read(subject);
        assertThat(KeptState.of(again)).isEqualTo(NEW);
        assertThat(again.path("spec")).isEqualTo(converged.path("spec"));
        assertThat(again.at("/metadata/managedFields")).isEqualTo(converged.at("/metadata/managedFields"));
        assertThat(again.at("/metadata/uid")).isEqualTo(converged.at("/metadata/uid"));
        if (subject.kind() == PLAYLISTS) { // a dashboard's legacy save is a new version, and its generation, unchanged or not
            assertThat(again.at("/metadata/resourceVersion")).isEqualTo(converged.at("/metadata/resourceVersion"));
            assertThat(again.at("/metadata/generation")).isEqualTo(converged.at("/metadata/generation"));
        }
    }

    private static String title(Subject subject, String stage) {
        return subject.prefix() + " " + stage;
    }

    /** The object in its old stage, written by team-old; a playlist is named by its legacy side. */
    private String create(Kind kind, String prefix) throws Exception {
        ObjectNode object = object(kind, prefix, prefix + " old", "old");
        if (kind == PLAYLISTS) {
            object.withObjectProperty("metadata").remove("name");
            object.withObjectProperty("metadata").put("generateName", prefix + "-");
        }
        String collection = kind.path("").replaceAll("/$", "");
        HttpResponse<String> created = client.send(HttpRequest.newBuilder(gateway.uri(collection + "?fieldManager=team-old"))
                .header("Authorization", ADMIN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(object.toString())).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body()).at("/metadata/name").asText();
    }

    private static ObjectNode object(Kind kind, String name, String title, String stage) {
        ObjectNode object = JSON.createObjectNode().put("apiVersion", kind.apiVersion()).put("kind", kind.kindName());
        ObjectNode metadata = object.putObject("metadata").put("name", name);
        metadata.putObject("labels").put("stage", stage);
        metadata.putObject("annotations").put("note", stage);
        object.set("spec", kind.spec(title, stage));
        return object;
    }

    /** A server-side apply of the object in {@code stage} by team-{@code stage}, forced; {@code null} if the gateway died. */
    private HttpResponse<String> apply(Subject subject, String stage) {
        ObjectNode object = object(subject.kind(), subject.name(), title(subject, stage), stage);
        URI uri = gateway.uri(subject.kind().path(subject.name()) + "?fieldManager=team-" + stage + "&force=true");
        try {
            return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).header("Authorization", ADMIN)
                            .header("Content-Type", "application/apply-patch+yaml")
                            .method("PATCH", HttpRequest.BodyPublishers.ofString(object.toString())).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (Exception killed) {
            return null;
        }
    }

    private JsonNode read(Subject subject) throws Exception {
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(gateway.uri(subject.kind().path(subject.name())))
                .header("Authorization", ADMIN).header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    /** The object's title as the legacy side keeps it, read from the legacy side itself. */
    private String legacyTitle(Subject subject) throws Exception {
        URI uri = URI.create(sim.baseUrl() + subject.kind().legacyRead().replace("{name}", subject.name()));
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(uri).header("Authorization", ADMIN).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body()).at(subject.kind().legacyTitle()).asText();
    }

    /** Whether the gateway's kept metadata of the object notes a write under way. */
    private static boolean pending(Subject subject) throws Exception {
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT pending IS NOT NULL FROM " + gateway.schema()
                     + ".kept_metadata WHERE resource = ? AND namespace = 'default' AND name = ?")) {
            ps.setString(1, subject.kind().resource());
            ps.setString(2, subject.name());
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("%s: a kept_metadata row", subject).isTrue();
                return rs.getBoolean(1);
            }
        }
    }
}
