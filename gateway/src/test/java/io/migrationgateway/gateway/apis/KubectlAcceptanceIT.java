package io.migrationgateway.gateway.apis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.migrationgateway.gateway.demo.Demo;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Kubectl;
import io.migrationgateway.testsupport.Loopback;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real kubectl against the demo, over https with the kubeconfig the demo writes and no
 * other flag, for every kind: table and YAML output, client-side apply (twice: the second is "unchanged"),
 * server-side apply with a conflict and {@code --force-conflicts}, annotate, label, chunked lists, a watch
 * that sees ADDED, MODIFIED and DELETED, and delete. Skipped only when kubectl is not installed.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class KubectlAcceptanceIT {
    private static final Duration WATCH_WAIT = Duration.ofSeconds(20);
    private static final YAMLMapper YAML = new YAMLMapper();

    @TempDir
    static Path dataDir;
    @TempDir
    static Path home;

    private static Demo demo;
    private static Kubectl kubectl;

    /** One kind under test: how to write a manifest for it. */
    record Kind(String plural, String apiVersion, String kindName, String extraSpec) {
        String manifest(String name, String title) {
            return "apiVersion: " + apiVersion + "\nkind: " + kindName + "\nmetadata:\n  name: " + name
                    + "\nspec:\n  title: " + title + "\n" + extraSpec;
        }

        @Override
        public String toString() {
            return plural;
        }
    }

    static Stream<Kind> kinds() {
        return Stream.of(
                new Kind("dashboards", "dashboard.grafana.app/v1beta1", "Dashboard", "  schemaVersion: 41\n  panels: []\n"),
                new Kind("folders", "folder.grafana.app/v1beta1", "Folder", "  description: made by kubectl\n"),
                new Kind("playlists", "playlist.grafana.app/v0alpha1", "Playlist",
                        "  interval: 5m\n  items:\n  - type: dashboard_by_tag\n    value: kubectl\n"));
    }

    @BeforeAll
    static void startDemo() throws Exception {
        assumeTrue(Kubectl.installed(), "kubectl is not installed");
        demo = Demo.start(new Demo.Settings("127.0.0.1", 0, 0, 0, Loopback.closedPort(), dataDir, Optional.empty(),
                Optional.empty(), Optional.empty()), Map.of());
        // these tests are about unified storage's Kubernetes semantics (labels, annotations, server-side apply,
        // resource versions), which the legacy API cannot keep: in modes 0-2 /apis is served over legacy instead
        // (ResourceApiOverLegacyIT), so every resource is put in mode 4 first
        AdminClient.of(demo).forceEveryResource(4);
        kubectl = new Kubectl(demo.kubeconfig().orElseThrow(), home);
    }

    @AfterAll
    static void stopDemo() {
        if (demo != null) {
            demo.close();
        }
    }

    private Path write(String fileName, String content) throws IOException {
        Path file = home.resolve(fileName);
        Files.writeString(file, content);
        return file;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void clientSideApplyCreatesThenReportsUnchangedAndShowsInTableAndYaml(Kind kind) throws Exception {
        String name = "csa-" + kind.plural();
        Path manifest = write(name + ".yaml", kind.manifest(name, "Applied by kubectl"));

        assertThat(kubectl.ok("apply", "-f", manifest.toString())).contains(name + " created");
        assertThat(kubectl.ok("apply", "-f", manifest.toString())).contains(name + " unchanged");

        String table = kubectl.ok("get", kind.plural());
        assertThat(table.lines().findFirst().orElseThrow()).contains("NAME").contains("TITLE").contains("AGE");
        assertThat(table).containsPattern(name + "\\s+Applied by kubectl\\s+\\d+s");

        JsonNode object = YAML.readTree(kubectl.ok("get", kind.plural(), name, "-o", "yaml"));
        assertThat(object.path("apiVersion").asText()).isEqualTo(kind.apiVersion());
        assertThat(object.path("kind").asText()).isEqualTo(kind.kindName());
        assertThat(object.at("/metadata/namespace").asText()).isEqualTo("default");
        assertThat(object.at("/metadata/uid").asText()).isNotEmpty();
        assertThat(object.at("/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration").asText())
                .contains("Applied by kubectl");
        assertThat(object.at("/spec/title").asText()).isEqualTo("Applied by kubectl");

        Path changed = write(name + "-v2.yaml", kind.manifest(name, "Changed by kubectl"));
        assertThat(kubectl.ok("apply", "-f", changed.toString())).contains(name + " configured");
        JsonNode after = YAML.readTree(kubectl.ok("get", kind.plural(), name, "-o", "yaml"));
        assertThat(after.at("/spec/title").asText()).isEqualTo("Changed by kubectl");
        assertThat(after.at("/metadata/generation").asLong()).isEqualTo(object.at("/metadata/generation").asLong() + 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void serverSideApplyCreatesAndRefusesAnotherManagersFieldUntilForced(Kind kind) throws Exception {
        String name = "ssa-" + kind.plural();
        Path manifest = write(name + ".yaml", kind.manifest(name, "Server side"));
        assertThat(kubectl.ok("apply", "--server-side", "-f", manifest.toString())).contains(name + " serverside-applied");
        assertThat(kubectl.ok("apply", "--server-side", "-f", manifest.toString())).contains(name + " serverside-applied");

        Path other = write(name + "-other.yaml", kind.manifest(name, "Someone else"));
        Kubectl.Result conflict = kubectl.run("apply", "--server-side", "--field-manager=other-team", "-f", other.toString());
        assertThat(conflict.exitCode()).as(conflict.toString()).isNotZero();
        assertThat(conflict.err()).contains("conflict").contains(".spec.title");

        assertThat(kubectl.ok("apply", "--server-side", "--field-manager=other-team", "--force-conflicts", "-f", other.toString()))
                .contains(name + " serverside-applied");
        assertThat(kubectl.ok("get", kind.plural(), name, "-o", "jsonpath={.spec.title}")).isEqualTo("Someone else");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void annotateAndLabelChangeMetadataAndLabelsSelect(Kind kind) throws Exception {
        String name = "meta-" + kind.plural();
        kubectl.ok("apply", "-f", write(name + ".yaml", kind.manifest(name, "Metadata")).toString());

        assertThat(kubectl.ok("annotate", kind.plural(), name, "example.com/owner=team-a")).contains(name + " annotated");
        assertThat(kubectl.ok("label", kind.plural(), name, "team=a")).contains(name + " labeled");
        assertThat(kubectl.ok("get", kind.plural(), name, "-o", "jsonpath={.metadata.annotations.example\\.com/owner}"))
                .isEqualTo("team-a");
        assertThat(kubectl.ok("get", kind.plural(), "-l", "team=a", "-o", "name")).contains(name).doesNotContain("csa-");

        assertThat(kubectl.ok("label", kind.plural(), name, "team-")).contains(name + " unlabeled");
        assertThat(kubectl.ok("get", kind.plural(), "-l", "team=a", "-o", "name")).doesNotContain(name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void chunkedListOfOneObjectPerPageShowsEveryObject(Kind kind) throws Exception {
        for (int i = 1; i <= 3; i++) {
            String name = "chunk-" + i;
            kubectl.ok("apply", "-f", write(kind.plural() + name + ".yaml", kind.manifest(name, "Chunk " + i)).toString());
        }
        String listed = kubectl.ok("get", kind.plural(), "--chunk-size=1", "-o", "name");
        assertThat(listed).contains(kind.plural().replaceAll("s$", "") + ".")
                .contains("/chunk-1").contains("/chunk-2").contains("/chunk-3");
        assertThat(kubectl.ok("get", kind.plural(), "--chunk-size=1")).contains("Chunk 1").contains("Chunk 2").contains("Chunk 3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void watchSeesAddedModifiedAndDeletedThenDeleteAnswersNotFound(Kind kind) throws Exception {
        String name = "watched-" + kind.plural();
        try (Kubectl.Streaming watch = kubectl.stream("get", kind.plural(), "-w", "--output-watch-events")) {
            kubectl.ok("apply", "-f", write(name + ".yaml", kind.manifest(name, "Watched")).toString());
            watch.awaitLine(line -> line.startsWith("ADDED") && line.contains(name), WATCH_WAIT);

            kubectl.ok("annotate", kind.plural(), name, "example.com/step=two");
            watch.awaitLine(line -> line.startsWith("MODIFIED") && line.contains(name), WATCH_WAIT);

            assertThat(kubectl.ok("delete", kind.plural(), name)).contains(name + "\" deleted");
            watch.awaitLine(line -> line.startsWith("DELETED") && line.contains(name), WATCH_WAIT);
            assertThat(watch.lines()).noneMatch(line -> line.contains("<unknown>"));
        }
        Kubectl.Result gone = kubectl.run("get", kind.plural(), name);
        assertThat(gone.exitCode()).isEqualTo(1);
        assertThat(gone.err()).contains("(NotFound)").contains("\"" + name + "\" not found");
    }
}
