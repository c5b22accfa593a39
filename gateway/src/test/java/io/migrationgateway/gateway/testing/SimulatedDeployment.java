package io.migrationgateway.gateway.testing;

import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.testsupport.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * The seeded legacy simulator on a schema of its own, and a test gateway in front of it: the "existing deployment"
 * of the routing tests. Closing stops both and drops the simulator's schema.
 */
public final class SimulatedDeployment implements AutoCloseable {
    private final String simSchema;
    private final LegacySim sim;
    private final TestGateway gateway;

    private SimulatedDeployment(String simSchema, LegacySim sim, TestGateway gateway) {
        this.simSchema = simSchema;
        this.sim = sim;
        this.gateway = gateway;
    }

    /**
     * @param adminPassword the simulator's admin password
     * @param token         the simulator's seeded service-account token
     * @param settings      gateway settings over {@link TestGateway#baseSettings}; {@code legacy.database-url} may be
     *                      given as {@code "SIM"}, for the simulator's own schema
     */
    public static SimulatedDeployment start(String adminPassword, String token, Map<String, String> settings) {
        return start(adminPassword, token, settings, io.migrationgateway.gateway.Gateway.Parts.AS_CONFIGURED);
    }

    /** As {@link #start(String, String, Map)}, with the gateway's parts wrapped as given. */
    public static SimulatedDeployment start(String adminPassword, String token, Map<String, String> settings,
                                            io.migrationgateway.gateway.Gateway.Parts parts) {
        String schema = TestDatabase.newSchema();
        LegacySim sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), schema, adminPassword, token, true));
        try {
            Map<String, String> resolved = new java.util.LinkedHashMap<>(settings);
            resolved.computeIfPresent("legacy.database-url", (key, value) -> value.equals("SIM")
                    ? TestDatabase.url() + (TestDatabase.url().contains("?") ? "&" : "?") + "currentSchema=" + schema : value);
            return new SimulatedDeployment(schema, sim, TestGateway.start(sim.baseUrl(), resolved, parts));
        } catch (RuntimeException e) {
            sim.close();
            TestDatabase.dropSchema(schema);
            throw e;
        }
    }

    public LegacySim sim() {
        return sim;
    }

    public TestGateway gateway() {
        return gateway;
    }

    /** The schema of the simulator's legacy tables in the test database. */
    public String legacySchema() {
        return simSchema;
    }

    /** How many rows of the simulator's legacy {@code table} have {@code uid}. */
    public int legacyRows(String table, String uid) throws SQLException {
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + simSchema + "." + table + " WHERE uid = ?")) {
            ps.setString(1, uid);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** How many rows of the simulator's legacy {@code table} match {@code where} (an SQL condition of the test's own). */
    public int legacyRowCount(String table, String where) throws SQLException {
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + simSchema + "." + table + " WHERE " + where);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** Changes legacy rows behind the gateway's back (as another writer of the legacy database would); how many. */
    public int updateLegacyRows(String table, String set, String where) throws SQLException {
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE " + simSchema + "." + table + " SET " + set + " WHERE " + where)) {
            return ps.executeUpdate();
        }
    }

    /** The uids of the simulator's legacy {@code table} rows that match {@code where}, by id. */
    public java.util.List<String> legacyUids(String table, String where) throws SQLException {
        java.util.List<String> uids = new java.util.ArrayList<>();
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT uid FROM " + simSchema + "." + table + " WHERE " + where + " ORDER BY id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                uids.add(rs.getString(1));
            }
        }
        return uids;
    }

    @Override
    public void close() {
        try {
            gateway.close();
        } finally {
            sim.close();
            TestDatabase.dropSchema(simSchema);
        }
    }
}
