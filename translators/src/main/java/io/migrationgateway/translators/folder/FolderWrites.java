package io.migrationgateway.translators.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.TranslatorSettings;
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
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.plan.SearchOrder;
import io.migrationgateway.translators.plan.SearchPages;
import io.migrationgateway.translators.plan.SearchScope;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Folder create, update and delete with Grafana 9.3's checks, in its order (the simulator's {@code FolderStore}):
 * title, uid, parent, uid taken, same name among siblings; optimistic concurrency on {@code version}; a delete takes
 * the folders below and every dashboard in them along.
 */
final class FolderWrites {
    private static final Map<String, GoType> CREATE_COMMAND = Map.of("uid", GoType.STRING, "title", GoType.STRING,
            "description", GoType.STRING, "parentUid", GoType.STRING, "parent_uid", GoType.STRING);
    private static final Map<String, GoType> UPDATE_COMMAND = Map.of("uid", GoType.STRING, "title", GoType.STRING,
            "description", GoType.STRING, "version", GoType.INT, "overwrite", GoType.BOOL);

    private final TranslatorSettings settings;
    private final KindDeclaration contents;

    FolderWrites(TranslatorSettings settings, KindDeclaration contents) {
        this.settings = settings;
        this.contents = contents;
    }

    /** {@code POST /api/folders {uid?, title, description?, parentUid? | parent_uid?}}. */
    LegacyPlan create(LegacyRequest request, String namespace) {
        JsonNode body = request.json().orElse(null);
        if (!Binding.binds(body, CREATE_COMMAND)) {
            return respond(LegacyErrors.badRequestData());
        }
        String title = Binding.text(body, "title").orElse("").strip();
        if (title.isEmpty()) {
            return respond(titleEmpty());
        }
        String uid = Binding.text(body, "uid").orElse("").strip();
        String uidProblem = Names.uidProblem(uid);
        if (uidProblem != null) {
            return respond(LegacyErrors.message(400, uidProblem));
        }
        String parent = Binding.text(body, "parentUid").or(() -> Binding.text(body, "parent_uid")).orElse("");
        String description = Binding.text(body, "description").orElse("");
        NewFolder folder = new NewFolder(namespace, uid, title, description, parent, request);
        return parent.isEmpty() ? folder.checkUid() : LegacyPlan.call(new ResourceCall.Get(FolderTranslator.KIND, namespace, parent),
                outcome -> outcome instanceof ResourceOutcome.Found ? folder.checkUid() : failure(outcome));
    }

    /** The steps of one create, after its body was checked. */
    private final class NewFolder {
        private final String namespace;
        private final String uid;
        private final String title;
        private final String description;
        private final String parent;
        private final LegacyRequest request;

        NewFolder(String namespace, String uid, String title, String description, String parent, LegacyRequest request) {
            this.namespace = namespace;
            this.uid = uid;
            this.title = title;
            this.description = description;
            this.parent = parent;
            this.request = request;
        }

        /** A uid taken by a folder is 9.3's version mismatch, by a dashboard its type mismatch. */
        LegacyPlan checkUid() {
            if (uid.isEmpty()) {
                return checkSiblings();
            }
            return LegacyPlan.call(new ResourceCall.Get(FolderTranslator.KIND, namespace, uid), folder -> switch (folder) {
                case ResourceOutcome.Found taken -> respond(FolderTranslator.versionMismatch());
                case ResourceOutcome.Failed failed when !failed.status().reason().equals("NotFound") -> failure(folder);
                default -> LegacyPlan.call(new ResourceCall.Get(contents, namespace, uid), dashboard -> switch (dashboard) {
                    case ResourceOutcome.Found taken -> respond(LegacyErrors.message(400, "Dashboard cannot be changed to a folder"));
                    case ResourceOutcome.Failed failed when !failed.status().reason().equals("NotFound") -> failure(dashboard);
                    default -> checkSiblings();
                });
            });
        }

        LegacyPlan checkSiblings() {
            return unlessSiblingNamed(namespace, parent, title, "", () -> {
                String name = uid.isEmpty() ? Names.newUid(settings.random()) : uid;
                String identity = settings.identities().identityOf(request.caller().login()).orElse(null);
                ObjectNode object = ResourceObject.builder(FolderTranslator.KIND, FolderTranslator.KIND.preferredVersion())
                        .name(name)
                        .namespace(namespace)
                        .legacyId(settings.ids().nextId(FolderTranslator.ID_SEQUENCE))
                        .annotation(GrafanaMeta.CREATED_BY, identity)
                        .annotation(GrafanaMeta.UPDATED_BY, identity)
                        .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.format(settings.clock().instant()))
                        .annotation(GrafanaMeta.FOLDER, parent)
                        .spec(FolderViews.spec(title, description))
                        .status(Json.object())
                        .build();
                return LegacyPlan.call(new ResourceCall.Create(FolderTranslator.KIND, namespace, object), created -> dto(created, request));
            });
        }
    }

    /** {@code PUT /api/folders/:uid {title?, description?, version, overwrite}}. */
    LegacyPlan update(LegacyRequest request, String namespace) {
        JsonNode body = request.json().orElse(null);
        if (!Binding.binds(body, UPDATE_COMMAND)) {
            return respond(LegacyErrors.badRequestData());
        }
        Optional<String> newTitle = Binding.text(body, "title").map(String::strip);
        Optional<String> newDescription = Binding.text(body, "description");
        int version = body.path("version").asInt(0);
        boolean overwrite = body.path("overwrite").asBoolean(false);
        String uid = request.pathVariable("uid");
        return LegacyPlan.call(new ResourceCall.Get(FolderTranslator.KIND, namespace, uid), outcome -> {
            if (!(outcome instanceof ResourceOutcome.Found found)) {
                return failure(outcome);
            }
            ResourceObject existing = new ResourceObject(found.object());
            String title = newTitle.orElse(FolderRef.of(existing).title());
            if (title.isEmpty()) {
                return respond(titleEmpty());
            }
            if (!overwrite && version != existing.generation()) {
                return respond(FolderTranslator.versionMismatch());
            }
            ObjectNode changed = ResourceObject.builder(FolderTranslator.KIND, FolderTranslator.KIND.preferredVersion())
                    .name(uid)
                    .namespace(namespace)
                    .resourceVersion(overwrite ? "" : existing.resourceVersion())
                    .generation(existing.generation())
                    .creationTimestamp(existing.creationTimestamp().orElse(null))
                    .labelsAndAnnotationsOf(existing)
                    .annotation(GrafanaMeta.UPDATED_BY, settings.identities().identityOf(request.caller().login()).orElse(null))
                    .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.format(settings.clock().instant()))
                    .spec(FolderViews.spec(title, newDescription.orElse(FolderViews.description(existing))))
                    .status(Json.object())
                    .build();
            LegacyPlan write = LegacyPlan.call(new ResourceCall.Update(FolderTranslator.KIND, namespace, changed),
                    updated -> dto(updated, request));
            if (Names.slugify(title).equals(FolderRef.of(existing).slug())) {
                return write;
            }
            return unlessSiblingNamed(namespace, FolderViews.parent(existing), title, uid, () -> write);
        });
    }

    /**
     * {@code DELETE /api/folders/:uid}: the folder, every folder below it and every dashboard in any of them, as
     * Grafana's legacy store deletes a folder with nested folders enabled; 200 with an empty body, as 9.3 answers.
     */
    LegacyPlan delete(LegacyRequest request, String namespace) {
        String uid = request.pathVariable("uid");
        return LegacyPlan.call(new ResourceCall.Get(FolderTranslator.KIND, namespace, uid), outcome -> {
            if (!(outcome instanceof ResourceOutcome.Found)) {
                return failure(outcome);
            }
            return subtree(namespace, List.of(uid), List.of(uid), subtree ->
                    deleteDashboardsIn(namespace, subtree, List.of(), () -> deleteAll(subtree.reversed().stream()
                            .map(folder -> new ResourceCall.Delete(FolderTranslator.KIND, namespace, folder, "")).toList(), 0)));
        });
    }

    /**
     * Every folder of the subtree, breadth first (parents before children): {@code queue} holds the folders whose
     * children are still to be read, {@code found} every folder found so far. A folder seen twice (a cycle of parents)
     * is read once.
     */
    private LegacyPlan subtree(String namespace, List<String> queue, List<String> found, Function<List<String>, LegacyPlan> then) {
        if (queue.isEmpty()) {
            return then.apply(found);
        }
        return childrenOf(namespace, queue.getFirst(), 0, List.of(), children -> {
            List<String> fresh = children.stream().filter(child -> !found.contains(child)).toList();
            return subtree(namespace, concat(queue.subList(1, queue.size()), fresh), concat(found, fresh), then);
        });
    }

    /** The folders directly below {@code parent}, a page at a time from {@code offset}, after {@code collected}. */
    private LegacyPlan childrenOf(String namespace, String parent, long offset, List<String> collected,
                                  Function<List<String>, LegacyPlan> then) {
        ResourceCall.Search page = ResourceCall.Search.of(namespace, List.of(FolderTranslator.KIND), SearchOrder.TITLE_ASC, offset,
                SearchPages.PAGE).withScopes(List.of(SearchScope.inFolders(FolderTranslator.KIND, Set.of(parent))));
        return LegacyPlan.call(page, outcome -> {
            if (!(outcome instanceof ResourceOutcome.Searched searched)) {
                return failure(outcome);
            }
            List<String> more = concat(collected, searched.hits().stream().map(SearchHit::name).toList());
            return searched.hits().size() < SearchPages.PAGE ? then.apply(more)
                    : childrenOf(namespace, parent, offset + SearchPages.PAGE, more, then);
        });
    }

    /**
     * Deletes the dashboards in {@code folders} a page at a time (each page read from the start again: the deleted ones
     * are gone), then {@code then}. A page that comes back the same as the one before means the deletes took nothing
     * away: an error rather than a loop.
     */
    private LegacyPlan deleteDashboardsIn(String namespace, List<String> folders, List<String> before, Supplier<LegacyPlan> then) {
        ResourceCall.Search page = ResourceCall.Search.of(namespace, List.of(contents), SearchOrder.TITLE_ASC, 0,
                SearchPages.PAGE).withScopes(List.of(SearchScope.inFolders(contents, Set.copyOf(folders))));
        return LegacyPlan.call(page, outcome -> {
            if (!(outcome instanceof ResourceOutcome.Searched searched)) {
                return failure(outcome);
            }
            List<String> names = searched.hits().stream().map(SearchHit::name).toList();
            if (names.isEmpty()) {
                return then.get();
            }
            if (names.equals(before)) {
                return respond(LegacyErrors.internal());
            }
            List<ResourceCall.Delete> deletes = names.stream()
                    .map(name -> new ResourceCall.Delete(contents, namespace, name, "")).toList();
            return deleteEach(deletes, 0, () -> deleteDashboardsIn(namespace, folders, names, then));
        });
    }

    private LegacyPlan deleteAll(List<ResourceCall.Delete> deletes, int next) {
        return deleteEach(deletes, next, () -> respond(LegacyResponse.emptyOk()));
    }

    private LegacyPlan deleteEach(List<ResourceCall.Delete> deletes, int next, Supplier<LegacyPlan> then) {
        if (next == deletes.size()) {
            return then.get();
        }
        return LegacyPlan.call(deletes.get(next), outcome -> switch (outcome) {
            // gone already (deleted meanwhile): what the caller wanted
            case ResourceOutcome.Failed failed when !failed.status().reason().equals("NotFound") -> failure(outcome);
            default -> deleteEach(deletes, next + 1, then);
        });
    }

    /**
     * {@code otherwise}, unless another folder under {@code parent} (not {@code exceptUid}) has the slug of {@code title}:
     * the parent's children are read a page at a time until one does.
     */
    private static LegacyPlan unlessSiblingNamed(String namespace, String parent, String title, String exceptUid,
                                                 Supplier<LegacyPlan> otherwise) {
        String slug = Names.slugify(title);
        ResourceCall.Search siblings = ResourceCall.Search.of(namespace, List.of(FolderTranslator.KIND), SearchOrder.TITLE_ASC, 0,
                SearchPages.PAGE).withScopes(List.of(SearchScope.inFolders(FolderTranslator.KIND, Set.of(parent))));
        return SearchPages.walk(siblings, (hits, next) -> hits.stream()
                        .anyMatch(f -> !f.name().equals(exceptUid) && Names.slugify(f.title()).equals(slug))
                        ? respond(sameNameExists()) : next.get(),
                otherwise, FolderWrites::failure);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> both = new ArrayList<>(a);
        both.addAll(b);
        return List.copyOf(both);
    }

    private LegacyPlan dto(ResourceOutcome outcome, LegacyRequest request) {
        if (outcome instanceof ResourceOutcome.Found found) {
            return respond(LegacyResponse.ok(FolderViews.dto(new ResourceObject(found.object()), request.caller(), settings.identities())));
        }
        return failure(outcome);
    }

    private static LegacyPlan failure(ResourceOutcome outcome) {
        return respond(outcome instanceof ResourceOutcome.Failed failed
                ? FolderTranslator.errors(failed.status())
                : LegacyErrors.internal());
    }

    private static LegacyPlan respond(LegacyResponse response) {
        return LegacyPlan.respond(response);
    }

    /** {@code ErrFolderTitleEmpty}: 400. */
    private static LegacyResponse titleEmpty() {
        return LegacyErrors.message(400, "folder title cannot be empty");
    }

    /** {@code ErrFolderSameNameExists} (9.x): 409, worded for the general folder as 9.3 words it. */
    private static LegacyResponse sameNameExists() {
        return LegacyErrors.message(409, "a folder or dashboard in the general folder with the same name already exists");
    }
}
