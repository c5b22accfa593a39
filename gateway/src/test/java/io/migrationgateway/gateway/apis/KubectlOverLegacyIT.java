package io.migrationgateway.gateway.apis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Kubectl;
import java.net.URI;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * kubectl's whole sequence with every resource in mode 0, as the demo starts: objects on the legacy side, the rest kept
 * by the gateway; what kubectl sees of a write made around the gateway, with the legacy API; and, last (it moves each
 * resource to mode 4), that the copy to unified storage carries what the gateway kept.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KubectlOverLegacyIT extends KubectlAcceptance {
    private static final YAMLMapper YAML = new YAMLMapper();

    @Override
    int mode() {
        return 0;
    }

    @Test
    void aLegacyApiWriteKeepsLabelsAndOwnsTheFieldsItChangedSoServerSideApplyConflictsWithIt() throws Exception {
        String name = "around-the-gateway";
        Kind dashboards = kinds().findFirst().orElseThrow();
        assertThat(kubectl.ok("apply", "--server-side", "-f", write(name + ".yaml", dashboards.manifest(name, "Applied")).toString()))
                .contains(name + " serverside-applied");
        kubectl.ok("label", "dashboards", name, "team=a");

        String save = "{\"dashboard\":{\"uid\":\"" + name + "\",\"title\":\"Saved with the legacy API\",\"schemaVersion\":41,"
                + "\"panels\":[]},\"overwrite\":true}";
        Http.Answer saved = new Http().exchange(URI.create("http://127.0.0.1:" + demo.gateway().publicAddress().getPort()
                        + "/api/dashboards/db"), "POST", Http.basic("admin", demo.credentials().legacyAdminPassword()), save,
                "Content-Type", "application/json");
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);

        JsonNode object = YAML.readTree(kubectl.ok("get", "dashboards", name, "-o", "yaml", "--show-managed-fields"));
        assertThat(object.at("/spec/title").asText()).isEqualTo("Saved with the legacy API");
        assertThat(object.at("/metadata/labels/team").asText()).isEqualTo("a");
        JsonNode legacyManager = managedBy(object, "grafana-legacy-api");
        assertThat(legacyManager.path("operation").asText()).isEqualTo("Update");
        assertThat(legacyManager.at("/fieldsV1/f:spec/f:title").isObject()).as(legacyManager.toString()).isTrue();
        assertThat(managedBy(object, "kubectl").at("/fieldsV1/f:spec/f:title").isMissingNode())
                .as("kubectl no longer owns the title the legacy side changed").isTrue();

        Path again = write(name + "-again.yaml", dashboards.manifest(name, "Applied again"));
        Kubectl.Result conflict = kubectl.run("apply", "--server-side", "-f", again.toString());
        assertThat(conflict.exitCode()).as(conflict.toString()).isNotZero();
        assertThat(conflict.err()).contains("conflict").contains("grafana-legacy-api").contains(".spec.title");
        assertThat(kubectl.ok("apply", "--server-side", "--force-conflicts", "-f", again.toString()))
                .contains(name + " serverside-applied");
        assertThat(kubectl.ok("get", "dashboards", name, "-o", "jsonpath={.spec.title}")).isEqualTo("Applied again");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    @Order(Integer.MAX_VALUE)
    void theCopyToUnifiedStorageCarriesLabelsAnnotationsManagedFieldsUidAndCreationTime(Kind kind) throws Exception {
        String name = make(kind, "copied-" + kind.plural(), "Made over legacy");
        kubectl.ok("label", kind.plural(), name, "team=copy");
        kubectl.ok("annotate", kind.plural(), name, "example.com/owner=team-copy");
        assertThat(kubectl.ok("apply", "--server-side", "--field-manager=copy-team", "--force-conflicts", "-f",
                write(name + "-ssa.yaml", kind.manifest(name, "Applied before the copy")).toString())).contains("serverside-applied");
        JsonNode before = YAML.readTree(kubectl.ok("get", kind.plural(), name, "-o", "yaml", "--show-managed-fields"));

        String resource = before.path("apiVersion").asText().replaceAll("/.*", "");
        AdminClient admin = AdminClient.of(demo);
        admin.runJob("copy", kind.plural() + "." + resource);
        admin.forceMode(kind.plural() + "." + resource, null, 4);

        JsonNode after = YAML.readTree(kubectl.ok("get", kind.plural(), name, "-o", "yaml", "--show-managed-fields"));
        assertThat(after.at("/metadata/uid")).isEqualTo(before.at("/metadata/uid"));
        assertThat(after.at("/metadata/creationTimestamp")).isEqualTo(before.at("/metadata/creationTimestamp"));
        assertThat(after.at("/metadata/labels")).isEqualTo(before.at("/metadata/labels"));
        assertThat(keptAnnotations(after)).isEqualTo(keptAnnotations(before)).containsKey("example.com/owner");
        assertThat(after.at("/metadata/managedFields")).isEqualTo(before.at("/metadata/managedFields"));
        assertThat(after.at("/spec/title").asText()).isEqualTo("Applied before the copy");
        assertThat(kubectl.ok("get", kind.plural(), "-l", "team=copy", "-o", "name")).contains("/" + name);
    }

    /** The annotations the gateway keeps: not the legacy row's own ({@code grafana.app/}). */
    private static Map<String, String> keptAnnotations(JsonNode object) {
        Map<String, String> kept = new java.util.TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.at("/metadata/annotations").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (!entry.getKey().startsWith("grafana.app/")) {
                kept.put(entry.getKey(), entry.getValue().asText());
            }
        }
        return kept;
    }

    private static JsonNode managedBy(JsonNode object, String manager) {
        for (JsonNode entry : object.at("/metadata/managedFields")) {
            if (entry.path("manager").asText().equals(manager)) {
                return entry;
            }
        }
        throw new AssertionError("no managed fields of " + manager + " in " + object.at("/metadata/managedFields"));
    }
}
