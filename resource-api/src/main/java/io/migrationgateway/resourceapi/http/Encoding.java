package io.migrationgateway.resourceapi.http;

/** How a body is written or read: JSON (the default everywhere) or YAML (on request). */
public enum Encoding {
    JSON("application/json"), YAML("application/yaml");

    private final String mediaType;

    Encoding(String mediaType) {
        this.mediaType = mediaType;
    }

    public String mediaType() {
        return mediaType;
    }
}
