package io.migrationgateway.translators;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.legacy.LegacyRoute;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Route precedence as in Grafana's router: at the first segment two templates differ in, the literal wins. */
class RouteTableTest {
    private static final LegacyRoute BY_VARIABLE_FIRST = new LegacyRoute("variableFirst", "GET", "/api/x/{a}/c/d");
    private static final LegacyRoute BY_LITERAL_FIRST = new LegacyRoute("literalFirst", "GET", "/api/x/b/{c}/{d}");
    private static final LegacyRoute BY_ID = new LegacyRoute("byId", "GET", "/api/accounts/{id}");
    private static final LegacyRoute STATUS = new LegacyRoute("status", "GET", "/api/accounts/status");

    private final Translator translator = new Fixtures().registry().all().getFirst();

    private RouteTable table(List<LegacyRoute> routes) {
        return new RouteTable(List.of(translator), t -> routes);
    }

    @Test
    void aLiteralSegmentWinsOverAVariableWhateverTheOrderOfDeclaration() {
        for (List<LegacyRoute> routes : List.of(List.of(BY_ID, STATUS), List.of(STATUS, BY_ID))) {
            RouteTable table = table(routes);
            assertThat(table.match("GET", "/api/accounts/status").orElseThrow().route()).isEqualTo(STATUS);
            assertThat(table.match("GET", "/api/accounts/status/").orElseThrow().route()).isEqualTo(STATUS);
            assertThat(table.match("GET", "/api/accounts/7").orElseThrow().route()).isEqualTo(BY_ID);
        }
    }

    @Test
    void theFirstSegmentTheTemplatesDifferInDecidesNotHowManyLiteralsEachHas() {
        for (List<LegacyRoute> routes : List.of(List.of(BY_VARIABLE_FIRST, BY_LITERAL_FIRST), List.of(BY_LITERAL_FIRST, BY_VARIABLE_FIRST))) {
            RouteTable table = table(routes);
            RouteMatch both = table.match("GET", "/api/x/b/c/d").orElseThrow();
            assertThat(both.route()).isEqualTo(BY_LITERAL_FIRST);
            assertThat(both.pathVariables()).isEqualTo(Map.of("c", "c", "d", "d"));
            assertThat(table.match("GET", "/api/x/z/c/d").orElseThrow().route()).as("the literal does not match: the variable does")
                    .isEqualTo(BY_VARIABLE_FIRST);
        }
    }

    @Test
    void lookalikesFollowTheSamePrecedence() {
        RouteTable table = table(List.of(BY_ID, STATUS));
        assertThat(table.lookalike("GET", "/api//accounts/status").orElseThrow().route()).isEqualTo(STATUS);
        assertThat(table.lookalike("GET", "/api/accounts;x=1/8").orElseThrow().route()).isEqualTo(BY_ID);
    }
}
