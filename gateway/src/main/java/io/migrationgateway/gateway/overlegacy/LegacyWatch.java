package io.migrationgateway.gateway.overlegacy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One caller's watch of a resource kept by the legacy deployment. {@link LegacyChanges} says which object changed;
 * this watch reads it with the caller's credentials (so the caller sees only what the legacy side lets it see),
 * applies the namespace, label and field selection, and remembers what it sent, so that a deletion carries the
 * object's last state. Reads happen on the consumer's thread, in {@link #poll}.
 */
final class LegacyWatch implements Watch {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BUFFER = 10_000;

    private final LegacyBackedStore store;
    private final WatchOptions options;
    private final Set<String> visibleNamespaces;
    private final Consumer<LegacyWatch> onClose;
    private final LinkedBlockingQueue<LegacyChanges.Change> changes = new LinkedBlockingQueue<>(BUFFER);
    private final ArrayDeque<WatchEvent> ready = new ArrayDeque<>();
    private final Map<String, ObjectNode> sent = new HashMap<>(); // "namespace/name" -> last state sent
    private volatile boolean overflowed;
    private volatile boolean done;
    private long initialVersion = -1;

    LegacyWatch(LegacyBackedStore store, WatchOptions options, Set<String> visibleNamespaces, Consumer<LegacyWatch> onClose) {
        this.store = store;
        this.options = options;
        this.visibleNamespaces = visibleNamespaces;
        this.onClose = onClose;
    }

    /** Begin with an ADDED event for every object the watch selects, as of {@code version} (read on the first poll). */
    void startWithEveryObject(long version) {
        initialVersion = version;
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
        if (initialVersion >= 0) {
            listEverything(initialVersion);
            initialVersion = -1;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (ready.isEmpty()) {
            if (overflowed) {
                done = true;
                return new WatchEvent(WatchEvent.Type.ERROR, expired(), 0);
            }
            LegacyChanges.Change change = changes.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (change == null) {
                return null;
            }
            toEvent(change);
        }
        return ready.removeFirst();
    }

    private void listEverything(long version) {
        GroupResource any = new GroupResource("", ""); // the store serves one kind and ignores it
        for (ObjectNode item : store.list(any, new ListOptions(options.namespace(), options.labels(), options.fields(), 0, null)).items()) {
            sent.put(id(item), item);
            ready.addLast(new WatchEvent(WatchEvent.Type.ADDED, item, version));
        }
    }

    private void toEvent(LegacyChanges.Change change) {
        if (!inScope(change)) {
            return;
        }
        String id = change.namespace() + "/" + change.name();
        ObjectNode before = sent.get(id);
        if (change.type() == WatchEvent.Type.DELETED) {
            if (before != null) {
                sent.remove(id);
                ready.addLast(new WatchEvent(WatchEvent.Type.DELETED, before, change.version()));
            }
            return;
        }
        ObjectNode now;
        try {
            now = store.get(new ObjectKey(new GroupResource("", ""), change.namespace(), change.name()));
        } catch (StorageException e) {
            if (e.reason() == StorageException.Reason.NOT_FOUND) {
                return; // deleted again since, or not the caller's to see: the deletion (if any) follows
            }
            throw e;
        }
        boolean selected = options.labels().matches(now.path("metadata").path("labels"));
        if (selected) {
            sent.put(id, now);
            ready.addLast(new WatchEvent(before == null ? WatchEvent.Type.ADDED : WatchEvent.Type.MODIFIED, now, change.version()));
        } else if (before != null) {
            sent.remove(id); // stopped matching: gone from the watcher's view, as the apiserver reports it
            ready.addLast(new WatchEvent(WatchEvent.Type.DELETED, before, change.version()));
        }
    }

    private boolean inScope(LegacyChanges.Change change) {
        boolean namespace = options.namespace() == null ? visibleNamespaces.contains(change.namespace())
                : options.namespace().equals(change.namespace());
        return namespace && options.fields().matches(change.namespace(), change.name());
    }

    private static String id(ObjectNode object) {
        return object.path("metadata").path("namespace").asText() + "/" + object.path("metadata").path("name").asText();
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
