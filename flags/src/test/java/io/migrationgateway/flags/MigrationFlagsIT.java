package io.migrationgateway.flags;

import static io.migrationgateway.flags.FlagsFixture.DASHBOARDS;
import static io.migrationgateway.flags.FlagsFixture.FOLDERS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.flags.audit.AuditEntry;
import io.migrationgateway.flags.gate.FakeEvidence;
import io.migrationgateway.flags.gate.GateCheck;
import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.Verdict;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import io.migrationgateway.flags.togglz.ConsoleFeatures;
import io.migrationgateway.testsupport.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.togglz.core.manager.FeatureManager;
import org.togglz.core.repository.FeatureState;
import org.togglz.core.user.SingleUserProvider;
import org.togglz.core.util.NamedFeature;

class MigrationFlagsIT {
    private static final Actor OPS = new Actor("ops", "admin-api");
    private final FlagsFixture fixture = new FlagsFixture();

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    private static FlipRequest flip(Optional<String> namespace, Mode target, String reason, boolean force, boolean dryRun) {
        return new FlipRequest(OPS, DASHBOARDS, namespace, target, reason, force, dryRun);
    }

    /** Polls until {@code condition} holds; returns how long that took, or fails after {@code within}. */
    private static Duration await(BooleanSupplier condition, Duration within) throws InterruptedException {
        long start = System.nanoTime();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - start).as("waited for the condition").isLessThan(within.toNanos());
            Thread.sleep(5);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Test
    void everyResourceStartsOffInModeZero() {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE);
        assertThat(flags.modes().resources()).containsExactlyElementsOf(FlagsFixture.RESOURCES);
        assertThat(flags.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.LEGACY);
        assertThat(flags.modes().modeOf("unknown.resource", "default")).isEqualTo(Mode.LEGACY);
        assertThat(flags.modes().state(FOLDERS)).isEqualTo(ResourceModes.initial(FOLDERS));
        assertThatThrownBy(() -> flags.modes().state("unknown.resource")).hasMessageContaining("no migration flag");
    }

    @Test
    void withoutEvidenceGoingToFourIsRefusedSayingWhichEvidenceIsMissingAndTheRefusalIsAudited() throws Exception {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE);
        FlipResult result = flags.changes().flip(flip(Optional.empty(), Mode.UNIFIED_ONLY, "try", false, false));

        assertThat(result.refused()).isTrue();
        assertThat(result.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(result.explanation()).contains("no verification has run for dashboards.dashboard.grafana.app in all namespaces");
        assertThat(flags.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.LEGACY);

        AuditEntry entry = flags.audit().recent(10).getFirst();
        assertThat(entry.applied()).isFalse();
        assertThat(entry.forced()).isFalse();
        assertThat(entry.who()).isEqualTo("ops");
        assertThat(entry.via()).isEqualTo("admin-api");
        assertThat(entry.namespace()).isEmpty();
        assertThat(entry.from()).isEqualTo(Mode.LEGACY);
        assertThat(entry.to()).isEqualTo(Mode.UNIFIED_ONLY);
        assertThat(entry.reason()).isEqualTo("try");
        assertThat(entry.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(entry.checks()).extracting(GateCheck::name).containsExactly("verification", "shadow-comparison", "outbox");
        assertThat(entry.checks().get(1).figures()).containsEntry("minCompared", 1000);
    }

    @Test
    void aForcedFlipNeedsAReasonAndIsAuditedAsForced() throws Exception {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE);
        assertThatThrownBy(() -> flip(Optional.empty(), Mode.UNIFIED_ONLY, " ", true, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a forced flip needs a reason");

        FlipResult result = flags.changes().flip(flip(Optional.empty(), Mode.UNIFIED_ONLY, "demo cut-over", true, false));

        assertThat(result.applied()).isTrue();
        assertThat(result.changes()).singleElement().satisfies(change -> assertThat(change.forced()).isTrue());
        assertThat(flags.modes().modeOf(DASHBOARDS, "org-7")).isEqualTo(Mode.UNIFIED_ONLY);
        assertThat(flags.modes().modeOf(FOLDERS, "org-7")).isEqualTo(Mode.LEGACY);
        AuditEntry entry = flags.audit().recent(1).getFirst();
        assertThat(entry.applied()).isTrue();
        assertThat(entry.forced()).isTrue();
        assertThat(entry.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void goingBackDownFromFourNeedsAReverseCopyOrForce() throws Exception {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE);
        flags.changes().flip(flip(Optional.empty(), Mode.UNIFIED_ONLY, "up", true, false));

        FlipResult back = flags.changes().flip(flip(Optional.empty(), Mode.LEGACY, "back", false, false));
        assertThat(back.refused()).isTrue();
        assertThat(back.explanation()).contains("reverse-copy inconclusive: no reverse copy");
        assertThat(flags.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.UNIFIED_ONLY);

        assertThat(flags.changes().flip(flip(Optional.empty(), Mode.LEGACY, "rollback drill", true, false)).applied()).isTrue();
        assertThat(flags.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.LEGACY);
        assertThat(flags.audit().recent(10)).extracting(AuditEntry::reason, AuditEntry::applied, AuditEntry::forced)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("rollback drill", true, true),
                        org.assertj.core.groups.Tuple.tuple("back", false, false),
                        org.assertj.core.groups.Tuple.tuple("up", true, true));
    }

    @Test
    void goingUpToThreeNeedsTheShadowAndOutboxEvidenceOrForce() throws Exception {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE);
        assertThat(flags.changes().flip(flip(Optional.empty(), Mode.DUAL_WRITE, "dual-write first", false, false)).applied()).isTrue();

        FlipResult up = flags.changes().flip(flip(Optional.empty(), Mode.UNIFIED_READ, "flip the source of truth", false, false));
        assertThat(up.refused()).isTrue();
        assertThat(up.explanation()).contains("shadow-comparison inconclusive", "outbox inconclusive");
        assertThat(flags.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.DUAL_WRITE);

        MigrationFlags withEvidence = fixture.replica(FakeEvidence.allGood(Instant.now()));
        assertThat(withEvidence.changes().flip(flip(Optional.empty(), Mode.UNIFIED_READ, "evidence is in", false, false)).applied())
                .isTrue();
        assertThat(withEvidence.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.UNIFIED_READ);
    }

    @Test
    void aDryRunReportsTheVerdictAndChangesAndRecordsNothing() throws Exception {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE);
        FlipResult result = flags.changes().flip(flip(Optional.of("org-2"), Mode.UNIFIED_ONLY, "what if", true, true));
        assertThat(result.dryRun()).isTrue();
        assertThat(result.applied()).isFalse();
        assertThat(result.refused()).isFalse();
        assertThat(result.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(flags.modes().modeOf(DASHBOARDS, "org-2")).isEqualTo(Mode.LEGACY);
        assertThat(flags.audit().recent(10)).isEmpty();
    }

    @Test
    void passingEvidenceLetsAFlipThroughAndAnOverrideMovesOnlyItsNamespace() throws Exception {
        MigrationFlags flags = fixture.replica(FakeEvidence.allGood(Instant.now()));
        FlipResult result = flags.changes().flip(flip(Optional.of("org-2"), Mode.UNIFIED_ONLY, "org-2 first", false, false));
        assertThat(result.applied()).isTrue();
        assertThat(result.verdict()).isEqualTo(Verdict.PASS);
        assertThat(result.after()).isEqualTo(new ResourceModes(DASHBOARDS, true, Mode.LEGACY, java.util.Map.of("org-2", Mode.UNIFIED_ONLY)));
        assertThat(flags.modes().modeOf(DASHBOARDS, "org-2")).isEqualTo(Mode.UNIFIED_ONLY);
        assertThat(flags.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.LEGACY);
        AuditEntry entry = flags.audit().recent(1).getFirst();
        assertThat(entry.namespace()).contains("org-2");
        assertThat(entry.forced()).isFalse();
        assertThat(entry.verdict()).isEqualTo(Verdict.PASS);
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT enabled, mode, namespace_modes, changed_by FROM "
                     + fixture.schema + ".migration_flag WHERE resource = ?")) {
            ps.setString(1, DASHBOARDS);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBoolean(1)).isTrue();
                assertThat(rs.getInt(2)).isZero();
                assertThat(rs.getString(3)).isEqualTo("org-2=4");
                assertThat(rs.getString(4)).isEqualTo("ops");
            }
        }
    }

    @Test
    void aChangeOnOneReplicaReachesTheOtherWithinOneSecond() throws Exception {
        MigrationFlags first = fixture.replica(GateEvidence.NONE);
        MigrationFlags second = fixture.replica(GateEvidence.NONE);
        assertThat(second.modes().modeOf(DASHBOARDS, "org-2")).isEqualTo(Mode.LEGACY);

        first.changes().flip(flip(Optional.of("org-2"), Mode.UNIFIED_ONLY, "propagate", true, false));

        Duration took = await(() -> second.modes().modeOf(DASHBOARDS, "org-2") == Mode.UNIFIED_ONLY, Duration.ofSeconds(1));
        assertThat(took).isLessThan(Duration.ofSeconds(1));
        assertThat(second.modes().state(DASHBOARDS)).isEqualTo(first.modes().state(DASHBOARDS));
    }

    @Test
    void aChangeWhoseNotificationWasLostIsReadWithinTheRefreshInterval() throws Exception {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE, new FlagsSettings(Duration.ofMillis(200),
                FlagsFixture.SETTINGS.thresholds(), FlagsSettings.EVERY_MODE));
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("UPDATE " + fixture.schema + ".migration_flag SET enabled = true, mode = 4 "
                     + "WHERE resource = ?")) {
            ps.setString(1, DASHBOARDS);
            assertThat(ps.executeUpdate()).as("changed without a notification").isEqualTo(1);
        }

        await(() -> flags.modes().modeOf(DASHBOARDS, "default") == Mode.UNIFIED_ONLY, Duration.ofSeconds(2));
    }

    @Test
    void aReplicaWhoseListenerConnectionDiedCatchesUpAfterReconnecting() throws Exception {
        MigrationFlags first = fixture.replica(GateEvidence.NONE);
        MigrationFlags second = fixture.replica(GateEvidence.NONE);
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                     + "WHERE application_name = ? AND query LIKE 'LISTEN%'")) {
            ps.setString(1, fixture.applicationName());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertThat(rs.getInt(1)).as("listener sessions terminated").isEqualTo(2);
            }
        }
        first.changes().flip(flip(Optional.empty(), Mode.UNIFIED_ONLY, "while one replica is deaf", true, false));

        await(() -> second.modes().modeOf(DASHBOARDS, "default") == Mode.UNIFIED_ONLY, Duration.ofSeconds(5));
        // and it hears the next change again
        first.changes().flip(flip(Optional.empty(), Mode.LEGACY_RETIRED, "after reconnecting", true, false));
        await(() -> second.modes().modeOf(DASHBOARDS, "default") == Mode.LEGACY_RETIRED, Duration.ofSeconds(1));
    }

    @Test
    void theTogglzStateRepositoryFlipsThroughTheSameGateAndAuditAsTheConsoleUser() throws Exception {
        FakeEvidence evidence = new FakeEvidence();
        MigrationFlags flags = fixture.replica(evidence);
        FeatureManager features = ConsoleFeatures.featureManager(flags, new SingleUserProvider("console-admin", true), "/admin/overview");
        NamedFeature dashboards = new NamedFeature(DASHBOARDS);
        FeatureState toFour = new FeatureState(dashboards, true).setStrategyId("migration-mode")
                .setParameter("mode", "4").setParameter("reason", "from the console");

        assertThatThrownBy(() -> features.setFeatureState(toFour))
                .isInstanceOfSatisfying(FlipRefusedException.class, e -> assertThat(e.result().explanation())
                        .contains("no verification has run for dashboards.dashboard.grafana.app in all namespaces"));
        assertThat(features.getFeatureState(dashboards).isEnabled()).isFalse();

        FakeEvidence good = FakeEvidence.allGood(Instant.now());
        evidence.verification = good.verification;
        evidence.shadow = good.shadow;
        evidence.outbox = good.outbox;
        features.setFeatureState(toFour);

        assertThat(flags.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.UNIFIED_ONLY);
        FeatureState stored = features.getFeatureState(dashboards);
        assertThat(stored.isEnabled()).isTrue();
        assertThat(stored.getParameter("mode")).isEqualTo("4");
        assertThat(stored.getParameter("reason")).as("the reason is not kept in the flag").isNull();
        assertThat(features.getFeatures()).hasSize(3);
        assertThat(features.getMetaData(dashboards).getAttributes()).containsEntry("Mode", "4 unified-only")
                .containsEntry("InfoLink", "/admin/overview").hasEntrySatisfying("Last flip", line -> assertThat(line)
                        .startsWith("all namespaces 0 legacy to 4 unified-only applied by console-admin via console at ")
                        .contains("(verification pass, shadow-comparison pass, outbox pass"));
        List<AuditEntry> audit = flags.audit().recent(10);
        assertThat(audit).extracting(AuditEntry::who, AuditEntry::via, AuditEntry::reason, AuditEntry::applied)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("console-admin", "console", "from the console", true),
                        org.assertj.core.groups.Tuple.tuple("console-admin", "console", "from the console", false));
    }

    @Test
    void statesTogglzCannotSaveAreRefusedAndAuditedAsRefusedWithTheReason() throws Exception {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE);
        FeatureManager features = ConsoleFeatures.featureManager(flags, new SingleUserProvider("console-admin", true), "/admin/overview");
        NamedFeature dashboards = new NamedFeature(DASHBOARDS);
        assertThatThrownBy(() -> features.setFeatureState(new FeatureState(dashboards, true)))
                .isInstanceOfSatisfying(FlipRefusedException.class, e -> assertThat(e.result().explanation())
                        .contains("console-form fail: choose the 'Migration mode' strategy"));
        assertThatThrownBy(() -> features.setFeatureState(new FeatureState(dashboards, true).setStrategyId("migration-mode")
                .setParameter("mode", "0").setParameter("namespaces", "org-2=4,org-2=0")))
                .isInstanceOf(FlipRefusedException.class);
        assertThatThrownBy(() -> features.setFeatureState(new FeatureState(dashboards, true).setStrategyId("migration-mode")
                .setParameter("mode", "2").setParameter("force", "yes")))
                .isInstanceOfSatisfying(FlipRefusedException.class, e -> assertThat(e.result().explanation())
                        .contains("all namespaces 0 legacy -> 2 dual-write: console-form fail: a forced change needs a reason"));

        assertThat(flags.modes().state(DASHBOARDS)).isEqualTo(ResourceModes.initial(DASHBOARDS));
        List<AuditEntry> audit = flags.audit().recent(10);
        assertThat(audit).extracting(AuditEntry::to, AuditEntry::applied, AuditEntry::verdict)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Mode.DUAL_WRITE, false, Verdict.FAIL),
                        org.assertj.core.groups.Tuple.tuple(Mode.LEGACY, false, Verdict.FAIL),
                        org.assertj.core.groups.Tuple.tuple(Mode.LEGACY, false, Verdict.FAIL));
        assertThat(audit.get(0).checks()).extracting(GateCheck::name).containsExactly("console-form");
        assertThat(audit.get(2).checks().get(0).message()).contains("'Migration mode' strategy");
    }

    @Test
    void aModeSavedThroughTogglzWithEnabledUntickedEnablesTheFlag() throws Exception {
        MigrationFlags flags = fixture.replica(GateEvidence.NONE);
        FeatureManager features = ConsoleFeatures.featureManager(flags, new SingleUserProvider("console-admin", true), "/admin/overview");
        NamedFeature dashboards = new NamedFeature(DASHBOARDS);

        features.setFeatureState(new FeatureState(dashboards, false).setStrategyId("migration-mode").setParameter("mode", "2")
                .setParameter("namespaces", "org-2=1"));

        assertThat(features.getFeatureState(dashboards).isEnabled()).isTrue();
        assertThat(flags.modes().modeOf(DASHBOARDS, "default")).isEqualTo(Mode.DUAL_WRITE);
        assertThat(features.getMetaData(dashboards).getAttributes()).containsEntry("Mode", "2 dual-write")
                .containsEntry("org-2", "1 shadow");
        assertThat(flags.audit().recent(10)).extracting(AuditEntry::applied).containsExactly(true, true);
    }
}
