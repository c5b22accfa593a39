package io.migrationgateway.translators.grafana;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.Fixtures;
import org.junit.jupiter.api.Test;

class GrafanaResourcesTest {
    @Test
    void theListedKindsAreTheTranslatorsKindsInTheirOrder() {
        assertThat(GrafanaResources.KINDS).isEqualTo(GrafanaResources.translators(new Fixtures().settings()).kinds());
    }
}
