package io.migrationgateway.legacysim.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.legacysim.naming.Names;
import io.migrationgateway.legacysim.http.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DashboardGeneratorTest {
    private static DashboardGenerator generator;

    @BeforeAll
    static void load() {
        generator = DashboardGenerator.fromSeedDashboards(11);
    }

    @Test
    void sameSeedAndIndexGiveTheSameDashboardInAnyOrder() {
        DashboardGenerator again = DashboardGenerator.fromSeedDashboards(11);
        List<String> backwards = new ArrayList<>();
        for (int i = 199; i >= 0; i--) {
            backwards.add(0, Json.write(again.dashboard(i).model()));
        }
        for (int i = 0; i < 200; i++) {
            assertThat(Json.write(generator.dashboard(i).model())).isEqualTo(backwards.get(i));
        }
    }

    @Test
    void anotherSeedGivesOtherDashboards() {
        DashboardGenerator other = DashboardGenerator.fromSeedDashboards(12);
        Set<String> uids = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            uids.add(generator.dashboard(i).uid());
            uids.add(other.dashboard(i).uid());
        }
        assertThat(uids).hasSize(2_000);
    }

    @Test
    void uidsAreUniqueAndGrafanaStyle() {
        Set<String> uids = new HashSet<>();
        for (int i = 0; i < 20_000; i++) {
            String uid = generator.dashboard(i).uid();
            assertThat(uid).matches("[a-z][a-z0-9]{13}");
            assertThat(Names.uidProblem(uid)).isNull();
            uids.add(uid);
        }
        assertThat(uids).hasSize(20_000);
    }

    @Test
    void everyModelIsAValidDashboard() {
        Set<String> titles = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            DashboardGenerator.Generated dashboard = generator.dashboard(i);
            Map<String, Object> model = dashboard.model();

            assertThat(dashboard.title()).isNotBlank().hasSizeLessThanOrEqualTo(DashboardGenerator.MAX_TITLE);
            assertThat(titles.add(dashboard.title())).as("title %s is unique", dashboard.title()).isTrue();
            assertThat(model).containsEntry("uid", dashboard.uid()).containsEntry("title", dashboard.title())
                    .containsEntry("version", 1).containsEntry("tags", dashboard.tags()).doesNotContainKey("id");
            assertThat(dashboard.tags()).doesNotHaveDuplicates()
                    .allSatisfy(tag -> assertThat(tag).isNotBlank().hasSizeLessThanOrEqualTo(DashboardGenerator.MAX_TAG));
            assertThat(model.get("panels")).asInstanceOf(InstanceOfAssertFactories.LIST).isNotEmpty();
            assertThat(panelIds(model)).as("panel ids of %s", dashboard.title()).doesNotHaveDuplicates().doesNotContainNull();
            assertThat(Json.parseModel(Json.write(model))).containsEntry("uid", dashboard.uid());
        }
    }

    @Test
    void panelsAreDroppedAndDuplicatedWithFreshIdsInsideTheGrid() {
        Map<String, Object> allPanels = Json.parseModel(Seeder.seedJson("devenv__all-panels.json"));
        int seedPanels = ((List<?>) allPanels.get("panels")).size();
        DashboardGenerator one = DashboardGenerator.of(5, List.of(allPanels));
        Set<Integer> counts = new HashSet<>();
        for (int i = 0; i < 300; i++) {
            Map<String, Object> model = one.dashboard(i).model();
            List<?> panels = (List<?>) model.get("panels");
            counts.add(panels.size());
            assertThat(panelIds(model)).doesNotHaveDuplicates();
            for (Object panel : panels) {
                if (((Map<?, ?>) panel).get("gridPos") instanceof Map<?, ?> pos) {
                    assertThat(((Number) pos.get("x")).intValue() + ((Number) pos.get("w")).intValue()).isLessThanOrEqualTo(24);
                }
            }
        }
        assertThat(counts).anyMatch(n -> n < seedPanels).anyMatch(n -> n > seedPanels);
        assertThat(((List<?>) allPanels.get("panels")).size()).as("the base is never changed").isEqualTo(seedPanels);
    }

    @Test
    void modelsWithoutAPanelsListAreNotUsed() {
        Map<String, Object> rowsOnly = Json.parseModel(Seeder.seedJson("public-dashboards__default.json"));
        assertThat(rowsOnly).doesNotContainKey("panels");

        assertThatThrownBy(() -> DashboardGenerator.of(1, List.of(rowsOnly))).isInstanceOf(IllegalArgumentException.class);
        Map<String, Object> allPanels = Json.parseModel(Seeder.seedJson("devenv__all-panels.json"));
        DashboardGenerator mixed = DashboardGenerator.of(1, List.of(rowsOnly, allPanels));
        for (int i = 0; i < 50; i++) {
            assertThat(mixed.dashboard(i).model()).containsKey("panels");
        }
    }

    @Test
    void negativeIndexesAreRefused() {
        assertThatThrownBy(() -> generator.dashboard(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Every panel id, rows' children included, walked independently of the generator's own walk. */
    private static List<Object> panelIds(Map<String, Object> model) {
        List<Object> ids = new ArrayList<>();
        List<Object> pending = new ArrayList<>((List<?>) model.get("panels"));
        while (!pending.isEmpty()) {
            Map<?, ?> panel = (Map<?, ?>) pending.remove(pending.size() - 1);
            ids.add(panel.get("id") instanceof Number n ? n.longValue() : null);
            if (panel.get("panels") instanceof List<?> children) {
                pending.addAll(children);
            }
        }
        return ids;
    }
}
