package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.grafana.GrafanaResources;
import java.time.Clock;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RoutePrefilterTest {
    private final TranslatorRegistry translators = GrafanaResources.translators(new TranslatorSettings(Namespaces.onPrem(),
            kind -> 1, UserIdentities.byLogin(), Clock.systemUTC(), new Random(1)));
    private final RoutePrefilter prefilter = new RoutePrefilter(translators);

    @Test
    void everyPathTheRouteTableMatchesGetsPastThePrefilter() {
        for (String path : new String[] {"/api/dashboards/uid/abc", "/api/dashboards/db", "/api/search", "/api/folders",
                "/api/folders/id/7", "/api/folders/f1", "/api/playlists", "/api/playlists/p1/items", "/api/serviceaccounts/search",
                "/api/serviceaccounts/7", "/api/serviceaccounts/7/tokens"}) {
            assertThat(translators.match(path.equals("/api/dashboards/db") ? "POST" : "GET", path)).as(path).isPresent();
            assertThat(prefilter.mayMatch(path)).as(path).isTrue();
        }
    }

    @Test
    void anUntranslatedOperationGetsPastThePrefilterToBeCounted() {
        assertThat(translators.untranslated("GET", "/api/serviceaccounts/migrationstatus")).isPresent();
        assertThat(prefilter.mayMatch("/api/serviceaccounts/migrationstatus")).isTrue();
    }

    @Test
    void otherLegacyPathsAreKnownWithoutTheRouteTable() {
        assertThat(prefilter.mayMatch("/api/health")).isFalse();
        assertThat(prefilter.mayMatch("/api/datasources/proxy/1/query")).isFalse();
        assertThat(prefilter.mayMatch("/public/build/app.js")).isFalse();
    }

    @Test
    void aPercentEscapeThatCouldSpellARouteIsLeftToTheRouteTable() {
        assertThat(translators.match("POST", "/api/d%61shboards/db")).isPresent();
        assertThat(prefilter.mayMatch("/api/d%61shboards/db")).isTrue();
    }

    @Test
    void aRepeatedSlashOrAPathParameterThatCouldHideARouteIsLeftToTheRouteTable() {
        for (String path : new String[] {"//api/dashboards/uid/abc", "/api;x=1/folders", "/api/dashboards//uid/abc"}) {
            assertThat(translators.lookalike("GET", path)).as(path).isPresent();
            assertThat(prefilter.mayMatch(path)).as(path).isTrue();
        }
    }
}
