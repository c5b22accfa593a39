package io.migrationgateway.translators.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.translators.ScriptedLegacy;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.plan.LegacyCall;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.ResourceObject;
import org.junit.jupiter.api.Test;

/** The dashboard Resource API served from the legacy API (modes 0–2), against scripted legacy answers. */
class DashboardsOverLegacyTest {
    private static final String ANSWER = """
            {"dashboard":{"id":12,"panels":[{"id":1}],"title":"My dash","uid":"abc","version":3},
             "meta":{"type":"db","slug":"my-dash","created":"2024-01-01T10:00:00Z","updated":"2024-01-02T10:00:00Z",
                     "updatedBy":"editor","createdBy":"admin","version":3,"folderId":5,"folderUid":"f1","folderTitle":"F",
                     "provisioned":false,"provisionedExternalId":""}}""";

    private final Fixtures fixtures = new Fixtures();
    private final DashboardTranslator translator = new DashboardTranslator(fixtures.settings());
    private final ScriptedLegacy legacy = new ScriptedLegacy().answer("GET", "/api/dashboards/uid/abc", 200, ANSWER);

    private ResourceOutcome run(ResourceCall call) {
        return translator.resourcePlan(call).run(legacy);
    }

    private static ObjectNode found(ResourceOutcome outcome) {
        assertThat(outcome).isInstanceOf(ResourceOutcome.Found.class);
        return ((ResourceOutcome.Found) outcome).object();
    }

    private static Status failed(ResourceOutcome outcome) {
        assertThat(outcome).isInstanceOf(ResourceOutcome.Failed.class);
        return ((ResourceOutcome.Failed) outcome).status();
    }

    @Test
    void aLegacyAnswerBecomesTheObjectGrafanasLegacyStorageServes() {
        ObjectNode object = found(run(new ResourceCall.Get(DashboardTranslator.KIND, "default", "abc")));

        assertThat(Fixtures.wire(object)).isEqualTo(Fixtures.json("""
                {"apiVersion":"dashboard.grafana.app/v1beta1","kind":"Dashboard",
                 "metadata":{"name":"abc","namespace":"default","resourceVersion":"3","generation":3,
                   "creationTimestamp":"2024-01-01T10:00:00Z","labels":{"grafana.app/deprecatedInternalID":"12"},
                   "annotations":{"grafana.app/createdBy":"user:admin","grafana.app/folder":"f1",
                     "grafana.app/updatedBy":"user:editor","grafana.app/updatedTimestamp":"2024-01-02T10:00:00Z"}},
                 "spec":{"panels":[{"id":1}],"title":"My dash"},"status":{}}"""));
        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object)).isEmpty();
        assertThat(legacy.calls()).containsExactly(LegacyCall.get("/api/dashboards/uid/abc", 1));
    }

    @Test
    void legacyErrorsBecomeTheApiserversStatuses() {
        assertThat(failed(run(new ResourceCall.Get(DashboardTranslator.KIND, "default", "nope"))))
                .isEqualTo(Status.notFound(DashboardTranslator.KIND, "nope"));
        legacy.answer("GET", "/api/dashboards/uid/x", 403, "{\"message\":\"Access denied\"}");
        assertThat(failed(run(new ResourceCall.Get(DashboardTranslator.KIND, "default", "x"))).reason()).isEqualTo("Forbidden");
        legacy.answer("GET", "/api/dashboards/uid/y", 500, "{\"message\":\"boom\"}");
        assertThat(failed(run(new ResourceCall.Get(DashboardTranslator.KIND, "default", "y"))).code()).isEqualTo(500);
    }

    @Test
    void theOrgComesFromTheNamespaceAndOrgOneIsRefused() {
        legacy.answer("GET", "/api/dashboards/uid/abc", 200, ANSWER);
        run(new ResourceCall.Get(DashboardTranslator.KIND, "org-7", "abc"));
        assertThat(legacy.calls().getLast().orgId()).isEqualTo(7);

        Status refused = failed(run(new ResourceCall.Get(DashboardTranslator.KIND, "org-1", "abc")));
        assertThat(refused.code()).isEqualTo(400);
        assertThat(refused.message()).isEqualTo("use default rather than org-1");
    }

    @Test
    void aCreateIsASaveWithoutIdAndVersionThenARead() {
        legacy.answer("POST", "/api/dashboards/db", 200, "{\"id\":12,\"uid\":\"abc\",\"version\":1}");
        ObjectNode object = found(run(new ResourceCall.Get(DashboardTranslator.KIND, "default", "abc")));
        ((ObjectNode) object.get("spec")).put("id", 99).put("version", 42);

        found(run(new ResourceCall.Create(DashboardTranslator.KIND, "default", object)));

        LegacyCall save = legacy.calls().get(1);
        assertThat(save.method()).isEqualTo("POST");
        assertThat(save.body()).isEqualTo(Fixtures.json("""
                {"dashboard":{"panels":[{"id":1}],"title":"My dash","uid":"abc"},"folderUid":"f1","message":"","overwrite":false}"""));
        assertThat(legacy.calls().getLast().path()).isEqualTo("/api/dashboards/uid/abc");
    }

    @Test
    void aCreateOverATakenUidIsAlreadyExists() {
        legacy.answer("POST", "/api/dashboards/db", 412, "{\"message\":\"The dashboard has been changed by someone else\",\"status\":\"version-mismatch\"}");
        ObjectNode object = found(run(new ResourceCall.Get(DashboardTranslator.KIND, "default", "abc")));

        assertThat(failed(run(new ResourceCall.Create(DashboardTranslator.KIND, "default", object))))
                .isEqualTo(Status.alreadyExists(DashboardTranslator.KIND, "abc"));
    }

    @Test
    void anUpdateChecksTheResourceVersionThenSavesAtTheCurrentVersion() {
        legacy.answer("POST", "/api/dashboards/db", 200, "{\"id\":12,\"uid\":\"abc\",\"version\":4}");
        ObjectNode object = found(run(new ResourceCall.Get(DashboardTranslator.KIND, "default", "abc")));
        ((ObjectNode) object.get("metadata")).put("resourceVersion", "2");

        assertThat(failed(run(new ResourceCall.Update(DashboardTranslator.KIND, "default", object))))
                .isEqualTo(Status.conflict(DashboardTranslator.KIND, "abc"));
        assertThat(legacy.calls()).noneMatch(call -> call.method().equals("POST"));

        ((ObjectNode) object.get("metadata")).put("resourceVersion", "3");
        found(run(new ResourceCall.Update(DashboardTranslator.KIND, "default", object)));
        LegacyCall save = legacy.calls().stream().filter(call -> call.method().equals("POST")).findFirst().orElseThrow();
        assertThat(save.body().path("dashboard").path("version").asInt()).isEqualTo(3);
        assertThat(save.body().path("dashboard").path("id").asInt()).isEqualTo(12);
        assertThat(save.body().path("overwrite").asBoolean()).as("the legacy API checks the version again").isFalse();
    }

    @Test
    void aDeleteAnswersTheLastState() {
        legacy.answer("DELETE", "/api/dashboards/uid/abc", 200, "{\"id\":12,\"message\":\"Dashboard My dash deleted\",\"title\":\"My dash\"}");

        ObjectNode last = found(run(new ResourceCall.Delete(DashboardTranslator.KIND, "default", "abc", "")));

        assertThat(new ResourceObject(last).name()).isEqualTo("abc");
        assertThat(legacy.calls()).extracting(LegacyCall::method).containsExactly("GET", "DELETE");
    }

    @Test
    void listsGoThroughSearchAndReadEachDashboard() {
        legacy.answer("GET", "/api/search?type=dash-db&limit=1&page=1", 200, "[{\"uid\":\"abc\"}]")
                .answer("GET", "/api/search?type=dash-db&limit=1&page=2", 200, "[]")
                .answer("GET", "/api/search?type=dash-db&limit=1000&page=1&dashboardIds=12", 200, "[{\"uid\":\"abc\"},{\"uid\":\"gone\"}]");

        ResourceOutcome.Listed first = (ResourceOutcome.Listed) run(new ResourceCall.ListPage(DashboardTranslator.KIND, "default", "", 1, ""));
        assertThat(first.items()).extracting(o -> new ResourceObject(o).name()).containsExactly("abc");
        assertThat(first.continueToken()).isEqualTo("2");
        ResourceOutcome.Listed second = (ResourceOutcome.Listed) run(new ResourceCall.ListPage(DashboardTranslator.KIND, "default", "", 1, "2"));
        assertThat(second.items()).isEmpty();
        assertThat(second.continueToken()).isEmpty();

        ResourceOutcome.Listed byId = (ResourceOutcome.Listed) run(new ResourceCall.ListPage(DashboardTranslator.KIND, "default",
                "grafana.app/deprecatedInternalID=12", 1000, ""));
        assertThat(byId.items()).as("a dashboard deleted between search and read is skipped").hasSize(1);

        assertThat(failed(run(new ResourceCall.ListPage(DashboardTranslator.KIND, "default", "team=a", 10, ""))).code()).isEqualTo(400);
    }
}
