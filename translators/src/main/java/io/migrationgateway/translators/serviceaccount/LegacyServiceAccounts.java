package io.migrationgateway.translators.serviceaccount;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.hash.Projection.Kind;
import io.migrationgateway.translators.hash.Projection.Part;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.QueriedTable;
import io.migrationgateway.translators.table.TableQueries;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Grafana's service accounts: {@code user} rows with {@code is_service_account}, each with the role of its
 * {@code org_user} row and its {@code api_key} rows by id. Of a token only the key's hash is read (the tables hold
 * nothing else). The login is the uid the jobs key rows by (a subquery names it {@code uid}: {@code user} has none).
 * Tokens do not touch their account's {@code updated}: the catch-up reads the newest of the account's and its tokens'
 * times, so a token deleted in the legacy API is seen at the account's next change, or by the watch's change query,
 * which covers the tokens.
 */
public final class LegacyServiceAccounts extends QueriedTable<ServiceAccountRow> {
    private static final String USERS = "(SELECT u0.*, u0.login AS uid FROM \"user\" u0) u";
    private static final String ROLE = "coalesce((SELECT ou.role FROM org_user ou WHERE ou.user_id = u.id AND ou.org_id = u.org_id"
        + " LIMIT 1), 'Viewer')";
    private static final String TOKENS = "FROM api_key k WHERE k.service_account_id = u.id ORDER BY k.id";
    private static final String FROM = "u.id, u.org_id, u.login, coalesce(u.name, ''), " + ROLE + ", u.is_disabled, u.created, "
        + "u.updated, ARRAY(SELECT k.id " + TOKENS + "), ARRAY(SELECT k.name " + TOKENS + "), ARRAY(SELECT k.key " + TOKENS
        + "), ARRAY(SELECT coalesce(k.expires, 0) " + TOKENS + "), ARRAY(SELECT (extract(epoch FROM k.created) * 1000)::bigint "
        + TOKENS + "), ARRAY(SELECT coalesce(k.is_revoked, false) " + TOKENS + ") FROM " + USERS;
    private static final String RFC3339 = "'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'";
    private static final String EXPIRES = "CASE WHEN k.expires > 0 THEN to_char(to_timestamp(k.expires) AT TIME ZONE 'UTC', "
        + RFC3339 + ") END";
    /**
     * The name, role, disabled, id, the wanted tokens (the spec's: not revoked, by id, name and expiry) and the held
     * ones (the status's: each with its id, times, hash and whether it is live now): verify compares the hashes.
     */
    private static final Projection PROJECTION = new Projection(List.of(
        Part.of("coalesce(u.name, '')", Kind.TEXT, "null", "spec", "title"),
        Part.of(ROLE, Kind.TEXT, "null", "spec", "role"),
        Part.of("CASE WHEN u.is_disabled THEN 'true' ELSE 'false' END", Kind.DOCUMENT, "false", "spec", "disabled"),
        Part.of("u.id", Kind.LABEL, "null", "metadata", "labels", GrafanaMeta.DEPRECATED_INTERNAL_ID),
        Part.of("coalesce((SELECT json_agg(json_strip_nulls(json_build_object('name', k.name, 'expires', " + EXPIRES
            + ")) ORDER BY k.id) FROM api_key k WHERE k.service_account_id = u.id AND NOT coalesce(k.is_revoked, false))::text,"
            + " '[]')", Kind.DOCUMENT, "[]", "spec", "tokens"),
        Part.of("coalesce((SELECT json_agg(json_strip_nulls(json_build_object('name', k.name, 'id', k.id, 'created', "
            + "to_char(k.created, " + RFC3339 + "), 'expires', " + EXPIRES + ", 'hash', k.key, 'live', NOT coalesce(k.is_revoked, "
            + "false) AND (coalesce(k.expires, 0) <= 0 OR k.expires > extract(epoch FROM now())))) ORDER BY k.id) "
            + "FROM api_key k WHERE k.service_account_id = u.id)::text, '[]')", Kind.DOCUMENT, "[]", "status", "tokens")));

    public LegacyServiceAccounts(ServiceAccountTranslator translator, TranslatorSettings settings) {
        super(new TableQueries<>(FROM, USERS, "u.is_service_account", "u",
            "greatest(u.updated, (SELECT max(k.updated) FROM api_key k WHERE k.service_account_id = u.id))", PROJECTION,
            LegacyServiceAccounts::map), translator, settings);
    }

    /**
     * Refused: writing an account back is a {@code user} row (whose login is unique across orgs and needs an email),
     * its {@code org_user} row and its {@code api_key} rows from the status's hashes, which no reverse copy has been
     * tested with yet; a rollback past mode 3 would lose the tokens made on the unified side, so it is refused rather
     * than half done.
     */
    @Override
    public List<WriteBack> writeBack(Connection c, List<ObjectNode> objects) {
        List<WriteBack> outcomes = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            outcomes.add(new WriteBack.Refused("service accounts are not written back to user, org_user and api_key yet"));
        }
        return outcomes;
    }

    /** What moves on every change: the account's time and role, and each token's id, expiry and revocation. */
    @Override
    public Optional<String> changeQuery() {
        return Optional.of("SELECT u.org_id, u.login, hashtext(u.updated::text || " + ROLE + " || coalesce((SELECT "
            + "string_agg(k.id || ':' || coalesce(k.expires, 0) || ':' || coalesce(k.is_revoked, false), ',' ORDER BY k.id) "
            + "FROM api_key k WHERE k.service_account_id = u.id), ''))::bigint FROM \"user\" u WHERE u.is_service_account");
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
