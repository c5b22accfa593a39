package io.migrationgateway.legacysim.seed;

import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Passwords;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.auth.ServiceAccountToken;
import io.migrationgateway.legacysim.dashboard.DashboardStore;
import io.migrationgateway.legacysim.dashboard.SaveCommand;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.folder.FolderRef;
import io.migrationgateway.legacysim.folder.FolderStore;
import io.migrationgateway.legacysim.http.Json;
import io.migrationgateway.legacysim.serviceaccount.ServiceAccountStore;
import io.migrationgateway.legacysim.serviceaccount.TokenStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills an empty legacy database the first time the simulator starts: two orgs, users with each role,
 * a service-account token, a few more service accounts with tokens, a folder tree, the real Grafana dashboards
 * shipped in {@code seed/dashboards} (see the README there for their provenance) and a few playlists. A database that already has orgs is
 * left alone, so a second start reuses the data.
 *
 * <p>Seeded accounts: {@code admin} (Admin in both orgs, password given), {@code editor} (Editor in org 1,
 * Viewer in org 2, password {@code editor}), {@code viewer} (Viewer in org 1, password {@code viewer}).
 */
public final class Seeder {
    private static final Logger LOG = LoggerFactory.getLogger(Seeder.class);
    public static final String SEED_INDEX = "/seed/dashboards/index.txt";

    private final DataSource dataSource;
    private final Clock clock;

    public Seeder(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** The seed dashboard files, by file name, in a stable order. */
    public static List<String> seedFiles() {
        try (InputStream in = Seeder.class.getResourceAsStream(SEED_INDEX)) {
            if (in == null) {
                throw new IllegalStateException("seed index missing from the jar: " + SEED_INDEX);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String seedJson(String file) {
        try (InputStream in = Seeder.class.getResourceAsStream("/seed/dashboards/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Seeds when the database holds no org; returns whether it did. */
    public boolean seedIfEmpty(String adminPassword, String serviceAccountToken) {
        try (Connection c = dataSource.getConnection()) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM org")) {
                rs.next();
                if (rs.getLong(1) > 0) {
                    return false;
                }
            }
            c.setAutoCommit(false);
            Instant now = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            long org1 = insertOrg(c, "Main Org.", now);
            long org2 = insertOrg(c, "Second Org.", now);
            long admin = insertUser(c, "admin", "admin@localhost", "Admin", adminPassword, org1, true, false, now);
            long editor = insertUser(c, "editor", "editor@localhost", "Editor", "editor", org1, false, false, now);
            long viewer = insertUser(c, "viewer", "viewer@localhost", "Viewer", "viewer", org1, false, false, now);
            long serviceAccount = insertUser(c, "sa-1-migration", "sa-1-migration", "migration", null, org1, false, true, now);
            member(c, org1, admin, Role.ADMIN, now);
            member(c, org2, admin, Role.ADMIN, now);
            member(c, org1, editor, Role.EDITOR, now);
            member(c, org2, editor, Role.VIEWER, now);
            member(c, org1, viewer, Role.VIEWER, now);
            member(c, org1, serviceAccount, Role.ADMIN, now);
            insertToken(c, org1, serviceAccount, "migration", serviceAccountToken, Role.ADMIN, now);
            c.commit();
            seedServiceAccounts(org1, org2);

            Caller adminCaller = new Caller(admin, "admin", "admin@localhost", "Admin", org1, Role.ADMIN, false, true);
            int dashboards = seedOrg(c, org1, adminCaller, seedFiles(), now);
            int secondOrg = seedOrg(c, org2, adminCaller.inOrg(org2, Role.ADMIN), seedFiles().subList(0, 20), now);
            LOG.info("seeded the legacy database: 2 orgs, 3 users, 4 service accounts, {} dashboards in org 1, {} in org 2", dashboards, secondOrg);
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException("seeding the legacy database failed: " + e.getMessage(), e);
        }
    }

    /**
     * Service accounts besides the gateway's own, so that each org has some to migrate: one with a token that expires,
     * one disabled, one in the second org. Their tokens are random: nobody signs in with them.
     */
    private void seedServiceAccounts(long org1, long org2) throws SQLException {
        ServiceAccountStore accounts = new ServiceAccountStore(dataSource, clock);
        TokenStore tokens = new TokenStore(dataSource, clock);
        long backup = accounts.create(org1, new ServiceAccountStore.NewServiceAccount("Backup", Role.EDITOR, false)).orElseThrow().id();
        tokens.add(org1, backup, "backup-nightly", 0, ServiceAccountToken.generate());
        tokens.add(org1, backup, "backup-weekly", 90L * 24 * 3600, ServiceAccountToken.generate());
        long retired = accounts.create(org1, new ServiceAccountStore.NewServiceAccount("Retired exporter", Role.VIEWER, true))
                .orElseThrow().id();
        tokens.add(org1, retired, "exporter", 0, ServiceAccountToken.generate());
        long reports = accounts.create(org2, new ServiceAccountStore.NewServiceAccount("Reports", Role.VIEWER, false)).orElseThrow().id();
        tokens.add(org2, reports, "reports", 0, ServiceAccountToken.generate());
    }

    private int seedOrg(Connection c, long orgId, Caller caller, List<String> files, Instant now) throws SQLException {
        Map<String, FolderRef> folders = new HashMap<>();
        Map<String, List<String>> uidsByFolder = new LinkedHashMap<>();
        DashboardStore store = new DashboardStore(dataSource, clock);
        java.util.Set<String> seenUids = new java.util.HashSet<>();
        for (String file : files) {
            SeedPlace place = SeedPlace.of(file);
            FolderRef folder = place.folderPath().isEmpty() ? null : folder(c, orgId, caller, place.folderPath(), folders, now);
            Map<String, Object> model = Json.parseModel(seedJson(file));
            model.remove("id");
            model.put("version", 0);
            if (model.get("uid") instanceof String uid && !seenUids.add(uid)) {
                model.remove("uid"); // two seed files share a uid (Grafana's own devenv does); the second gets a new one
            }
            DashboardStore.Saved saved = store.save(orgId, new SaveCommand(model, folder == null ? null : folder.uid(), null,
                    "seeded from " + file, true), caller);
            uidsByFolder.computeIfAbsent(folder == null ? "" : folder.uid(), k -> new ArrayList<>()).add(saved.uid());
        }
        seedPlaylists(c, orgId, uidsByFolder, now);
        return files.size();
    }

    private FolderRef folder(Connection c, long orgId, Caller caller, List<String[]> path, Map<String, FolderRef> folders,
                             Instant now) throws SQLException {
        FolderRef parent = null;
        for (String[] level : path) {
            String uid = level[0];
            FolderRef existing = folders.get(uid);
            if (existing == null) {
                c.setAutoCommit(false);
                existing = FolderStore.create(c, orgId, uid, level[1], parent == null ? "" : parent.uid(), caller.userId(), now);
                c.commit();
                folders.put(uid, existing);
            }
            parent = existing;
        }
        return parent;
    }

    private static void seedPlaylists(Connection c, long orgId, Map<String, List<String>> uidsByFolder, Instant now) throws SQLException {
        c.setAutoCommit(false);
        List<String> rotation = uidsByFolder.values().stream().flatMap(List::stream).limit(5).toList();
        long created = now.toEpochMilli();
        long ops = insertPlaylist(c, orgId, "Ops rotation", "5m", created);
        int order = 1;
        for (String uid : rotation) {
            insertItem(c, ops, "dashboard_by_uid", uid, "", order++);
        }
        long tags = insertPlaylist(c, orgId, "Data sources by tag", "1m", created);
        insertItem(c, tags, "dashboard_by_tag", "gdev", "", 1);
        insertItem(c, tags, "dashboard_by_tag", "datasource-test", "", 2);
        c.commit();
    }

    private static long insertPlaylist(Connection c, long orgId, String name, String interval, long createdMillis) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO playlist (name, \"interval\", org_id, uid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, name);
            ps.setString(2, interval);
            ps.setLong(3, orgId);
            ps.setString(4, io.migrationgateway.legacysim.naming.Names.newUid());
            ps.setLong(5, createdMillis);
            ps.setLong(6, createdMillis);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private static void insertItem(Connection c, long playlistId, String type, String value, String title, int order) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO playlist_item (playlist_id, type, value, title, \"order\") VALUES (?, ?, ?, ?, ?)")) {
            ps.setLong(1, playlistId);
            ps.setString(2, type);
            ps.setString(3, value);
            ps.setString(4, title);
            ps.setInt(5, order);
            ps.executeUpdate();
        }
    }

    private static long insertOrg(Connection c, String name, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO org (version, name, created, updated) VALUES (1, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, name);
            SqlTime.set(ps, 2, now);
            SqlTime.set(ps, 3, now);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private static long insertUser(Connection c, String login, String email, String name, String password, long orgId,
                                   boolean grafanaAdmin, boolean serviceAccount, Instant now) throws SQLException {
        String salt = Passwords.random(10);
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO "user" (version, login, email, name, password, salt, rands, org_id, is_admin, email_verified,
                                    is_service_account, created, updated)
                VALUES (0, ?, ?, ?, ?, ?, ?, ?, ?, FALSE, ?, ?, ?)""", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, login);
            ps.setString(2, email);
            ps.setString(3, name);
            ps.setString(4, password == null ? null : Passwords.hash(password, salt));
            ps.setString(5, salt);
            ps.setString(6, Passwords.random(10));
            ps.setLong(7, orgId);
            ps.setBoolean(8, grafanaAdmin);
            ps.setBoolean(9, serviceAccount);
            SqlTime.set(ps, 10, now);
            SqlTime.set(ps, 11, now);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private static void member(Connection c, long orgId, long userId, Role role, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO org_user (org_id, user_id, role, created, updated) VALUES (?, ?, ?, ?, ?)")) {
            ps.setLong(1, orgId);
            ps.setLong(2, userId);
            ps.setString(3, role.grafanaName());
            SqlTime.set(ps, 4, now);
            SqlTime.set(ps, 5, now);
            ps.executeUpdate();
        }
    }

    private static void insertToken(Connection c, long orgId, long serviceAccountId, String name, String token, Role role,
                                    Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO api_key (org_id, name, key, role, created, updated, expires, service_account_id, is_revoked)
                VALUES (?, ?, ?, ?, ?, ?, NULL, ?, FALSE)""")) {
            ps.setLong(1, orgId);
            ps.setString(2, name);
            ps.setString(3, ServiceAccountToken.parse(token).orElseThrow(() -> new IllegalArgumentException(
                    "the seeded service-account token must look like glsa_<secret>_<checksum>")).hash());
            ps.setString(4, role.grafanaName());
            SqlTime.set(ps, 5, now);
            SqlTime.set(ps, 6, now);
            ps.setLong(7, serviceAccountId);
            ps.executeUpdate();
        }
    }
}
