package io.migrationgateway.translators.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.Binding.GoType;
import io.migrationgateway.translators.legacy.Binding;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.Listing;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

    FolderWrites(TranslatorSettings settings) {
        this.settings = settings;
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
                default -> LegacyPlan.call(new ResourceCall.Get(DashboardTranslator.KIND, namespace, uid), dashboard -> switch (dashboard) {
                    case ResourceOutcome.Found taken -> respond(LegacyErrors.message(400, "Dashboard cannot be changed to a folder"));
                    case ResourceOutcome.Failed failed when !failed.status().reason().equals("NotFound") -> failure(dashboard);
                    default -> checkSiblings();
                });
            });
        }

        LegacyPlan checkSiblings() {
            return Listing.all(FolderTranslator.KIND, namespace, "", folders -> {
                if (siblingNamed(folders, parent, title, "")) {
                    return respond(sameNameExists());
                }
                String name = uid.isEmpty() ? Names.newUid(settings.random()) : uid;
                String identity = settings.identities().identityOf(request.caller().login()).orElse(null);
                ObjectNode object = ResourceObject.builder(FolderTranslator.KIND, FolderTranslator.KIND.preferredVersion())
                        .name(name)
                        .namespace(namespace)
                        .legacyId(settings.ids().nextId(FolderTranslator.KIND))
                        .annotation(GrafanaMeta.CREATED_BY, identity)
                        .annotation(GrafanaMeta.UPDATED_BY, identity)
                        .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.format(settings.clock().instant()))
                        .annotation(GrafanaMeta.FOLDER, parent)
                        .spec(FolderViews.spec(title, description))
                        .status(Json.object())
                        .build();
                return LegacyPlan.call(new ResourceCall.Create(FolderTranslator.KIND, namespace, object), created -> dto(created, request));
            }, status -> respond(FolderTranslator.errors(status)));
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
            return Listing.all(FolderTranslator.KIND, namespace, "", folders -> siblingNamed(folders, FolderViews.parent(existing), title, uid)
                    ? respond(sameNameExists()) : write, status -> respond(FolderTranslator.errors(status)));
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
            return Listing.all(FolderTranslator.KIND, namespace, "", folders -> {
                List<ResourceObject> subtree = subtree(folders, uid);
                Set<String> uids = new HashSet<>();
                subtree.forEach(f -> uids.add(f.name()));
                return Listing.all(DashboardTranslator.KIND, namespace, "", dashboards -> {
                    List<ResourceCall.Delete> deletes = new ArrayList<>();
                    dashboards.stream().map(ResourceObject::new)
                            .filter(d -> d.annotation(GrafanaMeta.FOLDER).filter(uids::contains).isPresent())
                            .forEach(d -> deletes.add(new ResourceCall.Delete(DashboardTranslator.KIND, namespace, d.name(), "")));
                    // deepest folders first, so that no folder is ever left without its parent
                    subtree.reversed().forEach(f -> deletes.add(new ResourceCall.Delete(FolderTranslator.KIND, namespace, f.name(), "")));
                    return deleteAll(deletes, 0);
                }, status -> respond(FolderTranslator.errors(status)));
            }, status -> respond(FolderTranslator.errors(status)));
        });
    }

    private LegacyPlan deleteAll(List<ResourceCall.Delete> deletes, int next) {
        if (next == deletes.size()) {
            return respond(LegacyResponse.emptyOk());
        }
        return LegacyPlan.call(deletes.get(next), outcome -> switch (outcome) {
            // gone already (deleted meanwhile): what the caller wanted
            case ResourceOutcome.Failed failed when !failed.status().reason().equals("NotFound") -> failure(outcome);
            default -> deleteAll(deletes, next + 1);
        });
    }

    /** The folder {@code uid} and every folder below it, parents before children. */
    static List<ResourceObject> subtree(List<ObjectNode> folders, String uid) {
        List<ResourceObject> all = folders.stream().map(ResourceObject::new).toList();
        List<ResourceObject> tree = new ArrayList<>();
        all.stream().filter(f -> f.name().equals(uid)).findFirst().ifPresent(tree::add);
        for (int i = 0; i < tree.size(); i++) {
            String parent = tree.get(i).name();
            all.stream().filter(f -> FolderViews.parent(f).equals(parent) && !tree.contains(f))
                    .sorted(Comparator.comparing(ResourceObject::name)).forEach(tree::add);
        }
        return tree;
    }

    /** Whether another folder under {@code parent} (not {@code exceptUid}) has the slug of {@code title}. */
    private static boolean siblingNamed(List<ObjectNode> folders, String parent, String title, String exceptUid) {
        String slug = Names.slugify(title);
        return folders.stream().map(ResourceObject::new)
                .anyMatch(f -> FolderViews.parent(f).equals(parent) && !f.name().equals(exceptUid) && FolderRef.of(f).slug().equals(slug));
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
