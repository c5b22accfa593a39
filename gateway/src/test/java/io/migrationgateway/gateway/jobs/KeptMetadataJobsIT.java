package io.migrationgateway.gateway.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The migration jobs treat what the gateway keeps beside legacy objects in modes 0–2 (labels, annotations, finalizers,
 * managed fields, uid) as part of the objects: a verification compares it, and a reverse copy keeps it again, so a
 * rollback from mode 4 loses none of it. Through the admin API and {@code /apis}, against the seeded legacy simulator.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class KeptMetadataJobsIT {
    private static final String ADMIN = Http.basic("admin", "admin-secret");
    private static final String MERGE_PATCH = "application/merge-patch+json";
    private static final String LABELS = "{\"team\":\"platform\"}";
    private static final String ANNOTATIONS = "{\"example.com/owner\":\"ops\"}";
    private static final String FINALIZERS = "[\"example.com/keep\"]";
    private static final Resource DASHBOARDS = new Resource("dashboards", "dashboard.grafana.app/v1beta1", "Dashboard",
            "{\"title\":\"Kept dashboard\",\"schemaVersion\":41,\"panels\":[]}");
    private static final Resource FOLDERS = new Resource("folders", "folder.grafana.app/v1beta1", "Folder",
            "{\"title\":\"Kept folder\"}");
    private static final Resource PLAYLISTS = new Resource("playlists", "playlist.grafana.app/v0alpha1", "Playlist",
            "{\"title\":\"Kept playlist\",\"interval\":\"5m\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"kept\"}]}");

    private static SimulatedDeployment deployment;
    private static TestGateway gateway;
    private static AdminClient admin;
    private final Http http = new Http();

    /** A resource, and an object of it with every kind of metadata the gateway keeps. */
    private record Resource(String plural, String apiVersion, String kind, String spec) {
        /** As the jobs name it. */
        String name() {
            return plural + "." + apiVersion.substring(0, apiVersion.indexOf('/'));
        }

        /** Its objects in namespace {@code default}. */
        String path() {
            return "/apis/" + apiVersion + "/namespaces/default/" + plural;
        }

        String manifest(String objectName) {
            return "{\"apiVersion\":\"" + apiVersion + "\",\"kind\":\"" + kind
                    + "\",\"metadata\":{\"name\":\"" + objectName + "\",\"labels\":" + LABELS + ",\"annotations\":"
                    + ANNOTATIONS + ",\"finalizers\":" + FINALIZERS + "},\"spec\":" + spec + "}";
        }
    }

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start("admin-secret", "glsa_keptjobstest0123456789abcdef_5eed5eed",
                Map.of("legacy.database-url", "SIM", "jobs.recheck-delay", "50ms"));
        gateway = deployment.gateway();
        admin = new AdminClient(gateway);
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @AfterEach
    void backToModeZero() throws Exception {
        admin.forceEveryResource(0);
    }

    @Test
    void aVerificationComparesTheMetadataKeptInModeZeroAsPartOfTheObject() throws Exception {
        String uid = deployment.legacyUids("dashboard", "NOT is_folder").getFirst();
        Answer labelled = send("PATCH", DASHBOARDS.path() + "/" + uid, "{\"metadata\":{\"labels\":" + LABELS
                + ",\"annotations\":" + ANNOTATIONS + ",\"finalizers\":" + FINALIZERS + "}}", "Content-Type", MERGE_PATCH);
        assertThat(labelled.status()).as(labelled.text()).isEqualTo(200);

        admin.runJob("copy", DASHBOARDS.name());
        JsonNode parity = admin.runJob("verify", DASHBOARDS.name());
        assertThat(parity.path("differences").asBoolean()).as(parity.toString()).isFalse();
        assertThat(parity.path("counts").path("matching").asLong())
                .isEqualTo(deployment.legacyRowCount("dashboard", "NOT is_folder"));

        // the legacy side's kept label and uid change, unified storage's copy does not
        try (Connection c = TestDatabase.connect(); PreparedStatement ps = c.prepareStatement("UPDATE " + gateway.schema()
                + ".kept_metadata SET metadata = jsonb_set(jsonb_set(metadata, '{labels,team}', '\"data\"'), '{uid}',"
                + " '\"another-uid\"') WHERE resource = ? AND namespace = 'default' AND name = ?")) {
            ps.setString(1, DASHBOARDS.name());
            ps.setString(2, uid);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
        JsonNode differs = admin.runJob("verify", DASHBOARDS.name());
        assertThat(differs.path("counts").path("mismatched").asLong()).as(differs.toString()).isEqualTo(1);
        JsonNode finding = differs.path("findings").get(0);
        assertThat(finding.path("kind").asText()).isEqualTo("mismatch");
        assertThat(finding.path("name").asText()).isEqualTo(uid);
        assertThat(texts(finding.path("paths"))).containsExactly("$.metadata.labels.team", "$.metadata.uid");
        assertThat(finding.path("detail").asText()).isEqualTo("legacy \"data\", unified \"platform\"");
    }

    @Test
    void aReverseCopyKeepsWhatObjectsCarriedInModeFourForTheirLegacyRows() throws Exception {
        for (Resource resource : List.of(DASHBOARDS, FOLDERS, PLAYLISTS)) {
            admin.runJob("copy", resource.name());
        }
        admin.forceEveryResource(4);
        String seeded = deployment.legacyUids("dashboard", "NOT is_folder").getLast();
        Answer labelled = send("PATCH", DASHBOARDS.path() + "/" + seeded, "{\"metadata\":{\"labels\":" + LABELS
                + ",\"annotations\":" + ANNOTATIONS + "}}", "Content-Type", MERGE_PATCH);
        assertThat(labelled.status()).as(labelled.text()).isEqualTo(200);
        Map<Resource, String> made = Map.of(DASHBOARDS, "kept-dashboard", FOLDERS, "kept-folder", PLAYLISTS, "kept-playlist");
        for (Map.Entry<Resource, String> object : made.entrySet()) {
            Answer created = send("POST", object.getKey().path(), object.getKey().manifest(object.getValue()));
            assertThat(created.status()).as(created.text()).isEqualTo(201);
        }
        Map<String, JsonNode> inModeFour = Map.of(seeded, kept(read(DASHBOARDS, seeded)),
                "kept-dashboard", kept(read(DASHBOARDS, "kept-dashboard")), "kept-folder", kept(read(FOLDERS, "kept-folder")),
                "kept-playlist", kept(read(PLAYLISTS, "kept-playlist")));

        for (Resource resource : List.of(DASHBOARDS, FOLDERS, PLAYLISTS)) {
            JsonNode reversed = admin.runJob("reverse-copy", resource.name());
            assertThat(reversed.path("differences").asBoolean()).as(reversed.toString()).isFalse();
        }
        admin.forceEveryResource(0);

        assertThat(kept(read(DASHBOARDS, seeded))).isEqualTo(inModeFour.get(seeded));
        made.forEach((resource, name) -> assertThat(kept(read(resource, name))).as(name).isEqualTo(inModeFour.get(name)));
        inModeFour.forEach((name, carried) -> assertThat(carried.path("labels").path("team").asText()).as(name).isEqualTo("platform"));
    }

    // ---- helpers ----

    private Answer send(String method, String path, String body, String... headers) throws Exception {
        return http.exchange(gateway.uri(path), method, ADMIN, body, headers);
    }

    private JsonNode read(Resource resource, String name) {
        try {
            Answer answer = send("GET", resource.path() + "/" + name, null);
            assertThat(answer.status()).as(answer.text()).isEqualTo(200);
            return answer.json();
        } catch (Exception e) {
            throw new AssertionError("could not read " + name, e);
        }
    }

    /**
     * What the gateway keeps of an object beside its legacy row: labels and annotations not under {@code grafana.app/}
     * (those are the row's), finalizers, managed fields and uid.
     */
    private static JsonNode kept(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        kept.set("uid", metadata.get("uid"));
        kept.set("labels", notLegacy(metadata.path("labels")));
        kept.set("annotations", notLegacy(metadata.path("annotations")));
        kept.set("finalizers", metadata.get("finalizers"));
        kept.set("managedFields", metadata.get("managedFields"));
        return kept;
    }

    private static ObjectNode notLegacy(JsonNode map) {
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        map.properties().forEach(entry -> {
            if (!entry.getKey().startsWith("grafana.app/")) {
                kept.set(entry.getKey(), entry.getValue());
            }
        });
        return kept;
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }
}
