package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.SweepReads;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.folder.FolderRef;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.JsonText;
import io.migrationgateway.translators.json.SortedKeys;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Dashboards: Grafana 9.3's dashboard API (get by uid, save, delete, and search, which also lists folders;
 * reference §1.3–1.6, §1.9) ↔ {@code dashboard.grafana.app} (§2.3, §3). The spec is the legacy JSON model without
 * {@code id}, {@code uid} and {@code version}: the uid is the name, the legacy id the {@code deprecatedInternalID}
 * label, the legacy version {@code metadata.generation}; folder, message, authors and update time are annotations.
 */
public final class DashboardTranslator implements Translator, RowConverter<DashboardRow> {
    /** Dashboards have an unstructured spec (the legacy JSON model), so no spec schema is named. */
    /** The gateway's sequence of new legacy ids for dashboards (and folders: both are rows of Grafana's {@code dashboard}). */
    static final String ID_SEQUENCE = "legacy_dashboard_id";
    public static final KindDeclaration KIND = new KindDeclaration("dashboard.grafana.app", List.of("v1beta1", "v0alpha1"),
            "dashboards", "dashboard", "Dashboard", List.of("dash"), "/openapi/dashboard.grafana.app-v1beta1.json", null, "title",
            GrafanaMeta.searchable("title", "tags"));

    public static final LegacyRoute GET = new LegacyRoute("dashboards.get", "GET", "/api/dashboards/uid/{uid}");
    public static final LegacyRoute SAVE = new LegacyRoute("dashboards.save", "POST", "/api/dashboards/db");
    public static final LegacyRoute DELETE = new LegacyRoute("dashboards.delete", "DELETE", "/api/dashboards/uid/{uid}");
    public static final LegacyRoute SEARCH = new LegacyRoute("search", "GET", "/api/search");
    public static final LegacyRoute TAGS = new LegacyRoute("dashboards.tags", "GET", "/api/dashboards/tags");

    /** The API version Grafana records for rows saved before the Resource API existed (reference §3.1). */
    private static final String LEGACY_ROW_VERSION = "v0alpha1";

    private static final ComparisonRules GET_RULES = ComparisonRules.of(
            List.of("$.meta.created", "$.meta.updated", "$.meta.version", "$.dashboard.version", "$.meta.slug", "$.meta.url",
                    "$.meta.folderUrl"),
            List.of("$.dashboard.id", "$.meta.folderId", "$.meta.hasAcl", "$.meta.provisioned", "$.meta.provisionedExternalId"));
    private static final ComparisonRules SAVE_RULES = ComparisonRules.of(List.of("$.version", "$.slug", "$.url"), List.of("$.id"));
    private static final ComparisonRules IMPORT_RULES = ComparisonRules.of(List.of("$.slug", "$.importedUri", "$.importedUrl"),
            List.of("$.dashboardId", "$.folderId"));
    private static final ComparisonRules VERSIONS_RULES = ComparisonRules.of(List.of("$[*].id", "$[*].created"), List.of());
    private static final ComparisonRules VERSION_RULES = ComparisonRules.of(List.of("$.id", "$.created"), List.of("$.data.id"));
    private static final ComparisonRules DELETE_RULES = ComparisonRules.of(List.of(), List.of("$.id"));
    private static final ComparisonRules SEARCH_RULES = ComparisonRules.of(List.of("$[*].uri", "$[*].url", "$[*].folderUrl"),
            List.of("$[*].id", "$[*].folderId"));
    private static final ComparisonRules RESOURCE_RULES = ComparisonRules.of(
            List.of("$.metadata.resourceVersion", "$.metadata.generation", "$.metadata.uid", "$.metadata.managedFields",
                    "$.metadata.creationTimestamp", "$.metadata.annotations['grafana.app/updatedTimestamp']"),
            // the legacy GET answer has no version message; the stored apiVersion is whatever the last writer used
            List.of("$.metadata.annotations['grafana.app/message']", "$.apiVersion", "$.status"));

    private static final String PERMISSIONS = "permissions are the legacy side's access control, which keeps deciding them"
            + " (for the objects it has: one made after the flip to mode 4 is not found there)";
    private static final List<UntranslatedOperation> UNTRANSLATED = List.of(
            UntranslatedOperation.legacySide("dashboards.home", "GET", "/api/dashboards/home",
                    "preferences are the legacy side's data: it answers the built-in home, or a redirect to the dashboard a"
                            + " preference names, which only a dashboard the legacy side has can be; a redirect keeps the slug it"
                            + " had there, which Grafana's /d/uid route corrects"),
            UntranslatedOperation.legacySide("dashboards.permissions", "GET", "/api/dashboards/uid/{uid}/permissions", PERMISSIONS),
            UntranslatedOperation.legacySide("dashboards.setPermissions", "POST", "/api/dashboards/uid/{uid}/permissions", PERMISSIONS),
            UntranslatedOperation.legacySide("dashboards.permissionsById", "GET", "/api/dashboards/id/{dashboardId}/permissions",
                    PERMISSIONS),
            UntranslatedOperation.legacySide("dashboards.setPermissionsById", "POST", "/api/dashboards/id/{dashboardId}/permissions",
                    PERMISSIONS),
            UntranslatedOperation.legacySide("dashboards.trim", "POST", "/api/dashboards/trim",
                    "a function of the request body alone: Grafana 9.3 answers the dashboard and meta it is given, which the"
                            + " legacy side does correctly in every mode"),
            UntranslatedOperation.legacySide("search.sorting", "GET", "/api/search/sorting", "the sort options: no data"));

    private final TranslatorSettings settings;
    private final DashboardsOverLegacy overLegacy;

    public DashboardTranslator(TranslatorSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.overLegacy = new DashboardsOverLegacy(settings);
    }

    @Override
    public KindDeclaration kind() {
        return KIND;
    }

    /** Each dashboard by uid; per org the tags and the first page of the dashboards' search, as Grafana's home page asks. */
    @Override
    public SweepReads sweepReads() {
        return new SweepReads(List.of(GET), List.of("/api/search?type=dash-db", "/api/dashboards/tags"));
    }

    @Override
    public List<LegacyRoute> routes() {
        return Stream.concat(Stream.of(GET, SAVE, DELETE, SEARCH, TAGS, DashboardImport.ROUTE, DashboardDiffs.ROUTE), DashboardVersions.ROUTES.stream()).toList();
    }

    /** Grafana 9.3's other operations on dashboards and search (docs/legacy-surface.md). */
    @Override
    public List<UntranslatedOperation> untranslated() {
        return UNTRANSLATED;
    }

    /** Dashboards serve their versions from unified storage, which keeps as many as Grafana does. */
    @Override
    public int versionsKept() {
        return DashboardVersions.KEPT;
    }

    @Override
    public LegacyPlan legacyPlan(LegacyRequest request) {
        return LegacyPlan.guarded(() -> {
            String namespace = settings.namespaces().namespaceOf(request.orgId());
            return switch (request.route().id()) {
                case "dashboards.get" -> get(request, namespace);
                case "dashboards.save" -> DashboardSave.plan(settings, request, namespace);
                case "dashboards.delete" -> LegacyPlan.call(new ResourceCall.Delete(KIND, namespace, request.pathVariable("uid"), ""),
                        outcome -> outcome instanceof ResourceOutcome.Found deleted
                                ? LegacyPlan.respond(LegacyResponse.ok(DashboardViews.deleteAnswer(new ResourceObject(deleted.object()))))
                                : failure(outcome));
                case "search" -> DashboardSearch.plan(request, namespace);
                case "dashboards.tags" -> LegacyPlan.call(new ResourceCall.TagCounts(KIND, namespace), outcome ->
                        outcome instanceof ResourceOutcome.Tagged tagged
                                ? LegacyPlan.respond(LegacyResponse.ok(DashboardViews.tagsAnswer(tagged.tags())))
                                : failure(outcome));
                case "dashboards.import" -> DashboardImport.plan(settings, request, namespace);
                case "dashboards.calculateDiff" -> DashboardDiffs.plan(request, namespace);
                case "dashboards.versions", "dashboards.version", "dashboards.versionsById", "dashboards.versionById",
                     "dashboards.restore", "dashboards.restoreById" -> DashboardVersions.plan(settings, request, namespace);
                default -> throw new IllegalArgumentException("not a dashboard route: " + request.route());
            };
        });
    }

    /**
     * {@code GET /api/dashboards/uid/:uid}: the dashboard with its folder, for the meta's folder fields (one read where
     * folders are in unified storage too). A dashboard whose folder is gone is shown at the root, as the legacy join
     * shows it.
     */
    private LegacyPlan get(LegacyRequest request, String namespace) {
        return LegacyPlan.call(new ResourceCall.Get(KIND, namespace, request.pathVariable("uid"), FolderTranslator.KIND), outcome -> {
            if (!(outcome instanceof ResourceOutcome.Found found)) {
                return failure(outcome);
            }
            ResourceObject dashboard = new ResourceObject(found.object());
            Optional<ObjectNode> model = DashboardViews.model(dashboard);
            if (model.isEmpty()) {
                return LegacyPlan.respond(LegacyErrors.withStatus(500, "not-found", "Dashboard data is missing or corrupt"));
            }
            Optional<FolderRef> folder = dashboard.annotation(GrafanaMeta.FOLDER).isEmpty() ? Optional.empty()
                    : found.folder().map(object -> FolderRef.of(new ResourceObject(object)));
            return answer(model.get(), dashboard, folder, request);
        });
    }

    private LegacyPlan answer(ObjectNode model, ResourceObject dashboard, Optional<FolderRef> folder, LegacyRequest request) {
        ObjectNode meta = DashboardViews.meta(dashboard, folder, request.caller(), settings.identities());
        return LegacyPlan.respond(LegacyResponse.ok(DashboardViews.getBody(model, meta)));
    }

    private static LegacyPlan failure(ResourceOutcome outcome) {
        return LegacyPlan.failed(outcome, DashboardTranslator::errors);
    }

    @Override
    public ResourcePlan resourcePlan(ResourceCall call) {
        return ResourcePlan.guarded(() -> overLegacy.plan(call));
    }

    @Override
    public LegacyResponse legacyError(LegacyRoute route, Status status) {
        return errors(status);
    }

    /**
     * Grafana's dashboard errors (reference §1.3, §2.6): NotFound is 404 {@code not-found}, a stale
     * {@code resourceVersion} (Conflict) the 412 {@code version-mismatch}, AlreadyExists 400 "same uid"; other
     * refusals as Grafana's Kubernetes-backed handlers word them.
     */
    static LegacyResponse errors(Status status) {
        return switch (status.reason()) {
            case "NotFound" -> notFound();
            case "Conflict" -> versionMismatch();
            case "AlreadyExists" -> LegacyErrors.message(400, "A dashboard with the same uid already exists");
            default -> LegacyErrors.fromStatus(status);
        };
    }

    static LegacyResponse notFound() {
        return LegacyErrors.withStatus(404, "not-found", "Dashboard not found");
    }

    static LegacyResponse versionMismatch() {
        return LegacyErrors.withStatus(412, "version-mismatch", "The dashboard has been changed by someone else");
    }

    @Override
    public ComparisonRules legacyRules(LegacyRoute route) {
        return switch (route.id()) {
            case "dashboards.get" -> GET_RULES;
            case "dashboards.save", "dashboards.restore", "dashboards.restoreById" -> SAVE_RULES;
            case "dashboards.import" -> IMPORT_RULES;
            case "dashboards.versions", "dashboards.versionsById" -> VERSIONS_RULES;
            case "dashboards.version", "dashboards.versionById" -> VERSION_RULES;
            case "dashboards.delete" -> DELETE_RULES;
            case "search" -> SEARCH_RULES;
            default -> ComparisonRules.none();
        };
    }

    @Override
    public ComparisonRules resourceRules() {
        return RESOURCE_RULES;
    }

    /**
     * A dashboard row as Grafana's own migration reads it (reference §3.1): name = uid, version = resource version and
     * generation, id label, authors ({@code provisioning:} for -1), folder and message annotations, a soft-deleted row
     * in the trash (deletion timestamp, generation -999), provisioning and plugin as manager annotations,
     * {@code api_version} as the object's API version (NULL and v1alpha1 are v0alpha1), the data without id, uid and
     * version as spec.
     */
    @Override
    public Conversion toResource(DashboardRow row) {
        if (row.uid().isEmpty()) {
            return new Unconvertible("dashboard row " + row.id() + " has no uid");
        }
        Optional<JsonNode> data = Json.parseStored(row.data());
        if (data.isEmpty() || !(data.get() instanceof ObjectNode model)) {
            return new Unconvertible("dashboard row " + row.id() + " (" + row.uid() + "): dashboard data is missing or corrupt");
        }
        return new Converted(object(row, DashboardViews.spec(SortedKeys.sortedObject(model), null)));
    }

    /**
     * {@link #toResource}'s object with the spec as its JSON text, without a tree when the model's keys are in Go's
     * order, as Grafana stores them: cut out of the model's text when that is already what the tree would write
     * ({@link CanonicalSpec}), else streamed ({@link StreamedSpec}); through the tree otherwise.
     */
    @Override
    public Conversion toImport(DashboardRow row) {
        byte[] model = row.data();
        Optional<JsonText> spec = row.uid().isEmpty() ? Optional.empty()
                : CanonicalSpec.of(model).or(() -> StreamedSpec.of(model));
        return spec.isPresent()
                ? new Converted(object(row, JsonNodeFactory.instance.rawValueNode(new RawValue(spec.get()))))
                : toResource(row);
    }

    private ObjectNode object(DashboardRow row, JsonNode spec) {
        String version = row.apiVersion().isEmpty() || row.apiVersion().equals("v1alpha1") ? LEGACY_ROW_VERSION : row.apiVersion();
        ResourceObject.Builder object = ResourceObject.builder(KIND, version)
                .name(row.uid())
                .namespace(settings.namespaces().namespaceOf(row.orgId()))
                .resourceVersion(Integer.toString(row.version()))
                .generation(row.deleted().isPresent() ? GrafanaMeta.DELETED_GENERATION : row.version())
                .creationTimestamp(row.created())
                .deletionTimestamp(row.deleted().orElse(null))
                .legacyId(row.id())
                .annotation(GrafanaMeta.CREATED_BY, settings.identities().identityOfAuthor(row.createdBy(), row.createdByLogin()).orElse(null))
                .annotation(GrafanaMeta.UPDATED_BY, settings.identities().identityOfAuthor(row.updatedBy(), row.updatedByLogin()).orElse(null))
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.format(row.updated()))
                .annotation(GrafanaMeta.FOLDER, row.folderUid())
                .annotation(GrafanaMeta.MESSAGE, row.message())
                .annotation(DashboardVersions.RESTORED_FROM, row.restoredFrom() > 0 ? Integer.toString(row.restoredFrom()) : null)
                .spec(spec)
                .status(Json.object());
        row.provisioning().ifPresentOrElse(provisioning -> object
                        .annotation(GrafanaMeta.MANAGED_BY, GrafanaMeta.MANAGER_CLASSIC_FILE)
                        .annotation(GrafanaMeta.MANAGER_ID, provisioning.name())
                        .annotation(GrafanaMeta.SOURCE_PATH, provisioning.externalId())
                        .annotation(GrafanaMeta.SOURCE_CHECKSUM, provisioning.checkSum())
                        .annotation(GrafanaMeta.SOURCE_TIMESTAMP, provisioning.updated() > 0
                                ? LegacyTime.format(Instant.ofEpochSecond(provisioning.updated())) : null),
                () -> object
                        .annotation(GrafanaMeta.MANAGED_BY, row.pluginId().isEmpty() ? null : GrafanaMeta.MANAGER_PLUGIN)
                        .annotation(GrafanaMeta.MANAGER_ID, row.pluginId()));
        return object.build();
    }
}
