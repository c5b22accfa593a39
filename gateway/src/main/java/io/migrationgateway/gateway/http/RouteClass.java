package io.migrationgateway.gateway.http;

import io.undertow.util.AttachmentKey;

/**
 * How the gateway served a request, the {@code route_class} label of request metrics. Pass-through is
 * the default until route matching (translated resources) marks an exchange otherwise.
 */
public enum RouteClass {
    PASSTHROUGH,
    TRANSLATED,
    RESOURCE_API,
    GATEWAY;

    public static final AttachmentKey<RouteClass> ATTACHMENT = AttachmentKey.create(RouteClass.class);

    /** The metric label value. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
