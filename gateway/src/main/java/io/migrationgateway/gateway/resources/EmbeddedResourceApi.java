package io.migrationgateway.gateway.resources;

import io.migrationgateway.gateway.auth.LegacyAccess;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.gateway.config.ResourceApiConfig;
import io.migrationgateway.resourceapi.ResourceApiHandler;
import io.migrationgateway.resourceapi.ResourceApiSettings;
import io.migrationgateway.resourceapi.kinds.KindDeclaration;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.sql.PostgresResourceStore;
import io.migrationgateway.storage.sql.StorageSettings;
import io.migrationgateway.translators.TranslatorRegistry;
import io.undertow.server.HttpHandler;
import java.time.Clock;
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
    private final ResourceApiHandler handler;

    private EmbeddedResourceApi(PostgresResourceStore store, LegacyAccess access, ResourceApiHandler handler) {
        this.store = store;
        this.access = access;
        this.handler = handler;
    }

    /**
     * Starts the store on {@code dataSource}, whose schema the gateway's database has already migrated, serving the
     * kinds the translators declare (a new translator is a new kind on {@code /apis}, with nothing else to add).
     */
    public static EmbeddedResourceApi start(ResourceApiConfig config, LegacyConfig legacy, DataSource dataSource,
                                            TranslatorRegistry translators) {
        StorageSettings defaults = StorageSettings.defaults();
        StorageSettings storage = new StorageSettings(config.ha(), config.pollInterval(), defaults.watchBuffer(),
                config.historyRetention(), defaults.compactionInterval());
        PostgresResourceStore store = new PostgresResourceStore(dataSource, Clock.systemUTC(), storage);
        LegacyAccess access = LegacyAccess.create(legacy);
        ResourceApiHandler handler = new ResourceApiHandler(kindsOf(translators), store, access,
                ResourceApiSettings.defaults().withMaxBodyBytes(config.maxRequestBody()));
        return new EmbeddedResourceApi(store, access, handler);
    }

    private static Kinds kindsOf(TranslatorRegistry translators) {
        return Kinds.of(translators.kinds().stream()
                .map(kind -> new KindDeclaration(kind.group(), kind.versions(), kind.plural(), kind.singular(), kind.kind(),
                        kind.shortNames(), kind.openApi(), kind.specSchema(), kind.titleField()))
                .toList());
    }

    /** The handler for every path {@link ResourceApiHandler#owns} claims. */
    public HttpHandler handler() {
        return handler;
    }

    /** The unified storage behind the handler, which also answers legacy routes in mode 4. */
    public ResourceStore store() {
        return store;
    }

    /** Who a caller is, asked of the legacy side; the legacy request path shares it, and so its cache. */
    public LegacyAccess access() {
        return access;
    }

    @Override
    public void close() {
        store.close();
        access.close();
    }
}
