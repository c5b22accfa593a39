package io.migrationgateway.jobs.source;

/**
 * A legacy row's canonical hash, computed by the legacy database.
 *
 * @param hash md5 of the row's canonical projection, or null when the database could not compute it (its stored JSON
 *             is corrupt): such a row never matches, and the row-level check says why
 */
public record Fingerprint(long id, long orgId, String uid, String hash) {
}
