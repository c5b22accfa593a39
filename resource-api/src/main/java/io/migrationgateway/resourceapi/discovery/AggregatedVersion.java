package io.migrationgateway.resourceapi.discovery;

/**
 * The aggregated discovery versions served. A client names the one it understands in {@code Accept}; answering
 * another breaks it (kubectl 1.27 only knows v2beta1), so each is answered only when asked for.
 */
public enum AggregatedVersion {
    V2("v2"), V2BETA1("v2beta1");

    private final String version;

    AggregatedVersion(String version) {
        this.version = version;
    }

    public String version() {
        return version;
    }

    /** The response content type that tells client-go the body is aggregated discovery. */
    public String contentType() {
        return "application/json;g=apidiscovery.k8s.io;v=" + version + ";as=APIGroupDiscoveryList";
    }
}
