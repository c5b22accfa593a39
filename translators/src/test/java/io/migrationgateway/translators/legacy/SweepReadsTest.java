package io.migrationgateway.translators.legacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.playlist.PlaylistTranslator;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTranslator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SweepReadsTest {
    private final TranslatorRegistry registry = new Fixtures().registry();
    private final Map<String, Translator> translators = registry.all().stream()
            .collect(Collectors.toMap(t -> t.kind().plural(), t -> t));

    @Test
    void readsByUidFillTheEncodedUid() {
        SweepReads playlists = translators.get("playlists").sweepReads();

        assertThat(playlists.objectPaths("a b/c", 7)).containsExactly("/api/playlists/a%20b%2Fc", "/api/playlists/a%20b%2Fc/items");
        assertThat(playlists.idVariable()).isEmpty();
        assertThat(translators.get("dashboards").sweepReads().objectPaths("abc", 0)).as("no legacy id needed")
                .containsExactly("/api/dashboards/uid/abc");
    }

    @Test
    void serviceAccountsAreReadByTheirLegacyIdWithTheirTokensAndEachOrgsFirstPage() {
        SweepReads accounts = translators.get("serviceaccounts").sweepReads();

        assertThat(accounts.objectReads()).containsExactly(ServiceAccountTranslator.GET, ServiceAccountTranslator.TOKENS);
        assertThat(accounts.objectPaths("sa-backup", 42)).containsExactly("/api/serviceaccounts/42", "/api/serviceaccounts/42/tokens");
        assertThat(accounts.listReads()).containsExactly("/api/serviceaccounts/search?perpage=1000&page=1");
        assertThatThrownBy(() -> accounts.objectPaths("sa-backup", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everySweptPathIsOneTheTranslatorServes() {
        for (Translator translator : translators.values()) {
            SweepReads reads = translator.sweepReads();
            for (String path : reads.objectPaths("x", 5)) {
                assertThat(translator.routes()).as(path).contains(registry.match("GET", path).orElseThrow().route());
            }
            for (String path : reads.listReads()) {
                assertThat(registry.match("GET", path)).as(path).get()
                        .extracting(found -> found.translator().kind()).isEqualTo(translator.kind());
            }
        }
    }

    @Test
    void anObjectReadIsAGetByOneVariableItCanFill() {
        LegacyRoute byId = new LegacyRoute("byId", "GET", "/api/things/{thingId}");
        assertThat(SweepReads.byLegacyId("thingId", List.of(byId), List.of()).objectPaths("t", 3)).containsExactly("/api/things/3");
        assertThatThrownBy(() -> new SweepReads(List.of(byId), List.of())).as("no legacy id variable declared")
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SweepReads.byLegacyId("otherId", List.of(byId), List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SweepReads.byLegacyId("uid", List.of(PlaylistTranslator.GET), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SweepReads(List.of(new LegacyRoute("p", "POST", "/api/things/{uid}")), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SweepReads.byLegacyId("thingId", List.of(new LegacyRoute("two", "GET", "/api/things/{thingId}/{uid}")),
                List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
