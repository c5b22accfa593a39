package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.http.Attachments;
import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.resourceapi.http.Encoding;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import io.undertow.util.Headers;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET ...?watch=true}: a chunked stream of one JSON event per line ({@code {"type":"ADDED","object":...}}),
 * flushed per event. Opening the watch happens before the response starts, so a too-old {@code resourceVersion}
 * is a plain 410 Status; once streaming, failures are sent as a final {@code ERROR} event.
 *
 * <p>The stream ends cleanly after {@code timeoutSeconds} (capped by the server's maximum), and is released
 * within a poll interval when the client goes away. {@code BOOKMARK} events are sent only when the client
 * allowed them: kubectl prints an unasked-for bookmark as a garbage row.
 */
final class WatchVerb implements VerbHandler {
    private static final Logger LOG = LoggerFactory.getLogger(WatchVerb.class);
    /** How long one wait for an event may block: bounds how late a disconnect or a deadline is noticed. */
    private static final Duration POLL = Duration.ofMillis(500);

    private final StoreSelector stores;
    private final ResourceOutput output;
    private final Codecs codecs;
    private final StatusErrors errors;
    private final Duration bookmarkInterval;
    private final Duration maxDuration;

    WatchVerb(StoreSelector stores, ResourceOutput output, Codecs codecs, StatusErrors errors, Duration bookmarkInterval,
              Duration maxDuration) {
        this.stores = stores;
        this.output = output;
        this.codecs = codecs;
        this.errors = errors;
        this.bookmarkInterval = bookmarkInterval;
        this.maxDuration = maxDuration;
    }

    @Override
    public void serve(ResourceCall call) throws IOException {
        ResourceStore store = stores.storeFor(call);
        if (asksForWebSocket(call)) {
            // Watches are served as a chunked stream only. Clients that try a WebSocket first (fabric8) fall back to
            // the stream when the upgrade is answered by a plain, finished 200, as they do for kubectl proxy
            // (kubernetes#25126); a streaming 200 would leave their WebSocket handshake waiting forever.
            call.exchange().setStatusCode(200);
            call.exchange().setResponseContentLength(0);
            call.exchange().setPersistent(false);
            return;
        }
        NamespaceScope scope = NamespaceScope.of(call.target(), call.caller());
        Selection selection = Selection.of(call);
        TableConverter.IncludeObject include = TableConverter.IncludeObject.parse(call.param("includeObject"));
        Duration duration = duration(call.param("timeoutSeconds"));
        boolean bookmarks = call.flag("allowWatchBookmarks");
        String from = call.param("resourceVersion");
        long lastVersion = startingVersion(store, call, from);

        Watch watch = store.watch(call.kind().groupResource(), new WatchOptions(scope.storeNamespace(),
                selection.labels(), selection.fields(), from == null || from.isEmpty() ? null : from));
        boolean released = false;
        try {
            AtomicBoolean gone = ClientGone.flag(call.exchange());
            call.exchange().setStatusCode(200);
            // a watch is always JSON lines; the Table media type tells kubectl the event objects are Tables
            call.exchange().getResponseHeaders().put(Headers.CONTENT_TYPE,
                    call.format().table() ? call.format().contentType() : Encoding.JSON.mediaType());
            // streamed with blocking writes from this (virtual) thread, which ends the exchange too
            call.exchange().startBlocking();
            OutputStream out = call.exchange().getOutputStream();
            out.flush();
            stream(call, watch, out, scope, include, bookmarks, lastVersion, System.nanoTime() + duration.toNanos(), gone);
            // released before the stream's last chunk, so a client that saw the end finds nothing held for it
            watch.close();
            released = true;
            out.close();
        } catch (IOException e) {
            // the client went away mid-write: nothing is left to answer
            LOG.debug("watch {} ended by the client: {}", requestId(call), e.getMessage());
        } catch (RuntimeException e) {
            if (call.exchange().getConnection().isOpen()) {
                throw e;
            }
            // the connection was closed under a write (ClientGone closes it when the client goes): Undertow's stream
            // then fails with its buffer gone rather than with an IOException
            LOG.debug("watch {} ended by the client during a write: {}", requestId(call), e.toString());
        } finally {
            if (!released) {
                watch.close();
            }
        }
        call.exchange().endExchange();
    }

    private static boolean asksForWebSocket(ResourceCall call) {
        String upgrade = call.exchange().getRequestHeaders().getFirst(Headers.UPGRADE);
        return upgrade != null && upgrade.equalsIgnoreCase("websocket");
    }

    private void stream(ResourceCall call, Watch watch, OutputStream out, NamespaceScope scope,
                        TableConverter.IncludeObject include, boolean bookmarks, long lastVersion, long deadline,
                        AtomicBoolean gone) throws IOException {
        long nextBookmark = System.nanoTime() + bookmarkInterval.toNanos();
        boolean firstBookmarkSent = false;
        while (!gone.get() && !watch.isDone()) {
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                return;
            }
            WatchEvent event;
            try {
                event = watch.poll(Duration.ofNanos(Math.min(POLL.toNanos(), deadline - now)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                write(out, "ERROR", errors.toStatus(e, requestId(call)).toJson());
                return;
            }
            if (event == null) {
                // idle: the initial burst is over, so a first bookmark can tell the client where it stands
                if (bookmarks && (!firstBookmarkSent || System.nanoTime() - nextBookmark >= 0)) {
                    write(out, "BOOKMARK", bookmark(call, lastVersion));
                    firstBookmarkSent = true;
                    nextBookmark = System.nanoTime() + bookmarkInterval.toNanos();
                }
                continue;
            }
            lastVersion = Math.max(lastVersion, event.resourceVersion());
            switch (event.type()) {
                case ADDED, MODIFIED, DELETED -> {
                    if (scope.shows(event.object())) {
                        write(out, event.type().name(), output.eventObject(call, event.object(), include));
                    }
                }
                case BOOKMARK -> {
                    if (bookmarks) {
                        write(out, "BOOKMARK", bookmark(call, lastVersion));
                    }
                }
                case ERROR -> {
                    write(out, "ERROR", event.object());
                    return;
                }
            }
        }
    }

    private void write(OutputStream out, String type, JsonNode object) throws IOException {
        ObjectNode event = JsonNodeFactory.instance.objectNode();
        event.put("type", type);
        event.set("object", object);
        byte[] line = codecs.write(event, Encoding.JSON);
        out.write(line);
        out.write('\n');
        out.flush();
    }

    private static ObjectNode bookmark(ResourceCall call, long resourceVersion) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("kind", call.kind().kind());
        object.put("apiVersion", call.target().apiVersion());
        object.putObject("metadata").put("resourceVersion", Long.toString(resourceVersion));
        return object;
    }

    /**
     * Where the stream starts, for bookmarks: the given resource version, else (a watch from the current state)
     * the latest one, read before the watch opens so that a bookmark never claims more than was sent.
     */
    private static long startingVersion(ResourceStore store, ResourceCall call, String from) {
        if (from != null && !from.isEmpty() && !from.equals("0")) {
            try {
                return Long.parseLong(from);
            } catch (NumberFormatException e) {
                throw StatusErrors.badRequest("resourceVersion: Invalid value: \"" + from + "\": must be a number");
            }
        }
        return store.currentResourceVersion(call.kind().groupResource());
    }

    private Duration duration(String timeoutSeconds) {
        if (timeoutSeconds == null || timeoutSeconds.isEmpty()) {
            return maxDuration;
        }
        try {
            long seconds = Long.parseLong(timeoutSeconds);
            return seconds <= 0 ? maxDuration : Duration.ofSeconds(Math.min(seconds, maxDuration.toSeconds()));
        } catch (NumberFormatException e) {
            throw StatusErrors.badRequest("timeoutSeconds: Invalid value: \"" + timeoutSeconds + "\": must be an integer");
        }
    }

    private static String requestId(ResourceCall call) {
        return call.exchange().getAttachment(Attachments.REQUEST_ID);
    }
}
