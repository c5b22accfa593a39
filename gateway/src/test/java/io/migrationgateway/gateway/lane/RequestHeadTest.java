package io.migrationgateway.gateway.lane;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.http.HopByHop;
import io.undertow.util.Methods;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class RequestHeadTest {
    private final RequestHead head = new RequestHead(8 * 1024, 64);

    private static ByteBuffer bytes(String text) {
        ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
        buffer.put(text.getBytes(StandardCharsets.ISO_8859_1));
        return buffer;
    }

    private RequestHead.Verdict parse(String text) {
        ByteBuffer buffer = bytes(text);
        return head.parse(buffer, buffer.position());
    }

    private String upstreamHead(String text) {
        return upstreamHead(text, false);
    }

    private String upstreamHead(String text, boolean trustedPeer) {
        assertThat(parse(text)).isEqualTo(RequestHead.Verdict.FORWARD);
        ByteBuffer out = ByteBuffer.allocate(16 * 1024);
        RequestIdBytes id = new RequestIdBytes();
        id.keepOrMake(ByteBuffer.wrap("req-1".getBytes(StandardCharsets.ISO_8859_1)), 0, 5);
        head.writeUpstream(out, id, "127.0.0.1", trustedPeer);
        return new String(out.array(), 0, out.position(), StandardCharsets.ISO_8859_1);
    }

    @Test
    void aPlainGetIsForwardedWithItsPathAndQueryAsSent() {
        assertThat(parse("GET /api/search?query=a%20b&tag=x HTTP/1.1\r\nHost: grafana.example\r\nAccept: */*\r\n\r\n"))
                .isEqualTo(RequestHead.Verdict.FORWARD);
        assertThat(head.method()).isEqualTo(Methods.GET);
        assertThat(head.rawPath()).isEqualTo("/api/search");
        assertThat(head.length()).isEqualTo("GET /api/search?query=a%20b&tag=x HTTP/1.1\r\nHost: grafana.example\r\nAccept: */*\r\n\r\n".length());
        assertThat(head.wantsClose()).isFalse();
        assertThat(upstreamHead("GET /api/search?query=a%20b&tag=x HTTP/1.1\r\nHost: grafana.example\r\n\r\n"))
                .as("the target as sent: path and query, percent-encoded")
                .startsWith("GET /api/search?query=a%20b&tag=x HTTP/1.1\r\n");
    }

    @Test
    void aHeadCutShortIsIncompleteUntilItsEmptyLine() {
        assertThat(parse("GET /api/search HTT")).isEqualTo(RequestHead.Verdict.INCOMPLETE);
        assertThat(parse("GET /api/search HTTP/1.1\r\nHost: grafana.example\r\nAcc")).isEqualTo(RequestHead.Verdict.INCOMPLETE);
        assertThat(parse("GET /api/search HTTP/1.1\r\nHost: grafana.example\r\n\r")).isEqualTo(RequestHead.Verdict.INCOMPLETE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET /h09\r\n", "GET /h09\n", "GET /api HTTP/1.0\r\n", "GET /api HTTP/2", "GET /api HTTP/1.1\n", "GET /api  ",
            "GET api HTTP/1.1\r\n"})
    void aRequestLineThatCannotBecomeOneTheLaneTakesGoesToUndertowAtOnce(String start) {
        assertThat(parse(start)).isEqualTo(RequestHead.Verdict.HAND_OFF);
    }

    @Test
    void aRequestLineCutAnywhereInItsVersionIsIncomplete() {
        String line = "GET /api HTTP/1.1\r\n";
        for (int cut = "GET /api".length(); cut < line.length(); cut++) {
            assertThat(parse(line.substring(0, cut))).as(line.substring(0, cut)).isEqualTo(RequestHead.Verdict.INCOMPLETE);
        }
    }

    @Test
    void aHeadLargerThanTheLaneTakesGoesToUndertow() {
        String big = "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + "x".repeat(9000) + "\r\n\r\n";
        assertThat(parse(big)).isEqualTo(RequestHead.Verdict.HAND_OFF);
        assertThat(parse(big.substring(0, 8500))).isEqualTo(RequestHead.Verdict.HAND_OFF);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "GET /a HTTP/1.0\r\nHost: a\r\n\r\n",                                   // HTTP/1.0
            "POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}",            // a body
            "GET /a HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", // several lengths
            "POST /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n",     // a chunked body
            "PUT /a HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n",            // Expect
            "GET /a HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
            "GET /a HTTP/1.1\r\n\r\n",                                              // no Host
            "GET /a HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",                        // two Hosts
            "GET /a HTTP/1.1\r\nHost: a b\r\n\r\n",                                 // implausible Host
            "GET /a HTTP/1.1\r\nHost: a\r\nX-A: 1\r\n continued\r\n\r\n",           // obs-fold
            "GET /a HTTP/1.1\r\nHost: a\nX-A: 1\r\n\r\n",                           // bare LF
            "GET /a HTTP/1.1\r\nHost: a\r\nX-A: 1\u0000\r\n\r\n",                   // a control character
            "GET /a HTTP/1.1\r\nHost: a\r\nX-A : 1\r\n\r\n",                        // white space before the colon
            "GET http://evil.example/a HTTP/1.1\r\nHost: a\r\n\r\n",                // absolute form
            "CONNECT evil.example:443 HTTP/1.1\r\nHost: a\r\n\r\n",
            "TRACE /a HTTP/1.1\r\nHost: a\r\n\r\n",
            "get /a HTTP/1.1\r\nHost: a\r\n\r\n",                                   // methods are case-sensitive
            "PROPFIND /a HTTP/1.1\r\nHost: a\r\n\r\n",                              // a method the lane leaves to the chain
            "GET /a  HTTP/1.1\r\nHost: a\r\n\r\n",
            "GET /a HTTP/1.1 \r\nHost: a\r\n\r\n",
            "GET /a\u00e9 HTTP/1.1\r\nHost: a\r\n\r\n",                             // a raw non-ASCII byte in the target
    })
    void anythingButThePlainestHeadGoesToUndertow(String text) {
        assertThat(parse(text)).isEqualTo(RequestHead.Verdict.HAND_OFF);
    }

    @Test
    void aZeroContentLengthIsNoBody() {
        assertThat(parse("DELETE /api/dashboards/uid/a HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n"))
                .isEqualTo(RequestHead.Verdict.FORWARD);
        assertThat(head.method()).isEqualTo(Methods.DELETE);
    }

    @Test
    void hopByHopFieldsAndTheFieldsConnectionNamesAreNotSentOn() {
        String sent = upstreamHead("""
                GET /api/search HTTP/1.1\r
                Host: grafana.example\r
                Connection: keep-alive, X-Hop-Secret\r
                X-Hop-Secret: only-for-the-gateway\r
                Keep-Alive: timeout=5\r
                TE: trailers\r
                Trailer: X-Checksum\r
                Proxy-Authorization: Basic cHJveHk6cHJveHk=\r
                Proxy-Connection: keep-alive\r
                X-End-To-End: kept\r
                Authorization: Bearer glsa_secret\r
                \r
                """);

        assertThat(sent).startsWith("GET /api/search HTTP/1.1\r\nHost: grafana.example\r\nX-End-To-End: kept\r\n"
                + "Authorization: Bearer glsa_secret\r\n");
        assertThat(sent).doesNotContainIgnoringCase("hop-secret").doesNotContainIgnoringCase("keep-alive")
                .doesNotContain("TE:").doesNotContain("Trailer").doesNotContainIgnoringCase("proxy-");
        assertThat(sent).endsWith("\r\n\r\n");
    }

    @Test
    void theLaneDropsEveryFieldOfTheHopByHopRuleTheOtherWaysToTheLegacySideShare() {
        StringBuilder head = new StringBuilder("GET /api/search HTTP/1.1\r\nHost: grafana.example\r\n");
        // a request that upgrades is not the lane's: it goes to Undertow, whose chain strips the same fields
        HopByHop.FIELDS.stream().filter(name -> !name.equals("upgrade")).forEach(name -> head.append(name).append(": v\r\n"));
        head.append(HopByHop.PROXY_PREFIX).append("anything: v\r\nX-Kept: v\r\n\r\n");

        String sent = upstreamHead(head.toString());

        assertThat(sent).startsWith("GET /api/search HTTP/1.1\r\nHost: grafana.example\r\nX-Kept: v\r\n");
        HopByHop.FIELDS.forEach(name -> assertThat(sent).doesNotContainIgnoringCase("\n" + name + ":"));
        assertThat(sent).doesNotContainIgnoringCase(HopByHop.PROXY_PREFIX);
    }

    @Test
    void forwardedFieldsAreAddedOrAppendedToAsUndertowsProxyDoes() {
        String fresh = upstreamHead("GET / HTTP/1.1\r\nHost: grafana.example:3000\r\n\r\n");
        assertThat(fresh).contains("\r\nX-Request-Id: req-1\r\n", "\r\nX-Forwarded-For: 127.0.0.1\r\n",
                "\r\nX-Forwarded-Proto: http\r\n", "\r\nX-Forwarded-Host: grafana.example:3000\r\n", "\r\nX-Forwarded-Port: 3000\r\n",
                "\r\nX-Forwarded-Server: grafana.example\r\n");
        assertThat(upstreamHead("GET / HTTP/1.1\r\nHost: [::1]\r\n\r\n")).contains("\r\nX-Forwarded-Port: 80\r\n",
                "\r\nX-Forwarded-Server: ::1\r\n");
    }

    @Test
    void anUntrustedCallersForwardedClaimsAreReplacedByTheGatewaysOwn() {
        String claimed = upstreamHead("GET / HTTP/1.1\r\nHost: a:8080\r\nX-Forwarded-For: 203.0.113.7\r\n"
                + "X-Forwarded-For: 198.51.100.1\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: evil.example\r\n"
                + "x-forwarded-host: evil2.example\r\nX-Forwarded-Port: 444\r\nX-Forwarded-Server: evil\r\n"
                + "X-Request-Id: forged\r\nX-Request-Id: second\r\n\r\n");
        assertThat(claimed).contains("\r\nX-Forwarded-For: 203.0.113.7,127.0.0.1\r\n", "\r\nX-Forwarded-Proto: http\r\n",
                "\r\nX-Forwarded-Host: a:8080\r\n", "\r\nX-Forwarded-Port: 8080\r\n", "\r\nX-Forwarded-Server: a\r\n",
                "\r\nX-Request-Id: req-1\r\n");
        assertThat(claimed).doesNotContain("198.51.100.1", "https", "evil", "444", "forged", "second");
        RequestIdBytes kept = new RequestIdBytes();
        head.takeRequestId(kept);
        assertThat(kept.text()).isEqualTo("forged");
    }

    @Test
    void aTrustedProxysForwardedFieldsPassAsSent() {
        String behindAnother = upstreamHead("GET / HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: 203.0.113.7\r\n"
                + "X-Forwarded-For: 198.51.100.1\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: grafana.example\r\n"
                + "X-Request-Id: forged\r\n\r\n", true);
        assertThat(behindAnother).contains("\r\nX-Forwarded-For: 203.0.113.7,127.0.0.1\r\n", "\r\nX-Forwarded-Proto: https\r\n",
                "\r\nX-Forwarded-Host: grafana.example\r\n", "\r\nX-Forwarded-Port: 80\r\n", "\r\nX-Forwarded-Server: a\r\n",
                "\r\nX-Request-Id: req-1\r\n");
        assertThat(behindAnother).doesNotContain("198.51.100.1").doesNotContain("forged").doesNotContain("Proto: http\r");
        RequestIdBytes kept = new RequestIdBytes();
        head.takeRequestId(kept);
        assertThat(kept.text()).isEqualTo("forged");
    }

    @Test
    void connectionCloseIsNoticed() {
        assertThat(parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n")).isEqualTo(RequestHead.Verdict.FORWARD);
        assertThat(head.wantsClose()).isTrue();
    }
}
