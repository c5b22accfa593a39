package io.migrationgateway.storage.sql;

import io.migrationgateway.model.GroupResource;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open watches of one store, per group-resource. Changes must be published in resource-version order and by
 * one thread at a time per group-resource (the in-process feed publishes under the writers' lock, the HA
 * poller from its single thread).
 */
final class WatchHub {
    private final ConcurrentHashMap<GroupResource, Set<WatchSubscription>> subscribers = new ConcurrentHashMap<>();

    void subscribe(WatchSubscription subscription) {
        subscribers.compute(subscription.groupResource(), (gr, set) -> {
            Set<WatchSubscription> out = set == null ? ConcurrentHashMap.newKeySet() : set;
            out.add(subscription);
            return out;
        });
    }

    void unsubscribe(WatchSubscription subscription) {
        subscribers.computeIfPresent(subscription.groupResource(), (gr, set) -> {
            set.remove(subscription);
            return set.isEmpty() ? null : set;
        });
    }

    boolean hasSubscribers(GroupResource groupResource) {
        return subscribers.containsKey(groupResource);
    }

    void publish(GroupResource groupResource, List<Change> changes) {
        Set<WatchSubscription> set = subscribers.get(groupResource);
        if (set == null) {
            return;
        }
        for (WatchSubscription subscription : set) {
            for (Change change : changes) {
                subscription.offer(change);
            }
        }
    }

    /** Ends every watch (the store is closing). */
    void closeAll() {
        subscribers.values().forEach(set -> set.forEach(WatchSubscription::close));
    }
}
