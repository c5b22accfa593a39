package io.migrationgateway.gateway.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.GatewayConfig;
import io.migrationgateway.gateway.testing.Kubectl;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * deploy/kubernetes renders with {@code kubectl kustomize} (base and the trial overlay) into a gateway the gateway
 * itself would accept and Kubernetes would run as intended: its MGW_* variables are settings of the reference (read
 * through {@link ConfigLoader}, as the gateway reads them), its ports and probes are the ones those settings open, the
 * admin port is reachable only inside the cluster, two replicas share an external PostgreSQL under a disruption budget,
 * and the memory limit leaves room beside the heap. Skipped where kubectl is not installed.
 */
class KubernetesManifestsTest {
    private static final String GATEWAY = "migration-gateway";
    private static final String CONTAINER = "gateway";
    private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([kKmMgG]?)(?=\\s|$)");
    private static final Pattern QUANTITY = Pattern.compile("(\\d+)(Ki|Mi|Gi|k|M|G)?");
    /** What the JVM keeps beside its heap, with a margin: about 170 MB was measured under load (metaspace, code, GC). */
    private static final long MIN_HEADROOM = 256L << 20;
    /** Settings that are credentials: only ever from a Secret. */
    private static final List<String> SECRET_VARIABLES = List.of("MGW_ADMIN_PASSWORD", "MGW_DATABASE_URL",
            "MGW_DATABASE_PASSWORD", "MGW_DUAL_WRITE_RETRY_AUTHORIZATION", "MGW_LEGACY_DATABASE_URL",
            "MGW_JOBS_COMPARE_AUTHORIZATION");

    @TempDir
    static Path home;
    private static Path kubernetes;
    private static final Map<String, List<JsonNode>> RENDERED = new LinkedHashMap<>();

    @BeforeAll
    static void render() throws IOException {
        assumeTrue(Kubectl.installed(), "kubectl is not installed");
        kubernetes = kubernetesDirectory();
        Kubectl kubectl = new Kubectl(home.resolve("kubeconfig"), home);
        for (String dir : List.of("base", "overlays/trial")) {
            RENDERED.put(dir, parse(kubectl.ok("kustomize", kubernetes.resolve(dir).toString())));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void everyMgwVariableIsASettingOfTheReference(String dir) {
        Map<String, String> settings = new ConfigLoader().environmentVariables();
        List<String> unknown = new ArrayList<>();
        for (JsonNode container : allContainers(RENDERED.get(dir))) {
            for (String name : environment(dir, container).keySet()) {
                if (name.startsWith(ConfigLoader.ENV_PREFIX) && !settings.containsKey(name)) {
                    unknown.add(container.path("name").asText() + ": " + name);
                }
            }
        }
        assertThat(unknown).as("MGW_* variables that are no key of the reference configuration").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void theGatewayLoadsItsConfigurationFromTheRenderedEnvironment(String dir) {
        GatewayConfig config = config(dir);

        assertThat(config.database().url()).as("database.url: two replicas need one external PostgreSQL").isNotBlank();
        assertThat(config.resourceApi().ha()).as("resource-api.ha: watches see the other replica's writes").isTrue();
        assertThat(config.admin().host()).as("admin.host: the kubelet probes the pod's address").isEqualTo("0.0.0.0");
        assertThat(config.server().host()).as("server.host: Services reach the pod's address").isEqualTo("0.0.0.0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void containerPortsAreThePortsTheGatewayListensOn(String dir) {
        GatewayConfig config = config(dir);
        JsonNode container = gatewayContainer(dir);

        assertThat(containerPort(container, "http")).as("the public port (server.port)").isEqualTo(config.server().port());
        assertThat(containerPort(container, "admin")).as("the admin port (admin.port)").isEqualTo(config.admin().port());
        for (JsonNode port : container.path("ports")) {
            assertThat(port.path("containerPort").asInt()).as("container port %s", port.path("name").asText())
                    .isIn(config.server().port(), config.admin().port());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void readinessAsksReadyzAndLivenessHealthzOnTheAdminPort(String dir) {
        GatewayConfig config = config(dir);
        JsonNode container = gatewayContainer(dir);

        assertProbe(container, "readinessProbe", "/readyz", config.admin().port());
        assertProbe(container, "livenessProbe", "/healthz", config.admin().port());
        if (container.has("startupProbe")) {
            assertProbe(container, "startupProbe", "/healthz", config.admin().port());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void theAdminPortIsReachableOnlyThroughAClusterIpService(String dir) {
        List<JsonNode> docs = RENDERED.get(dir);
        int adminPort = config(dir).admin().port();
        JsonNode pod = gatewayDeployment(dir).path("spec").path("template");
        List<String> adminServices = new ArrayList<>();
        List<String> publicServices = new ArrayList<>();
        for (JsonNode service : ofKind(docs, "Service")) {
            if (!selects(service.path("spec").path("selector"), pod.path("metadata").path("labels"))) {
                continue;
            }
            String name = service.path("metadata").path("name").asText();
            String type = service.path("spec").path("type").asText("ClusterIP");
            for (JsonNode port : service.path("spec").path("ports")) {
                if (targetPort(port, gatewayContainer(dir)) == adminPort) {
                    adminServices.add(name);
                    assertThat(type).as("type of %s, which serves the admin port", name).isEqualTo("ClusterIP");
                    assertThat(port.has("nodePort")).as("a nodePort on %s's admin port", name).isFalse();
                } else {
                    publicServices.add(name);
                }
            }
            assertThat(service.path("spec").path("externalIPs").isEmpty()).as("externalIPs of %s", name).isTrue();
        }
        assertThat(adminServices).as("Services of the admin port").hasSize(1);
        assertThat(publicServices).as("Services of the public port").isNotEmpty().doesNotContainAnyElementsOf(adminServices);
        for (JsonNode ingress : ofKind(docs, "Ingress")) {
            assertThat(ingress.toString()).as("Ingress %s", ingress.path("metadata").path("name").asText())
                    .doesNotContain("\"" + adminServices.get(0) + "\"");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void twoReplicasUnderABudgetThatKeepsOneAvailable(String dir) {
        JsonNode deployment = gatewayDeployment(dir);
        assertThat(deployment.path("spec").path("replicas").asInt()).as("replicas").isEqualTo(2);

        JsonNode labels = deployment.path("spec").path("template").path("metadata").path("labels");
        List<JsonNode> budgets = ofKind(RENDERED.get(dir), "PodDisruptionBudget").stream()
                .filter(pdb -> selects(pdb.path("spec").path("selector").path("matchLabels"), labels))
                .toList();
        assertThat(budgets).as("PodDisruptionBudgets selecting the gateway's pods").hasSize(1);
        assertThat(budgets.get(0).path("spec").path("minAvailable").asInt()).as("minAvailable").isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void theMemoryLimitLeavesRoomBesideTheHeapAndAnOutOfMemoryErrorEndsTheJvm(String dir) {
        JsonNode container = gatewayContainer(dir);
        String javaOptions = environment(dir, container).getOrDefault("JAVA_TOOL_OPTIONS", "");
        Matcher xmx = XMX.matcher(javaOptions);
        assertThat(xmx.find()).as("-Xmx in JAVA_TOOL_OPTIONS (%s)", javaOptions).isTrue();
        long heap = Long.parseLong(xmx.group(1)) << switch (xmx.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            default -> 0;
        };
        JsonNode resources = container.path("resources");
        long limit = quantity(resources.path("limits").path("memory").asText());

        assertThat(limit).as("memory limit, which must leave room beside the -Xmx heap of %d bytes", heap)
                .isGreaterThanOrEqualTo(heap + MIN_HEADROOM);
        assertThat(quantity(resources.path("requests").path("memory").asText())).as("memory request")
                .isGreaterThan(heap);
        assertThat(javaOptions).as("JAVA_TOOL_OPTIONS").contains("-XX:+ExitOnOutOfMemoryError");
    }

    @Test
    void theImageLetsJavaToolOptionsSetTheHeap() throws IOException {
        // a flag on the java command line wins over JAVA_TOOL_OPTIONS: an -Xmx in the image would ignore the manifest's
        String dockerfile = Files.readString(kubernetes.getParent().getParent().resolve("Dockerfile"));
        Matcher entrypoint = Pattern.compile("(?m)^ENTRYPOINT (.*)$").matcher(dockerfile);
        assertThat(entrypoint.find()).as("the Dockerfile's ENTRYPOINT").isTrue();
        assertThat(entrypoint.group(1)).doesNotContain("-Xmx", "-XX:MaxHeapSize").contains("java");
        assertThat(gatewayContainer("base").has("command")).as("a command replacing the image's java launch").isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void credentialsComeFromSecrets(String dir) {
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        gatewayContainer(dir).path("env").forEach(variable -> byName.put(variable.path("name").asText(), variable));
        for (String name : SECRET_VARIABLES) {
            JsonNode variable = byName.get(name);
            assertThat(variable).as("%s in the gateway's env", name).isNotNull();
            assertThat(variable.has("value")).as("%s given as a literal value", name).isFalse();
            assertThat(variable.path("valueFrom").has("secretKeyRef")).as("%s from a Secret", name).isTrue();
        }
        JsonNode database = byName.get("MGW_DATABASE_URL").path("valueFrom").path("secretKeyRef");
        assertThat(database.path("optional").asBoolean(false)).as("MGW_DATABASE_URL optional: a replica without it "
                + "would start an embedded PostgreSQL of its own").isFalse();
        for (JsonNode configMap : ofKind(RENDERED.get(dir), "ConfigMap")) {
            configMap.path("data").fieldNames().forEachRemaining(key ->
                    assertThat(SECRET_VARIABLES).as("ConfigMap %s", configMap.path("metadata").path("name").asText())
                            .doesNotContain(key));
        }
    }

    @Test
    void theBaseCreatesNoSecretAndItsExampleHasEveryKeyItReads() throws IOException {
        assertThat(ofKind(RENDERED.get("base"), "Secret")).as("Secrets rendered by the base").isEmpty();
        JsonNode example = exampleSecret();
        for (JsonNode variable : gatewayContainer("base").path("env")) {
            JsonNode ref = variable.path("valueFrom").path("secretKeyRef");
            if (!ref.isMissingNode()) {
                assertThat(example.path("stringData").has(ref.path("key").asText()))
                        .as("key %s of %s in secret.example.yaml", ref.path("key").asText(), variable.path("name").asText())
                        .isTrue();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/trial"})
    void theGatewayRunsAsTheImagesUserOnAReadOnlyRootFilesystem(String dir) throws IOException {
        JsonNode pod = gatewayDeployment(dir).path("spec").path("template").path("spec");
        JsonNode container = gatewayContainer(dir);
        Matcher user = Pattern.compile("(?m)^USER (\\d+)").matcher(
                Files.readString(kubernetes.getParent().getParent().resolve("Dockerfile")));
        assertThat(user.find()).as("the Dockerfile's USER").isTrue();

        assertThat(pod.path("securityContext").path("runAsNonRoot").asBoolean()).as("runAsNonRoot").isTrue();
        assertThat(pod.path("securityContext").path("runAsUser").asText()).as("runAsUser").isEqualTo(user.group(1));
        assertThat(container.path("securityContext").path("readOnlyRootFilesystem").asBoolean())
                .as("readOnlyRootFilesystem").isTrue();
        List<String> mounted = StreamSupport.stream(container.path("volumeMounts").spliterator(), false)
                .map(mount -> mount.path("mountPath").asText()).toList();
        assertThat(mounted).as("writable mounts").contains("/tmp", config(dir).dataDir().toString());
        assertThat(pod.path("enableServiceLinks").asBoolean(true))
                .as("enableServiceLinks: a Service named mgw-... would inject MGW_* variables").isFalse();
    }

    @Test
    void theTrialPointsTheGatewayAtTheSimulatorOfTheSameImage() {
        List<JsonNode> docs = RENDERED.get("overlays/trial");
        URI legacy = config("overlays/trial").legacy().url();
        JsonNode service = ofKind(docs, "Service").stream()
                .filter(s -> s.path("metadata").path("name").asText().equals(legacy.getHost()))
                .findFirst().orElseThrow(() -> new AssertionError("no Service named " + legacy.getHost()));
        JsonNode port = StreamSupport.stream(service.path("spec").path("ports").spliterator(), false)
                .filter(p -> p.path("port").asInt() == legacy.getPort())
                .findFirst().orElseThrow(() -> new AssertionError("Service " + legacy.getHost() + " has no port " + legacy.getPort()));
        JsonNode simulator = ofKind(docs, "Deployment").stream()
                .filter(d -> selects(service.path("spec").path("selector"), d.path("spec").path("template").path("metadata").path("labels")))
                .findFirst().orElseThrow(() -> new AssertionError("no Deployment behind Service " + legacy.getHost()));
        JsonNode container = simulator.path("spec").path("template").path("spec").path("containers").get(0);

        assertThat(container.path("args").get(0).asText()).as("the simulator's command").isEqualTo("legacy-sim");
        assertThat(container.path("image").asText()).as("the simulator's image").isEqualTo(gatewayContainer("overlays/trial").path("image").asText());
        assertThat(targetPort(port, container)).as("the simulator's listening port")
                .isEqualTo(Integer.parseInt(argument(container, "--port")));
        assertThat(argument(container, "--bind")).as("the simulator's listen address").isEqualTo("0.0.0.0");
    }

    // ---- the rendered manifests -------------------------------------------------------------------------------

    private static GatewayConfig config(String dir) {
        return new ConfigLoader().load(Optional.empty(), environment(dir, gatewayContainer(dir)), Map.of());
    }

    private static JsonNode gatewayDeployment(String dir) {
        return ofKind(RENDERED.get(dir), "Deployment").stream()
                .filter(d -> d.path("metadata").path("name").asText().equals(GATEWAY))
                .findFirst().orElseThrow(() -> new AssertionError("no Deployment " + GATEWAY + " in " + dir));
    }

    private static JsonNode gatewayContainer(String dir) {
        for (JsonNode container : gatewayDeployment(dir).path("spec").path("template").path("spec").path("containers")) {
            if (container.path("name").asText().equals(CONTAINER)) {
                return container;
            }
        }
        throw new AssertionError("no container " + CONTAINER + " in Deployment " + GATEWAY + " of " + dir);
    }

    private static List<JsonNode> allContainers(List<JsonNode> docs) {
        List<JsonNode> containers = new ArrayList<>();
        for (JsonNode doc : docs) {
            JsonNode pod = doc.path("spec").path("template").path("spec");
            pod.path("containers").forEach(containers::add);
            pod.path("initContainers").forEach(containers::add);
        }
        return containers;
    }

    /**
     * The variables a container starts with: its ConfigMaps' (envFrom) and its env, a Secret's value read from the
     * rendered Secret or, in the base (which renders none), from secret.example.yaml.
     */
    private static Map<String, String> environment(String dir, JsonNode container) {
        List<JsonNode> docs = RENDERED.get(dir);
        Map<String, String> env = new LinkedHashMap<>();
        for (JsonNode from : container.path("envFrom")) {
            if (from.has("configMapRef")) {
                JsonNode configMap = named(docs, "ConfigMap", from.path("configMapRef").path("name").asText());
                configMap.path("data").fields().forEachRemaining(field -> env.put(field.getKey(), field.getValue().asText()));
            } else {
                fail("envFrom other than a ConfigMap: " + from);
            }
        }
        for (JsonNode variable : container.path("env")) {
            String name = variable.path("name").asText();
            if (variable.has("value")) {
                env.put(name, variable.path("value").asText());
            } else if (variable.path("valueFrom").has("secretKeyRef")) {
                JsonNode ref = variable.path("valueFrom").path("secretKeyRef");
                Optional<String> value = secretValue(docs, ref.path("name").asText(), ref.path("key").asText());
                if (value.isPresent()) {
                    env.put(name, value.get());
                } else if (!ref.path("optional").asBoolean(false)) {
                    fail("%s: key %s of Secret %s is required but missing", name, ref.path("key").asText(), ref.path("name").asText());
                }
            } else {
                fail("%s: neither a value nor a Secret's key: %s", name, variable);
            }
        }
        return env;
    }

    private static Optional<String> secretValue(List<JsonNode> docs, String name, String key) {
        JsonNode secret = ofKind(docs, "Secret").stream()
                .filter(s -> s.path("metadata").path("name").asText().equals(name))
                .findFirst().orElseGet(KubernetesManifestsTest::exampleSecret);
        if (secret.path("stringData").has(key)) {
            return Optional.of(secret.path("stringData").path(key).asText());
        }
        if (secret.path("data").has(key)) {
            return Optional.of(new String(Base64.getMimeDecoder().decode(secret.path("data").path(key).asText()), StandardCharsets.UTF_8));
        }
        return Optional.empty();
    }

    private static JsonNode exampleSecret() {
        try {
            return new YAMLMapper().readTree(kubernetes.resolve("base/secret.example.yaml").toFile());
        } catch (IOException e) {
            throw new AssertionError("cannot read base/secret.example.yaml", e);
        }
    }

    private static void assertProbe(JsonNode container, String probe, String path, int port) {
        JsonNode get = container.path(probe).path("httpGet");
        assertThat(get.isMissingNode()).as("%s as an HTTP GET", probe).isFalse();
        assertThat(get.path("path").asText()).as("%s path", probe).isEqualTo(path);
        assertThat(resolvePort(get.path("port"), container)).as("%s port", probe).isEqualTo(port);
    }

    private static int containerPort(JsonNode container, String name) {
        for (JsonNode port : container.path("ports")) {
            if (port.path("name").asText().equals(name)) {
                return port.path("containerPort").asInt();
            }
        }
        throw new AssertionError("no container port named " + name + " in " + container.path("name").asText());
    }

    /** A Service port's target on the container: its targetPort (a number or a container port's name), else its port. */
    private static int targetPort(JsonNode servicePort, JsonNode container) {
        return resolvePort(servicePort.has("targetPort") ? servicePort.path("targetPort") : servicePort.path("port"), container);
    }

    private static int resolvePort(JsonNode port, JsonNode container) {
        if (port.isInt()) {
            return port.asInt();
        }
        return port.asText().matches("\\d+") ? Integer.parseInt(port.asText()) : containerPort(container, port.asText());
    }

    private static String argument(JsonNode container, String option) {
        List<JsonNode> args = StreamSupport.stream(container.path("args").spliterator(), false).toList();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i).asText();
            if (arg.startsWith(option + "=")) {
                return arg.substring(option.length() + 1);
            }
            if (arg.equals(option) && i + 1 < args.size()) {
                return args.get(i + 1).asText();
            }
        }
        throw new AssertionError("no " + option + " in the args of " + container.path("name").asText());
    }

    /** Whether a selector's every label is on the pod (an empty selector selects nothing here: it is a mistake). */
    private static boolean selects(JsonNode selector, JsonNode labels) {
        if (!selector.isObject() || selector.isEmpty()) {
            return false;
        }
        for (var it = selector.fields(); it.hasNext(); ) {
            var label = it.next();
            if (!labels.path(label.getKey()).asText().equals(label.getValue().asText())) {
                return false;
            }
        }
        return true;
    }

    private static List<JsonNode> ofKind(List<JsonNode> docs, String kind) {
        return docs.stream().filter(doc -> doc.path("kind").asText().equals(kind)).toList();
    }

    private static JsonNode named(List<JsonNode> docs, String kind, String name) {
        return ofKind(docs, kind).stream().filter(doc -> doc.path("metadata").path("name").asText().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no " + kind + " named " + name));
    }

    private static long quantity(String text) {
        Matcher m = QUANTITY.matcher(text);
        assertThat(m.matches()).as("a memory quantity: '%s'", text).isTrue();
        long value = Long.parseLong(m.group(1));
        return m.group(2) == null ? value : value * switch (m.group(2)) {
            case "Ki" -> 1L << 10;
            case "Mi" -> 1L << 20;
            case "Gi" -> 1L << 30;
            case "k" -> 1_000L;
            case "M" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
    }

    private static List<JsonNode> parse(String yaml) throws IOException {
        YAMLMapper mapper = new YAMLMapper();
        try (MappingIterator<JsonNode> docs = mapper.readerFor(JsonNode.class).readValues(yaml)) {
            return docs.readAll().stream().filter(doc -> doc != null && !doc.isNull() && !doc.isMissingNode()).toList();
        }
    }

    /** The working directory is the module's or the repository's: walk up to deploy/kubernetes. */
    private static Path kubernetesDirectory() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("deploy/kubernetes");
            if (Files.isRegularFile(candidate.resolve("base/kustomization.yaml"))) {
                return candidate;
            }
        }
        throw new AssertionError("deploy/kubernetes not found in " + Path.of("").toAbsolutePath() + " or above it");
    }
}
