package io.migrationgateway.gateway.dualwrite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The dual-write carries what the gateway keeps beside legacy objects both ways: a legacy save in mode 2 copies an
 * object's kept labels and managed fields into unified storage, and a legacy save in mode 3 keeps the unified object's
 * labels, annotations, uid and managed fields for the legacy side, which serves {@code /apis} again in mode 2.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class KeptMetadataAcrossModesIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_keptacrossmodes0123456789ab_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String DASHBOARDS = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards";

    private static SimulatedDeployment deployment;
    private static AdminClient admin;
    private final Http http = new Http();

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, TOKEN, Map.of("legacy.database-url", "SIM"));
        admin = new AdminClient(deployment.gateway());
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @AfterEach
    void backToModeZero() throws Exception {
        flip(0);
    }

    @Test
    void aLegacySaveInModeTwoCopiesTheKeptLabelsAndWhoChangedWhatToUnifiedStorage() throws Exception {
        assertThat(send("POST", DASHBOARDS + "?fieldManager=mode-zero-client", dashboard("saved-in-mode-two", "team", "zero",
                "Made in mode 0")).status()).isEqualTo(201);
        flip(2);
        Answer saved = send("POST", "/api/dashboards/db", legacySave("saved-in-mode-two", "Saved in mode 2"));
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);

        flip(3);
        JsonNode unified = send("GET", DASHBOARDS + "/saved-in-mode-two", null).json();

        assertThat(unified.at("/spec/title").asText()).isEqualTo("Saved in mode 2");
        assertThat(unified.at("/metadata/labels/team").asText()).isEqualTo("zero");
        assertThat(managers(unified)).containsExactlyInAnyOrder("mode-zero-client", "grafana-legacy-api");
    }

    @Test
    void aLegacySaveInModeThreeKeepsTheUnifiedObjectsMetadataForTheLegacySide() throws Exception {
        flip(3);
        Answer created = send("POST", DASHBOARDS + "?fieldManager=mode-three-client", dashboard("kept-across-modes", "team", "three",
                "Made in mode 3"));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        Answer saved = send("POST", "/api/dashboards/db", legacySave("kept-across-modes", "Saved in mode 3"));
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);
        assertThat(deployment.legacyRows("dashboard", "kept-across-modes")).as("dual-written to the legacy side").isEqualTo(1);

        flip(2);
        JsonNode overLegacy = send("GET", DASHBOARDS + "/kept-across-modes", null).json();

        assertThat(overLegacy.at("/spec/title").asText()).isEqualTo("Saved in mode 3");
        assertThat(overLegacy.at("/metadata/labels/team").asText()).isEqualTo("three");
        assertThat(overLegacy.at("/metadata/uid")).isEqualTo(created.json().at("/metadata/uid"));
        assertThat(managers(overLegacy)).contains("mode-three-client");
        assertThat(send("GET", DASHBOARDS + "?labelSelector=team%3Dthree", null).json().at("/items/0/metadata/name").asText())
                .isEqualTo("kept-across-modes");
    }

    @Test
    void aResourceApiWriteInModeThreeReachesTheLegacySideBeforeItsAnswer() throws Exception {
        flip(3);
        Answer created = send("POST", DASHBOARDS, dashboard("apis-in-mode-three", "team", "three", "Made on /apis"));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(deployment.legacyRows("dashboard", "apis-in-mode-three")).as("created on the legacy side").isEqualTo(1);
        assertThat(legacyTitle("apis-in-mode-three")).isEqualTo("Made on /apis");

        JsonNode changed = created.json().deepCopy();
        ((ObjectNode) changed.path("spec")).put("title", "Changed on /apis");
        Answer updated = send("PUT", DASHBOARDS + "/apis-in-mode-three", changed.toString());
        assertThat(updated.status()).as(updated.text()).isEqualTo(200);
        assertThat(legacyTitle("apis-in-mode-three")).isEqualTo("Changed on /apis");

        assertThat(send("DELETE", DASHBOARDS + "/apis-in-mode-three", null).status()).isEqualTo(200);
        assertThat(deployment.legacyRows("dashboard", "apis-in-mode-three")).as("deleted on the legacy side").isZero();
    }

    private String legacyTitle(String uid) throws Exception {
        flip(0);
        try {
            return send("GET", "/api/dashboards/uid/" + uid, null).json().at("/dashboard/title").asText();
        } finally {
            flip(3);
        }
    }

    private static String dashboard(String name, String label, String value, String title) {
        return "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\",\"metadata\":{\"name\":\"" + name + "\","
                + "\"labels\":{\"" + label + "\":\"" + value + "\"}},\"spec\":{\"title\":\"" + title + "\",\"schemaVersion\":41,\"panels\":[]}}";
    }

    private static String legacySave(String uid, String title) {
        return "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + title + "\",\"schemaVersion\":41,\"panels\":[]},\"overwrite\":true}";
    }

    private static List<String> managers(JsonNode object) {
        List<String> managers = new ArrayList<>();
        object.at("/metadata/managedFields").forEach(entry -> managers.add(entry.path("manager").asText()));
        return managers;
    }

    private static void flip(int mode) throws Exception {
        admin.forceMode("dashboards.dashboard.grafana.app", null, mode);
    }

    private Answer send(String method, String pathAndQuery, String body) throws Exception {
        return body == null ? http.exchange(deployment.gateway().uri(pathAndQuery), method, ADMIN, null)
                : http.exchange(deployment.gateway().uri(pathAndQuery), method, ADMIN, body, "Content-Type", "application/json");
    }
}
