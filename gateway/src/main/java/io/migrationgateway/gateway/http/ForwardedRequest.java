package io.migrationgateway.gateway.http;

import io.undertow.util.AttachmentKey;

/**
 * The request an exchange is forwarding upstream while its body streams, attached to the exchange by whoever forwards it
 * ({@code upstream.GuardedProxyClient}), so that a step that finds the rest of the body bad can abandon it: the upstream
 * must then see a connection that broke off, never a request it could take for whole.
 */
public interface ForwardedRequest {
    AttachmentKey<ForwardedRequest> ATTACHMENT = AttachmentKey.create(ForwardedRequest.class);

    /** Cuts the upstream connection at once, without ending the body it was sending. */
    void abandon();
}
