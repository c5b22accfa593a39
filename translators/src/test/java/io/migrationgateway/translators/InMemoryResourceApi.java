package io.migrationgateway.translators;

import io.migrationgateway.model.SearchableFields;
import io.migrationgateway.model.Status;
import io.migrationgateway.model.KindDeclaration;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.plan.SearchScope;
import io.migrationgateway.translators.plan.TitlePattern;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;

/**
 * A Resource API in memory with the store semantics translators rely on (unified-storage's {@code ResourceStore}
 * contract): the store owns uid, creationTimestamp, generation (1 on create, +1 when the spec changes) and
 * resourceVersion (strictly increasing); a stale resourceVersion is Conflict, a taken name AlreadyExists; lists are
 * by name, paged, with id-label selectors. Tests can also script failures and watch the calls. Not thread-safe.
 */
public final class InMemoryResourceApi implements Function<ResourceCall, ResourceOutcome> {
    private final Map<String, ObjectNode> objects = new TreeMap<>();
    /** Every state each object had in its current life, oldest first. */
    private final Map<String, List<ObjectNode>> history = new HashMap<>();
    private final Clock clock;
    private final List<ResourceCall> calls = new ArrayList<>();
    private final Deque<Function<ResourceCall, Optional<ResourceOutcome>>> interceptors = new ArrayDeque<>();
    private long resourceVersion = 1000;

    public InMemoryResourceApi(Clock clock) {
        this.clock = clock;
    }

    /** Every call answered so far, in order. */
    public List<ResourceCall> calls() {
        return List.copyOf(calls);
    }

    /** Answers the next calls for which {@code interceptor} has an answer with that answer, once. */
    public void interceptOnce(Function<ResourceCall, Optional<ResourceOutcome>> interceptor) {
        interceptors.add(interceptor);
    }

    /** The stored object, as a Get would return it. */
    public Optional<ObjectNode> stored(KindDeclaration kind, String namespace, String name) {
        return Optional.ofNullable(objects.get(key(kind, namespace, name))).map(ObjectNode::deepCopy);
    }

    /** Stores {@code object} as given (generation, labels...), as a migration import would: for fixtures. */
    public ObjectNode put(KindDeclaration kind, ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        ObjectNode metadata = (ObjectNode) copy.get("metadata");
        metadata.put("resourceVersion", Long.toString(++resourceVersion));
        if (!metadata.has("uid")) {
            metadata.put("uid", UUID.randomUUID().toString());
        }
        if (!metadata.has("generation")) {
            metadata.put("generation", 1);
        }
        if (!metadata.has("creationTimestamp")) {
            metadata.put("creationTimestamp", clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
        }
        store(key(kind, metadata.path("namespace").asText(), metadata.path("name").asText()), copy);
        return copy.deepCopy();
    }

    @Override
    public ResourceOutcome apply(ResourceCall call) {
        calls.add(call);
        for (var it = interceptors.iterator(); it.hasNext(); ) {
            Optional<ResourceOutcome> scripted = it.next().apply(call);
            if (scripted.isPresent()) {
                it.remove();
                return scripted.get();
            }
        }
        return switch (call) {
            case ResourceCall.Get get -> Optional.ofNullable(objects.get(key(get.kind(), get.namespace(), get.name())))
                    .<ResourceOutcome>map(o -> new ResourceOutcome.Found(o.deepCopy(), folderOf(get, o)))
                    .orElseGet(() -> failed(Status.notFound(get.kind(), get.name())));
            case ResourceCall.ListPage list -> list(list);
            case ResourceCall.GetNames names -> new ResourceOutcome.Listed(names.names().stream()
                    .map(name -> objects.get(key(names.kind(), names.namespace(), name)))
                    .filter(java.util.Objects::nonNull).map(ObjectNode::deepCopy).toList(), "");
            case ResourceCall.Search search -> search(search);
            case ResourceCall.TagCounts tags -> tagCounts(tags);
            case ResourceCall.Versions versions -> new ResourceOutcome.Listed(versions(key(versions.kind(), versions.namespace(),
                    versions.name())).stream().skip(versions.offset()).limit(versions.limit()).toList(), "");
            case ResourceCall.Version version -> versions(key(version.kind(), version.namespace(), version.name())).stream()
                    .filter(state -> state.path("metadata").path("generation").asLong() == version.generation()).findFirst()
                    .<ResourceOutcome>map(ResourceOutcome.Found::new)
                    .orElseGet(() -> failed(Status.notFound(version.kind(), version.name())));
            case ResourceCall.Create create -> create(create);
            case ResourceCall.Update update -> update(update);
            case ResourceCall.Delete delete -> delete(delete);
        };
    }

    private void store(String key, ObjectNode object) {
        objects.put(key, object);
        history.computeIfAbsent(key, k -> new ArrayList<>()).add(object.deepCopy());
    }

    /** Per generation the last state written with it, newest first. */
    private List<ObjectNode> versions(String key) {
        Map<Long, ObjectNode> byGeneration = new TreeMap<>(java.util.Comparator.reverseOrder());
        history.getOrDefault(key, List.of()).forEach(state -> byGeneration.put(state.path("metadata").path("generation").asLong(),
                state.deepCopy()));
        return List.copyOf(byGeneration.values());
    }

    private ResourceOutcome list(ResourceCall.ListPage list) {
        Optional<List<Long>> ids = IdSelector.parse(list.labelSelector());
        if (!list.labelSelector().isBlank() && ids.isEmpty()) {
            return failed(Status.badRequest("unsupported selector in the test store: " + list.labelSelector()));
        }
        String prefix = list.kind().qualifiedResource() + "/" + list.namespace() + "/";
        List<ObjectNode> matching = objects.entrySet().stream()
                .filter(e -> e.getKey().startsWith(prefix))
                .map(Map.Entry::getValue)
                .filter(o -> ids.isEmpty() || ids.get().contains(new ResourceObject(o).legacyId()))
                .toList();
        if (!list.continueToken().matches("[0-9]{0,9}")) {
            return failed(Status.badRequest("invalid continue token"));
        }
        int from = list.continueToken().isEmpty() ? 0 : Integer.parseInt(list.continueToken());
        int to = (int) Math.min(matching.size(), from + list.limit());
        List<ObjectNode> page = matching.subList(Math.min(from, matching.size()), to).stream().map(ObjectNode::deepCopy).toList();
        return new ResourceOutcome.Listed(page, to < matching.size() ? Integer.toString(to) : "");
    }

    /** The folder {@code object} names, when {@code get} asks for it and it exists. */
    private Optional<ObjectNode> folderOf(ResourceCall.Get get, ObjectNode object) {
        if (get.folderKind() == null) {
            return Optional.empty();
        }
        String folder = object.at(get.kind().searchable().folder()).asText("");
        return Optional.ofNullable(objects.get(key(get.folderKind(), get.namespace(), folder))).map(ObjectNode::deepCopy);
    }

    /** A search as unified storage answers it, over the kinds' declared searchable fields. */
    private ResourceOutcome search(ResourceCall.Search search) {
        List<SearchHit> hits = new ArrayList<>();
        for (SearchScope scope : search.scopes()) {
            String prefix = scope.kind().qualifiedResource() + "/" + search.namespace() + "/";
            objects.forEach((key, object) -> {
                if (!key.startsWith(prefix) || !object.path("metadata").path("deletionTimestamp").asText("").isEmpty()) {
                    return;
                }
                SearchHit hit = hit(scope.kind(), object);
                boolean matches = (scope.folders() == null || scope.folders().contains(hit.folder()))
                        && (search.title() == null || like(search.title(), hit.title()))
                        && hit.tags().containsAll(search.tags())
                        && (search.legacyIds().isEmpty() || search.legacyIds().contains(hit.legacyId()))
                        && (search.names().isEmpty() || search.names().contains(hit.name()));
                if (matches) {
                    hits.add(hit);
                }
            });
        }
        return new ResourceOutcome.Searched(hits.stream().sorted(search.order().comparator()).skip(search.offset())
                .limit(search.limit()).toList());
    }

    /** The tag counts as unified storage's search index answers them: live objects, tags in byte order. */
    private ResourceOutcome tagCounts(ResourceCall.TagCounts call) {
        String prefix = call.kind().qualifiedResource() + "/" + call.namespace() + "/";
        java.util.TreeMap<String, Long> counts = new java.util.TreeMap<>();
        objects.forEach((key, object) -> {
            if (key.startsWith(prefix) && object.path("metadata").path("deletionTimestamp").asText("").isEmpty()) {
                hit(call.kind(), object).tags().forEach(tag -> counts.merge(tag, 1L, Long::sum));
            }
        });
        return new ResourceOutcome.Tagged(counts.entrySet().stream()
                .map(entry -> new ResourceOutcome.TagCount(entry.getKey(), entry.getValue())).toList());
    }

    private static SearchHit hit(KindDeclaration kind, ObjectNode object) {
        SearchableFields fields = kind.searchable();
        java.util.TreeSet<String> tags = new java.util.TreeSet<>(io.migrationgateway.translators.json.SortedKeys.GO_ORDER);
        if (fields.tags() != null) {
            for (JsonNode tag : object.at(fields.tags())) {
                if (tag.isTextual() && !tag.asText().isBlank()) {
                    tags.add(tag.asText().length() > fields.maxTagLength() ? tag.asText().substring(0, fields.maxTagLength())
                            : tag.asText());
                }
            }
        }
        return new SearchHit(kind, object.path("metadata").path("name").asText(), object.at(fields.title()).asText(""),
                List.copyOf(tags), object.at(fields.folder()).asText(""), new ResourceObject(object).legacyId());
    }

    /** SQL's LIKE ({@code %}, {@code _}, {@code \} escapes) on the whole title, ignoring case unless asked not to. */
    private static boolean like(TitlePattern pattern, String title) {
        StringBuilder regex = new StringBuilder();
        String text = pattern.caseSensitive() ? pattern.pattern() : pattern.pattern().toLowerCase(java.util.Locale.ROOT);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                regex.append(java.util.regex.Pattern.quote(String.valueOf(text.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(java.util.regex.Pattern.quote(String.valueOf(c)));
            }
        }
        return java.util.regex.Pattern.compile(regex.toString(), java.util.regex.Pattern.DOTALL)
                .matcher(pattern.caseSensitive() ? title : title.toLowerCase(java.util.Locale.ROOT)).matches();
    }

    private ResourceOutcome create(ResourceCall.Create create) {
        ObjectNode object = create.object().deepCopy();
        ObjectNode metadata = (ObjectNode) object.get("metadata");
        String name = metadata.path("name").asText("");
        if (name.isEmpty()) {
            name = metadata.path("generateName").asText("") + UUID.randomUUID().toString().substring(0, 5);
            metadata.put("name", name);
        }
        String key = key(create.kind(), create.namespace(), name);
        if (objects.containsKey(key)) {
            return failed(Status.alreadyExists(create.kind(), name));
        }
        metadata.put("namespace", create.namespace());
        metadata.put("uid", UUID.randomUUID().toString());
        metadata.put("resourceVersion", Long.toString(++resourceVersion));
        metadata.put("generation", 1);
        metadata.put("creationTimestamp", clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
        store(key, object);
        return new ResourceOutcome.Found(object.deepCopy());
    }

    private ResourceOutcome update(ResourceCall.Update update) {
        ObjectNode object = update.object().deepCopy();
        ObjectNode metadata = (ObjectNode) object.get("metadata");
        String name = metadata.path("name").asText("");
        ObjectNode stored = objects.get(key(update.kind(), update.namespace(), name));
        if (stored == null) {
            return failed(Status.notFound(update.kind(), name));
        }
        JsonNode storedMeta = stored.get("metadata");
        String precondition = metadata.path("resourceVersion").asText("");
        if (!precondition.isEmpty() && !precondition.equals(storedMeta.path("resourceVersion").asText())) {
            return failed(Status.conflict(update.kind(), name));
        }
        long generation = storedMeta.path("generation").asLong(1);
        metadata.put("namespace", update.namespace());
        metadata.put("uid", storedMeta.path("uid").asText());
        metadata.set("creationTimestamp", storedMeta.path("creationTimestamp"));
        metadata.put("generation", stored.path("spec").equals(object.path("spec")) ? generation : generation + 1);
        metadata.put("resourceVersion", Long.toString(++resourceVersion));
        store(key(update.kind(), update.namespace(), name), object);
        return new ResourceOutcome.Found(object.deepCopy());
    }

    private ResourceOutcome delete(ResourceCall.Delete delete) {
        String key = key(delete.kind(), delete.namespace(), delete.name());
        ObjectNode stored = objects.get(key);
        if (stored == null) {
            return failed(Status.notFound(delete.kind(), delete.name()));
        }
        if (!delete.resourceVersion().isEmpty() && !delete.resourceVersion().equals(stored.path("metadata").path("resourceVersion").asText())) {
            return failed(Status.conflict(delete.kind(), delete.name()));
        }
        objects.remove(key);
        history.remove(key);
        return new ResourceOutcome.Found(stored);
    }

    private static ResourceOutcome failed(Status status) {
        return new ResourceOutcome.Failed(status);
    }

    private static String key(KindDeclaration kind, String namespace, String name) {
        return kind.qualifiedResource() + "/" + namespace + "/" + name;
    }
}
