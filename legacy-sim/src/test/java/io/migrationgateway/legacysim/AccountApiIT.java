package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The signed-in caller's profile and orgs, which the gateway's Resource API asks to learn who a credential
 * belongs to and its role per org: users by their memberships, a service-account token by its one org.
 */
class AccountApiIT {
    private static final ObjectMapper JSON = new ObjectMapper();
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
    void userOrgsListsEveryMembershipWithItsRoleInGrafanasShape() throws Exception {
        HttpResponse<String> admin = sim.get("/api/user/orgs", SimulatorFixture.admin());

        assertThat(admin.statusCode()).isEqualTo(200);
        assertThat(json(admin)).isEqualTo(JSON.readTree("""
                [{"orgId":1,"name":"Main Org.","role":"Admin"},{"orgId":2,"name":"Second Org.","role":"Admin"}]"""));
        assertThat(fieldNames(json(admin).get(0))).containsExactly("orgId", "name", "role");
    }

    @Test
    void userOrgsGivesEachOrgTheUsersOwnRoleThere() throws Exception {
        assertThat(json(sim.get("/api/user/orgs", SimulatorFixture.basic("editor", "editor")))).isEqualTo(JSON.readTree("""
                [{"orgId":1,"name":"Main Org.","role":"Editor"},{"orgId":2,"name":"Second Org.","role":"Viewer"}]"""));
        assertThat(json(sim.get("/api/user/orgs", SimulatorFixture.basic("viewer", "viewer")))).isEqualTo(JSON.readTree("""
                [{"orgId":1,"name":"Main Org.","role":"Viewer"}]"""));
    }

    @Test
    void userOrgsDoesNotDependOnTheOrgTheRequestActsIn() throws Exception {
        HttpResponse<String> fromOrg2 = sim.send(sim.request("/api/user/orgs", SimulatorFixture.admin())
                .header("X-Grafana-Org-Id", "2").build());

        assertThat(json(fromOrg2)).isEqualTo(json(sim.get("/api/user/orgs", SimulatorFixture.admin())));
    }

    @Test
    void serviceAccountTokenListsOnlyItsOrgWithTheTokensRole() throws Exception {
        assertThat(json(sim.get("/api/user/orgs", "Bearer " + SimulatorFixture.TOKEN))).isEqualTo(JSON.readTree("""
                [{"orgId":1,"name":"Main Org.","role":"Admin"}]"""));
    }

    @Test
    void userOrgsRefusesMissingOrWrongCredentials() throws Exception {
        assertThat(sim.get("/api/user/orgs", null).statusCode()).isEqualTo(401);
        assertThat(sim.get("/api/user/orgs", SimulatorFixture.basic("admin", "wrong")).statusCode()).isEqualTo(401);
        assertThat(sim.get("/api/user/orgs", "Bearer glsa_wrong").statusCode()).isEqualTo(401);
    }

    @Test
    void userForAServiceAccountTokenIsTheServiceAccountsProfile() throws Exception {
        HttpResponse<String> response = sim.get("/api/user", "Bearer " + SimulatorFixture.TOKEN);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode profile = json(response);
        assertThat(profile.get("login").asText()).isEqualTo("sa-1-migration");
        assertThat(profile.get("name").asText()).isEqualTo("migration");
        assertThat(profile.get("orgId").asLong()).isEqualTo(1);
        assertThat(profile.get("isGrafanaAdmin").asBoolean()).isFalse();
        assertThat(profile.get("id").asLong()).isEqualTo(Long.parseLong(sim.column(
                "SELECT service_account_id FROM api_key WHERE name = 'migration'")));
    }
}
