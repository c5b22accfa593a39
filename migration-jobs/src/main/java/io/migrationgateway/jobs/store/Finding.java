package io.migrationgateway.jobs.store;

import java.util.List;

/**
 * One row a job reports: one it could not convert, or one a verification found different.
 *
 * @param kind   unconvertible, mismatch, missing or extra
 * @param paths  the JSON paths that differ (mismatch)
 * @param detail the reason (unconvertible), or both sides' values at the first differing path
 */
public record Finding(String kind, String namespace, String name, long legacyId, List<String> paths, String detail) {
    public Finding {
        paths = List.copyOf(paths);
    }
}
