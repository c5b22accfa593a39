package io.migrationgateway.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.resourceapi.auth.Caller;
import io.migrationgateway.resourceapi.auth.Role;
import io.migrationgateway.testsupport.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link LegacyAccess} against the seeded legacy simulator: its users, their orgs and the service-account token. */
class LegacyAccessSimulatorIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_gatewaytest0123456789abcdefgh_5eed5eed";

    private static String schema;
    private static LegacySim sim;
    private static LegacyClient client;
    private static LegacyAccess access;

    @BeforeAll
    static void start() {
        schema = TestDatabase.newSchema();
        sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), schema, ADMIN_PASSWORD, TOKEN, true));
        LegacyConfig config = new ConfigLoader().load(Optional.empty(), Map.of(), Map.of("legacy.url", sim.baseUrl())).legacy();
        client = new LegacyClient(config);
        access = LegacyAccess.create(client, config.identityCache(), Namespaces.onPrem());
    }

    @AfterAll
    static void stop() {
        access.close();
        client.close();
        sim.close();
        TestDatabase.dropSchema(schema);
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void adminIsAdminInBothOrgs() {
        Caller admin = access.authenticate(basic("admin", ADMIN_PASSWORD));

        assertThat(admin.name()).isEqualTo("admin");
        assertThat(admin.roles()).containsExactlyInAnyOrderEntriesOf(Map.of("default", Role.ADMIN, "org-2", Role.ADMIN));
    }

    @Test
    void eachUserGetsItsOwnRolePerOrg() {
        assertThat(access.authenticate(basic("editor", "editor")).roles())
                .containsExactlyInAnyOrderEntriesOf(Map.of("default", Role.EDITOR, "org-2", Role.VIEWER));
        assertThat(access.authenticate(basic("viewer", "viewer")).roles())
                .containsExactlyInAnyOrderEntriesOf(Map.of("default", Role.VIEWER));
    }

    @Test
    void theServiceAccountTokenIsAdminInItsOrgOnly() {
        Caller serviceAccount = access.authenticate("Bearer " + TOKEN);

        assertThat(serviceAccount.name()).isEqualTo("sa-1-migration");
        assertThat(serviceAccount.roles()).containsExactlyInAnyOrderEntriesOf(Map.of("default", Role.ADMIN));
    }

    @Test
    void theIdentityAlsoNamesTheCurrentOrgAndWhetherItIsAServiceAccount() {
        LegacyIdentity admin = access.identify(basic("admin", ADMIN_PASSWORD)).join();
        LegacyIdentity token = access.identify("Bearer " + TOKEN).join();

        assertThat(admin.login()).isEqualTo("admin");
        assertThat(admin.currentOrgId()).isEqualTo(1);
        assertThat(admin.serviceAccount()).isFalse();
        assertThat(token.currentOrgId()).isEqualTo(1);
        assertThat(token.serviceAccount()).isTrue();
        assertThat(access.identify(basic("admin", "wrong"))).failsWithin(java.time.Duration.ofSeconds(5))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class).havingCause().isInstanceOf(Access.Unauthenticated.class);
    }

    @Test
    void wrongPasswordsAndUnknownTokensAreUnauthenticated() {
        assertThatThrownBy(() -> access.authenticate(basic("admin", "wrong"))).isInstanceOf(Access.Unauthenticated.class);
        assertThatThrownBy(() -> access.authenticate("Bearer glsa_unknown")).isInstanceOf(Access.Unauthenticated.class);
    }
}
