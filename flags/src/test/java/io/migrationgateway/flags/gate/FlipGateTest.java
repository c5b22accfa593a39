package io.migrationgateway.flags.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.flags.FlagsSettings;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FlipGateTest {
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Scope DEFAULT = new Scope("dashboards.dashboard.grafana.app", Optional.of("default"));
    private static final GateThresholds THRESHOLDS = new GateThresholds(0.001, 1000);

    private static FlipGate gate(GateEvidence evidence) {
        return new FlipGate(evidence, THRESHOLDS, FlagsSettings.EVERY_MODE);
    }

    private static GateCheck check(GateResult result, String name) {
        return result.checks().stream().filter(check -> check.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void withoutEvidenceGoingUpToFourIsInconclusiveAndSaysWhichEvidenceIsMissing() {
        GateResult result = gate(GateEvidence.NONE).evaluate(DEFAULT, Mode.LEGACY, Mode.UNIFIED_ONLY);
        assertThat(result.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(result.forceable()).isTrue();
        assertThat(result.checks()).extracting(GateCheck::name).containsExactly("verification", "shadow-comparison", "outbox");
        assertThat(check(result, "verification").message())
                .isEqualTo("no verification has run for dashboards.dashboard.grafana.app in default; run `migrate verify`"
                        + " (after `migrate copy`)");
        assertThat(check(result, "shadow-comparison").message()).contains("whether every object", "is unknown", "0 live reads of the 1000",
                "run `migrate compare`");
        assertThat(check(result, "outbox").message()).contains("outbox", "unknown");
    }

    @Test
    void anEmptyOutboxPassesWhetherOrNotADualWriteRanAndSaysWhichItWas() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.dualWrites = OptionalLong.of(0);
        GateCheck quiet = check(gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ), "outbox");
        evidence.dualWrites = OptionalLong.of(40);
        GateCheck busy = check(gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ), "outbox");
        evidence.outbox = OptionalLong.of(2);
        GateCheck waiting = check(gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ), "outbox");

        assertThat(quiet.verdict()).isEqualTo(Verdict.PASS);
        assertThat(quiet.message()).endsWith("is empty; no dual-write ran in the window");
        assertThat(busy.verdict()).isEqualTo(Verdict.PASS);
        assertThat(busy.message()).endsWith("is empty");
        assertThat(busy.figures()).containsEntry("dualWrites", 40L);
        assertThat(waiting.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(waiting.message()).contains("it passes once they are applied");
    }

    @Test
    void goodEvidencePassesGoingUpToFourWithItsFigures() {
        GateResult result = gate(FakeEvidence.allGood(NOW)).evaluate(DEFAULT, Mode.LEGACY, Mode.UNIFIED_ONLY);
        assertThat(result.verdict()).isEqualTo(Verdict.PASS);
        assertThat(check(result, "verification").figures()).containsEntry("processed", 122L).containsEntry("parityPercent", 100.0);
        assertThat(check(result, "shadow-comparison").figures()).containsEntry("compared", 5_000L).containsEntry("mismatched", 1L);
        assertThat(check(result, "outbox").figures()).containsEntry("pending", 0L);
    }

    @Test
    void callsToOperationsModeFourRefusesFailTheFlipToFourAndNamedOnesOnly() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.untranslatedCalls = Optional.of(Map.of("dashboards.versions", 12L, "dashboards.tags", 0L));

        GateResult toFour = gate(evidence).evaluate(DEFAULT, Mode.UNIFIED_READ, Mode.UNIFIED_ONLY);
        GateResult toThree = gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ);
        evidence.untranslatedCalls = Optional.of(Map.of());
        GateResult quiet = gate(evidence).evaluate(DEFAULT, Mode.LEGACY, Mode.UNIFIED_ONLY);

        assertThat(toFour.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(check(toFour, "untranslated-calls").message()).endsWith("in the last day: dashboards.versions 12");
        assertThat(check(toFour, "untranslated-calls").figures()).isEqualTo(Map.of("dashboards.versions", 12L));
        assertThat(toThree.checks()).extracting(GateCheck::name).doesNotContain("untranslated-calls");
        assertThat(check(quiet, "untranslated-calls").verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void eachFailingFigureFailsItsOwnCheck() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.verification = Optional.of(new GateEvidence.Verification(NOW, 100, 1, 0, 0));
        evidence.shadow = Optional.of(new GateEvidence.ShadowComparisons(2_000, 10));
        evidence.outbox = OptionalLong.of(3);
        GateResult result = gate(evidence).evaluate(DEFAULT, Mode.LEGACY, Mode.UNIFIED_ONLY);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(check(result, "verification").message()).contains("99.00 % of 100 rows match (1 differ");
        assertThat(check(result, "shadow-comparison").message()).contains("10 of the last 2000", "0.0050", "0.0010");
        assertThat(check(result, "outbox").message()).startsWith("3 writes");
    }

    @Test
    void aVerificationOlderThanTheLastWriteOutageProvesNothing() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.writeOutage = Optional.of(NOW.plusSeconds(60));
        GateCheck verification = check(gate(evidence).evaluate(DEFAULT, Mode.LEGACY, Mode.UNIFIED_ONLY), "verification");
        assertThat(verification.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(verification.message()).contains("older than the last write outage");
        assertThat(verification.figures()).containsKey("lastWriteOutage");
    }

    @Test
    void tooFewLiveReadsAndTooFewObjectsComparedAreInconclusiveAndSayWhatWouldPass() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.shadow = Optional.of(new GateEvidence.ShadowComparisons(999, 0));
        evidence.objects = OptionalLong.of(40);
        evidence.coverage = Optional.of(new GateEvidence.ShadowCoverage(39, 1200, 0));
        GateCheck shadow = check(gate(evidence).evaluate(DEFAULT, Mode.LEGACY, Mode.UNIFIED_ONLY), "shadow-comparison");
        assertThat(shadow.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(shadow.message()).contains("39 of the 40 objects", "999 live reads of the 1000 needed", "run `migrate compare`");
    }

    @Test
    void theMinimumOfLiveReadsPassesFirstAndSaysSo() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.objects = OptionalLong.of(40);
        evidence.coverage = Optional.of(new GateEvidence.ShadowCoverage(3, 5_000, 1));
        GateCheck shadow = check(gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ), "shadow-comparison");
        assertThat(shadow.verdict()).isEqualTo(Verdict.PASS);
        assertThat(shadow.message()).startsWith("by live traffic: 1 of the last 5000");
        assertThat(shadow.figures()).containsEntry("passedBy", "live");
    }

    @Test
    void everyObjectComparedSinceTheLastWriteOutagePassesWithoutLiveTraffic() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.shadow = Optional.empty();
        evidence.writeOutage = Optional.of(NOW.minusSeconds(3600));
        evidence.objects = OptionalLong.of(4);
        evidence.coverage = Optional.of(new GateEvidence.ShadowCoverage(4, 10, 0));
        GateCheck shadow = check(gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ), "shadow-comparison");
        assertThat(shadow.verdict()).isEqualTo(Verdict.PASS);
        assertThat(shadow.message()).startsWith("every object compared: all 4 objects").contains("since the last write outage");
        assertThat(shadow.figures()).containsEntry("passedBy", "every-object").containsEntry("objects", 4L);
        assertThat(evidence.coverageAskedSince).contains(NOW.minusSeconds(3600));
    }

    @Test
    void aDifferenceSeenFailsTheCheckBeforeEveryObjectIsCompared() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.shadow = Optional.empty();
        evidence.objects = OptionalLong.of(50);
        evidence.coverage = Optional.of(new GateEvidence.ShadowCoverage(40, 41, 1));
        GateCheck partly = check(gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ), "shadow-comparison");
        evidence.coverage = Optional.of(new GateEvidence.ShadowCoverage(50, 51, 1));
        GateCheck fully = check(gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ), "shadow-comparison");
        assertThat(partly.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(partly.message()).contains("1 of the 41 reads", "differed");
        assertThat(fully.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(fully.message()).contains("every object of", "but 1 of those 51 compared reads differed");
    }

    @Test
    void anEmptyScopePassesVerificationAndShadowWithNothingToCompare() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.verification = Optional.of(new GateEvidence.Verification(NOW, 0, 0, 0, 0));
        evidence.shadow = Optional.empty();
        evidence.objects = OptionalLong.of(0);
        evidence.coverage = Optional.of(new GateEvidence.ShadowCoverage(0, 0, 0));
        GateResult result = gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ);
        assertThat(result.passed()).isTrue();
        assertThat(check(result, "verification").message()).contains("found both sides empty");
        assertThat(check(result, "shadow-comparison").message()).contains("holds no objects");
        evidence.verification = Optional.of(new GateEvidence.Verification(NOW, 0, 0, 0, 1));
        assertThat(check(gate(evidence).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ), "verification").verdict())
                .isEqualTo(Verdict.FAIL);
    }

    @Test
    void aResourceWrittenToTheLegacyTablesAsRowsLeavesModeZeroOnlyWithTheLegacyDatabase() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.rowsUnreachable = Map.of("serviceaccounts.iam.grafana.app", "no legacy database to write service accounts to");
        Scope accounts = new Scope("serviceaccounts.iam.grafana.app", Optional.empty());
        FlipGate gate = new FlipGate(evidence, THRESHOLDS, EnumSet.allOf(Mode.class));

        GateCheck refused = check(gate.evaluate(accounts, Mode.LEGACY, Mode.SHADOW), "legacy-database");
        assertThat(refused.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(refused.message()).contains("no legacy database", "set legacy.database-url");
        assertThat(gate.evaluate(accounts, Mode.DUAL_WRITE, Mode.LEGACY).checks()).extracting(GateCheck::name)
                .doesNotContain("legacy-database");
        assertThat(gate.evaluate(DEFAULT, Mode.LEGACY, Mode.SHADOW).checks()).extracting(GateCheck::name)
                .doesNotContain("legacy-database");
    }

    @Test
    void aResourceTheLegacySideReadsForItselfStaysAtThreeUntilEveryOtherIsRetired() {
        FakeEvidence evidence = FakeEvidence.allGood(NOW);
        evidence.readByLegacy = Set.of("serviceaccounts.iam.grafana.app");
        Scope accounts = new Scope("serviceaccounts.iam.grafana.app", Optional.empty());
        List<ResourceModes> deployment = new ArrayList<>(List.of(
                new ResourceModes("serviceaccounts.iam.grafana.app", true, Mode.UNIFIED_READ, Map.of()),
                new ResourceModes("dashboards.dashboard.grafana.app", true, Mode.LEGACY_RETIRED,
                        Map.of("org-2", Mode.UNIFIED_ONLY)),
                new ResourceModes("playlists.playlist.grafana.app", true, Mode.LEGACY_RETIRED, Map.of())));
        FlipGate gate = new FlipGate(evidence, THRESHOLDS, EnumSet.allOf(Mode.class), () -> deployment);

        GateCheck held = check(gate.evaluate(accounts, Mode.UNIFIED_READ, Mode.UNIFIED_ONLY), "legacy-dependency");
        assertThat(held.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(held.message()).contains("reads serviceaccounts.iam.grafana.app for itself", "mode 3 or below",
                "every other resource is at mode 5", "below 5 now: dashboards.dashboard.grafana.app 4");
        assertThat(gate.evaluate(accounts, Mode.LEGACY, Mode.UNIFIED_READ).checks()).extracting(GateCheck::name)
                .doesNotContain("legacy-dependency");
        assertThat(gate.evaluate(DEFAULT, Mode.UNIFIED_READ, Mode.UNIFIED_ONLY).checks()).extracting(GateCheck::name)
                .doesNotContain("legacy-dependency");

        deployment.set(1, new ResourceModes("dashboards.dashboard.grafana.app", true,
                Mode.LEGACY_RETIRED, Map.of()));
        GateCheck free = check(gate.evaluate(accounts, Mode.UNIFIED_READ, Mode.LEGACY_RETIRED), "legacy-dependency");
        assertThat(free.verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void goingDownFromFourOrFiveBelowFourNeedsAVerifiedReverseCopy() {
        GateResult none = gate(GateEvidence.NONE).evaluate(DEFAULT, Mode.UNIFIED_ONLY, Mode.LEGACY);
        assertThat(none.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(none.checks()).singleElement().satisfies(check -> {
            assertThat(check.name()).isEqualTo("reverse-copy");
            assertThat(check.message()).contains("no reverse copy", "in default");
        });
        FakeEvidence evidence = new FakeEvidence();
        evidence.reverseCopy = Optional.of(new GateEvidence.Verification(NOW, 10, 0, 2, 0));
        assertThat(gate(evidence).evaluate(DEFAULT, Mode.LEGACY_RETIRED, Mode.LEGACY).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(gate(FakeEvidence.allGood(NOW)).evaluate(DEFAULT, Mode.UNIFIED_ONLY, Mode.LEGACY).passed()).isTrue();
    }

    @Test
    void otherStepsAreInstant() {
        FlipGate gate = new FlipGate(GateEvidence.NONE, THRESHOLDS, EnumSet.allOf(Mode.class));
        assertThat(gate.evaluate(DEFAULT, Mode.UNIFIED_READ, Mode.LEGACY).checks()).isEmpty();
        assertThat(gate.evaluate(DEFAULT, Mode.LEGACY_RETIRED, Mode.UNIFIED_ONLY).checks()).isEmpty();
        assertThat(gate.evaluate(DEFAULT, Mode.UNIFIED_ONLY, Mode.LEGACY_RETIRED).checks()).isEmpty();
        assertThat(gate.evaluate(DEFAULT, Mode.LEGACY, Mode.DUAL_WRITE).checks()).isEmpty();
        assertThat(gate.evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ).checks()).hasSize(3);
    }

    @Test
    void modesOneAndTwoAreInstantAndThreeIsGatedLikeFour() {
        GateResult shadow = gate(GateEvidence.NONE).evaluate(DEFAULT, Mode.LEGACY, Mode.SHADOW);
        assertThat(shadow.passed()).isTrue();
        assertThat(shadow.checks()).isEmpty();
        assertThat(gate(GateEvidence.NONE).evaluate(DEFAULT, Mode.SHADOW, Mode.DUAL_WRITE).checks()).isEmpty();
        GateResult unifiedRead = gate(FakeEvidence.allGood(NOW)).evaluate(DEFAULT, Mode.DUAL_WRITE, Mode.UNIFIED_READ);
        assertThat(unifiedRead.passed()).isTrue();
        assertThat(unifiedRead.checks()).extracting(GateCheck::name).containsExactly("verification", "shadow-comparison", "outbox");
    }

    @Test
    void aModeTheGatewayDoesNotServeIsRefusedEvenForced() {
        FlipGate gate = new FlipGate(FakeEvidence.allGood(NOW), THRESHOLDS, EnumSet.of(Mode.LEGACY, Mode.UNIFIED_ONLY));
        GateResult result = gate.evaluate(DEFAULT, Mode.LEGACY, Mode.SHADOW);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.forceable()).isFalse();
        assertThat(check(result, "mode-served").message())
                .contains("mode 1 shadow cannot be used: this gateway does not serve it", "0 legacy, 4 unified-only");
    }
}
