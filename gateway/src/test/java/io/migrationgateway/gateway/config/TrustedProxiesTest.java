package io.migrationgateway.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TrustedProxiesTest {
    private static boolean trusts(TrustedProxies proxies, String address) throws Exception {
        return proxies.trusts(InetAddress.getByName(address));
    }

    @Test
    void addressesAndRangesOfBothFamiliesAreTrustedAndNothingElse() throws Exception {
        TrustedProxies proxies = TrustedProxies.parse("server.trusted-proxies", List.of("10.0.0.0/8", "192.168.1.7", "172.16.0.0/12",
                "fd00::/8", "::1", "203.0.113.128/25"));

        assertThat(trusts(proxies, "10.200.3.4")).isTrue();
        assertThat(trusts(proxies, "11.0.0.1")).isFalse();
        assertThat(trusts(proxies, "192.168.1.7")).isTrue();
        assertThat(trusts(proxies, "192.168.1.8")).isFalse();
        assertThat(trusts(proxies, "172.31.255.255")).isTrue();
        assertThat(trusts(proxies, "172.32.0.0")).isFalse();
        assertThat(trusts(proxies, "203.0.113.200")).isTrue();
        assertThat(trusts(proxies, "203.0.113.100")).isFalse();
        assertThat(trusts(proxies, "fd12:3456::1")).isTrue();
        assertThat(trusts(proxies, "fe80::1")).isFalse();
        assertThat(trusts(proxies, "::1")).isTrue();
        assertThat(trusts(proxies, "::ffff:10.1.1.1")).as("IPv4-mapped").isTrue();
    }

    @Test
    void anEmptyListTrustsNobody() throws Exception {
        assertThat(trusts(TrustedProxies.parse("server.trusted-proxies", List.of()), "127.0.0.1")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "localhost", "proxy.example", "10.0.0.0/33", "fd00::/129", "10.0.0/8", "10.0.0.0/x", "300.1.1.1", "10.0.0.0/-1"})
    void anEntryThatIsNotAnAddressOrRangeStopsStartupNamingIt(String entry) {
        assertThatThrownBy(() -> TrustedProxies.parse("server.trusted-proxies", List.of("10.0.0.1", entry)))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).key()).isEqualTo("server.trusted-proxies[1]"));
    }
}
