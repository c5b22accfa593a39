package io.migrationgateway.translators;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.playlist.PlaylistTranslator;
import org.junit.jupiter.api.Test;

/** The OpenAPI checks the other tests rely on catch what they must, or their passing would prove nothing. */
class ContractsTest {
    private static ObjectNode object(String json) {
        return (ObjectNode) Fixtures.json(json);
    }

    @Test
    void theSnapshotsRefuseObjectsOfTheWrongShape() {
        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object("""
                {"apiVersion":"dashboard.grafana.app/v1beta1","kind":"Dashboard","metadata":{"name":"a"},"spec":{"anything":[1]},"status":{}}""")))
                .as("an unstructured spec takes anything").isEmpty();
        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object("""
                {"apiVersion":"dashboard.grafana.app/v1beta1","kind":"Dashboard","metadata":{"name":"a","generation":"x","labels":{"a":1}},
                 "spec":{},"status":{},"extra":true}"""))).hasSizeGreaterThanOrEqualTo(2);
        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object("{\"metadata\":{\"name\":\"a\"},\"spec\":{}}")))
                .as("status is required by the v1beta1 Dashboard").isNotEmpty();
        assertThat(ResourceContract.findings(FolderTranslator.KIND, object("""
                {"apiVersion":"folder.grafana.app/v1beta1","kind":"Folder","metadata":{"name":"f"},"spec":{"description":"no title"},"status":{}}""")))
                .isNotEmpty();
        assertThat(ResourceContract.findings(PlaylistTranslator.KIND, object("""
                {"apiVersion":"playlist.grafana.app/v0alpha1","kind":"Playlist","metadata":{"name":"p"},
                 "spec":{"title":"t","interval":"1m","items":[{"type":"dashboard_by_color","value":"red"}]}}""")))
                .as("item types are an enum").isNotEmpty();
        assertThat(ResourceContract.findings(PlaylistTranslator.KIND, object("""
                {"apiVersion":"playlist.grafana.app/v0alpha1","kind":"Playlist","metadata":{"name":"p"},
                 "spec":{"title":"t","interval":"1m","items":[{"type":"dashboard_by_uid","value":"v","title":"legacy only"}]}}""")))
                .as("no legacy item titles in the spec").isNotEmpty();
    }

    @Test
    void grafanasLegacyDocumentRefusesAnswersOfTheWrongShape() {
        LegacyResponse tampered = LegacyResponse.ok(Fixtures.json("""
                {"dashboard":{"title":"t"},"meta":{"folderId":"not a number","unheardOf":true}}"""));
        assertThat(LegacyContract.unexplained("GET", "/api/dashboards/uid/x", tampered))
                .extracting(LegacyContract.Finding::pointer).containsExactlyInAnyOrder("/meta/folderId", "/meta/unheardOf");
        assertThat(LegacyContract.unexplained("GET", "/api/dashboards/uid/x", new LegacyResponse(418, Fixtures.json("{}"))))
                .extracting(LegacyContract.Finding::keyword).containsExactly("status 418");
        assertThat(LegacyContract.unexplained("GET", "/api/folders", LegacyResponse.ok(Fixtures.json("[{\"id\":\"1\"}]"))))
                .isNotEmpty();
    }
}
