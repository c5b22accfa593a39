package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.resourceapi.http.ResponseWriter;
import io.migrationgateway.resourceapi.http.Verb;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.migrationgateway.storage.ResourceStore;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The verbs on resources over one {@link ResourceStore}, each served by its own handler. Thread-safe.
 */
public final class ResourceVerbs {
    /**
     * @param bookmarkInterval how often an idle watch that allows bookmarks gets one
     * @param maxWatch         the longest a watch stream stays open ({@code timeoutSeconds} is capped by it)
     * @param clock            the time of managed-fields entries and of Table ages
     */
    public record Settings(Duration bookmarkInterval, Duration maxWatch, Clock clock) {
        public Settings {
            Objects.requireNonNull(bookmarkInterval, "bookmarkInterval");
            Objects.requireNonNull(maxWatch, "maxWatch");
            Objects.requireNonNull(clock, "clock");
        }
    }

    private final Map<Verb, VerbHandler> handlers = new EnumMap<>(Verb.class);

    public ResourceVerbs(Kinds kinds, ResourceStore store, Codecs codecs, ResponseWriter writer, StatusErrors errors,
                         Settings settings) {
        Objects.requireNonNull(store, "store");
        ResourceOutput output = new ResourceOutput(writer, new TableConverter(settings.clock()));
        IncomingObject incoming = new IncomingObject(codecs);
        Admission admission = new Admission(kinds, errors);
        Clock clock = settings.clock();
        handlers.put(Verb.GET, new GetVerb(store, output));
        handlers.put(Verb.LIST, new ListVerb(store, output));
        handlers.put(Verb.WATCH, new WatchVerb(store, output, codecs, errors, settings.bookmarkInterval(),
                settings.maxWatch()));
        handlers.put(Verb.CREATE, new CreateVerb(store, output, incoming, admission, clock));
        handlers.put(Verb.UPDATE, new UpdateVerb(store, output, incoming, admission, clock));
        handlers.put(Verb.PATCH, new PatchVerb(store, output, incoming, codecs, admission,
                new ApplyPatch(store, output, admission, clock), clock));
        handlers.put(Verb.DELETE, new DeleteVerb(store, output, incoming, codecs));
        handlers.put(Verb.DELETECOLLECTION, new DeleteCollectionVerb(store, output, incoming, codecs));
    }

    public void serve(ResourceCall call) throws IOException {
        handlers.get(call.verb()).serve(call);
    }
}
