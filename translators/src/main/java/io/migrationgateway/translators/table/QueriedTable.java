package io.migrationgateway.translators.table;

import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorSettings;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A legacy table whose reads are its {@link TableQueries} and whose rows its translator converts: what each table adds
 * is its row mapping and projection (in the queries) and its write-back (with {@link #writing}).
 */
public abstract class QueriedTable<R> implements LegacyTable<R> {
    private final TableQueries<R> queries;
    private final Translator translator;
    private final RowConverter<R> converter;
    /** What the write-backs take from an object's metadata. */
    protected final RowWriting writing;

    protected <T extends Translator & RowConverter<R>> QueriedTable(TableQueries<R> queries, T translator,
                                                          TranslatorSettings settings) {
        this.queries = queries;
        this.translator = translator;
        this.converter = translator;
        this.writing = new RowWriting(settings);
    }

    @Override
    public Translator translator() {
        return translator;
    }

    @Override
    public RowConverter<R> converter() {
        return converter;
    }

    /** A legacy {@code timestamp} column: UTC, as Grafana writes them. */
    protected static Instant utc(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column, LocalDateTime.class).toInstant(ZoneOffset.UTC);
    }

    @Override
    public long count(Connection c, OptionalLong org) throws SQLException {
        return queries.count(c, org);
    }

    @Override
    public List<Long> sliceBounds(Connection c, OptionalLong org, int rows) throws SQLException {
        return queries.sliceBounds(c, org, rows);
    }

    @Override
    public List<LegacyRow<R>> read(Connection c, KeyRange range, OptionalLong org, int limit) throws SQLException {
        return queries.read(c, range, org, limit);
    }

    @Override
    public List<LegacyRow<R>> readChanged(Connection c, LocalDateTime since, long after, OptionalLong org, int limit)
        throws SQLException {
        return queries.readChanged(c, since, after, org, limit);
    }

    @Override
    public Map<Long, LegacyRow<R>> readIds(Connection c, List<Long> ids) throws SQLException {
        return queries.readIds(c, ids);
    }

    @Override
    public List<LegacyRow<R>> readKey(Connection c, long orgId, String uid) throws SQLException {
        return queries.readKey(c, orgId, uid);
    }

    @Override
    public List<Fingerprint> fingerprints(Connection c, KeyRange range, OptionalLong org, int limit) throws SQLException {
        return queries.fingerprints(c, range, org, limit);
    }

    @Override
    public Set<OrgUid> keys(Connection c, OptionalLong org) throws SQLException {
        return queries.keys(c, org);
    }

    @Override
    public Set<OrgUid> existing(Connection c, List<OrgUid> keys) throws SQLException {
        return queries.existing(c, keys);
    }

    @Override
    public Projection projection() {
        return queries.projection();
    }
}
