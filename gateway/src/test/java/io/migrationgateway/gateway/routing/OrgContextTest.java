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

    @Test
    void targetOrgIdWinsOverTheHeader() {
        assertThat(OrgContext.requested(request("3", "2"))).hasValue(3);
    }

    @Test
    void theHeaderNamesTheOrgWhenTargetOrgIdIsAbsentZeroOrNotANumber() {
        assertThat(OrgContext.requested(request(null, "2"))).hasValue(2);
        assertThat(OrgContext.requested(request("0", "2"))).hasValue(2);
        assertThat(OrgContext.requested(request("two", "2"))).hasValue(2);
    }

    @Test
    void aRequestThatNamesNoOrgActsInTheCallersCurrentOrg() {
        assertThat(OrgContext.requested(request(null, null))).isEmpty();
        assertThat(OrgContext.requested(request("-1", "0"))).isEmpty();
        assertThat(OrgContext.requested(request(null, "x"))).isEmpty();
        assertThat(OrgContext.current(new LegacyIdentity(new Caller("admin", Map.of()), 2, false))).isEqualTo(2);
        assertThat(OrgContext.current(new LegacyIdentity(new Caller("admin", Map.of()), 0, false))).isEqualTo(1);
    }

    @Test
    void theLaneFindsTheFirstTargetOrgIdInARawQuery() {
        assertThat(OrgContext.targetOrgIdIn(null)).isNull();
        assertThat(OrgContext.targetOrgIdIn("a=1&b=2")).isNull();
        assertThat(OrgContext.targetOrgIdIn("targetOrgId=3&targetOrgId=4")).isEqualTo("3");
        assertThat(OrgContext.targetOrgIdIn("x=1&targetOrgId=2")).isEqualTo("2");
        assertThat(OrgContext.targetOrgIdIn("targetOrgIdX=2&targetOrgId")).isEqualTo("");
        assertThat(OrgContext.targetOrgIdIn("xtargetOrgId=2")).isNull();
        assertThat(OrgContext.requested(OrgContext.targetOrgIdIn("targetOrgId=0"), "5")).hasValue(5);
    }
}
