package io.migrationgateway.translators.serviceaccount;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.hash.Projection.Kind;
import io.migrationgateway.translators.hash.Projection.Part;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Held;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.QueriedTable;
import io.migrationgateway.translators.table.RowWriting;
import io.migrationgateway.translators.table.TableQueries;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Grafana's service accounts: {@code user} rows with {@code is_service_account}, each with the role of its
 * {@code org_user} row and its {@code api_key} rows by id. Of a token only the key's hash is read (the tables hold
 * nothing else). The login is the uid the jobs key rows by (a subquery names it {@code uid}: {@code user} has none).
 * Tokens do not touch their account's {@code updated}: the catch-up reads the newest of the account's and its tokens'
 * times, so a token deleted in the legacy API is seen at the account's next change, or by the watch's change query,
 * which covers the tokens.
 *
 * <p>Writing back is done as rows (see {@link #writeBack}), and so is a deletion ({@link #deleteRow}): the legacy API
 * cannot carry a token made on the unified side, of which only the hash is kept.
 */
public final class LegacyServiceAccounts extends QueriedTable<ServiceAccountRow> {
    private static final String RFC3339 = "'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'";
    private static final String EXPIRES = "CASE WHEN k.expires > 0 THEN to_char(to_timestamp(k.expires) AT TIME ZONE 'UTC', "
        + RFC3339 + ") END";
    /**
     * Each account's tokens, aggregated once per query by a hash join (api_key has no index on service_account_id in
     * Grafana's schema, so a subquery per account would scan the table once per row): the row's arrays, the spec's and
     * the status's token lists as the projection hashes them, the newest token time and what the watch's change query
     * hashes.
     */
    private static final String TOKENS = "(SELECT k.service_account_id AS tk_account, array_agg(k.id ORDER BY k.id) AS tk_ids, "
        + "array_agg(k.name ORDER BY k.id) AS tk_names, array_agg(k.key ORDER BY k.id) AS tk_keys, "
        + "array_agg(coalesce(k.expires, 0) ORDER BY k.id) AS tk_expires, "
        + "array_agg((extract(epoch FROM k.created) * 1000)::bigint ORDER BY k.id) AS tk_created, "
        + "array_agg(coalesce(k.is_revoked, false) ORDER BY k.id) AS tk_revoked, "
        + "json_agg(json_strip_nulls(json_build_object('name', k.name, 'expires', " + EXPIRES + ")) ORDER BY k.id) "
        + "FILTER (WHERE NOT coalesce(k.is_revoked, false)) AS tk_spec, "
        + "json_agg(json_strip_nulls(json_build_object('name', k.name, 'id', k.id, 'created', to_char(k.created, " + RFC3339
        + "), 'expires', " + EXPIRES + ", 'hash', k.key, 'live', NOT coalesce(k.is_revoked, false) AND (coalesce(k.expires, 0) <= 0"
        + " OR k.expires > extract(epoch FROM now())))) ORDER BY k.id) AS tk_status, max(k.updated) AS tk_updated, "
        + "string_agg(k.id || ':' || coalesce(k.expires, 0) || ':' || coalesce(k.is_revoked, false), ',' ORDER BY k.id) AS tk_state "
        + "FROM api_key k WHERE k.service_account_id IS NOT NULL GROUP BY k.service_account_id)";
    private static final String USERS = "(SELECT u0.*, u0.login AS uid, t.* FROM \"user\" u0 LEFT JOIN " + TOKENS
        + " t ON t.tk_account = u0.id) u";
    private static final String ROLE = "coalesce((SELECT ou.role FROM org_user ou WHERE ou.user_id = u.id AND ou.org_id = u.org_id"
        + " LIMIT 1), 'Viewer')";
    private static final String FROM = "u.id, u.org_id, u.login, coalesce(u.name, ''), " + ROLE + ", u.is_disabled, u.created, "
        + "u.updated, coalesce(u.tk_ids, ARRAY[]::bigint[]), coalesce(u.tk_names, ARRAY[]::varchar[]), "
        + "coalesce(u.tk_keys, ARRAY[]::varchar[]), coalesce(u.tk_expires, ARRAY[]::bigint[]), "
        + "coalesce(u.tk_created, ARRAY[]::bigint[]), coalesce(u.tk_revoked, ARRAY[]::boolean[]) FROM " + USERS;
    /**
     * The name, role, disabled, id, the wanted tokens (the spec's: not revoked, by id, name and expiry) and the held
     * ones (the status's: each with its id, times, hash and whether it is live now): verify compares the hashes.
     */
    private static final Projection PROJECTION = new Projection(List.of(
        Part.of("coalesce(u.name, '')", Kind.TEXT, "null", "spec", "title"),
        Part.of(ROLE, Kind.TEXT, "null", "spec", "role"),
        Part.of("CASE WHEN u.is_disabled THEN 'true' ELSE 'false' END", Kind.DOCUMENT, "false", "spec", "disabled"),
        Part.of("u.id", Kind.LABEL, "null", "metadata", "labels", GrafanaMeta.DEPRECATED_INTERNAL_ID),
        Part.of("coalesce(u.tk_spec::text, '[]')", Kind.DOCUMENT, "[]", "spec", "tokens"),
        Part.of("coalesce(u.tk_status::text, '[]')", Kind.DOCUMENT, "[]", "status", "tokens")));

    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final SecureRandom SALTS = new SecureRandom();

    private final TranslatorSettings settings;

    public LegacyServiceAccounts(ServiceAccountTranslator translator, TranslatorSettings settings) {
        super(new TableQueries<>(FROM, USERS, "u.is_service_account", "u",
            "greatest(u.updated, u.tk_updated)", PROJECTION,
            LegacyServiceAccounts::map), translator, settings);
        this.settings = settings;
    }

    /**
     * Accounts back into {@code user}, {@code org_user} and {@code api_key} as rows, as the simulator's store writes them
     * (the legacy API cannot be used: it mints its own token secrets, where the object holds only the hashes, which must
     * reach {@code api_key.key} unchanged for the tokens to keep authenticating). The {@code user} row is found by login:
     * updated when it is a service account of the org, made when missing (with the id label as its id), else refused.
     * The account's {@code api_key} rows whose id the status lacks are deleted (revoked or rotated tokens leave it); a
     * status token with a hash is inserted when its row is missing, and revoked (on insert too, lest a revoked token
     * authenticate again) when the status says it is not live before its expiry. Ids written from the label or the
     * status move the tables' sequences past them. A status token without a hash (the legacy API answers none) keeps its row if it has one and is
     * otherwise left out: a row cannot be made without its key. Anything that would collide with another user's or
     * key's row is refused before anything is written.
     */
    @Override
    public List<WriteBack> writeBack(Connection c, List<ObjectNode> objects) throws SQLException {
        List<WriteBack> outcomes = new ArrayList<>();
        for (ObjectNode object : objects) {
            outcomes.add(writeBack(c, object));
        }
        return outcomes;
    }

    private WriteBack writeBack(Connection c, ObjectNode object) throws SQLException {
        JsonNode meta = object.path("metadata");
        OptionalLong org = writing.org(meta);
        if (org.isEmpty()) {
            return new WriteBack.Refused(RowWriting.notAnOrg(meta));
        }
        long orgId = org.getAsLong();
        String login = meta.path("name").asText("");
        JsonNode spec = object.path("spec");
        String role = spec.path("role").asText("");
        if (login.isEmpty() || !ServiceAccountViews.ROLES.contains(role)) {
            return new WriteBack.Refused("a service account needs metadata.name and spec.role Viewer, Editor or Admin");
        }
        Long labelId = RowWriting.legacyId(meta);
        Account account = account(c, login, labelId, orgId);
        if (account.refusal() != null) {
            return new WriteBack.Refused(account.refusal());
        }
        Instant now = settings.clock().instant();
        List<Held> held = ServiceAccountTokens.held(object.path("status"));
        // only a token with a hash and an id can be a row; the others keep the row they have, if any
        List<Held> writable = held.stream().filter(t -> !t.hash().isEmpty() && t.id() > 0).toList();
        Long owner = account.id() != null ? account.id() : labelId;
        Optional<String> collision = tokenCollision(c, orgId, owner, writable);
        if (collision.isPresent()) {
            return new WriteBack.Refused(collision.get());
        }
        Instant created = RowWriting.created(meta);
        Instant updated = RowWriting.updated(meta);
        String title = spec.path("title").asText("");
        boolean disabled = spec.path("disabled").asBoolean(false);
        long userId = account.id() != null ? updateUser(c, account.id(), title, disabled, updated)
            : insertUser(c, labelId, login, title, orgId, disabled, created, updated);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO org_user (org_id, user_id, role, created, updated) "
            + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (org_id, user_id) DO UPDATE SET role = excluded.role, updated = excluded.updated")) {
            ps.setLong(1, orgId);
            ps.setLong(2, userId);
            ps.setString(3, role);
            ps.setObject(4, utc(created));
            ps.setObject(5, utc(updated));
            ps.executeUpdate();
        }
        writeTokens(c, orgId, userId, role, held, writable, updated, now);
        return new WriteBack.Written(userId, "");
    }

    /** The {@code user} row of the login if it is the org's service account, or why the login cannot be written. */
    private record Account(Long id, String refusal) {
    }

    private static Account account(Connection c, String login, Long labelId, long orgId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id, org_id, coalesce(is_service_account, false), login "
            + "FROM \"user\" WHERE login = ? OR email = ? OR id = ? ORDER BY login = ? DESC")) {
            ps.setString(1, login);
            ps.setString(2, login);
            ps.setLong(3, labelId == null ? -1 : labelId);
            ps.setString(4, login);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return new Account(null, null);
                }
                long id = rs.getLong(1);
                if (!rs.getString(4).equals(login)) {
                    return new Account(null, labelId != null && id == labelId ? "user id " + id + " is " + rs.getString(4)
                        + "'s, not " + login + "'s" : "email " + login + " is user " + rs.getString(4) + "'s");
                }
                if (!rs.getBoolean(3)) {
                    return new Account(null, "login " + login + " is a user's, not a service account's");
                }
                if (rs.getLong(2) != orgId) {
                    return new Account(null, "service account " + login + " is in org " + rs.getLong(2) + ", not " + orgId);
                }
                // the login is unique; a second row holds the email or the id label, which an update does not write
                return new Account(id, null);
            }
        }
    }

    /** Why a token cannot become a row (its id, key or name is another account's or key's), or empty. */
    private static Optional<String> tokenCollision(Connection c, long orgId, Long owner, List<Held> tokens)
        throws SQLException {
        Set<String> names = new HashSet<>();
        Set<Long> ids = new HashSet<>();
        for (Held t : tokens) {
            if (!names.add(t.name()) || !ids.add(t.id())) {
                return Optional.of("status.tokens: token " + t.name() + " (id " + t.id() + ") is there twice");
            }
        }
        if (tokens.isEmpty()) {
            return Optional.empty();
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT id, name FROM api_key WHERE (id = ANY(?) OR key = ANY(?) "
            + "OR (org_id = ? AND name = ANY(?))) AND coalesce(service_account_id, -1) <> ? ORDER BY id LIMIT 1")) {
            ps.setArray(1, c.createArrayOf("bigint", tokens.stream().map(Held::id).toArray()));
            ps.setArray(2, c.createArrayOf("varchar", tokens.stream().map(Held::hash).toArray()));
            ps.setLong(3, orgId);
            ps.setArray(4, c.createArrayOf("varchar", tokens.stream().map(Held::name).toArray()));
            ps.setLong(5, owner == null ? -1 : owner);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of("a token's id, key or name is held by api_key row " + rs.getLong(1) + " ("
                    + rs.getString(2) + "), not this account's") : Optional.empty();
            }
        }
    }

    private static long updateUser(Connection c, long id, String title, boolean disabled, Instant updated)
        throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE \"user\" SET name = ?, is_disabled = ?, updated = ? WHERE id = ?")) {
            ps.setString(1, title);
            ps.setBoolean(2, disabled);
            ps.setObject(3, utc(updated));
            ps.setLong(4, id);
            ps.executeUpdate();
        }
        return id;
    }

    /** As the simulator's store makes an account: the login is its email too; salt and rands are random. */
    private static long insertUser(Connection c, Long id, String login, String title, long orgId, boolean disabled,
                                   Instant created, Instant updated) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO \"user\" (id, version, login, email, name, salt, rands, "
            + "org_id, is_admin, email_verified, is_disabled, is_service_account, created, updated) VALUES (coalesce(?, "
            + "nextval(pg_get_serial_sequence('\"user\"', 'id'))), 0, ?, ?, ?, ?, ?, ?, FALSE, FALSE, ?, TRUE, ?, ?) RETURNING id")) {
            if (id == null) {
                ps.setNull(1, Types.BIGINT);
            } else {
                ps.setLong(1, id);
            }
            ps.setString(2, login);
            ps.setString(3, login);
            ps.setString(4, title);
            ps.setString(5, random(10));
            ps.setString(6, random(10));
            ps.setLong(7, orgId);
            ps.setBoolean(8, disabled);
            ps.setObject(9, utc(created));
            ps.setObject(10, utc(updated));
            long written;
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                written = rs.getLong(1);
            }
            if (id != null) {
                advanceSequence(c, "\"user\"", id);
            }
            return written;
        }
    }

    /**
     * Moves the table's id sequence past an id written explicitly, so that the legacy side's next insert does not take
     * it; never moves it back (setval is not transactional: another transaction may hold a later value).
     */
    private static void advanceSequence(Connection c, String table, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT setval(s, greatest(?, coalesce(pg_sequence_last_value(s::regclass),"
            + " 0))) FROM (SELECT pg_get_serial_sequence(?, 'id') s) q WHERE s IS NOT NULL")) {
            ps.setLong(1, id);
            ps.setString(2, table);
            ps.executeQuery().close();
        }
    }

    private static void writeTokens(Connection c, long orgId, long userId, String role, List<Held> held, List<Held> writable,
                                    Instant updated, Instant now) throws SQLException {
        Set<Long> present = new HashSet<>();
        long highest = 0;
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM api_key WHERE service_account_id = ? AND id <> ALL(?)")) {
            ps.setLong(1, userId);
            ps.setArray(2, c.createArrayOf("bigint", held.stream().map(Held::id).toArray()));
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM api_key WHERE service_account_id = ?")) {
            ps.setLong(1, userId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    present.add(rs.getLong(1));
                }
            }
        }
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO api_key (id, org_id, name, key, role, created, updated, "
            + "expires, service_account_id, is_revoked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
             PreparedStatement revoke = c.prepareStatement("UPDATE api_key SET is_revoked = TRUE WHERE id = ?")) {
            for (Held t : writable) {
                // not live before its expiry: revoked, which must stay so on the legacy side
                boolean revoked = !t.live() && t.expires().map(now::isBefore).orElse(true);
                if (present.contains(t.id())) {
                    if (revoked) {
                        revoke.setLong(1, t.id());
                        revoke.executeUpdate();
                    }
                    continue;
                }
                Instant created = t.created().orElse(updated);
                insert.setLong(1, t.id());
                insert.setLong(2, orgId);
                insert.setString(3, t.name());
                insert.setString(4, t.hash());
                insert.setString(5, role);
                insert.setObject(6, utc(created));
                insert.setObject(7, utc(created));
                if (t.expires().isPresent()) {
                    insert.setLong(8, t.expires().get().getEpochSecond());
                } else {
                    insert.setNull(8, Types.BIGINT);
                }
                insert.setLong(9, userId);
                insert.setBoolean(10, revoked);
                insert.executeUpdate();
                highest = Math.max(highest, t.id());
            }
        }
        if (highest > 0) {
            advanceSequence(c, "api_key", highest);
        }
    }

    /**
     * Deletes the org's service account of this login as the simulator's store does: its org memberships, tokens,
     * dashboard grants and preferences, then its {@code user} row; false when the login is no service account of the org.
     */
    @Override
    public boolean deleteRow(Connection c, long orgId, String uid) throws SQLException {
        long id;
        try (PreparedStatement ps = c.prepareStatement(
            "SELECT id FROM \"user\" WHERE org_id = ? AND login = ? AND is_service_account FOR UPDATE")) {
            ps.setLong(1, orgId);
            ps.setString(2, uid);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                id = rs.getLong(1);
            }
        }
        for (String sql : List.of("DELETE FROM org_user WHERE user_id = ?", "DELETE FROM api_key WHERE service_account_id = ?",
            "DELETE FROM dashboard_acl WHERE user_id = ?", "DELETE FROM preferences WHERE user_id = ?",
            "DELETE FROM \"user\" WHERE id = ?")) {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setLong(1, id);
                ps.executeUpdate();
            }
        }
        return true;
    }

    private static LocalDateTime utc(Instant at) {
        return LocalDateTime.ofInstant(at, ZoneOffset.UTC);
    }

    /** Letters and digits, as Grafana's {@code util.GetRandomString} makes salts. */
    private static String random(int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(ALNUM.charAt(SALTS.nextInt(ALNUM.length())));
        }
        return out.toString();
    }

    /** What moves on every change: the account's time and role, and each token's id, expiry and revocation. */
    @Override
    public Optional<String> changeQuery() {
        return Optional.of("SELECT u.org_id, u.login, hashtext(u.updated::text || " + ROLE + " || coalesce(u.tk_state, ''))::bigint"
            + " FROM " + USERS + " WHERE u.is_service_account");
    }

    /** 9.3 answers no version of an account: the legacy API path identifies its state by a hash of its answers. */
    @Override
    public boolean versioned() {
        return false;
    }

    private static LegacyRow<ServiceAccountRow> map(ResultSet rs) throws SQLException {
        Long[] ids = (Long[]) rs.getArray(9).getArray();
        String[] names = (String[]) rs.getArray(10).getArray();
        String[] keys = (String[]) rs.getArray(11).getArray();
        Long[] expires = (Long[]) rs.getArray(12).getArray();
        Long[] created = (Long[]) rs.getArray(13).getArray();
        Boolean[] revoked = (Boolean[]) rs.getArray(14).getArray();
        List<ServiceAccountRow.Token> tokens = new ArrayList<>(ids.length);
        for (int i = 0; i < ids.length; i++) {
            tokens.add(new ServiceAccountRow.Token(ids[i], names[i], keys[i], expires[i], Instant.ofEpochMilli(created[i]),
                revoked[i]));
        }
        ServiceAccountRow row = new ServiceAccountRow(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4),
            rs.getString(5), rs.getBoolean(6), utc(rs, 7), utc(rs, 8), tokens);
        long bytes = row.login().length() + row.name().length() + 96L * tokens.size();
        return new LegacyRow<>(row.id(), row.orgId(), row.login(), bytes, row);
    }
}
