package io.migrationgateway.resourceapi.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.resourceapi.discovery.AggregatedVersion;
import io.migrationgateway.resourceapi.status.ApiException;
import org.junit.jupiter.api.Test;

class NegotiationTest {
    @Test
    void noAcceptMeansJson() {
        assertThat(Negotiation.forObjects(null)).isEqualTo(ResponseFormat.JSON);
        assertThat(Negotiation.forObjects("")).isEqualTo(ResponseFormat.JSON);
    }

    @Test
    void kubectlGetAsksForATable() {
        ResponseFormat format = Negotiation.forObjects("application/json;as=Table;v=v1;g=meta.k8s.io,"
                + "application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json");
        assertThat(format.tableVersion()).isEqualTo("v1");
        assertThat(format.contentType()).isEqualTo("application/json;as=Table;v=v1;g=meta.k8s.io");
    }

    @Test
    void unknownAsFallsThroughToTheNextRange() {
        ResponseFormat format = Negotiation.forObjects(
                "application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io,application/json");
        assertThat(format.table()).isFalse();
        assertThat(format.encoding()).isEqualTo(Encoding.JSON);
    }

    @Test
    void yamlAndWildcards() {
        assertThat(Negotiation.forObjects("application/yaml").encoding()).isEqualTo(Encoding.YAML);
        assertThat(Negotiation.forObjects("*/*;q=0.8").encoding()).isEqualTo(Encoding.JSON);
        assertThat(Negotiation.forObjects("text/html, application/yaml;q=0.5").encoding()).isEqualTo(Encoding.YAML);
    }

    @Test
    void nothingAcceptableIsRefused() {
        assertThatThrownBy(() -> Negotiation.forObjects("application/vnd.kubernetes.protobuf"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status().code()).isEqualTo(406));
    }

    @Test
    void aggregatedDiscoveryOnlyWhereOfferedAndInOrder() {
        String v2First = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
                + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
        assertThat(Negotiation.forDiscovery(v2First).aggregated()).isEqualTo(AggregatedVersion.V2);
        assertThat(Negotiation.forDiscovery("application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,"
                + "application/json").aggregated()).isEqualTo(AggregatedVersion.V2BETA1);
        assertThat(Negotiation.forDiscovery("application/json, */*").aggregated()).isNull();
        assertThat(Negotiation.forObjects(v2First).aggregated()).isNull();
    }
}
