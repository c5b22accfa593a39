package io.migrationgateway.translators.folder;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.SweepReads;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import io.migrationgateway.translators.plan.SearchOrder;
import io.migrationgateway.translators.plan.SearchScope;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Folders: Grafana 9.3's {@code /api/folders} (reference §1.7) ↔ {@code folder.grafana.app} (§2.4, §3.4). The parent is
 * the {@code grafana.app/folder} annotation; the legacy id is the {@code deprecatedInternalID} label; the legacy
 * {@code version} is {@code metadata.generation}. Errors are Grafana 9.3's folder errors (lower case, two of them
 * with a status string).
 */
public final class FolderTranslator implements Translator, RowConverter<FolderRow> {
    /** Folders are rows of Grafana's {@code dashboard} table too, so they draw new legacy ids from the dashboards' sequence. */
    static final String ID_SEQUENCE = "legacy_dashboard_id";
    public static final KindDeclaration KIND = new KindDeclaration("folder.grafana.app", List.of("v1beta1"), "folders",
            "folder", "Folder", List.of(), "/openapi/folder.grafana.app-v1beta1.json",
            "com.github.grafana.grafana.apps.folder.pkg.apis.folder.v1beta1.FolderSpec", "title",
            GrafanaMeta.searchable("title", null));

    public static final LegacyRoute LIST = new LegacyRoute("folders.list", "GET", "/api/folders");
    public static final LegacyRoute GET_BY_ID = new LegacyRoute("folders.getById", "GET", "/api/folders/id/{id}");
    public static final LegacyRoute GET = new LegacyRoute("folders.get", "GET", "/api/folders/{uid}");
    public static final LegacyRoute CREATE = new LegacyRoute("folders.create", "POST", "/api/folders");
    public static final LegacyRoute UPDATE = new LegacyRoute("folders.update", "PUT", "/api/folders/{uid}");
    public static final LegacyRoute DELETE = new LegacyRoute("folders.delete", "DELETE", "/api/folders/{uid}");

    private static final int DEFAULT_LIMIT = 1000;

    private static final ComparisonRules DTO_RULES = ComparisonRules.of(
            List.of("$.created", "$.updated", "$.version", "$.url"),
            List.of("$.id", "$.hasAcl"));
    private static final ComparisonRules HIT_RULES = ComparisonRules.of(List.of(), List.of("$[*].id"));
    private static final ComparisonRules RESOURCE_RULES = ComparisonRules.of(
            List.of("$.metadata.resourceVersion", "$.metadata.generation", "$.metadata.uid", "$.metadata.managedFields",
                    "$.metadata.annotations['grafana.app/updatedTimestamp']"),
            // 9.3's folder answers carry no description, so objects served from legacy lack it
            List.of("$.spec.description", "$.apiVersion"));

    private static final String PERMISSIONS = "permissions are the legacy side's access control, which keeps deciding them"
            + " (for the objects it has: one made after the flip to mode 4 is not found there)";
    private static final List<UntranslatedOperation> UNTRANSLATED = List.of(
            UntranslatedOperation.legacySide("folders.permissions", "GET", "/api/folders/{uid}/permissions", PERMISSIONS),
            UntranslatedOperation.legacySide("folders.setPermissions", "POST", "/api/folders/{uid}/permissions", PERMISSIONS));

    private final TranslatorSettings settings;
    private final FolderWrites writes;
    private final FoldersOverLegacy overLegacy;

    /**
     * @param contents the kind of the objects a folder holds and takes with it when deleted: Grafana's dashboards
     *                 (passed in, so that folders do not depend on the dashboard package that depends on them)
     */
    public FolderTranslator(TranslatorSettings settings, KindDeclaration contents) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.writes = new FolderWrites(settings, Objects.requireNonNull(contents, "contents"));
        this.overLegacy = new FoldersOverLegacy(settings);
    }

    @Override
    public KindDeclaration kind() {
        return KIND;
    }

    /** Each folder by uid; per org the folder list. */
    @Override
    public SweepReads sweepReads() {
        return new SweepReads(List.of(GET), List.of("/api/folders"));
    }

    @Override
    public List<LegacyRoute> routes() {
        return List.of(LIST, GET_BY_ID, GET, CREATE, UPDATE, DELETE);
    }

    /** Grafana 9.3's other operations on folders (docs/legacy-surface.md). */
    @Override
    public List<UntranslatedOperation> untranslated() {
        return UNTRANSLATED;
    }

    @Override
    public LegacyPlan legacyPlan(LegacyRequest request) {
        return LegacyPlan.guarded(() -> {
            String namespace = settings.namespaces().namespaceOf(request.orgId());
            return switch (request.route().id()) {
                case "folders.list" -> list(request, namespace);
                case "folders.getById" -> getById(request, namespace);
                case "folders.get" -> LegacyPlan.call(new ResourceCall.Get(KIND, namespace, request.pathVariable("uid")),
                        outcome -> answer(outcome, request));
                case "folders.create" -> writes.create(request, namespace);
                case "folders.update" -> writes.update(request, namespace);
                case "folders.delete" -> writes.delete(request, namespace);
                default -> throw new IllegalArgumentException("not a folder route: " + request.route());
            };
        });
    }

    /** The folder DTO of a found folder, or the folder error. */
    LegacyPlan answer(ResourceOutcome outcome, LegacyRequest request) {
        return switch (outcome) {
            case ResourceOutcome.Found found ->
                    LegacyPlan.respond(LegacyResponse.ok(FolderViews.dto(new ResourceObject(found.object()), request.caller(),
                            settings.identities())));
            case ResourceOutcome.Failed failed -> LegacyPlan.respond(errors(failed.status()));
            case ResourceOutcome.Listed listed -> listed.items().isEmpty()
                    ? LegacyPlan.respond(notFound())
                    : answer(new ResourceOutcome.Found(listed.items().get(0)), request);
            case ResourceOutcome.Searched unexpected -> LegacyPlan.respond(LegacyErrors.internal());
            case ResourceOutcome.Tagged unexpected -> LegacyPlan.respond(LegacyErrors.internal());
        };
    }

    /** {@code GET /api/folders/id/:id}: a list by the id label; an id that is not a number is 400 "id is invalid". */
    private LegacyPlan getById(LegacyRequest request, String namespace) {
        long id;
        try {
            id = Long.parseLong(request.pathVariable("id"));
        } catch (NumberFormatException e) {
            return LegacyPlan.respond(LegacyErrors.message(400, "id is invalid"));
        }
        return LegacyPlan.call(new ResourceCall.ListPage(KIND, namespace, IdSelector.of(List.of(id)), 1, ""),
                outcome -> answer(outcome, request));
    }

    /**
     * {@code GET /api/folders?limit=&page=&parentUid=}: the children of {@code parentUid} (top-level folders when
     * absent) by title, one page of {@code FolderSearchHit}s; an unknown parent is "folder not found".
     */
    private LegacyPlan list(LegacyRequest request, String namespace) {
        int limit = Math.min(request.queryInt("limit", 0) > 0 ? request.queryInt("limit", 0) : DEFAULT_LIMIT, ResourceCall.MAX_PAGE);
        long offset = (Math.max(1, request.queryInt("page", 1)) - 1L) * limit;
        String parentUid = request.queryValue("parentUid").orElse("");
        ResourceCall.Search children = ResourceCall.Search.of(namespace, List.of(KIND), SearchOrder.TITLE_ASC, offset, limit)
                .withScopes(List.of(SearchScope.inFolders(KIND, Set.of(parentUid))));
        LegacyPlan page = LegacyPlan.call(children, outcome -> {
            if (!(outcome instanceof ResourceOutcome.Searched searched)) {
                return answer(outcome, request);
            }
            ArrayNode hits = JsonNodeFactory.instance.arrayNode();
            searched.hits().forEach(folder -> hits.add(FolderViews.hit(folder)));
            return LegacyPlan.respond(LegacyResponse.ok(hits));
        });
        return parentUid.isEmpty() ? page : LegacyPlan.call(new ResourceCall.Get(KIND, namespace, parentUid),
                parent -> parent instanceof ResourceOutcome.Found ? page : answer(parent, request));
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
     * Grafana 9.3's folder errors ({@code ToFolderErrorResponse}): not found, and version mismatch (which 9.3 also
     * answers for a create with a taken uid); other refusals as Grafana's Kubernetes-backed handlers word them.
     */
    static LegacyResponse errors(Status status) {
        return switch (status.reason()) {
            case "NotFound" -> notFound();
            case "Conflict", "AlreadyExists" -> versionMismatch();
            default -> LegacyErrors.fromStatus(status);
        };
    }

    static LegacyResponse notFound() {
        return LegacyErrors.withStatus(404, "not-found", "folder not found");
    }

    static LegacyResponse versionMismatch() {
        return LegacyErrors.withStatus(412, "version-mismatch", "the folder has been changed by someone else");
    }

    @Override
    public ComparisonRules legacyRules(LegacyRoute route) {
        return switch (route.id()) {
            case "folders.list" -> HIT_RULES;
            case "folders.delete" -> ComparisonRules.none();
            default -> DTO_RULES;
        };
    }

    @Override
    public ComparisonRules resourceRules() {
        return RESOURCE_RULES;
    }

    /**
     * A folder's rows (reference §2.4, §3.4): name = uid, id label, generation = the legacy version, resource version =
     * updated in milliseconds, authors, parent annotation, {@code spec = {title, description?}}.
     */
    @Override
    public Conversion toResource(FolderRow row) {
        if (row.uid().isEmpty()) {
            return new Unconvertible("folder row " + row.id() + " has no uid");
        }
        ObjectNode object = ResourceObject.builder(KIND, KIND.preferredVersion())
                .name(row.uid())
                .namespace(settings.namespaces().namespaceOf(row.orgId()))
                .resourceVersion(Long.toString(row.updated().toEpochMilli()))
                .generation(row.version())
                .creationTimestamp(row.created())
                .legacyId(row.id())
                .annotation(GrafanaMeta.CREATED_BY, settings.identities().identityOfAuthor(row.createdBy(), row.createdByLogin()).orElse(null))
                .annotation(GrafanaMeta.UPDATED_BY, settings.identities().identityOfAuthor(row.updatedBy(), row.updatedByLogin()).orElse(null))
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.format(row.updated()))
                .annotation(GrafanaMeta.FOLDER, row.parentUid())
                .spec(FolderViews.spec(row.title(), row.description()))
                .status(Json.object())
                .build();
        return new Converted(object);
    }
}
