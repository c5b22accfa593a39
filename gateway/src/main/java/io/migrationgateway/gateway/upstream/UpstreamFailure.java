package io.migrationgateway.gateway.upstream;

import static net.logstash.logback.argument.StructuredArguments.kv;

import io.undertow.util.AttachmentKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Why the legacy upstream did not answer a request, and what the caller gets instead. Each kind maps to
 * exactly one status code, so the mapping lives in one place (like Undertow's ProxyHandler turning
 * "no backend" into 503 and a timeout into 504).
 */
public enum UpstreamFailure {
    /** The connection was refused, reset, or closed before a complete response head arrived. */
    UNREACHABLE(502, "Bad gateway: the legacy service did not answer"),
    /** No TCP connection within {@code legacy.connect-timeout}. */
    CONNECT_TIMEOUT(504, "Gateway timeout: could not connect to the legacy service in time"),
    /** No response head within {@code legacy.response-timeout}. */
    RESPONSE_TIMEOUT(504, "Gateway timeout: the legacy service did not answer in time"),
    /** Every pooled connection was busy and the wait queue was full. */
    QUEUE_FULL(503, "Service unavailable: too many requests waiting for the legacy service"),
    /** The circuit breaker is open after too many failures. */
    CIRCUIT_OPEN(503, "Service unavailable: the legacy service is failing, retry later");

    /** Set on an exchange once the upstream call has failed; read by the error responder and the breaker. */
    public static final AttachmentKey<UpstreamFailure> ATTACHMENT = AttachmentKey.create(UpstreamFailure.class);

    private final int status;
    private final String message;

    UpstreamFailure(int status, String message) {
        this.status = status;
        this.message = message;
    }

    public int status() {
        return status;
    }

    public String message() {
        return message;
    }

    /** Logs, once per request, that the caller got this failure's answer instead of the upstream's. */
    public void log(String requestId, String method, String path) {
        Holder.LOG.warn("{} {} {} {} {}", kv("request_id", requestId), kv("failure", name().toLowerCase(java.util.Locale.ROOT)),
                kv("status", status), kv("method", method), kv("path", path));
    }

    /** Enum constants are made before static fields; the logger waits in a holder. */
    private static final class Holder {
        static final Logger LOG = LoggerFactory.getLogger("upstream");
    }

    /** True for failures the breaker should count against the upstream (everything but its own refusal). */
    public boolean countsAgainstUpstream() {
        return this != CIRCUIT_OPEN;
    }
}
