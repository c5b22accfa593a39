package io.migrationgateway.gateway.apis;

import io.migrationgateway.gateway.auth.IdentityChanges;
import io.migrationgateway.gateway.auth.LegacyAccess;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.gateway.config.ResourceApiConfig;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.resourceapi.ResourceApiHandler;
import io.migrationgateway.resourceapi.ResourceApiSettings;
import io.migrationgateway.resourceapi.rest.StoreSelector;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.NameRule;
import io.migrationgateway.storage.ObjectHistory;
import io.migrationgateway.storage.ObjectImport;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.storage.ObjectSearch;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.model.SearchableFields;
import io.migrationgateway.storage.sql.PostgresResourceStore;
import io.migrationgateway.storage.sql.StorageSettings;
import io.migrationgateway.translators.TranslatorRegistry;
import io.undertow.server.HttpHandler;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The Resource API the gateway serves itself: Grafana's kinds over unified storage in the gateway's
 * database, callers identified by the legacy deployment. Its store and identity client also serve the legacy
 * routes of resources in mode 4, so they run even when {@code /apis} is not served. Owns the store's background threads (watch
 * feed, history compaction) and the identity client, and stops them on {@link #close}.
 */
public final class EmbeddedResourceApi implements AutoCloseable {
    private final PostgresResourceStore store;
    private final LegacyAccess access;
    private final IdentityChanges identityChanges;
    private final Kinds kinds;
    private final ResourceApiConfig config;

    private EmbeddedResourceApi(PostgresResourceStore store, LegacyAccess access, IdentityChanges identityChanges, Kinds kinds,
                                ResourceApiConfig config) {
        this.store = store;
        this.access = access;
        this.identityChanges = identityChanges;
        this.kinds = kinds;
        this.config = config;
    }

    /**
     * Starts the store on {@code dataSource}, whose schema the gateway's database has already migrated, for the kinds
     * the translators declare (a new translator is a new kind on {@code /apis}, with nothing else to add).
     *
     * @param legacyClient   how callers' identities are asked of the legacy side (its owner closes it)
     * @param requestTimeout the longest a request's storage operation waits for each answer of the database
     */
    public static EmbeddedResourceApi start(ResourceApiConfig config, LegacyConfig legacy, LegacyClient legacyClient,
                                            DataSource dataSource, Duration requestTimeout, TranslatorRegistry translators,
                                            Namespaces namespaces) {
        StorageSettings defaults = StorageSettings.defaults();
        // Grafana's name rule: existing uids (n1jR8vnnz) stay the objects' names, as in Grafana's own apiserver
        StorageSettings storage = new StorageSettings(config.ha(), config.pollInterval(), defaults.watchBuffer(),
                config.historyRetention(), defaults.compactionInterval(), NameRule.GRAFANA, searchable(translators),
                versionsKept(translators), config.maxObjectBytes(), requestTimeout);
        PostgresResourceStore store = new PostgresResourceStore(dataSource, Clock.systemUTC(), storage);
        LegacyAccess access = LegacyAccess.create(legacyClient, legacy.identityCache(), namespaces);
        try {
            return new EmbeddedResourceApi(store, access, IdentityChanges.start(dataSource, access), Kinds.of(translators.kinds()), config);
        } catch (SQLException e) {
            store.close();
            access.close();
            throw new StorageUnavailableException("cannot listen for identity changes on the gateway's database: " + e.getMessage(), e);
        }
    }

    /** What each kind declares searchable, as the store indexes it. */
    private static Map<GroupResource, SearchableFields> searchable(TranslatorRegistry translators) {
        Map<GroupResource, SearchableFields> declared = new HashMap<>();
        for (var kind : translators.kinds()) {
            declared.put(kind.groupResource(), kind.searchable());
        }
        return declared;
    }

    /** How many versions of each object the kinds that serve versions keep. */
    private static Map<GroupResource, Integer> versionsKept(TranslatorRegistry translators) {
        Map<GroupResource, Integer> kept = new HashMap<>();
        for (Translator translator : translators.all()) {
            if (translator.versionsKept() > 0) {
                kept.put(translator.kind().groupResource(), translator.versionsKept());
            }
        }
        return kept;
    }

    /**
     * The handler for every path {@link ResourceApiHandler#owns} claims, each call served from the store {@code stores}
     * picks: unified storage, or in modes 0–2 the legacy API ({@link io.migrationgateway.gateway.overlegacy.ModeStores}),
     * run on {@code workers}.
     */
    public HttpHandler handler(StoreSelector stores, Executor workers) {
        return new ResourceApiHandler(kinds, stores, access, ResourceApiSettings.defaults().withMaxBodyBytes(config.maxRequestBody()),
                workers);
    }

    /** The unified storage behind the handler, which also answers legacy routes in modes 3 to 5. */
    public ResourceStore store() {
        return store;
    }

    /** The same store as searches see it. */
    public ObjectSearch search() {
        return store;
    }

    /** The same store as the versions of an object see it. */
    public ObjectHistory history() {
        return store;
    }

    /** The same store as the batched writes of the migration jobs' copies see it. */
    public ObjectImport imports() {
        return store;
    }

    /** Who a caller is, asked of the legacy side; the legacy request path shares it, and so its cache. */
    public LegacyAccess access() {
        return access;
    }

    /** Where a write of what the legacy side authenticates with is announced, so every replica forgets its cached identities. */
    public IdentityChanges identityChanges() {
        return identityChanges;
    }

    @Override
    public void close() {
        identityChanges.close();
        store.close();
        access.close();
    }
}
