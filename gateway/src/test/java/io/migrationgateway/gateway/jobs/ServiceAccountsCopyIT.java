package io.migrationgateway.gateway.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.legacysim.auth.ServiceAccountToken;
import io.migrationgateway.testsupport.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * The copy and verify of 1,000 service accounts with 3 tokens each: unified storage receives every account with its
 * tokens' hashes, verify finds parity by comparing those hashes (and a hash changed on the legacy side as a
 * difference), and no secret the test made is anywhere in the gateway's database (objects, history, job records) or
 * in its logs.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ServiceAccountsCopyIT {
    private static final String RESOURCE = "serviceaccounts.iam.grafana.app";
    /** 1,000 here; {@code -Dserviceaccounts.scale=20000} for the scale measurement (docs/performance.md). */
    private static final int ACCOUNTS = Integer.getInteger("serviceaccounts.scale", 1_000);
    private static final int TOKENS_EACH = 3;
    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private static SimulatedDeployment deployment;
    private static final List<String> SECRETS = new ArrayList<>();
    private static final ListAppender<ILoggingEvent> LOGS = new ListAppender<>();

    @BeforeAll
    static void start() throws Exception {
        deployment = SimulatedDeployment.start("admin-secret", "glsa_copyservice0123456789abcdefgh_5eed5eed",
                Map.of("legacy.database-url", "SIM"));
        seed();
        LOGS.start();
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).addAppender(LOGS);
    }

    @AfterAll
    static void stop() {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).detachAppender(LOGS);
        if (deployment != null) {
            deployment.close();
        }
    }

    /** 1,000 accounts of org 1, each with 3 tokens whose hashes alone are stored, as Grafana stores them. */
    private static void seed() throws Exception {
        SecureRandom random = new SecureRandom();
        for (int i = 0; i < ACCOUNTS * TOKENS_EACH; i++) {
            SECRETS.add(token(random));
        }
        List<String> hashes = SECRETS.parallelStream().map(secret -> ServiceAccountToken.parse(secret).orElseThrow().hash()).toList();
        String schema = deployment.legacySchema();
        try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
            s.execute("INSERT INTO " + schema + ".\"user\" (version, login, email, name, org_id, is_admin, is_service_account,"
                    + " created, updated) SELECT 0, 'sa-bulk-' || n, 'sa-bulk-' || n, 'Bulk ' || n, 1, false, true, now(), now()"
                    + " FROM generate_series(1, " + ACCOUNTS + ") n");
            s.execute("INSERT INTO " + schema + ".org_user (org_id, user_id, role, created, updated) SELECT 1, id, 'Viewer', now(),"
                    + " now() FROM " + schema + ".\"user\" WHERE login LIKE 'sa-bulk-%'");
            try (PreparedStatement ids = c.prepareStatement("SELECT id FROM " + schema + ".\"user\" WHERE login LIKE 'sa-bulk-%' ORDER BY id");
                 ResultSet rs = ids.executeQuery();
                 PreparedStatement key = c.prepareStatement("INSERT INTO " + schema + ".api_key (org_id, name, key, role, created,"
                         + " updated, expires, service_account_id, is_revoked) VALUES (1, ?, ?, 'Viewer', now(), now(), NULL, ?, false)")) {
                int n = 0;
                while (rs.next()) {
                    for (int t = 0; t < TOKENS_EACH; t++, n++) {
                        key.setString(1, "bulk-token-" + n);
                        key.setString(2, hashes.get(n));
                        key.setLong(3, rs.getLong(1));
                        key.addBatch();
                    }
                }
                key.executeBatch();
            }
        }
    }

    private static String token(SecureRandom random) {
        StringBuilder key = new StringBuilder("glsa_");
        for (int i = 0; i < 32; i++) {
            key.append(ALNUM.charAt(random.nextInt(ALNUM.length())));
        }
        CRC32 crc = new CRC32();
        crc.update(key.toString().getBytes(StandardCharsets.US_ASCII));
        return key + "_" + "%08x".formatted(crc.getValue());
    }

    @Test
    void copyAndVerifyCarryOnlyHashesAndVerifyComparesThem() throws Exception {
        AdminClient admin = new AdminClient(deployment.gateway());
        JsonNode copied = admin.runJob("copy", RESOURCE);
        assertThat(copied.path("counts").path("created").asLong()).as(copied.toString())
                .isEqualTo(deployment.legacyRowCount("\"user\"", "is_service_account")).isGreaterThan(ACCOUNTS);
        JsonNode parity = admin.runJob("verify", RESOURCE);
        assertThat(parity.path("differences").asBoolean()).as(parity.toString()).isFalse();
        assertThat(parity.path("counts").path("matching").asLong())
                .isEqualTo(deployment.legacyRowCount("\"user\"", "is_service_account"));

        System.out.printf("service accounts: %d with %d tokens each; copy %s, verify %s; heap used %d MB of %d MB%n", ACCOUNTS,
                TOKENS_EACH, took(copied), took(parity), (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
        String stored = everythingStored();
        assertThat(stored).contains(ServiceAccountToken.parse(SECRETS.getFirst()).orElseThrow().hash());
        assertThat(checked().filter(secret -> stored.contains(secret.substring(5, 37)))).as("secrets in the gateway's database").isEmpty();
        String logged = String.join("\n", LOGS.list.stream().map(ILoggingEvent::getFormattedMessage).toList());
        assertThat(logged).as("the gateway logged the jobs").isNotEmpty();
        assertThat(checked().filter(secret -> logged.contains(secret.substring(5, 37)))).as("secrets in the logs").isEmpty();

        deployment.updateLegacyRows("api_key", "key = 'changed-on-the-legacy-side'", "name = 'bulk-token-7'");
        JsonNode differs = admin.runJob("verify", RESOURCE);
        assertThat(differs.path("counts").path("mismatched").asLong()).as(differs.toString()).isEqualTo(1);
        assertThat(differs.path("findings").get(0).path("name").asText()).isEqualTo("sa-bulk-3");
    }

    private static Duration took(JsonNode job) {
        return Duration.between(Instant.parse(job.path("createdAt").asText()),
                Instant.parse(job.path("finishedAt").asText()));
    }

    /** The secrets looked for: all of them, or 3,000 spread over them at a larger scale. */
    private static Stream<String> checked() {
        int step = Math.max(1, SECRETS.size() / 3_000);
        return IntStream.range(0, SECRETS.size()).filter(i -> i % step == 0).mapToObj(SECRETS::get);
    }

    /** Every row of every table of the gateway's schema, as text. */
    private static String everythingStored() throws Exception {
        StringBuilder all = new StringBuilder();
        String schema = deployment.gateway().schema();
        try (Connection c = TestDatabase.connect()) {
            List<String> tables = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT table_name FROM information_schema.tables WHERE table_schema = ?"
                    + " AND table_type = 'BASE TABLE'")) {
                ps.setString(1, schema);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        tables.add(rs.getString(1));
                    }
                }
            }
            for (String table : tables) {
                try (Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT t::text FROM " + schema + ".\"" + table + "\" t")) {
                    while (rs.next()) {
                        all.append(rs.getString(1)).append('\n');
                    }
                }
            }
        }
        return all.toString();
    }
}
