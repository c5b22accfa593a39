package io.migrationgateway.translators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.playlist.PlaylistTranslator;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTranslator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TranslatorRegistryTest {
    private final TranslatorRegistry registry = new Fixtures().registry();

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
            "GET, /api/dashboards/uid/abc, dashboards.get",
            "POST, /api/dashboards/db, dashboards.save",
            "DELETE, /api/dashboards/uid/abc, dashboards.delete",
            "GET, /api/search?query=x&tag=a, search",
            "GET, /api/folders, folders.list",
            "GET, /api/folders?limit=5, folders.list",
            "GET, /api/folders/id/12, folders.getById",
            "GET, /api/folders/abc, folders.get",
            "POST, /api/folders, folders.create",
            "PUT, /api/folders/abc, folders.update",
            "DELETE, /api/folders/abc, folders.delete",
            "GET, /api/playlists, playlists.list",
            "GET, /api/playlists/p1, playlists.get",
            "GET, /api/playlists/p1/items, playlists.items",
            "POST, /api/playlists, playlists.create",
            "PUT, /api/playlists/p1, playlists.update",
            "DELETE, /api/playlists/p1, playlists.delete",
            "GET, /api/folders/, folders.list",
            "GET, /api/dashboards/uid/abc/, dashboards.get",
            "GET, /api/playlists/p1/items/, playlists.items",
            "GET, /api/playlists/p1/dashboards, playlists.dashboards",
            "GET, /api/dashboards/tags, dashboards.tags",
            "GET, /api/dashboards/uid/abc/versions, dashboards.versions",
            "GET, /api/dashboards/uid/abc/versions/3/, dashboards.version",
            "GET, /api/dashboards/id/12/versions, dashboards.versionsById",
            "GET, /api/dashboards/id/12/versions/3, dashboards.versionById",
            "POST, /api/dashboards/uid/abc/restore, dashboards.restore",
            "POST, /api/dashboards/id/12/restore, dashboards.restoreById",
            "POST, /api/dashboards/import, dashboards.import",
            "POST, /api/serviceaccounts, serviceaccounts.create",
            "GET, /api/serviceaccounts/search?query=bot, serviceaccounts.search",
            "GET, /api/serviceaccounts/12, serviceaccounts.get",
            "PATCH, /api/serviceaccounts/12, serviceaccounts.update",
            "DELETE, /api/serviceaccounts/12/, serviceaccounts.delete",
            "GET, /api/serviceaccounts/12/tokens, serviceaccounts.tokens",
            "POST, /api/serviceaccounts/12/tokens, serviceaccounts.createToken",
            "DELETE, /api/serviceaccounts/12/tokens/3, serviceaccounts.deleteToken"})
    void ownedRoutesFindTheirTranslatorAndRoute(String method, String path, String routeId) {
        assertThat(registry.match(method, path)).get().extracting(m -> m.route().id()).isEqualTo(routeId);
    }

    @ParameterizedTest(name = "{0} {1} is passed through")
    @CsvSource({
            "GET, /api/dashboards/home",
            "GET, /api/dashboards/db",
            "PUT, /api/dashboards/uid/abc",
            "GET, /api/dashboards/uid/",
            "GET, /api/dashboards/uid",
            "GET, /api/folders/abc/permissions",
            "GET, /api/search/sorting",
            "GET, /api/user",
            "GET, /api/serviceaccounts/migrationstatus",
            "POST, /api/serviceaccounts/migrate",
            "GET, /api//folders",
            "GET, /api/folders//",
            "GET, relative/path",
            "GET, /apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards"})
    void pathsNoTranslatorOwnsExactlyAreNotMatched(String method, String path) {
        assertThat(registry.match(method, path)).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1} is written like {2}")
    @CsvSource({
            "GET, /api//folders, folders.list",
            "GET, /api/folders//, folders.list",
            "GET, //api/dashboards/uid/abc, dashboards.get",
            "DELETE, /api/dashboards//uid/abc, dashboards.delete",
            "GET, /api/playlists;x=1/p1, playlists.get",
            "GET, /api/playlists/p1/items;x=1, playlists.items",
            "GET, /api//dashboards/uid/abc/versions, dashboards.versions",
            "GET, /api/dashboards;x=1/tags, dashboards.tags",
            "GET, /api//serviceaccounts/12, serviceaccounts.get",
            "POST, /api//serviceaccounts/migrate, serviceaccounts.migrate"})
    void pathsWithEmptySegmentsOrPathParametersAreLookalikesOfTheRouteTheyResemble(String method, String path, String route) {
        assertThat(registry.match(method, path)).isEmpty();
        assertThat(registry.lookalike(method, path).map(match -> match.route().id())).contains(route);
    }

    @Test
    void aPathARouteMatchesOrThatResemblesNoRouteIsNoLookalike() {
        assertThat(registry.lookalike("GET", "/api/folders/")).as("matched: not a lookalike").isEmpty();
        assertThat(registry.lookalike("GET", "/api//health")).isEmpty();
        assertThat(registry.lookalike("PUT", "/api//dashboards/uid/abc")).as("no such method").isEmpty();
        assertThat(registry.lookalike("GET", "/api//dashboards/uid/abc/permissions")).as("the legacy side's in every mode").isEmpty();
        assertThat(registry.lookalike("GET", "/api//serviceaccounts/migrationstatus")).as("the legacy side's in every mode").isEmpty();
    }

    @Test
    void pathVariablesArePercentDecodedPerSegment() {
        RouteMatch match = registry.match("GET", "/api/dashboards/uid/a%20b%2Fc").orElseThrow();
        assertThat(match.pathVariables()).isEqualTo(Map.of("uid", "a b/c"));
        assertThat(registry.match("GET", "/api/dashboards/uid/a%zz")).as("a malformed escape").isEmpty();
        assertThat(registry.match("GET", "/api/dashboards/uid/a+b").orElseThrow().pathVariables())
                .as("a plus in a path is a plus, escaped or not").isEqualTo(Map.of("uid", "a+b"));
        assertThat(registry.match("GET", "/api/dashboards/uid/a+b%2Bc").orElseThrow().pathVariables())
                .isEqualTo(Map.of("uid", "a+b+c"));
    }

    @Test
    void literalSegmentsWinOverVariables() {
        assertThat(registry.match("GET", "/api/folders/id/7").orElseThrow().route()).isEqualTo(FolderTranslator.GET_BY_ID);
        assertThat(registry.match("GET", "/api/folders/id").orElseThrow().route()).isEqualTo(FolderTranslator.GET);
    }

    @Test
    void anUntranslatedLiteralPathWinsOverATranslatedVariable() {
        assertThat(registry.match("GET", "/api/serviceaccounts/migrationstatus")).isEmpty();
        assertThat(registry.untranslated("GET", "/api/serviceaccounts/migrationstatus")).get()
                .extracting(found -> found.operation().route().id()).isEqualTo("serviceaccounts.migrationStatus");
        assertThat(registry.untranslated("GET", "/api/serviceaccounts/migrationstatus/")).isPresent();
        assertThat(registry.untranslated("GET", "/api/serviceaccounts/12")).as("translated").isEmpty();
        assertThat(registry.match("GET", "/api/serviceaccounts/12").orElseThrow().route()).isEqualTo(ServiceAccountTranslator.GET);
    }

    @Test
    void kindsComeFromTheTranslatorsInOrder() {
        assertThat(registry.kinds()).containsExactly(DashboardTranslator.KIND, FolderTranslator.KIND, PlaylistTranslator.KIND,
                ServiceAccountTranslator.KIND);
        assertThat(registry.forKind("folder.grafana.app", "folders")).get().isInstanceOf(FolderTranslator.class);
        assertThat(registry.forKind("folder.grafana.app", "dashboards")).isEmpty();
    }

    @Test
    void twoTranslatorsOfOneKindOrRouteAreRefused() {
        Translator dashboards = registry.all().get(0);
        assertThatThrownBy(() -> TranslatorRegistry.of(List.of(dashboards, dashboards))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void routeTemplatesAreCheckedWhenDeclared() {
        assertThatThrownBy(() -> new LegacyRoute("x", "GET", "api/x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LegacyRoute("x", "GET", "/api/x{uid}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LegacyRoute("x", "GET", "/api/x/")).isInstanceOf(IllegalArgumentException.class);
    }
}
