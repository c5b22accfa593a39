package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/orgs} as Grafana 9.3 answers it with {@code allow_org_create} off: a server admin creates an org
 * with nothing in it and is its Admin; anyone else is refused. Its own simulator, since a new org changes the admin's
 * org list that {@link AccountApiIT} checks.
 */
class OrgCreationIT {
    private static SimulatorFixture sim;

    @BeforeAll
    static void start() {
        sim = SimulatorFixture.start();
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    @Test
    void aServerAdminCreatesAnEmptyOrgAndIsItsAdmin() throws Exception {
        HttpResponse<String> created = sim.post("/api/orgs", SimulatorFixture.admin(), "{\"name\":\"Empty Org.\"}");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        JsonNode body = json(created);
        assertThat(fieldNames(body)).containsExactly("orgId", "message");
        assertThat(body.get("message").asText()).isEqualTo("Organization created");
        long orgId = body.get("orgId").asLong();
        assertThat(json(sim.get("/api/user/orgs", SimulatorFixture.admin())).findValuesAsText("name")).contains("Empty Org.");
        for (String list : new String[] {"/api/search", "/api/playlists", "/api/folders"}) {
            HttpResponse<String> inOrg = sim.send(sim.request(list, SimulatorFixture.admin())
                    .header("X-Grafana-Org-Id", Long.toString(orgId)).build());
            assertThat(inOrg.statusCode()).as(list).isEqualTo(200);
            assertThat(json(inOrg)).as(list).isEmpty();
        }
    }

    @Test
    void aTakenNameIsAConflict() throws Exception {
        HttpResponse<String> taken = sim.post("/api/orgs", SimulatorFixture.admin(), "{\"name\":\"Second Org.\"}");

        assertThat(taken.statusCode()).isEqualTo(409);
        assertThat(json(taken).get("message").asText()).isEqualTo("Organization name taken");
    }

    @Test
    void onlyAServerAdminCreatesOrgs() throws Exception {
        HttpResponse<String> byEditor = sim.post("/api/orgs", SimulatorFixture.basic("editor", "editor"), "{\"name\":\"Editor's Org.\"}");
        HttpResponse<String> byToken = sim.post("/api/orgs", "Bearer " + SimulatorFixture.TOKEN, "{\"name\":\"Token's Org.\"}");

        assertThat(byEditor.statusCode()).isEqualTo(403);
        assertThat(byToken.statusCode()).isEqualTo(403);
        assertThat(sim.column("SELECT count(*) FROM org WHERE name LIKE '%''s Org.'")).isEqualTo("0");
    }
}
