package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.Binding.GoType;
import io.migrationgateway.translators.legacy.Binding;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * {@code POST /api/dashboards/db} over the Resource API, with Grafana 9.3's rules in its order (reference §1.3, §1.5;
 * the simulator's {@code DashboardStore.save}): title, message and uid checks; the existing dashboard by {@code id}
 * (a list by the id label) and by {@code uid}; the version check ({@code version} against {@code metadata.generation},
 * unless {@code overwrite}); the folder by {@code folderUid} or {@code folderId}; then a create (with a new legacy id
 * and, when none was given, a generated uid) or an update with the read {@code resourceVersion} as precondition, so
 * that a write between the read and the update is the same 412 version-mismatch as a stale version.
 */
final class DashboardSave {
    /** The fields of Grafana's SaveDashboardCommand and their Go types. */
    private static final Map<String, GoType> COMMAND = Map.of("dashboard", GoType.ANY, "folderId", GoType.INT64,
            "folderUid", GoType.STRING, "message", GoType.STRING, "overwrite", GoType.BOOL, "isFolder", GoType.BOOL,
            "userId", GoType.INT64, "UpdatedAt", GoType.STRING);
    private static final int MAX_TITLE = 5000;
    private static final int MAX_MESSAGE = 500;

    private final TranslatorSettings settings;
    private final LegacyRequest request;
    private final String namespace;
    private final ObjectNode model;
    private final String title;
    private final long id;
    private final String uid;
    private final long version;
    private final JsonNode folderUid;
    private final JsonNode folderId;
    private final String message;
    private final boolean overwrite;
    private final long restoredFrom;
    /** The answer, from the saved dashboard and its folder's legacy id (0 at the root or when not looked up). */
    private final BiFunction<ResourceObject, Long, ObjectNode> answer;
    private long folderLegacyId;

    private DashboardSave(TranslatorSettings settings, LegacyRequest request, String namespace, JsonNode body, String title,
                          long restoredFrom, BiFunction<ResourceObject, Long, ObjectNode> answer) {
        this.settings = settings;
        this.request = request;
        this.namespace = namespace;
        this.model = (ObjectNode) body.get("dashboard");
        this.title = title;
        // Grafana reads these with simplejson's Must* getters: a value of another type is the zero value
        JsonNode idNode = model.path("id");
        this.id = idNode.isNumber() ? idNode.asLong() : 0;
        this.uid = model.path("uid").isTextual() ? model.path("uid").asText() : "";
        this.version = model.path("version").isNumber() ? model.path("version").asInt() : 0;
        this.folderUid = body.path("folderUid");
        this.folderId = body.path("folderId");
        this.message = Binding.text(body, "message").orElse("");
        this.overwrite = body.path("overwrite").asBoolean(false);
        this.restoredFrom = restoredFrom;
        this.answer = answer;
    }

    /** The plan of a save request; refusals that need no lookup are answered at once. */
    static LegacyPlan plan(TranslatorSettings settings, LegacyRequest request, String namespace) {
        // parsed sorted: the model is stored in Grafana's key order at no extra cost
        return plan(settings, request, namespace, Json.parseSorted(request.body()).orElse(null), 0, (saved, folder) -> DashboardViews.saveAnswer(saved));
    }

    /**
     * The save a restore makes: {@code body} a save command with the restored version's model, and the version it
     * restores, which the new version records ({@link DashboardVersions#RESTORED_FROM}).
     */
    static LegacyPlan restore(TranslatorSettings settings, LegacyRequest request, String namespace, JsonNode body,
                              long restoredFrom) {
        return plan(settings, request, namespace, body, restoredFrom, (saved, folder) -> DashboardViews.saveAnswer(saved));
    }

    /** The save an import makes: {@code body} a save command with the evaluated model, answered by {@code answer}. */
    static LegacyPlan imported(TranslatorSettings settings, LegacyRequest request, String namespace, JsonNode body,
                               BiFunction<ResourceObject, Long, ObjectNode> answer) {
        return plan(settings, request, namespace, body, 0, answer);
    }

    private static LegacyPlan plan(TranslatorSettings settings, LegacyRequest request, String namespace, JsonNode body,
                                   long restoredFrom, BiFunction<ResourceObject, Long, ObjectNode> answer) {
        if (!Binding.binds(body, COMMAND) || !body.path("dashboard").isObject()) {
            return respond(LegacyErrors.badRequestData());
        }
        JsonNode titleNode = body.path("dashboard").path("title");
        String title = titleNode.isTextual() ? titleNode.asText().strip() : "";
        if (title.isEmpty()) {
            return respond(LegacyErrors.withStatus(400, "empty-name", "Dashboard title cannot be empty"));
        }
        if (title.length() > MAX_TITLE) {
            return respond(LegacyErrors.withStatus(400, "title-too-long", "Dashboard title cannot be longer than 5000 characters"));
        }
        if (Binding.text(body, "message").orElse("").length() > MAX_MESSAGE) {
            return respond(LegacyErrors.message(400, "message too long, max 500 characters"));
        }
        DashboardSave save = new DashboardSave(settings, request, namespace, body, title, restoredFrom, answer);
        String uidProblem = Names.uidProblem(save.uid);
        if (uidProblem != null) {
            return respond(LegacyErrors.message(400, uidProblem));
        }
        return save.id > 0 ? save.findById() : save.findByUid(null);
    }

    /** A dashboard named by {@code id} must exist and be at the given version. */
    private LegacyPlan findById() {
        ResourceCall byId = new ResourceCall.ListPage(DashboardTranslator.KIND, namespace, IdSelector.of(List.of(id)), 1, "");
        return LegacyPlan.call(byId, outcome -> switch (outcome) {
            case ResourceOutcome.Listed listed when listed.items().isEmpty() -> respond(DashboardTranslator.notFound());
            case ResourceOutcome.Listed listed -> {
                ResourceObject existing = new ResourceObject(listed.items().get(0));
                yield stale(existing) ? respond(DashboardTranslator.versionMismatch()) : findByUid(existing);
            }
            default -> failure(outcome);
        });
    }

    /** A uid that names another dashboard than the id is refused; one that names a dashboard makes it the one saved. */
    private LegacyPlan findByUid(ResourceObject byId) {
        if (uid.isEmpty()) {
            return resolveFolder(byId);
        }
        return LegacyPlan.call(new ResourceCall.Get(DashboardTranslator.KIND, namespace, uid), outcome -> switch (outcome) {
            case ResourceOutcome.Found found -> {
                ResourceObject byUid = new ResourceObject(found.object());
                if (byId != null && !byId.name().equals(byUid.name())) {
                    yield respond(LegacyErrors.message(400, "A dashboard with the same uid already exists"));
                }
                if (byId == null && stale(byUid)) {
                    yield respond(DashboardTranslator.versionMismatch());
                }
                yield resolveFolder(byId != null ? byId : byUid);
            }
            case ResourceOutcome.Failed failed when failed.status().reason().equals("NotFound") -> resolveFolder(byId);
            default -> failure(outcome);
        });
    }

    private boolean stale(ResourceObject existing) {
        return !overwrite && version != existing.generation();
    }

    /**
     * The folder: by {@code folderUid}, else by {@code folderId}, else (an update that names none) the one it is in,
     * else the root. A folder that does not exist is 404 "Folder not found".
     */
    private LegacyPlan resolveFolder(ResourceObject existing) {
        if (folderUid.isTextual() && !folderUid.asText().isEmpty()) {
            return LegacyPlan.call(new ResourceCall.Get(FolderTranslator.KIND, namespace, folderUid.asText()), outcome -> switch (outcome) {
                case ResourceOutcome.Found found -> {
                    folderLegacyId = new ResourceObject(found.object()).legacyId();
                    yield write(existing, folderUid.asText());
                }
                case ResourceOutcome.Failed failed when failed.status().reason().equals("NotFound") -> respond(folderNotFound());
                default -> failure(outcome);
            });
        }
        if (folderId.isIntegralNumber() && folderId.asLong() > 0) {
            ResourceCall byId = new ResourceCall.ListPage(FolderTranslator.KIND, namespace, IdSelector.of(List.of(folderId.asLong())), 1, "");
            return LegacyPlan.call(byId, outcome -> switch (outcome) {
                case ResourceOutcome.Listed listed when listed.items().isEmpty() -> respond(folderNotFound());
                case ResourceOutcome.Listed listed -> {
                    folderLegacyId = folderId.asLong();
                    yield write(existing, new ResourceObject(listed.items().get(0)).name());
                }
                default -> failure(outcome);
            });
        }
        boolean namesNoFolder = folderUid.isMissingNode() || folderUid.isNull();
        boolean namesNoFolderId = folderId.isMissingNode() || folderId.isNull();
        if (existing != null && namesNoFolder && namesNoFolderId) {
            return write(existing, existing.annotation(GrafanaMeta.FOLDER).orElse(""));
        }
        return write(existing, "");
    }

    private LegacyPlan write(ResourceObject existing, String folder) {
        ObjectNode spec = DashboardViews.spec(model, title);
        String identity = settings.identities().identityOf(request.caller().login()).orElse(null);
        ResourceObject.Builder object = ResourceObject.builder(DashboardTranslator.KIND, DashboardTranslator.KIND.preferredVersion())
                .namespace(namespace);
        if (existing == null) {
            object.name(uid.isEmpty() ? Names.newUid(settings.random()) : uid)
                    .legacyId(settings.ids().nextId(DashboardTranslator.ID_SEQUENCE))
                    .annotation(GrafanaMeta.CREATED_BY, identity);
        } else {
            object.name(existing.name())
                    .resourceVersion(overwrite ? "" : existing.resourceVersion())
                    .generation(existing.generation() + 1) // every legacy save is a new version, as Grafana counts them
                    .creationTimestamp(existing.creationTimestamp().orElse(null))
                    .labelsAndAnnotationsOf(existing)
                    .annotation(GrafanaMeta.SLUG, null); // the title may change: the slug follows it
            if (existing.legacyId() == 0) {
                // created by a Resource API client, without a legacy id: legacy clients get one from now on
                object.legacyId(settings.ids().nextId(DashboardTranslator.ID_SEQUENCE));
            }
        }
        object.annotation(GrafanaMeta.UPDATED_BY, identity)
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.format(settings.clock().instant()))
                .annotation(GrafanaMeta.FOLDER, folder)
                .annotation(GrafanaMeta.MESSAGE, message)
                .annotation(DashboardVersions.RESTORED_FROM, restoredFrom > 0 ? Long.toString(restoredFrom) : null)
                .spec(spec)
                .status(Json.object());
        ResourceCall call = existing == null
                ? new ResourceCall.Create(DashboardTranslator.KIND, namespace, object.build())
                : new ResourceCall.Update(DashboardTranslator.KIND, namespace, object.build());
        return LegacyPlan.call(call, outcome -> switch (outcome) {
            case ResourceOutcome.Found saved -> respond(LegacyResponse.ok(answer.apply(new ResourceObject(saved.object()), folderLegacyId)));
            default -> failure(outcome);
        });
    }

    private static LegacyPlan failure(ResourceOutcome outcome) {
        Status status = outcome instanceof ResourceOutcome.Failed failed
                ? failed.status()
                : Status.internalError("unexpected outcome " + outcome.getClass().getSimpleName());
        return respond(DashboardTranslator.errors(status));
    }

    private static LegacyResponse folderNotFound() {
        return LegacyErrors.message(404, "Folder not found");
    }

    private static LegacyPlan respond(LegacyResponse response) {
        return LegacyPlan.respond(response);
    }
}
