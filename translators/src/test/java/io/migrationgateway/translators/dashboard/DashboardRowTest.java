package io.migrationgateway.translators.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.resource.ResourceObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Legacy {@code dashboard} rows → objects, as Grafana's migration converts them (reference §3.1). */
class DashboardRowTest {
    private static final Instant CREATED = Instant.parse("2023-01-01T10:00:00Z");
    private static final Instant UPDATED = Instant.parse("2023-02-01T10:00:00Z");
    private final DashboardTranslator translator = new DashboardTranslator(new Fixtures().settings());

    private static DashboardRow row(String data) {
        return new DashboardRow(12, 1, "abc", 4, data.getBytes(StandardCharsets.UTF_8), CREATED, UPDATED, 1, "admin", 2, "editor", "f1", Optional.empty(), "",
                "", "fourth save", Optional.empty());
    }

    private ObjectNode convert(DashboardRow row) {
        RowConverter.Conversion conversion = translator.toResource(row);
        assertThat(conversion).isInstanceOf(RowConverter.Converted.class);
        return ((RowConverter.Converted) conversion).object();
    }

    @Test
    void aRowBecomesTheObjectGrafanasMigrationWrites() {
        ObjectNode object = convert(row("{\"id\":12,\"uid\":\"abc\",\"version\":4,\"title\":\"T\",\"panels\":[]}"));

        assertThat(Fixtures.wire(object)).isEqualTo(Fixtures.json("""
                {"apiVersion":"dashboard.grafana.app/v0alpha1","kind":"Dashboard",
                 "metadata":{"name":"abc","namespace":"default","resourceVersion":"4","generation":4,
                   "creationTimestamp":"2023-01-01T10:00:00Z","labels":{"grafana.app/deprecatedInternalID":"12"},
                   "annotations":{"grafana.app/createdBy":"user:admin","grafana.app/folder":"f1","grafana.app/message":"fourth save",
                     "grafana.app/updatedBy":"user:editor","grafana.app/updatedTimestamp":"2023-02-01T10:00:00Z"}},
                 "spec":{"panels":[],"title":"T"},"status":{}}"""));
        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object)).isEmpty();
    }

    @Test
    void aSoftDeletedRowGoesToTheTrash() {
        DashboardRow row = row("{\"title\":\"T\"}");
        DashboardRow deleted = new DashboardRow(row.id(), row.orgId(), row.uid(), row.version(), row.data(), row.created(), row.updated(),
                row.createdBy(), row.createdByLogin(), row.updatedBy(), row.updatedByLogin(), row.folderUid(),
                Optional.of(Instant.parse("2023-03-01T00:00:00Z")), row.apiVersion(), row.pluginId(), row.message(), row.provisioning());

        ResourceObject object = new ResourceObject(convert(deleted));

        assertThat(object.generation()).isEqualTo(-999);
        assertThat(object.deletionTimestamp()).hasValue(Instant.parse("2023-03-01T00:00:00Z"));
    }

    @Test
    void provisioningAndPluginsBecomeTheManager() {
        DashboardRow row = row("{\"title\":\"T\"}");
        DashboardRow provisioned = new DashboardRow(12, 2, "abc", 1, row.data(), CREATED, UPDATED, -1, "", 0, "", "", Optional.empty(),
                "v1beta1", "", "", Optional.of(new DashboardRow.Provisioning("local", "/etc/dash/a.json", "c0ffee", 1_700_000_000)));
        DashboardRow plugin = new DashboardRow(13, 1, "def", 1, row.data(), CREATED, UPDATED, 0, "", 0, "", "", Optional.empty(),
                "v1alpha1", "grafana-slo-app", "", Optional.empty());

        ResourceObject fromFile = new ResourceObject(convert(provisioned));
        assertThat(fromFile.json().path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
        assertThat(fromFile.json().path("metadata").path("namespace").asText()).isEqualTo("org-2");
        assertThat(fromFile.annotation("grafana.app/managedBy")).hasValue("classic-file-provisioning");
        assertThat(fromFile.annotation("grafana.app/managerId")).hasValue("local");
        assertThat(fromFile.annotation("grafana.app/sourcePath")).hasValue("/etc/dash/a.json");
        assertThat(fromFile.annotation("grafana.app/sourceChecksum")).hasValue("c0ffee");
        assertThat(fromFile.annotation("grafana.app/sourceTimestamp")).hasValue("2023-11-14T22:13:20Z");
        assertThat(fromFile.annotation("grafana.app/createdBy")).as("author -1").hasValue("provisioning:");
        assertThat(fromFile.annotation("grafana.app/updatedBy")).as("author 0: none").isEmpty();

        ResourceObject fromPlugin = new ResourceObject(convert(plugin));
        assertThat(fromPlugin.json().path("apiVersion").asText()).as("v1alpha1 rows are v0alpha1").isEqualTo("dashboard.grafana.app/v0alpha1");
        assertThat(fromPlugin.annotation("grafana.app/managedBy")).hasValue("plugin");
        assertThat(fromPlugin.annotation("grafana.app/managerId")).hasValue("grafana-slo-app");
    }

    @Test
    void aRowThatCannotBeAnObjectSaysWhy() {
        assertThat(translator.toResource(row("{not json"))).isInstanceOfSatisfying(RowConverter.Unconvertible.class,
                u -> assertThat(u.reason()).contains("abc").contains("missing or corrupt"));
        assertThat(translator.toResource(row("[1,2]"))).isInstanceOf(RowConverter.Unconvertible.class);
        DashboardRow noUid = new DashboardRow(5, 1, "", 1, "{}".getBytes(StandardCharsets.UTF_8), CREATED, UPDATED, 0, "", 0, "", "", Optional.empty(), "", "", "",
                Optional.empty());
        assertThat(translator.toResource(noUid)).isInstanceOf(RowConverter.Unconvertible.class);
    }
}
