package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.legacysim.auth.Passwords;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Grafana 9.3's service accounts on the legacy tables: an account is a service-account {@code user} row with an
 * {@code org_user} role, its tokens are {@code api_key} rows holding only a hash, and a token authenticates on the whole
 * API as its account, until it is deleted, expires or its account is disabled.
 */
class ServiceAccountApiIT {
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
    void createAnswers201WithGrafanasServiceAccountDtoAndWritesAUserAndAMembership() throws Exception {
        HttpResponse<String> created = sim.post("/api/serviceaccounts", SimulatorFixture.admin(),
                "{\"name\":\"Grafana Bot\",\"role\":\"Editor\",\"isDisabled\":false}");

        assertThat(created.statusCode()).isEqualTo(201);
        JsonNode account = json(created);
        long id = account.get("id").asLong();
        assertThat(account).isEqualTo(JSON.readTree("""
                {"id":%d,"name":"Grafana Bot","login":"sa-grafana-bot","orgId":1,"isDisabled":false,"role":"Editor",
                 "tokens":0,"avatarUrl":""}""".formatted(id)));
        assertThat(fieldNames(account)).containsExactly("id", "name", "login", "orgId", "isDisabled", "role", "tokens", "avatarUrl");
        assertThat(sim.column("SELECT is_service_account || '/' || email || '/' || org_id FROM \"user\" WHERE id = " + id))
                .isEqualTo("true/sa-grafana-bot/1");
        assertThat(sim.column("SELECT role FROM org_user WHERE org_id = 1 AND user_id = " + id)).isEqualTo("Editor");
    }

    @Test
    void createWithoutARoleMakesAViewerAndATakenNameIsRefused() throws Exception {
        assertThat(json(create("Defaults", null)).get("role").asText()).isEqualTo("Viewer");

        HttpResponse<String> again = sim.post("/api/serviceaccounts", SimulatorFixture.admin(), "{\"name\":\"defaults\"}");

        assertThat(again.statusCode()).isEqualTo(400);
        assertThat(json(again)).isEqualTo(JSON.readTree("{\"message\":\"Failed to create service account\"}"));
    }

    @Test
    void createRefusesAMissingNameAndAnUnknownRole() throws Exception {
        assertThat(json(sim.post("/api/serviceaccounts", SimulatorFixture.admin(), "{\"role\":\"Viewer\"}")))
                .isEqualTo(JSON.readTree("{\"message\":\"Bad request data\"}"));
        HttpResponse<String> badRole = sim.post("/api/serviceaccounts", SimulatorFixture.admin(), "{\"name\":\"x\",\"role\":\"admin\"}");
        assertThat(badRole.statusCode()).isEqualTo(400);
        assertThat(json(badRole)).isEqualTo(JSON.readTree("{\"message\":\"invalid role specified\"}"));
    }

    @Test
    void anUpdateRefusesAnUnknownRoleInTheHandlersWords() throws Exception {
        long id = json(create("Role Update", "Editor")).get("id").asLong();
        HttpResponse<String> badRole = sim.send("PATCH", "/api/serviceaccounts/" + id, SimulatorFixture.admin(), "{\"role\":\"Owner\"}");
        assertThat(badRole.statusCode()).isEqualTo(400);
        assertThat(json(badRole)).isEqualTo(JSON.readTree("{\"message\":\"Invalid role specified\"}"));
    }

    @Test
    void searchPagesTheOrgsAccountsMatchingNameOrLoginInAnyCase() throws Exception {
        for (String name : List.of("Paging C", "Paging A", "Paging B")) {
            create(name, "Viewer");
        }
        sim.send(sim.request("/api/serviceaccounts", SimulatorFixture.admin()).header("X-Grafana-Org-Id", "2")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Paging in org 2\"}")).build());

        JsonNode first = json(sim.get("/api/serviceaccounts/search?query=PAGING&perpage=2&page=1", SimulatorFixture.admin()));
        JsonNode second = json(sim.get("/api/serviceaccounts/search?query=sa-paging&perpage=2&page=2", SimulatorFixture.admin()));

        assertThat(fieldNames(first)).containsExactly("totalCount", "serviceAccounts", "page", "perPage");
        assertThat(first.get("totalCount").asLong()).isEqualTo(3);
        assertThat(first.get("page").asInt()).isEqualTo(1);
        assertThat(first.get("perPage").asInt()).isEqualTo(2);
        assertThat(names(first)).containsExactly("Paging A", "Paging B");
        assertThat(second.get("totalCount").asLong()).isEqualTo(3);
        assertThat(names(second)).containsExactly("Paging C");
        assertThat(first.get("serviceAccounts").get(0).get("avatarUrl").asText()).matches("/avatar/[0-9a-f]{32}");
    }

    @Test
    void searchDefaultsToPagesOf1000AndFindsTheSeededAccount() throws Exception {
        JsonNode all = json(sim.get("/api/serviceaccounts/search", SimulatorFixture.admin()));

        assertThat(all.get("perPage").asInt()).isEqualTo(1000);
        assertThat(all.get("page").asInt()).isEqualTo(1);
        assertThat(all.get("serviceAccounts").findValuesAsText("login")).contains("sa-1-migration");
        JsonNode seeded = json(sim.get("/api/serviceaccounts/search?query=migration", SimulatorFixture.admin())).get("serviceAccounts").get(0);
        assertThat(seeded.get("tokens").asLong()).isEqualTo(1);
        assertThat(seeded.get("role").asText()).isEqualTo("Admin");
    }

    @Test
    void theSeedGivesEachOrgServiceAccountsWithTokens() throws Exception {
        JsonNode first = json(sim.get("/api/serviceaccounts/search?query=sa-", SimulatorFixture.admin()));
        assertThat(first.get("serviceAccounts").findValuesAsText("login")).contains("sa-1-migration", "sa-backup", "sa-retired-exporter");
        JsonNode backup = json(sim.get("/api/serviceaccounts/search?query=backup", SimulatorFixture.admin())).get("serviceAccounts").get(0);
        assertThat(backup.get("tokens").asLong()).isEqualTo(2);
        JsonNode second = json(sim.getInOrg2("/api/serviceaccounts/search?query=reports"));
        assertThat(second.get("serviceAccounts").findValuesAsText("login")).containsExactly("sa-reports");
    }

    @Test
    void migrationStatusIsALiteralRouteBesideTheAccountIdsAndSaysNotMigrated() throws Exception {
        HttpResponse<String> status = sim.get("/api/serviceaccounts/migrationstatus", SimulatorFixture.admin());

        assertThat(status.statusCode()).isEqualTo(200);
        assertThat(json(status)).isEqualTo(JSON.readTree("{\"migrated\":false}"));
    }

    @Test
    void getAnswersTheProfileAndAnUnknownIdIs404() throws Exception {
        long id = json(create("Profiled", "Editor")).get("id").asLong();
        token(id, "one", 0);

        JsonNode profile = json(sim.get("/api/serviceaccounts/" + id, SimulatorFixture.admin()));

        assertThat(fieldNames(profile)).containsExactly("id", "name", "login", "orgId", "isDisabled", "createdAt", "updatedAt",
                "avatarUrl", "role", "teams", "tokens");
        assertThat(profile.get("tokens").asLong()).isEqualTo(1);
        assertThat(profile.get("teams")).isEqualTo(JSON.readTree("[]"));
        HttpResponse<String> missing = sim.get("/api/serviceaccounts/999999", SimulatorFixture.admin());
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(json(missing)).isEqualTo(JSON.readTree("{\"message\":\"Failed to retrieve service account\"}"));
        assertThat(sim.getInOrg2("/api/serviceaccounts/" + id).statusCode()).as("only the caller's org").isEqualTo(404);
        assertThat(json(sim.get("/api/serviceaccounts/abc", SimulatorFixture.admin())))
                .isEqualTo(JSON.readTree("{\"message\":\"Service Account ID is invalid\"}"));
    }

    @Test
    void patchChangesNameRoleAndDisabledButNotTheLogin() throws Exception {
        long id = json(create("Renamed", "Viewer")).get("id").asLong();

        HttpResponse<String> patched = sim.send("PATCH", "/api/serviceaccounts/" + id, SimulatorFixture.admin(),
                "{\"name\":\"Renamed Again\",\"role\":\"Admin\",\"isDisabled\":true}");

        assertThat(patched.statusCode()).isEqualTo(200);
        JsonNode answer = json(patched);
        assertThat(fieldNames(answer)).containsExactly("id", "message", "name", "serviceaccount");
        assertThat(answer.get("message").asText()).isEqualTo("Service account updated");
        assertThat(answer.get("name").asText()).isEqualTo("Renamed Again");
        JsonNode account = json(sim.get("/api/serviceaccounts/" + id, SimulatorFixture.admin()));
        assertThat(account.get("name").asText()).isEqualTo("Renamed Again");
        assertThat(account.get("login").asText()).isEqualTo("sa-renamed");
        assertThat(account.get("role").asText()).isEqualTo("Admin");
        assertThat(account.get("isDisabled").asBoolean()).isTrue();
        assertThat(sim.send("PATCH", "/api/serviceaccounts/999999", SimulatorFixture.admin(), "{}").statusCode()).isEqualTo(404);
    }

    @Test
    void deleteRemovesTheUserItsMembershipAndItsTokens() throws Exception {
        long id = json(create("Doomed", "Editor")).get("id").asLong();
        String key = token(id, "doomed", 0);
        assertThat(sim.get("/api/search", "Bearer " + key).statusCode()).isEqualTo(200);

        HttpResponse<String> deleted = sim.send("DELETE", "/api/serviceaccounts/" + id, SimulatorFixture.admin(), null);

        assertThat(deleted.statusCode()).isEqualTo(200);
        assertThat(json(deleted)).isEqualTo(JSON.readTree("{\"message\":\"Service account deleted\"}"));
        assertThat(sim.column("SELECT (SELECT count(*) FROM \"user\" WHERE id = " + id + ") + (SELECT count(*) FROM org_user"
                + " WHERE user_id = " + id + ") + (SELECT count(*) FROM api_key WHERE service_account_id = " + id + ")")).isEqualTo("0");
        assertThat(sim.get("/api/search", "Bearer " + key).statusCode()).isEqualTo(401);
        assertThat(sim.send("DELETE", "/api/serviceaccounts/" + id, SimulatorFixture.admin(), null).statusCode())
                .as("9.3 answers a missing account's deletion 500").isEqualTo(500);
    }

    @Test
    void aNewTokenIsShownOnceAuthenticatesAsItsAccountAndIsRefusedOnceDeleted() throws Exception {
        long id = json(create("Token Holder", "Viewer")).get("id").asLong();
        HttpResponse<String> created = sim.post("/api/serviceaccounts/" + id + "/tokens", SimulatorFixture.admin(),
                "{\"name\":\"ci\",\"secondsToLive\":3600}");
        assertThat(created.statusCode()).isEqualTo(200);
        JsonNode answer = json(created);
        assertThat(fieldNames(answer)).containsExactly("id", "name", "key");
        String key = answer.get("key").asText();
        assertThat(key).matches("glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}");

        assertThat(sim.get("/api/search?query=cpu", "Bearer " + key).statusCode()).isEqualTo(200);
        assertThat(json(sim.get("/api/user/orgs", "Bearer " + key))).isEqualTo(JSON.readTree("""
                [{"orgId":1,"name":"Main Org.","role":"Viewer"}]"""));
        assertThat(sim.post("/api/serviceaccounts", "Bearer " + key, "{\"name\":\"by a viewer token\"}").statusCode()).isEqualTo(403);

        JsonNode listed = json(sim.get("/api/serviceaccounts/" + id + "/tokens", SimulatorFixture.admin())).get(0);
        assertThat(fieldNames(listed)).containsExactly("id", "name", "created", "lastUsedAt", "expiration",
                "secondsUntilExpiration", "hasExpired", "isRevoked");
        assertThat(listed.get("lastUsedAt").isTextual()).as("last_used_at set by the use").isTrue();
        assertThat(listed.get("secondsUntilExpiration").asDouble()).isBetween(3000.0, 3600.0);
        assertThat(listed.get("hasExpired").asBoolean()).isFalse();
        assertThat(listed.get("isRevoked").isBoolean()).as("false, not null").isTrue();
        assertThat(listed.get("isRevoked").asBoolean()).isFalse();

        HttpResponse<String> deleted = sim.send("DELETE", "/api/serviceaccounts/" + id + "/tokens/" + answer.get("id").asLong(),
                SimulatorFixture.admin(), null);
        assertThat(json(deleted)).isEqualTo(JSON.readTree("{\"message\":\"Service account token deleted\"}"));
        HttpResponse<String> refused = sim.get("/api/search", "Bearer " + key);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(json(refused)).isEqualTo(JSON.readTree("{\"message\":\"Invalid API key\"}"));
    }

    @Test
    void aTokenNameTakenInTheOrgIs409AndAnUnknownTokenIs404() throws Exception {
        long id = json(create("Twice", "Viewer")).get("id").asLong();
        token(id, "same", 0);

        HttpResponse<String> again = sim.post("/api/serviceaccounts/" + id + "/tokens", SimulatorFixture.admin(), "{\"name\":\"same\"}");

        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(json(again)).isEqualTo(JSON.readTree(
                "{\"message\":\"service account token with given name already exists in the organization\"}"));
        assertThat(sim.send("DELETE", "/api/serviceaccounts/" + id + "/tokens/999999", SimulatorFixture.admin(), null).statusCode())
                .isEqualTo(404);
        assertThat(sim.post("/api/serviceaccounts/999999/tokens", SimulatorFixture.admin(), "{\"name\":\"x\"}").statusCode())
                .isEqualTo(404);
    }

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        long id = json(create("Expiring", "Editor")).get("id").asLong();
        String key = token(id, "short-lived", 60);
        sim.column("UPDATE api_key SET expires = extract(epoch FROM now())::bigint - 10 WHERE name = 'short-lived' RETURNING id");

        HttpResponse<String> refused = sim.get("/api/search", "Bearer " + key);

        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(json(refused)).isEqualTo(JSON.readTree("{\"message\":\"Expired API key\"}"));
        assertThat(json(sim.get("/api/serviceaccounts/" + id + "/tokens", SimulatorFixture.admin())).get(0).get("hasExpired").asBoolean())
                .isTrue();
    }

    @Test
    void aTokenInUseRevokedOrDeletedInTheTablesByAnotherProcessIsRefusedAtOnce() throws Exception {
        long id = json(create("Used Then Revoked", "Editor")).get("id").asLong();
        String revoked = token(id, "used-then-revoked", 0);
        String deleted = token(id, "used-then-deleted", 0);
        assertThat(sim.get("/api/search", "Bearer " + revoked).statusCode()).isEqualTo(200);
        assertThat(sim.get("/api/search", "Bearer " + deleted).statusCode()).isEqualTo(200);

        sim.column("UPDATE api_key SET is_revoked = TRUE WHERE name = 'used-then-revoked' RETURNING id");
        sim.column("DELETE FROM api_key WHERE name = 'used-then-deleted' RETURNING id");

        assertThat(json(sim.get("/api/search", "Bearer " + revoked))).isEqualTo(JSON.readTree("{\"message\":\"Revoked token\"}"));
        assertThat(json(sim.get("/api/search", "Bearer " + deleted))).isEqualTo(JSON.readTree("{\"message\":\"Invalid API key\"}"));
    }

    @Test
    void aRevokedTokenIsRefused() throws Exception {
        long id = json(create("Revoked", "Editor")).get("id").asLong();
        String key = token(id, "revoked", 0);
        sim.column("UPDATE api_key SET is_revoked = TRUE WHERE name = 'revoked' RETURNING id");

        HttpResponse<String> refused = sim.get("/api/search", "Bearer " + key);

        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(json(refused)).isEqualTo(JSON.readTree("{\"message\":\"Revoked token\"}"));
    }

    @Test
    void aServerAdminManagesServiceAccountsWhateverItsOrgRole() throws Exception {
        String salt = "serveradm1";
        long userId = Long.parseLong(sim.column("""
                INSERT INTO "user" (version, login, email, name, password, salt, org_id, is_admin, created, updated)
                VALUES (0, 'root', 'root@localhost', 'Root', '%s', '%s', 1, TRUE, now(), now()) RETURNING id"""
                .formatted(Passwords.hash("root-secret", salt), salt)));
        sim.column("INSERT INTO org_user (org_id, user_id, role, created, updated) VALUES (1, " + userId
                + ", 'Viewer', now(), now()) RETURNING id");

        HttpResponse<String> created = sim.post("/api/serviceaccounts", SimulatorFixture.basic("root", "root-secret"),
                "{\"name\":\"By The Server Admin\",\"role\":\"Admin\"}");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(json(created).get("role").asText()).isEqualTo("Admin");
    }

    @Test
    void aDisabledAccountsTokensAreRefusedUntilItIsEnabledAgain() throws Exception {
        long id = json(create("Switched Off", "Editor")).get("id").asLong();
        String key = token(id, "switch", 0);
        assertThat(sim.get("/api/search", "Bearer " + key).statusCode()).isEqualTo(200);

        sim.send("PATCH", "/api/serviceaccounts/" + id, SimulatorFixture.admin(), "{\"isDisabled\":true}");
        HttpResponse<String> refused = sim.get("/api/search", "Bearer " + key);
        sim.send("PATCH", "/api/serviceaccounts/" + id, SimulatorFixture.admin(), "{\"isDisabled\":false}");

        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(json(refused)).isEqualTo(JSON.readTree("{\"message\":\"Service account is disabled\"}"));
        assertThat(sim.get("/api/search", "Bearer " + key).statusCode()).isEqualTo(200);
    }

    @Test
    void theStoredKeyIsGrafanasSaltedHashAndNeverTheSecret() throws Exception {
        long id = json(create("Hashed", "Viewer")).get("id").asLong();
        String key = token(id, "hashed", 0);
        String secret = key.split("_")[1];
        String checksum = key.split("_")[2];

        String stored = sim.column("SELECT key FROM api_key WHERE name = 'hashed'");
        String wholeTable = sim.column("SELECT string_agg(k::text, '|') FROM api_key k");

        assertThat(stored).isEqualTo(Passwords.hash(secret, checksum)).doesNotContain(secret);
        assertThat(wholeTable).doesNotContain(secret).doesNotContain(key);
        String seeded = SimulatorFixture.TOKEN.split("_")[1];
        assertThat(sim.column("SELECT key FROM api_key WHERE name = 'migration'"))
                .as("the seeded token is stored the same way").isEqualTo(Passwords.hash(seeded, SimulatorFixture.TOKEN.split("_")[2]));
        assertThat(sim.get("/api/search", "Bearer " + SimulatorFixture.TOKEN).statusCode()).isEqualTo(200);
    }

    @Test
    void onlyOrgAdminsManageServiceAccounts() throws Exception {
        long id = json(create("Guarded", "Viewer")).get("id").asLong();
        for (String caller : List.of(SimulatorFixture.basic("editor", "editor"), SimulatorFixture.basic("viewer", "viewer"))) {
            for (HttpResponse<String> response : List.of(
                    sim.post("/api/serviceaccounts", caller, "{\"name\":\"not allowed\"}"),
                    sim.get("/api/serviceaccounts/search", caller),
                    sim.get("/api/serviceaccounts/migrationstatus", caller),
                    sim.get("/api/serviceaccounts/" + id, caller),
                    sim.send("PATCH", "/api/serviceaccounts/" + id, caller, "{\"name\":\"x\"}"),
                    sim.send("DELETE", "/api/serviceaccounts/" + id, caller, null),
                    sim.get("/api/serviceaccounts/" + id + "/tokens", caller),
                    sim.post("/api/serviceaccounts/" + id + "/tokens", caller, "{\"name\":\"x\"}"),
                    sim.send("DELETE", "/api/serviceaccounts/" + id + "/tokens/1", caller, null))) {
                assertThat(response.statusCode()).as(response.request().method() + " " + response.request().uri()).isEqualTo(403);
                assertThat(json(response)).isEqualTo(JSON.readTree("{\"message\":\"Permission denied\"}"));
            }
        }
        assertThat(sim.get("/api/serviceaccounts/" + id, null).statusCode()).isEqualTo(401);
    }

    private static HttpResponse<String> create(String name, String role) throws Exception {
        HttpResponse<String> response = sim.post("/api/serviceaccounts", SimulatorFixture.admin(),
                role == null ? "{\"name\":\"" + name + "\"}" : "{\"name\":\"" + name + "\",\"role\":\"" + role + "\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return response;
    }

    private static String token(long accountId, String name, long secondsToLive) throws Exception {
        HttpResponse<String> response = sim.post("/api/serviceaccounts/" + accountId + "/tokens", SimulatorFixture.admin(),
                "{\"name\":\"" + name + "\",\"secondsToLive\":" + secondsToLive + "}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json(response).get("key").asText();
    }

    private static List<String> names(JsonNode page) {
        return page.get("serviceAccounts").findValuesAsText("name");
    }
}
