package io.migrationgateway.legacysim.preference;

import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.db.Transactions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The home dashboard of Grafana's {@code preferences} rows: a user's row in an org ({@code user_id}, team 0) and the
 * org's row (user and team 0). Of the other columns, a new row gets Grafana's empty values and an update keeps them.
 */
public final class PreferenceStore {
    private final DataSource dataSource;
    private final Clock clock;

    public PreferenceStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /**
     * Grafana's {@code GetWithDefaults} for the home dashboard: the rows read org first, then user (by user id), and a
     * later non-zero id overriding an earlier one, so the user's choice wins over the org's; 0 when neither chose.
     */
    public long homeDashboardId(long orgId, long userId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT home_dashboard_id FROM preferences
                     WHERE org_id = ? AND COALESCE(team_id, 0) = 0 AND (user_id = ? OR user_id = 0)
                     ORDER BY user_id, id""")) {
            ps.setLong(1, orgId);
            ps.setLong(2, userId);
            long home = 0;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    home = rs.getLong(1) != 0 ? rs.getLong(1) : home;
                }
            }
            return home;
        }
    }

    /** The id of the dashboard (or folder) with this uid in the org, as a preference's homeDashboardUID names it. */
    public Optional<Long> dashboardId(long orgId, String uid) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT id FROM dashboard WHERE org_id = ? AND uid = ? AND deleted IS NULL")) {
            ps.setLong(1, orgId);
            ps.setString(2, uid);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
            }
        }
    }

    /** Grafana's {@code Save}: the row of the user (0 for the org's) updated with a new version, or created. */
    public void saveHomeDashboard(long orgId, long userId, long homeDashboardId) throws SQLException {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Transactions.inTransaction(dataSource, c -> {
            try (PreparedStatement update = c.prepareStatement("""
                    UPDATE preferences SET home_dashboard_id = ?, version = version + 1, updated = ?
                    WHERE id = (SELECT id FROM preferences WHERE org_id = ? AND user_id = ? AND COALESCE(team_id, 0) = 0
                                ORDER BY id LIMIT 1)""")) {
                update.setLong(1, homeDashboardId);
                SqlTime.set(update, 2, now);
                update.setLong(3, orgId);
                update.setLong(4, userId);
                if (update.executeUpdate() > 0) {
                    return null;
                }
            }
            try (PreparedStatement insert = c.prepareStatement("""
                    INSERT INTO preferences (org_id, user_id, team_id, version, home_dashboard_id, timezone, theme, week_start,
                                             created, updated)
                    VALUES (?, ?, 0, 0, ?, '', '', '', ?, ?)""")) {
                insert.setLong(1, orgId);
                insert.setLong(2, userId);
                insert.setLong(3, homeDashboardId);
                SqlTime.set(insert, 4, now);
                SqlTime.set(insert, 5, now);
                insert.executeUpdate();
            }
            return null;
        });
    }
}
