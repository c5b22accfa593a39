package io.migrationgateway.jobs.spec;

import java.util.Locale;

/** Where a job stands. Running and paused jobs are active: at most one per (kind, resource, namespace). */
public enum JobState {
    RUNNING, PAUSED, CANCELLED, SUCCEEDED, FAILED;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean active() {
        return this == RUNNING || this == PAUSED;
    }

    public static JobState of(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }
}
