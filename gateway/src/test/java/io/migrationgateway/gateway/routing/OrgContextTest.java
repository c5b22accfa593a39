package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.resourceapi.auth.Caller;
import io.undertow.server.HttpServerExchange;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OrgContextTest {
    private static HttpServerExchange request(String targetOrgId, String header) {
        HttpServerExchange exchange = new HttpServerExchange(null);
        if (targetOrgId != null) {
            exchange.addQueryParam(OrgContext.TARGET_ORG_ID, targetOrgId);
        }
        if (header != null) {
            exchange.getRequestHeaders().put(OrgContext.ORG_HEADER, header);
        }
        return exchange;
    }

    private static OrgContext.Named org(long id) {
        return new OrgContext.Named.Org(id);
    }

    @Test
    void targetOrgIdWinsOverTheHeader() {
        assertThat(OrgContext.named(request("3", "2"))).isEqualTo(org(3));
        assertThat(OrgContext.named(request("+3", "2"))).as("Go's ParseInt takes a sign").isEqualTo(org(3));
        assertThat(OrgContext.named(request("003", "2"))).isEqualTo(org(3));
    }

    @Test
    void theHeaderNamesTheOrgWhenTargetOrgIdIsAbsentZeroOrNotANumber() {
        assertThat(OrgContext.named(request(null, "2"))).isEqualTo(org(2));
        assertThat(OrgContext.named(request("0", "2"))).isEqualTo(org(2));
        assertThat(OrgContext.named(request("two", "2"))).isEqualTo(org(2));
        assertThat(OrgContext.named(request("99999999999999999999", "2"))).as("out of range: an error, so none")
                .isEqualTo(org(2));
    }

    @Test
    void aRequestThatNamesNoOrgActsInTheCallersCurrentOrg() {
        assertThat(OrgContext.named(request(null, null))).isInstanceOf(OrgContext.Named.None.class);
        assertThat(OrgContext.named(request("-1", "0"))).isInstanceOf(OrgContext.Named.None.class);
        assertThat(OrgContext.named(request(null, "x"))).isInstanceOf(OrgContext.Named.None.class);
        assertThat(OrgContext.named(request("", ""))).isInstanceOf(OrgContext.Named.None.class);
        assertThat(OrgContext.current(new LegacyIdentity(new Caller("admin", Map.of()), 2, false))).isEqualTo(2);
        assertThat(OrgContext.current(new LegacyIdentity(new Caller("admin", Map.of()), 0, false))).isEqualTo(1);
    }

    @Test
    void aNumberOnlyALenientReadingTakesIsRefusedRatherThanGuessed() {
        for (String value : new String[] {" 2", "2 ", "\t2", "\u0662", "2\n"}) {
            assertThat(OrgContext.named(request(value, null))).as("[" + value + "]").isInstanceOf(OrgContext.Named.Unclear.class);
            assertThat(OrgContext.named(request(null, value))).as("[" + value + "]").isInstanceOf(OrgContext.Named.Unclear.class);
        }
        assertThat(OrgContext.named(request(" 2", "1"))).as("Grafana would fall back to the header; a trimming side would not")
                .isInstanceOf(OrgContext.Named.Unclear.class);
    }

    @Test
    void anOrgNamedTwiceDifferentlyIsRefusedAndTwiceAlikeIsThatOrg() {
        HttpServerExchange twice = request("2", null);
        twice.addQueryParam(OrgContext.TARGET_ORG_ID, "1");
        assertThat(OrgContext.named(twice)).isInstanceOf(OrgContext.Named.Unclear.class);

        HttpServerExchange headers = request(null, "2");
        headers.getRequestHeaders().add(OrgContext.ORG_HEADER, "1");
        assertThat(OrgContext.named(headers)).isInstanceOf(OrgContext.Named.Unclear.class);

        HttpServerExchange alike = request("2", null);
        alike.addQueryParam(OrgContext.TARGET_ORG_ID, "2");
        assertThat(OrgContext.named(alike)).isEqualTo(org(2));
    }

    @Test
    void theLaneFindsTargetOrgIdInARawQuery() {
        assertThat(OrgContext.targetOrgIdIn(null)).isNull();
        assertThat(OrgContext.targetOrgIdIn("a=1&b=2")).isNull();
        assertThat(OrgContext.targetOrgIdIn("targetOrgId=3&targetOrgId=4")).isEqualTo("3");
        assertThat(OrgContext.targetOrgIdIn("x=1&targetOrgId=2")).isEqualTo("2");
        assertThat(OrgContext.targetOrgIdIn("targetOrgIdX=2&targetOrgId")).isEqualTo("");
        assertThat(OrgContext.targetOrgIdIn("xtargetOrgId=2")).isNull();
        assertThat(OrgContext.targetOrgIdCount("targetOrgId=3&targetOrgId=4&xtargetOrgId=1")).isEqualTo(2);
        assertThat(OrgContext.targetOrgIdCount("a=1")).isZero();
        assertThat(OrgContext.named(OrgContext.targetOrgIdIn("targetOrgId=0"), "5")).isEqualTo(org(5));
    }
}
