package io.migrationgateway.translators.table;

import io.migrationgateway.translators.hash.Hash128;

/**
 * A legacy row's canonical hash (its {@link io.migrationgateway.translators.hash.Projection}).
 *
 * @param hash null when it could not be computed (the row's stored JSON is corrupt): such a row never matches, and
 *             the row-level check says why
 */
public record Fingerprint(long id, long orgId, String uid, Hash128 hash) {
}
