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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real kubectl against the demo, over https with the kubeconfig the demo writes and no
 * other flag, for every kind, in one migration mode per subclass: table and YAML output, client-side apply (the second
 * is "unchanged"), server-side apply with a conflict and {@code --force-conflicts}, annotate, label and {@code -l},
 * chunked lists, a watch that sees ADDED, MODIFIED and DELETED, and delete. In modes 0-2 the objects live on the legacy
 * side and the gateway keeps what it cannot hold (labels, annotations, managed fields); the sequence is the same.
 * Skipped only when kubectl is not installed.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class KubectlAcceptance {
    private static final Duration WATCH_WAIT = Duration.ofSeconds(20);
    private static final YAMLMapper YAML = new YAMLMapper();

    private Path home;

    Demo demo;
    Kubectl kubectl;

    /** The mode every resource is in while the sequence runs. */
    abstract int mode();

    /**
     * One kind under test: how to write a manifest for it.
     *
     * @param legacyNamesIt whether the legacy API generates its objects' names (Grafana 9.3's playlists), so that in
     *                      modes 0-2 an object is made with {@code generateName} by {@code kubectl create}, and applied
     *                      under the name it got
     */
    record Kind(String plural, String apiVersion, String kindName, String extraSpec, boolean legacyNamesIt) {
        String manifest(String name, String title) {
            return "apiVersion: " + apiVersion + "\nkind: " + kindName + "\nmetadata:\n  name: " + name
                    + "\nspec:\n  title: " + title + "\n" + extraSpec;
        }

        String generatedManifest(String prefix, String title) {
            return manifest(prefix, title).replace("  name: " + prefix, "  generateName: " + prefix + "-");
        }

        @Override
        public String toString() {
            return plural;
        }
    }

    static Stream<Kind> kinds() {
        return Stream.of(
                new Kind("dashboards", "dashboard.grafana.app/v1beta1", "Dashboard", "  schemaVersion: 41\n  panels: []\n", false),
                // no description: Grafana 9.3's folders have none, so in modes 0-2 kubectl would find it missing on every apply
                new Kind("folders", "folder.grafana.app/v1beta1", "Folder", "", false),
                new Kind("playlists", "playlist.grafana.app/v0alpha1", "Playlist",
                        "  interval: 5m\n  items:\n  - type: dashboard_by_tag\n    value: kubectl\n", true));
    }

    @BeforeAll
    void startDemo(@TempDir Path directory) throws Exception {
        assumeTrue(Kubectl.installed(), "kubectl is not installed");
        home = Files.createDirectory(directory.resolve("home"));
        demo = Demo.start(new Demo.Settings("127.0.0.1", 0, 0, 0, Loopback.closedPort(), directory.resolve("data"), Optional.empty(),
                Optional.empty(), Optional.empty()), Map.of());
        if (mode() != 0) {
            AdminClient.of(demo).forceEveryResource(mode());
        }
        kubectl = new Kubectl(demo.kubeconfig().orElseThrow(), home);
    }

    @AfterAll
    void stopDemo() {
        if (demo != null) {
            demo.close();
        }
    }

    Path write(String fileName, String content) throws IOException {
        Path file = home.resolve(fileName);
        Files.writeString(file, content);
        return file;
    }

    /** Whether objects of {@code kind} get their names from the legacy side in this mode. */
    private boolean namedByLegacy(Kind kind) {
        return kind.legacyNamesIt() && mode() < 3;
    }

    /**
     * Makes an object as a user would in this mode: {@code kubectl apply}, or where the legacy side names objects,
     * {@code kubectl create --save-config} with {@code generateName}.
     *
     * @return its name
     */
    String make(Kind kind, String name, String title) throws IOException {
        if (!namedByLegacy(kind)) {
            assertThat(kubectl.ok("apply", "-f", write(name + ".yaml", kind.manifest(name, title)).toString()))
                    .contains(name + " created");
            return name;
        }
        String made = kubectl.ok("create", "--save-config", "-o", "name", "-f",
                write(name + ".yaml", kind.generatedManifest(name, title)).toString()).strip();
        assertThat(made).startsWith(kind.plural().replaceAll("s$", "") + ".");
        return made.substring(made.indexOf('/') + 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void clientSideApplyCreatesThenReportsUnchangedAndShowsInTableAndYaml(Kind kind) throws Exception {
        String name = make(kind, "csa-" + kind.plural(), "Applied by kubectl");
        Path manifest = write(name + ".yaml", kind.manifest(name, "Applied by kubectl"));
        if (namedByLegacy(kind)) {
            // the configuration create saved has generateName, not the name: applying the named manifest changes that
            assertThat(kubectl.ok("apply", "-f", manifest.toString())).contains(name + " configured");
        }
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
        String name = namedByLegacy(kind) ? make(kind, "ssa-" + kind.plural(), "Server side") : "ssa-" + kind.plural();
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
        String name = make(kind, "meta-" + kind.plural(), "Metadata");

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
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            // dashboards and folders share one name space on the legacy side
            String name = make(kind, kind.plural() + "-chunk-" + i, "Chunk " + i);
            kubectl.ok("label", kind.plural(), name, "chunked=yes");
            names.add(name);
        }
        // selected by a label: kubectl sends at most 5 requests a second, and a page of one object each among the
        // legacy side's 122 dashboards would take half a minute
        String listed = kubectl.ok("get", kind.plural(), "--chunk-size=1", "-l", "chunked=yes", "-o", "name");
        assertThat(listed.lines()).hasSize(3);
        names.forEach(name -> assertThat(listed).contains(kind.plural().replaceAll("s$", "") + "." + kind.apiVersion()
                .replaceAll("/.*", "") + "/" + name + "\n"));
        assertThat(kubectl.ok("get", kind.plural(), "--chunk-size=1", "-l", "chunked=yes"))
                .contains("Chunk 1").contains("Chunk 2").contains("Chunk 3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void watchSeesAddedModifiedAndDeletedThenDeleteAnswersNotFound(Kind kind) throws Exception {
        String name;
        try (Kubectl.Streaming watch = kubectl.stream("get", kind.plural(), "-w", "--output-watch-events")) {
            name = make(kind, "watched-" + kind.plural(), "Watched");
            watch.awaitLine(line -> line.startsWith("ADDED") && line.contains(name), WATCH_WAIT);

            kubectl.ok("annotate", kind.plural(), name, "example.com/step=two");
            watch.awaitLine(line -> line.startsWith("MODIFIED") && line.contains(name), WATCH_WAIT);

            assertThat(kubectl.ok("delete", kind.plural(), name)).contains(name + "\" deleted");
            watch.awaitLine(line -> line.startsWith("DELETED") && line.contains(name), WATCH_WAIT);
            String watched = name;
            // over the legacy side a deletion carries the object's identity, not its last state (LegacyWatch)
            assertThat(watch.lines()).filteredOn(line -> line.contains(watched))
                    .filteredOn(line -> mode() >= 3 || !line.startsWith("DELETED"))
                    .noneMatch(line -> line.contains("<unknown>"));
        }
        Kubectl.Result gone = kubectl.run("get", kind.plural(), name);
        assertThat(gone.exitCode()).isEqualTo(1);
        assertThat(gone.err()).contains("(NotFound)").contains("\"" + name + "\" not found");
    }
}
