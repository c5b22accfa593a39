package io.migrationgateway.gateway.lane;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestIdBytesTest {
    private static String kept(String callerValue) {
        RequestIdBytes id = new RequestIdBytes();
        ByteBuffer buffer = ByteBuffer.wrap(callerValue.getBytes(StandardCharsets.ISO_8859_1));
        id.keepOrMake(buffer, 0, buffer.limit());
        ByteBuffer out = ByteBuffer.allocate(256);
        id.put(out);
        assertThat(new String(out.array(), 0, out.position(), StandardCharsets.ISO_8859_1)).isEqualTo(id.text());
        return id.text();
    }

    @Test
    void aPlausibleCallerIdIsKept() {
        assertThat(kept("a1b2-C3.d4_e5:f6")).isEqualTo("a1b2-C3.d4_e5:f6");
        assertThat(kept("x".repeat(128))).hasSize(128);
    }

    @Test
    void anythingElseIsReplacedByANewId() {
        for (String forged : new String[] {"", "x".repeat(129), "two words", "<script>", "é"}) {
            assertThat(kept(forged)).as(forged).matches("[0-9a-f]{32}");
        }
        assertThat(kept("")).isNotEqualTo(kept(""));
    }
}
