package io.migrationgateway.translators.serviceaccount;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.hash.CanonicalJson;
import io.migrationgateway.translators.json.Json;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The service account table over the simulator's {@code user}, {@code org_user} and {@code api_key} (legacy-sim's
 * V1 migration, these three tables as it creates them): rows, keys, the watch's change query, and every row hashing as
 * its conversion, hashes included (what ProjectionIT checks of the registered resources).
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
        assertThat(table.writeBack(c, List.of(Json.object()))).singleElement().isInstanceOf(LegacyTable.WriteBack.Refused.class);
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
