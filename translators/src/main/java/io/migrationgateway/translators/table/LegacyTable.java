package io.migrationgateway.translators.table;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.Translator;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One resource's legacy tables, as the jobs read and write them over JDBC: rows in primary-key chunks for the copy,
 * rows changed since a time for the catch-up, canonical hashes of the rows' {@link #projection()} for the
 * verification, and, for the reverse copy, objects written back as rows. Every query is limited to one org when
 * {@code org} is given.
 *
 * @param <R> the translator's row record
 */
public interface LegacyTable<R> {
    Translator translator();

    RowConverter<R> converter();

    /**
     * Whether each row carries the version the legacy API reports for it too (the object's generation), so that an
     * object read from a row can stand for the one read through the API, its resource version being that version.
     */
    boolean versioned();

    /**
     * A query of (org id, uid, a number that moves on every change) over the rows the API shows, which the gateway's
     * legacy watch polls; empty when the table cannot tell (the watch then sees the gateway's own writes only).
     */
    Optional<String> changeQuery();


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
     * Up to {@code limit} rows of {@code range} with their canonical hash, by id; a row whose JSON is corrupt has no
     * hash.
     */
    List<Fingerprint> fingerprints(Connection c, KeyRange range, OptionalLong org, int limit) throws SQLException;

    /**
     * The earlier versions the legacy side keeps of {@code rows} (a dashboard's {@code dashboard_version} rows below its
     * current version), as objects, at most {@code keep - 1} of each row, the newest: what a copy writes into unified
     * storage's history beside the rows' objects. Versions whose data cannot be converted are left out. None for a
     * table without history, the default.
     */
    default EarlierVersions earlierVersions(Connection c, List<LegacyRow<R>> rows, int keep) throws SQLException {
        return EarlierVersions.NONE;
    }

    /**
     * Earlier versions of rows, as objects, and the bytes of legacy text they were made from (what holding them costs).
     */
    record EarlierVersions(List<ObjectNode> objects, long bytes) {
        public static final EarlierVersions NONE = new EarlierVersions(List.of(), 0);

        public EarlierVersions {
            objects = List.copyOf(objects);
        }
    }

    /** Every (org id, uid) in scope. */
    Set<OrgUid> keys(Connection c, OptionalLong org) throws SQLException;

    /** Which of {@code keys} have a row in scope now (one query; no document is read). */
    Set<OrgUid> existing(Connection c, List<OrgUid> keys) throws SQLException;

    /**
     * The values of a row that its translated object must have, as read from each side: a row and its conversion
     * hash alike.
     */
    Projection projection();

    /**
     * Writes unified objects back as legacy rows (insert, or update a row whose version is not newer), in the caller's
     * transaction.
     *
     * @return what became of each object, in order
     */
    List<WriteBack> writeBack(Connection c, List<ObjectNode> objects) throws SQLException;

    /**
     * Deletes the row of (org, uid) and the rows that belong to it, in the caller's transaction; false when there was none.
     * Only tables whose objects the gateway writes as rows (not through the legacy API) implement it.
     */
    default boolean deleteRow(Connection c, long orgId, String uid) throws SQLException {
        throw new UnsupportedOperationException(translator().kind().plural() + " are not deleted as rows");
    }

    /** What {@link #writeBack} did with one object. */
    sealed interface WriteBack {
        /**
         * Inserted or updated as the row of this id.
         *
         * @param version the resource version the legacy API reports for the row's object now (modes 0–2), {@code ""}
         *                when that cannot be known here
         */
        record Written(long id, String version) implements WriteBack {
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
