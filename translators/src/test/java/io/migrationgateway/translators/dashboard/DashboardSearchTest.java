package io.migrationgateway.translators.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.LegacyContract;
import io.migrationgateway.translators.legacy.LegacyResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DashboardSearchTest {
    private final Fixtures fixtures = new Fixtures();
    private long opsId;
    private long cpuId;

    @BeforeEach
    void aFolderTreeWithDashboards() {
        opsId = fixtures.post("/api/folders", "{\"uid\":\"ops\",\"title\":\"Ops\"}").body().get("id").asLong();
        fixtures.post("/api/folders", "{\"uid\":\"db-team\",\"title\":\"Databases\",\"parentUid\":\"ops\"}");
        cpuId = save("cpu", "CPU usage", "ops", "[\"infra\",\"prod\",\"infra\",\" \"]");
        save("mem", "memory", "ops", "[\"infra\"]");
        save("pg", "Postgres", "db-team", "[\"prod\",\"db\"]");
        save("home", "Äpfel home", "", "[]");
    }

    private long save(String uid, String title, String folder, String tags) {
        return fixtures.post("/api/dashboards/db", "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + title + "\",\"tags\":"
                + tags + "},\"folderUid\":\"" + folder + "\"}").body().get("id").asLong();
    }

    private List<String> uids(String query) {
        LegacyResponse answer = fixtures.get("/api/search" + query);
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(LegacyContract.unexplained("GET", "/api/search", answer)).isEmpty();
        List<String> uids = new ArrayList<>();
        answer.body().forEach(hit -> uids.add(hit.get("uid").asText()));
        return uids;
    }

    @Test
    void everythingComesSortedByTitleIgnoringCaseFoldersIncluded() {
        assertThat(uids("")).containsExactly("cpu", "db-team", "mem", "ops", "pg", "home");
    }

    @Test
    void hitsHaveGrafanasFieldsWithFolderFieldsOnlyForDashboardsInAFolder() {
        JsonNode hits = Fixtures.wire(fixtures.get("/api/search"));

        assertThat(hits.get(0)).isEqualTo(Fixtures.json("{\"id\":" + cpuId + ",\"uid\":\"cpu\",\"title\":\"CPU usage\","
                + "\"uri\":\"db/cpu-usage\",\"url\":\"/d/cpu/cpu-usage\",\"slug\":\"\",\"type\":\"dash-db\",\"tags\":[\"infra\",\"prod\"],"
                + "\"isStarred\":false,\"folderId\":" + opsId + ",\"folderUid\":\"ops\",\"folderTitle\":\"Ops\","
                + "\"folderUrl\":\"/dashboards/f/ops/ops\",\"sortMeta\":0}"));
        JsonNode folder = hits.get(3);
        assertThat(folder.get("type").asText()).isEqualTo("dash-folder");
        assertThat(folder.get("url").asText()).isEqualTo("/dashboards/f/ops/ops");
        assertThat(folder.has("folderUid")).isFalse();
        assertThat(hits.get(5).has("folderId")).as("a dashboard at the root").isFalse();
    }

    @Test
    void filtersCombine() {
        assertThat(uids("?query=US")).containsExactly("cpu");
        assertThat(uids("?type=dash-folder")).containsExactly("db-team", "ops");
        assertThat(uids("?type=dash-db&tag=infra")).containsExactly("cpu", "mem");
        assertThat(uids("?tag=infra&tag=prod")).containsExactly("cpu");
        assertThat(uids("?dashboardUIDs=pg,mem")).containsExactly("mem", "pg");
        assertThat(uids("?dashboardUID=pg")).containsExactly("pg");
        assertThat(uids("?dashboardIds=" + cpuId + "&dashboardIds=nope")).as("ids that do not parse are skipped").containsExactly("cpu");
        assertThat(uids("?folderIds=" + opsId)).containsExactly("cpu", "mem");
        assertThat(uids("?folderIds=0&type=dash-db")).containsExactly("home");
        assertThat(uids("?folderUIDs=ops")).as("a nested folder's folder_uid is its parent").containsExactly("cpu", "db-team", "mem");
        assertThat(uids("?folderUIDs=general")).containsExactly("ops", "home");
    }

    @Test
    void sortingAndPaging() {
        assertThat(uids("?sort=alpha-desc")).containsExactly("home", "pg", "ops", "mem", "db-team", "cpu");
        assertThat(uids("?limit=2&page=2")).containsExactly("mem", "ops");
        assertThat(uids("?limit=0")).hasSize(6);
    }

    @Test
    void starredIsEmptyAndAnOverLargeLimitIsGrafanas422() {
        assertThat(uids("?starred=true")).isEmpty();
        LegacyResponse tooMany = fixtures.get("/api/search?limit=5001");
        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.message()).isEqualTo("Limit is above maximum allowed (5000), use page parameter to access hits beyond limit");
        assertThat(LegacyContract.unexplained("GET", "/api/search", tooMany)).isEmpty();
    }
}
