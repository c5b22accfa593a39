package io.migrationgateway.translators.serviceaccount;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.hash.CanonicalJson;
import io.migrationgateway.translators.hash.Hash128;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.table.Fingerprint;
import io.migrationgateway.translators.table.KeyRange;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.testsupport.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The service account table over the simulator's {@code user}, {@code org_user} and {@code api_key} (legacy-sim's
 * V1 migration, these three tables as it creates them) and {@code dashboard_acl} and {@code preferences} (its V2, which
 * a deletion clears): rows, keys, the watch's change query, every row hashing as its conversion, hashes included (what
 * ProjectionIT checks of the registered resources), and objects written back and deleted as rows.
 */
class LegacyServiceAccountsIT {
    private static final String DDL = """
            CREATE TABLE "user" (id BIGSERIAL PRIMARY KEY, version INTEGER NOT NULL, login VARCHAR(190) NOT NULL UNIQUE,
                email VARCHAR(190) NOT NULL UNIQUE, name VARCHAR(255), password VARCHAR(255), salt VARCHAR(50), rands VARCHAR(50),
                company VARCHAR(255), org_id BIGINT NOT NULL, is_admin BOOLEAN NOT NULL, email_verified BOOLEAN, theme VARCHAR(255),
                help_flags1 BIGINT NOT NULL DEFAULT 0, is_disabled BOOLEAN NOT NULL DEFAULT FALSE,
                is_service_account BOOLEAN DEFAULT FALSE, last_seen_at TIMESTAMP, created TIMESTAMP NOT NULL,
                updated TIMESTAMP NOT NULL);
            CREATE TABLE org_user (id BIGSERIAL PRIMARY KEY, org_id BIGINT NOT NULL, user_id BIGINT NOT NULL,
                role VARCHAR(20) NOT NULL, created TIMESTAMP NOT NULL, updated TIMESTAMP NOT NULL, UNIQUE (org_id, user_id));
            CREATE TABLE api_key (id BIGSERIAL PRIMARY KEY, org_id BIGINT NOT NULL, name VARCHAR(190) NOT NULL,
                key VARCHAR(190) NOT NULL UNIQUE, role VARCHAR(255) NOT NULL, created TIMESTAMP NOT NULL,
                updated TIMESTAMP NOT NULL, expires BIGINT, service_account_id BIGINT, last_used_at TIMESTAMP,
                is_revoked BOOLEAN DEFAULT FALSE, UNIQUE (org_id, name));
            CREATE TABLE dashboard_acl (id BIGSERIAL PRIMARY KEY, org_id BIGINT NOT NULL, dashboard_id BIGINT NOT NULL,
                user_id BIGINT, team_id BIGINT, permission SMALLINT NOT NULL DEFAULT 4, role VARCHAR(20),
                created TIMESTAMP NOT NULL, updated TIMESTAMP NOT NULL);
            CREATE UNIQUE INDEX "UQE_dashboard_acl_dashboard_id_user_id" ON dashboard_acl (dashboard_id, user_id);
            CREATE UNIQUE INDEX "UQE_dashboard_acl_dashboard_id_team_id" ON dashboard_acl (dashboard_id, team_id);
            CREATE TABLE preferences (id BIGSERIAL PRIMARY KEY, org_id BIGINT NOT NULL, user_id BIGINT NOT NULL, team_id BIGINT,
                version INTEGER NOT NULL, home_dashboard_id BIGINT NOT NULL, timezone VARCHAR(50) NOT NULL,
                theme VARCHAR(20) NOT NULL, week_start VARCHAR(10), json_data TEXT, created TIMESTAMP NOT NULL,
                updated TIMESTAMP NOT NULL);
            INSERT INTO "user" (id, version, login, email, name, org_id, is_admin, is_disabled, is_service_account, created, updated)
                VALUES (1, 0, 'admin', 'admin@localhost', 'admin', 1, true, false, false, '2024-01-01 00:00:00', '2024-01-01 00:00:00'),
                       (2, 0, 'sa-ci-bot', 'sa-ci-bot', 'CI Bot', 1, false, false, true, '2024-01-02 03:04:05', '2024-01-02 03:04:05'),
                       (3, 0, 'sa-off', 'sa-off', 'Off', 2, false, true, true, '2024-01-02 03:04:05', '2024-02-02 03:04:05');
            INSERT INTO org_user (org_id, user_id, role, created, updated) VALUES (1, 1, 'Admin', now(), now()),
                (1, 2, 'Editor', now(), now()), (2, 3, 'Viewer', now(), now());
            INSERT INTO api_key (id, org_id, name, key, role, created, updated, expires, service_account_id, is_revoked) VALUES
                (10, 1, 'ci', 'hash-ci', 'Editor', '2024-01-03 00:00:00', '2024-01-03 00:00:00', NULL, 2, false),
                (11, 1, 'later', 'hash-later', 'Editor', '2024-01-03 00:00:00', '2024-01-03 00:00:00', 4102444800, 2, false),
                (12, 1, 'past', 'hash-past', 'Editor', '2024-01-03 00:00:00', '2024-01-03 00:00:00', 1704067200, 2, false),
                (13, 1, 'cut', 'hash-cut', 'Editor', '2024-01-03 00:00:00', '2024-01-03 00:00:00', NULL, 2, true),
                (14, 1, 'legacy-key', 'hash-key', 'Admin', '2024-01-03 00:00:00', '2024-01-03 00:00:00', NULL, NULL, false);
            SELECT setval(pg_get_serial_sequence('"user"', 'id'), 3), setval(pg_get_serial_sequence('api_key', 'id'), 14);
            """;

    private final TranslatorSettings settings = new TranslatorSettings(Namespaces.onPrem(), sequence -> 1, UserIdentities.byLogin(),
            Clock.systemUTC(), new Random(1));
    private final LegacyServiceAccounts table = new LegacyServiceAccounts(new ServiceAccountTranslator(settings), settings);
    private final String schema = TestDatabase.newSchema();
    private Connection c;

    @BeforeEach
    void tables() throws SQLException {
        c = TestDatabase.connect();
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
            s.execute("SET search_path TO " + schema);
            s.execute(DDL);
        }
    }

    @AfterEach
    void drop() throws SQLException {
        c.close();
        TestDatabase.dropSchema(schema);
    }

    @Test
    void serviceAccountsAreTheMarkedUsersWithTheirRoleAndTokensHashesOnly() throws SQLException {
        List<LegacyRow<ServiceAccountRow>> rows = table.read(c, new KeyRange(0, Long.MAX_VALUE), OptionalLong.empty(), 100);

        assertThat(rows).extracting(LegacyRow::uid).containsExactly("sa-ci-bot", "sa-off");
        ServiceAccountRow bot = rows.getFirst().row();
        assertThat(bot.role()).isEqualTo("Editor");
        assertThat(bot.tokens()).extracting(ServiceAccountRow.Token::hash).containsExactly("hash-ci", "hash-later", "hash-past", "hash-cut");
        assertThat(rows.get(1).row().disabled()).isTrue();
        assertThat(table.keys(c, OptionalLong.of(1))).containsExactly(new LegacyTable.OrgUid(1, "sa-ci-bot"));
        assertThat(table.readKey(c, 2, "sa-off")).hasSize(1);
        assertThat(table.count(c, OptionalLong.empty())).isEqualTo(2);
        assertThat(table.readChanged(c, LocalDateTime.parse("2024-02-01T00:00:00"), 0, OptionalLong.empty(), 10))
                .extracting(LegacyRow::uid).containsExactly("sa-off");
    }

    @Test
    void everyRowHashesAsItsConversionHashesIncluded() throws SQLException {
        CanonicalJson hasher = new CanonicalJson();
        List<Fingerprint> fingerprints = table.fingerprints(c, new KeyRange(0, Long.MAX_VALUE), OptionalLong.empty(), 100);
        Map<Long, LegacyRow<ServiceAccountRow>> rows = table.readIds(c, fingerprints.stream().map(Fingerprint::id).toList());

        assertThat(fingerprints).hasSize(2);
        for (Fingerprint fingerprint : fingerprints) {
            RowConverter.Converted converted = (RowConverter.Converted) table.converter().toResource(rows.get(fingerprint.id()).row());
            assertThat(fingerprint.hash()).as(fingerprint.uid()).isNotNull()
                    .isEqualTo(table.projection().unifiedHash(Json.bytes(converted.object()), hasher));
        }
    }

    @Test
    void theChangeQueryMovesWhenATokenGoes() throws SQLException {
        List<Long> before = markers();

        try (Statement s = c.createStatement()) {
            s.execute("DELETE FROM api_key WHERE id = 11");
        }

        List<Long> after = markers();
        assertThat(after).hasSize(2);
        assertThat(after.get(0)).isNotEqualTo(before.get(0));
        assertThat(after.get(1)).isEqualTo(before.get(1));
    }

    @Test
    void accountsDeletedAndWrittenBackFromTheirObjectsHaveTheSameRowsAndHashes() throws SQLException {
        List<String> before = accountRows();
        Map<String, Hash128> hashes = hashes();
        List<ObjectNode> objects = objects();

        assertThat(table.deleteRow(c, 1, "sa-ci-bot")).isTrue();
        assertThat(table.deleteRow(c, 2, "sa-off")).isTrue();
        assertThat(accountRows()).isEmpty();
        List<LegacyTable.WriteBack> outcomes = table.writeBack(c, objects);

        assertThat(outcomes).containsExactly(new LegacyTable.WriteBack.Written(2, ""), new LegacyTable.WriteBack.Written(3, ""));
        assertThat(accountRows()).isEqualTo(before);
        assertThat(hashes()).isEqualTo(hashes);
    }

    @Test
    void aNewAccountsTokenLandsInApiKeyAsItsHashAndItsSecretNowhere() throws SQLException {
        String token = ServiceAccountTokens.newToken(new Random(7));
        String hash = ServiceAccountTokens.hash(token);
        ObjectNode object = (ObjectNode) Json.tree("""
                {"apiVersion": "iam.grafana.app/v0alpha1", "kind": "ServiceAccount",
                 "metadata": {"name": "sa-deploy", "namespace": "default", "creationTimestamp": "2024-03-01T00:00:00Z"},
                 "spec": {"title": "Deploy", "role": "Admin", "disabled": false, "tokens": [{"name": "deploy"}]},
                 "status": {"tokens": [{"name": "deploy", "id": 40, "created": "2024-03-01T00:00:00Z", "hash": "%s",
                   "live": true, "secret": "%s"}]}}""".formatted(hash, token));

        List<LegacyTable.WriteBack> outcomes = table.writeBack(c, List.of(object));

        long id = ((LegacyTable.WriteBack.Written) outcomes.getFirst()).id();
        assertThat(id).isGreaterThan(3);
        assertThat(rows("SELECT login || ' ' || email || ' ' || name || ' ' || org_id || ' ' || is_service_account || ' ' "
                + "|| is_admin || ' ' || length(salt) FROM \"user\" WHERE id = " + id))
                .containsExactly("sa-deploy sa-deploy Deploy 1 true false 10");
        assertThat(rows("SELECT org_id || ' ' || role FROM org_user WHERE user_id = " + id)).containsExactly("1 Admin");
        assertThat(rows("SELECT id || ' ' || key || ' ' || role || ' ' || coalesce(expires::text, '-') || ' ' || is_revoked "
                + "FROM api_key WHERE service_account_id = " + id)).containsExactly("40 " + hash + " Admin - false");
        String secret = token.split("_")[1];
        assertThat(rows("SELECT t::text FROM \"user\" t UNION ALL SELECT t::text FROM org_user t UNION ALL "
                + "SELECT t::text FROM api_key t")).noneMatch(r -> r.contains(secret));
        ObjectNode read = object(table.readKey(c, 1, "sa-deploy").getFirst().row());
        assertThat(read.path("status").path("tokens").get(0).path("hash").asText()).isEqualTo(hash);
    }

    @Test
    void idsWrittenFromLabelsAndStatusesMoveTheSequencesPastThem() throws SQLException {
        ObjectNode bot = objects().getFirst();
        table.deleteRow(c, 1, "sa-ci-bot");
        ((ObjectNode) bot.path("metadata").path("labels")).put(GrafanaMeta.DEPRECATED_INTERNAL_ID, "90");
        ((ObjectNode) bot.path("status").path("tokens").get(0)).put("id", 95);

        assertThat(table.writeBack(c, List.of(bot))).containsExactly(new LegacyTable.WriteBack.Written(90, ""));

        assertThat(rows("SELECT nextval(pg_get_serial_sequence('\"user\"', 'id')) || ' ' "
                + "|| nextval(pg_get_serial_sequence('api_key', 'id'))")).containsExactly("91 96");
    }

    @Test
    void aTokenDroppedFromTheStatusIsDeletedAndTheOthersKept() throws SQLException {
        ObjectNode bot = objects().getFirst();
        removeToken(bot, "later");

        assertThat(table.writeBack(c, List.of(bot))).singleElement().isInstanceOf(LegacyTable.WriteBack.Written.class);

        assertThat(rows("SELECT id::text FROM api_key ORDER BY id")).containsExactly("10", "12", "13", "14");
    }

    @Test
    void aTokenNotLiveBeforeItsExpiryIsRevokedAndAnExpiredOneIsLeft() throws SQLException {
        ObjectNode bot = objects().getFirst();
        for (JsonNode token : bot.path("status").path("tokens")) {
            ((ObjectNode) token).put("live", false);
        }

        assertThat(table.writeBack(c, List.of(bot))).singleElement().isInstanceOf(LegacyTable.WriteBack.Written.class);

        assertThat(rows("SELECT id || ' ' || is_revoked FROM api_key ORDER BY id"))
                .containsExactly("10 true", "11 true", "12 false", "13 true", "14 false");
    }

    @Test
    void aLoginHeldByAUserIsRefusedAndNothingWritten() throws SQLException {
        ObjectNode admin = objects().getFirst();
        ((ObjectNode) admin.path("metadata")).put("name", "admin");
        ((ObjectNode) admin.path("metadata").path("labels")).remove(GrafanaMeta.DEPRECATED_INTERNAL_ID);
        List<String> before = rows("SELECT t::text FROM \"user\" t UNION ALL SELECT t::text FROM api_key t ORDER BY 1");

        List<LegacyTable.WriteBack> outcomes = table.writeBack(c, List.of(admin));

        assertThat(outcomes).singleElement().isInstanceOfSatisfying(LegacyTable.WriteBack.Refused.class,
                r -> assertThat(r.reason()).contains("admin").contains("not a service account"));
        assertThat(rows("SELECT t::text FROM \"user\" t UNION ALL SELECT t::text FROM api_key t ORDER BY 1")).isEqualTo(before);
    }

    @Test
    void anAccountOfAnotherOrgIsRefused() throws SQLException {
        ObjectNode off = objects().get(1);
        ((ObjectNode) off.path("metadata")).put("namespace", settings.namespaces().namespaceOf(1));

        assertThat(table.writeBack(c, List.of(off))).singleElement().isInstanceOfSatisfying(LegacyTable.WriteBack.Refused.class,
                r -> assertThat(r.reason()).contains("org 2"));
    }

    @Test
    void aTokenWhoseKeyIsAnotherKeysIsRefusedBeforeAnythingIsWritten() throws SQLException {
        ObjectNode bot = objects().getFirst();
        ((ObjectNode) bot.path("spec")).put("title", "Renamed");
        ((ObjectNode) bot.path("status").path("tokens").get(0)).put("id", 50).put("hash", "hash-key");

        assertThat(table.writeBack(c, List.of(bot))).singleElement().isInstanceOf(LegacyTable.WriteBack.Refused.class);

        assertThat(rows("SELECT name FROM \"user\" WHERE id = 2")).containsExactly("CI Bot");
        assertThat(rows("SELECT id::text FROM api_key ORDER BY id")).containsExactly("10", "11", "12", "13", "14");
    }

    @Test
    void deletingARowRemovesTheAccountWithItsMembershipTokensGrantsAndPreferencesOnce() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO dashboard_acl (org_id, dashboard_id, user_id, permission, created, updated) "
                    + "VALUES (1, 7, 2, 1, now(), now()), (1, 7, 1, 4, now(), now())");
            s.execute("INSERT INTO preferences (org_id, user_id, version, home_dashboard_id, timezone, theme, created, updated) "
                    + "VALUES (1, 2, 0, 0, '', '', now(), now()), (1, 1, 0, 0, '', '', now(), now())");
        }

        assertThat(table.deleteRow(c, 1, "admin")).isFalse();
        assertThat(table.deleteRow(c, 1, "sa-off")).isFalse();
        assertThat(table.deleteRow(c, 1, "sa-ci-bot")).isTrue();

        assertThat(rows("SELECT login FROM \"user\" ORDER BY id")).containsExactly("admin", "sa-off");
        assertThat(rows("SELECT user_id::text FROM org_user ORDER BY user_id")).containsExactly("1", "3");
        assertThat(rows("SELECT id::text FROM api_key")).containsExactly("14");
        assertThat(rows("SELECT user_id::text FROM dashboard_acl")).containsExactly("1");
        assertThat(rows("SELECT user_id::text FROM preferences")).containsExactly("1");
        assertThat(table.deleteRow(c, 1, "sa-ci-bot")).isFalse();
    }

    /** The accounts' objects, as the copy makes them. */
    private List<ObjectNode> objects() throws SQLException {
        return table.read(c, new KeyRange(0, Long.MAX_VALUE), OptionalLong.empty(), 100).stream()
                .map(r -> object(r.row())).toList();
    }

    private ObjectNode object(ServiceAccountRow row) {
        return ((RowConverter.Converted) table.converter().toResource(row)).object();
    }

    private static void removeToken(ObjectNode account, String name) {
        for (String list : List.of("spec", "status")) {
            ArrayNode tokens = (ArrayNode) account.path(list).path("tokens");
            for (int i = tokens.size() - 1; i >= 0; i--) {
                if (tokens.get(i).path("name").asText().equals(name)) {
                    tokens.remove(i);
                }
            }
        }
    }

    /** The accounts' rows in every column a write-back sets from the object (not salts, nor the memberships' times). */
    private List<String> accountRows() throws SQLException {
        return rows("""
                SELECT concat_ws(' ', u.id, u.version, u.login, u.email, u.name, u.org_id, u.is_admin, u.is_disabled,
                       u.is_service_account, u.created, u.updated) FROM "user" u WHERE u.is_service_account
                UNION ALL SELECT concat_ws(' ', 'member', ou.org_id, ou.user_id, ou.role) FROM org_user ou WHERE ou.user_id <> 1
                UNION ALL SELECT concat_ws(' ', 'key', k.id, k.org_id, k.name, k.key, k.role, k.created, k.updated, k.expires,
                       k.service_account_id, k.is_revoked) FROM api_key k WHERE k.service_account_id IS NOT NULL
                ORDER BY 1""");
    }

    private Map<String, Hash128> hashes() throws SQLException {
        Map<String, Hash128> out = new TreeMap<>();
        for (Fingerprint f : table.fingerprints(c, new KeyRange(0, Long.MAX_VALUE), OptionalLong.empty(), 100)) {
            out.put(f.uid(), f.hash());
        }
        return out;
    }

    private List<String> rows(String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private List<Long> markers() throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(table.changeQuery().orElseThrow() + " ORDER BY 2")) {
            while (rs.next()) {
                out.add(rs.getLong(3));
            }
        }
        return out;
    }
}
