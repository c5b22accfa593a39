package io.migrationgateway.translators.table;

/**
 * One row of a legacy table as a job reads it.
 *
 * @param id    the legacy primary key, the order of chunks
 * @param uid   the legacy uid, the object's name ("" when the row has none)
 * @param bytes the size of the row's text (its JSON document, mostly), which what the copy holds of it scales with
 * @param row   the translator's row record
 */
public record LegacyRow<R>(long id, long orgId, String uid, long bytes, R row) {
}
