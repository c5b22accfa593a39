package io.migrationgateway.translators.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.legacysim.seed.Seeder;
import io.migrationgateway.translators.IdAllocator;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.grafana.GrafanaResources;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import io.migrationgateway.translators.legacy.Caller;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.OrgRole;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Translation cost against JSON parsing cost over the real corpus (the 122 Grafana dashboards), in the three
 * directions a dashboard takes through the gateway. Each benchmark handles the whole corpus once per operation;
 * each {@code parse*} benchmark is the baseline of the {@code translate*} one after it (same bytes, parsed the same
 * way, then translated):
 * <ul>
 * <li>{@code save}: a legacy save body ({@code POST /api/dashboards/db}) to the object a Create writes (modes 3–5);</li>
 * <li>{@code answer}: a legacy GET answer to the object the Resource API over legacy serves (modes 0–2);</li>
 * <li>{@code read}: a stored object to the legacy GET answer (modes 3–5).</li>
 * </ul>
 * {@link TranslationBenchmarkMain} prints MB/s and the ratio translate+parse ÷ parse of each direction.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class TranslationBenchmark {
    private static final Caller CALLER = new Caller("admin", OrgRole.ADMIN, false);

    private byte[][] saveBodies;
    private byte[][] answers;
    private byte[][] objects;
    private String[] uids;
    private Translator dashboards;
    private RouteMatch save;
    private RouteMatch get;

    /** The corpus in each direction's input form, and the translators of a deployment. */
    @Setup
    public void setUp() throws IOException {
        IdAllocator ids = kind -> 7;
        TranslatorSettings settings = new TranslatorSettings(Namespaces.onPrem(), ids, UserIdentities.byLogin(), Clock.systemUTC(),
                new Random(1));
        TranslatorRegistry registry = GrafanaResources.translators(settings);
        dashboards = registry.all().get(0);
        save = registry.match("POST", "/api/dashboards/db").orElseThrow();
        List<String> files = Seeder.seedFiles();
        saveBodies = new byte[files.size()][];
        answers = new byte[files.size()][];
        objects = new byte[files.size()][];
        uids = new String[files.size()];
        for (int i = 0; i < files.size(); i++) {
            ObjectNode model = (ObjectNode) Json.tree(Seeder.seedJson(files.get(i)));
            String uid = model.path("uid").isTextual() ? model.get("uid").asText() : "generated" + i;
            model.remove("id");
            model.put("uid", uid);
            uids[i] = uid;
            saveBodies[i] = ("{\"dashboard\":" + new String(Json.bytes(model), StandardCharsets.UTF_8) + ",\"message\":\"m\"}")
                    .getBytes(StandardCharsets.UTF_8);
            model.put("id", 7);
            model.put("version", 3);
            answers[i] = ("{\"dashboard\":" + new String(Json.bytes(SortedKeys.sorted(model)), StandardCharsets.UTF_8)
                    + ",\"meta\":{\"type\":\"db\",\"slug\":\"s\",\"created\":\"2024-01-01T00:00:00Z\",\"updated\":\"2024-01-02T00:00:00Z\","
                    + "\"updatedBy\":\"admin\",\"createdBy\":\"admin\",\"version\":3,\"folderUid\":\"\",\"provisioned\":false}}")
                    .getBytes(StandardCharsets.UTF_8);
            LegacyResponse answer = LegacyResponse.ok(Json.MAPPER.readTree(answers[i]));
            ResourceOutcome object = dashboards.resourcePlan(new ResourceCall.Get(DashboardTranslator.KIND, "default", uid)).run(call -> answer);
            objects[i] = Json.bytes(((ResourceOutcome.Found) object).object());
        }
        get = registry.match("GET", "/api/dashboards/uid/x").orElseThrow();
    }

    /** Bytes of each direction's corpus, for MB/s. */
    long bytes(String direction) {
        byte[][] corpus = switch (direction) {
            case "save" -> saveBodies;
            case "answer" -> answers;
            default -> objects;
        };
        long total = 0;
        for (byte[] document : corpus) {
            total += document.length;
        }
        return total;
    }

    // Each benchmark returns a checksum of what it made, which JMH consumes, so that nothing is optimized away.

    @Benchmark
    public int parseSave() throws IOException {
        return parse(saveBodies);
    }

    /** The whole save plan: parse, check, read (answered "not found"), create, answer. */
    @Benchmark
    public int translateSave() {
        Function<ResourceCall, ResourceOutcome> store = call -> call instanceof ResourceCall.Create create
                ? new ResourceOutcome.Found(create.object())
                : new ResourceOutcome.Failed(Status.notFound(call.kind(), "x"));
        int checksum = 0;
        for (byte[] body : saveBodies) {
            LegacyRequest request = new LegacyRequest(save.route(), save.pathVariables(), Map.of(), body, 1, CALLER);
            checksum += dashboards.legacyPlan(request).run(store).body().size();
        }
        return checksum;
    }

    @Benchmark
    public int parseAnswer() throws IOException {
        return parse(answers);
    }

    @Benchmark
    public int translateAnswer() throws IOException {
        int checksum = 0;
        for (int i = 0; i < answers.length; i++) {
            LegacyResponse answer = LegacyResponse.ok(Json.MAPPER.readTree(answers[i]));
            ResourceOutcome object = dashboards.resourcePlan(new ResourceCall.Get(DashboardTranslator.KIND, "default", uids[i]))
                    .run(call -> answer);
            checksum += ((ResourceOutcome.Found) object).object().size();
        }
        return checksum;
    }

    @Benchmark
    public int parseRead() throws IOException {
        return parse(objects);
    }

    @Benchmark
    public int translateRead() throws IOException {
        int checksum = 0;
        for (int i = 0; i < objects.length; i++) {
            ObjectNode object = (ObjectNode) Json.MAPPER.readTree(objects[i]);
            LegacyRequest request = new LegacyRequest(get.route(), Map.of("uid", uids[i]), Map.of(), null, 1, CALLER);
            checksum += dashboards.legacyPlan(request).run(call -> new ResourceOutcome.Found(object)).body().size();
        }
        return checksum;
    }

    /** One pass of {@code step} ("parse" or "translate") over {@code direction}'s corpus, for the CPU-time check. */
    int pass(String step, String direction) throws IOException {
        return switch (step + direction) {
            case "parsesave" -> parseSave();
            case "translatesave" -> translateSave();
            case "parseanswer" -> parseAnswer();
            case "translateanswer" -> translateAnswer();
            case "parseread" -> parseRead();
            default -> translateRead();
        };
    }

    private static int parse(byte[][] documents) throws IOException {
        int checksum = 0;
        for (byte[] document : documents) {
            checksum += Json.MAPPER.readTree(document).size();
        }
        return checksum;
    }
}
