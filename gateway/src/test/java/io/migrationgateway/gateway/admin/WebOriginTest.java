package io.migrationgateway.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebOriginTest {
    @Test
    void anOriginOrARefererNamesSchemeHostAndPortWithTheSchemesDefaultPort() {
        assertThat(WebOrigin.of("http://127.0.0.1:8081")).hasValue(new WebOrigin("http", "127.0.0.1", 8081));
        assertThat(WebOrigin.of("HTTP://Admin.Example")).hasValue(new WebOrigin("http", "admin.example", 80));
        assertThat(WebOrigin.of("https://admin.example/togglz/edit?f=x#top")).hasValue(new WebOrigin("https", "admin.example", 443));
        assertThat(WebOrigin.of("http://[::1]:8081/togglz/index")).hasValue(new WebOrigin("http", "[::1]", 8081));
    }

    @Test
    void originsDifferByAnyOfSchemeHostAndPort() {
        WebOrigin admin = new WebOrigin("http", "127.0.0.1", 8081);
        assertThat(WebOrigin.of("http://127.0.0.1:8081/")).hasValue(admin);
        assertThat(WebOrigin.of("https://127.0.0.1:8081")).isNotEqualTo(Optional.of(admin));
        assertThat(WebOrigin.of("http://localhost:8081")).isNotEqualTo(Optional.of(admin));
        assertThat(WebOrigin.of("http://127.0.0.1:3000")).isNotEqualTo(Optional.of(admin));
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "", "/togglz/index", "file:///etc/passwd", "ftp://127.0.0.1:8081", "http://", "http://a b", "%%"})
    void aValueNamingNoComparableOriginNamesNone(String value) {
        assertThat(WebOrigin.of(value)).isEmpty();
    }
}
