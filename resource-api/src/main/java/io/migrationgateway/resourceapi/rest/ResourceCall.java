package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.resourceapi.auth.Caller;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.ResponseFormat;
import io.migrationgateway.resourceapi.http.Verb;
import io.migrationgateway.model.KindDeclaration;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.util.Deque;
import java.util.Objects;

/**
 * One request on a resource, as the chain's steps resolved it: what it names, what it does, who asks, and how
 * the answer is to be written.
 */
public record ResourceCall(HttpServerExchange exchange, ApiTarget.Resource target, Verb verb, Caller caller,
                           ResponseFormat format) {
    private static final HttpString WARNING = new HttpString("Warning");

    public ResourceCall {
        Objects.requireNonNull(exchange, "exchange");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(verb, "verb");
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(format, "format");
    }

    public KindDeclaration kind() {
        return target.kind();
    }

    /** The first value of a query parameter, or {@code null}. */
    public String param(String name) {
        Deque<String> values = exchange.getQueryParameters().get(name);
        return values == null ? null : values.peekFirst();
    }

    /** A boolean query parameter, read as the apiserver reads them. */
    public boolean flag(String name) {
        return Verb.isTrue(exchange.getQueryParameters(), name);
    }

    public String header(String name) {
        return exchange.getRequestHeaders().getFirst(name);
    }

    /** Adds a {@code Warning: 299 - "..."} header, the way the apiserver reports dropped fields to kubectl. */
    public void warn(String text) {
        exchange.getResponseHeaders().add(WARNING,
                "299 - \"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"");
    }
}
