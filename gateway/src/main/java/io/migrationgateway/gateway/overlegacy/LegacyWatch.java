package io.migrationgateway.gateway.overlegacy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import io.migrationgateway.model.KindDeclaration;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One caller's watch of a resource kept by the legacy deployment. {@link LegacyChanges} says which object changed;
 * this watch reads it with the caller's credentials (so the caller sees only what the legacy side lets it see) and
 * applies the namespace, label and field selection. Reads happen on the consumer's thread, in {@link #poll}.
 *
 * <p>Memory is bounded by a page, not by the resource: a watch from now lists the objects {@value #PAGE} at a time,
 * as the consumer takes them, and what it remembers of the objects it sent is a hash of their names
 * ({@link SentObjects}). So a deletion carries the object's identity (apiVersion, kind, namespace, name and the
 * deletion's resource version), not its last state: Kubernetes clients key deletions by namespace and name.
 *
 * <p>A watch resumed from a resource version has not sent the objects its client listed, so for those it trusts the
 * feed: without a label selector, a change is sent with the feed's type and every deletion in its namespaces is sent
 * (a deletion of an object the caller could not read, too: its name is all it learns). With a label selector, which
 * the feed cannot apply to a deleted object, only deletions of objects this watch sent are sent.
 */
final class LegacyWatch implements Watch {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BUFFER = 10_000;
    /** Objects per page of a watch's first list: at most what one watch holds ready. */
    private static final int PAGE = 500;
    private static final GroupResource ANY = new GroupResource("", ""); // the store serves one kind and ignores it

    private final ResourceStore store;
    private final String apiVersion;
    private final String kind;
    private final WatchOptions options;
    private final Set<String> visibleNamespaces;
    private final Consumer<LegacyWatch> onClose;
    private final LinkedBlockingQueue<LegacyChanges.Change> changes = new LinkedBlockingQueue<>(BUFFER);
    private final ArrayDeque<WatchEvent> ready = new ArrayDeque<>();
    private final SentObjects sent = new SentObjects();
    private volatile boolean overflowed;
    private volatile boolean done;
    private boolean listedFirst; // the watcher holds exactly what this watch sent
    private long listVersion = -1; // while the first list goes on
    private String listContinue;

    LegacyWatch(ResourceStore store, KindDeclaration kind, WatchOptions options, Set<String> visibleNamespaces,
                Consumer<LegacyWatch> onClose) {
        this.store = store;
        this.apiVersion = kind.apiVersion(kind.preferredVersion());
        this.kind = kind.kind();
        this.options = options;
        this.visibleNamespaces = visibleNamespaces;
        this.onClose = onClose;
    }

    /** Begin with an ADDED event for every object the watch selects, as of {@code version} (listed as the consumer polls). */
    void startWithEveryObject(long version) {
        listedFirst = true;
        listVersion = version;
    }

    /** Called by the feed for each change; a watcher that falls {@value #BUFFER} changes behind is ended with 410. */
    void offer(LegacyChanges.Change change) {
        if (!changes.offer(change)) {
            overflowed = true;
        }
    }

    @Override
    public WatchEvent poll(Duration timeout) throws InterruptedException {
        if (done) {
            return null;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (ready.isEmpty()) {
            if (overflowed) {
                done = true;
                return new WatchEvent(WatchEvent.Type.ERROR, expired(), 0);
            }
            if (listVersion >= 0) {
                listPage();
                continue;
            }
            LegacyChanges.Change change = changes.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (change == null) {
                return null;
            }
            toEvent(change);
        }
        return ready.removeFirst();
    }

    private void listPage() {
        ListPage page = store.list(ANY, new ListOptions(options.namespace(), options.labels(), options.fields(), PAGE, listContinue));
        for (ObjectNode item : page.items()) {
            sent.add(item.path("metadata").path("namespace").asText(), item.path("metadata").path("name").asText());
            ready.addLast(new WatchEvent(WatchEvent.Type.ADDED, item, listVersion));
        }
        listContinue = page.continueToken();
        if (listContinue == null) {
            listVersion = -1;
        }
    }

    private void toEvent(LegacyChanges.Change change) {
        if (!inScope(change)) {
            return;
        }
        boolean feedKnowsBest = !listedFirst && options.labels().isEverything();
        if (change.type() == WatchEvent.Type.DELETED) {
            if (sent.remove(change.namespace(), change.name()) || feedKnowsBest) {
                ready.addLast(new WatchEvent(WatchEvent.Type.DELETED, identity(change), change.version()));
            }
            return;
        }
        ObjectNode now;
        try {
            now = store.get(new ObjectKey(ANY, change.namespace(), change.name()));
        } catch (StorageException e) {
            if (e.reason() == StorageException.Reason.NOT_FOUND) {
                return; // deleted again since, or not the caller's to see: the deletion (if any) follows
            }
            throw e;
        }
        if (options.labels().matches(now.path("metadata").path("labels"))) {
            boolean added = sent.add(change.namespace(), change.name());
            WatchEvent.Type type = !added ? WatchEvent.Type.MODIFIED : feedKnowsBest ? change.type() : WatchEvent.Type.ADDED;
            ready.addLast(new WatchEvent(type, now, change.version()));
        } else if (sent.remove(change.namespace(), change.name())) {
            // stopped matching: gone from the watcher's view, as the apiserver reports it (with the state that ended it)
            ready.addLast(new WatchEvent(WatchEvent.Type.DELETED, now, change.version()));
        }
    }

    private boolean inScope(LegacyChanges.Change change) {
        boolean namespace = options.namespace() == null ? visibleNamespaces.contains(change.namespace())
                : options.namespace().equals(change.namespace());
        return namespace && options.fields().matches(change.namespace(), change.name());
    }

    /** What a deletion carries: enough for a client to drop the object it holds. */
    private ObjectNode identity(LegacyChanges.Change change) {
        ObjectNode object = JSON.createObjectNode().put("apiVersion", apiVersion).put("kind", kind);
        object.putObject("metadata").put("name", change.name()).put("namespace", change.namespace())
                .put("resourceVersion", Long.toString(change.version()));
        return object;
    }

    private static ObjectNode expired() {
        ObjectNode status = JSON.createObjectNode().put("kind", "Status").put("apiVersion", "v1");
        status.putObject("metadata");
        return status.put("status", "Failure").put("message", "the watch fell too far behind; list again")
                .put("reason", "Expired").put("code", 410);
    }

    @Override
    public boolean isDone() {
        return done;
    }

    @Override
    public void close() {
        if (!done) {
            done = true;
        }
        onClose.accept(this);
    }
}
