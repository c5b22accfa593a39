package io.migrationgateway.jobs.source;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.Translator;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One resource's legacy tables, as the jobs read and write them over JDBC: rows in primary-key chunks for the copy,
 * rows changed since a time for the catch-up, canonical hashes for the verification (computed by the legacy database,
 * to compare with {@link #unifiedProjection()} computed by unified storage's), and, for the reverse copy, objects
 * written back as rows. Every query is limited to one org when {@code org} is given.
 *
 * <p>The canonical projection is the text of the translated object's content that the legacy row determines, as both
 * databases print it the same way: its scalars (generation, folder, legacy id, ...) as a {@code json} array, then its
 * document (the spec) as {@code jsonb}, the one parse a row costs (the name is the key both sides are looked up by).
 * Anything costlier per row (a {@code jsonb_build_object} around the spec copies the whole document again) shows: the
 * documents are 15 KB. The authoritative comparison of a row whose hashes differ is the translator's, in Java.
 *
 * @param <R> the translator's row record
 */
public interface LegacyTable<R> {
    Translator translator();

    RowConverter<R> converter();

    /** Rows in scope now. */
    long count(Connection c, OptionalLong org) throws SQLException;

    /** Ids that cut the rows in scope into slices of about {@code rows} rows, ascending (the last slice has no end). */
    List<Long> sliceBounds(Connection c, OptionalLong org, int rows) throws SQLException;

    /** Up to {@code limit} rows of {@code range}, by id. */
    List<LegacyRow<R>> read(Connection c, KeyRange range, OptionalLong org, int limit) throws SQLException;

    /** Rows whose {@code updated} time is at or after {@code since}, above id {@code after}, by id. */
    List<LegacyRow<R>> readChanged(Connection c, LocalDateTime since, long after, OptionalLong org, int limit)
        throws SQLException;

    /** The rows of these ids that still exist. */
    Map<Long, LegacyRow<R>> readIds(Connection c, List<Long> ids) throws SQLException;

    /** The row of (org, uid), if it exists. */
    List<LegacyRow<R>> readKey(Connection c, long orgId, String uid) throws SQLException;

    /**
     * Up to {@code limit} rows of {@code range} with their canonical hash, by id. Throws the database's own error when
     * some row's JSON is corrupt (the caller narrows the range down to that row).
     */
    List<Fingerprint> fingerprints(Connection c, KeyRange range, OptionalLong org, int limit) throws SQLException;

    /** Ids of up to {@code limit} rows of {@code range}, without reading their data. */
    List<Long> ids(Connection c, KeyRange range, OptionalLong org, int limit) throws SQLException;

    /** Every (org id, uid) in scope. */
    Set<OrgUid> keys(Connection c, OptionalLong org) throws SQLException;

    /**
     * The canonical projection of a unified object, as an SQL expression over {@code v}, the object's {@code jsonb}:
     * equal text to the legacy projection of a row whose conversion is that object.
     */
    String unifiedProjection();

    /**
     * Writes unified objects back as legacy rows (insert, or update a row whose version is not newer), in the caller's
     * transaction.
     *
     * @return what became of each object, in order
     */
    List<WriteBack> writeBack(Connection c, List<ObjectNode> objects) throws SQLException;

    /** What {@link #writeBack} did with one object. */
    sealed interface WriteBack {
        /** Inserted or updated as the row of this id. */
        record Written(long id) implements WriteBack {
        }

        /** The row's version is higher than the object's generation: left alone. */
        record RowNewer() implements WriteBack {
        }

        /** Not a valid row (a namespace that is no org, say). */
        record Refused(String reason) implements WriteBack {
        }
    }

    /** A legacy key. */
    record OrgUid(long orgId, String uid) {
    }
}
