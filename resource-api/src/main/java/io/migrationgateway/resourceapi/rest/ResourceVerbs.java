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
 * The verbs on resources over the store a {@link StoreSelector} picks per call, each served by its own handler.
 * Thread-safe.
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

    public ResourceVerbs(Kinds kinds, StoreSelector stores, Codecs codecs, ResponseWriter writer, StatusErrors errors,
                         Settings settings) {
        Objects.requireNonNull(stores, "stores");
        ResourceOutput output = new ResourceOutput(writer, new TableConverter(settings.clock()), codecs);
        IncomingObject incoming = new IncomingObject(codecs);
        Admission admission = new Admission(kinds, errors);
        Clock clock = settings.clock();
        handlers.put(Verb.GET, new GetVerb(stores, output));
        handlers.put(Verb.LIST, new ListVerb(stores, output));
        handlers.put(Verb.WATCH, new WatchVerb(stores, output, codecs, errors, settings.bookmarkInterval(),
                settings.maxWatch()));
        handlers.put(Verb.CREATE, new CreateVerb(stores, output, incoming, admission, clock));
        handlers.put(Verb.UPDATE, new UpdateVerb(stores, output, incoming, admission, clock));
        handlers.put(Verb.PATCH, new PatchVerb(stores, output, incoming, codecs, admission,
                new ApplyPatch(stores, output, admission, clock), clock));
        handlers.put(Verb.DELETE, new DeleteVerb(stores, output, incoming, codecs));
        handlers.put(Verb.DELETECOLLECTION, new DeleteCollectionVerb(stores, output, incoming, codecs));
    }

    public void serve(ResourceCall call) throws IOException {
        handlers.get(call.verb()).serve(call);
    }
}
