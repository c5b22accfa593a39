package io.migrationgateway.gateway.overlegacy;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.migration.Serving;
import io.migrationgateway.gateway.migration.ModeDecisions;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.translators.table.LegacyTables;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.resourceapi.rest.ResourceCall;
import io.migrationgateway.resourceapi.rest.StoreSelector;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.DataSource;

/**
 * Picks the store of each Resource API call by its resource's migration mode in the call's namespace (DESIGN §3):
 * modes 0–2 keep the legacy deployment as the source of truth, so the call is served from the legacy API through
 * the resource's translator, as the caller; modes 3–5 are served from unified storage, each write admitted by the
 * translator and, in mode 3, copied to the legacy side ({@link ApiWrites}). A call across all namespaces
 * follows the resource's default mode. Owns the pollers of legacy changes.
 */
public final class ModeStores implements StoreSelector, AutoCloseable {
    /** How long polling for legacy changes goes on after the last list, so a list followed by a watch misses nothing. */
    private static final Duration LINGER = Duration.ofMinutes(5);

    private final ModeDecisions modes;
    private final ResourceStore unified;
    private final LegacyClient legacy;
    private final ScheduledExecutorService poller;
    private final Map<String, Translator> translators = new HashMap<>();
    private final Map<String, LegacyChanges> changes = new HashMap<>();
    private final Map<String, LegacyTablePages> tablePages = new HashMap<>();
    private final int maxObjectBytes;
    private final KeptMetadataStore kept;
    private final LegacyCopies writer;
    private final Runnable identitiesChanged;

    /**
     * @param legacyDatabase the legacy deployment's database, read to see changes made around the gateway; without
     *                       it, watches over legacy see the changes made through the gateway only
     * @param tables         the legacy tables, which lists read a page at a time where the legacy database is given
     * @param pollInterval   how often that database is read while someone watches
     * @param maxObjectBytes the largest object written through the legacy API, as unified storage would store it
     * @param kept           the metadata of objects that the legacy side cannot keep
     * @param writer         copies mode-3 writes to the legacy side
     * @param identitiesChanged forgets the gateway's cached caller identities
     */
    public ModeStores(TranslatorRegistry registry, ModeDecisions modes, ResourceStore unified, LegacyClient legacy,
                      Optional<DataSource> legacyDatabase, LegacyTables tables, Duration pollInterval, int maxObjectBytes,
                      KeptMetadataStore kept, LegacyCopies writer, Runnable identitiesChanged) {
        this.writer = writer;
        this.identitiesChanged = identitiesChanged;
        this.modes = modes;
        this.kept = kept;
        this.maxObjectBytes = maxObjectBytes;
        this.unified = unified;
        this.legacy = legacy;
        this.poller = OutOfMemoryPolicy.scheduler("legacy-changes");
        Namespaces namespaces = modes.namespaces();
        for (Translator translator : registry.all()) {
            String resource = translator.kind().qualifiedResource();
            translators.put(resource, translator);
            changes.put(resource, new LegacyChanges(translator.kind(), legacyDatabase, tables.forResource(resource)
                            .flatMap(LegacyTable::changeQuery).map(LegacyChanges.ChangeQuery::new),
                    namespaces, poller, pollInterval, LINGER, Clock.systemUTC()));
            legacyDatabase.ifPresent(database -> tables.forResource(resource).filter(LegacyTable::versioned)
                    .ifPresent(table -> tablePages.put(resource, new LegacyTablePages(database, table, namespaces))));
        }
    }

    @Override
    public ResourceStore storeFor(ResourceCall call) {
        String resource = call.kind().plural() + "." + call.kind().group();
        String namespace = call.target().namespace();
        Translator translator = translators.get(resource);
        Mode mode = modes.resourceApiMode(resource, namespace);
        if (Serving.of(mode).resourceApiOnUnified()) {
            return new ApiWrites(unified, translator, true, followUp(translator, mode, call.header("Authorization")));
        }
        LegacyBackedStore store = new LegacyBackedStore(translator, legacy, call.header("Authorization"),
                new TreeSet<>(call.caller().roles().keySet()), changes.get(resource), Optional.ofNullable(tablePages.get(resource)),
                maxObjectBytes, kept);
        return translator.legacySideReadsIt() ? new ApiWrites(store, translator, false, followUp(translator, mode, "")) : store;
    }

    /**
     * Mode 3: the write copied to the legacy side, kept for a rollback, as a legacy route's write is (what it does not
     * take waits in the outbox). A kind the legacy side reads for itself (service accounts): the gateway's cached
     * identities forgotten, so a token made or revoked counts at once for its own identity checks.
     */
    private ApiWrites.FollowUp followUp(Translator translator, Mode mode, String authorization) {
        boolean copied = mode == Mode.UNIFIED_READ;
        boolean forget = translator.legacySideReadsIt();
        if (!copied && !forget) {
            return ApiWrites.FollowUp.NONE;
        }
        return new ApiWrites.FollowUp() {
            @Override
            public long before(String namespace, String name) {
                return copied ? writer.openIntent(mode, translator, namespace, name) : 0;
            }

            @Override
            public void after(long opened, String namespace, String name, boolean written) {
                try {
                    if (copied && written) {
                        writer.copyToLegacy(translator, namespace, name, authorization);
                    }
                } finally {
                    if (opened != 0) {
                        writer.closeIntent(opened);
                    }
                    if (forget && written) {
                        identitiesChanged.run();
                    }
                }
            }
        };
    }

    @Override
    public void close() {
        changes.values().forEach(LegacyChanges::close);
        poller.shutdownNow();
    }
}
