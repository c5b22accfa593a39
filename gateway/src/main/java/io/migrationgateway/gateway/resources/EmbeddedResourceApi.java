package io.migrationgateway.gateway.resources;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.gateway.auth.LegacyAccess;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.gateway.config.ResourceApiConfig;
import io.migrationgateway.gateway.overlegacy.LegacyApiClient;
import io.migrationgateway.gateway.overlegacy.ModeStores;
import io.migrationgateway.resourceapi.ResourceApiHandler;
import io.migrationgateway.resourceapi.ResourceApiSettings;
import io.migrationgateway.resourceapi.kinds.KindDeclaration;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.sql.PostgresResourceStore;
import io.migrationgateway.storage.sql.StorageSettings;
import io.migrationgateway.translators.Namespaces;
import io.migrationgateway.translators.TranslatorRegistry;
import io.undertow.server.HttpHandler;
import java.time.Clock;
import java.util.Optional;
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
    private final ModeStores stores;
    private final Optional<HikariDataSource> legacyDatabase;
    private final ResourceApiHandler handler;

    private EmbeddedResourceApi(PostgresResourceStore store, LegacyAccess access, ModeStores stores,
                                Optional<HikariDataSource> legacyDatabase, ResourceApiHandler handler) {
        this.store = store;
        this.access = access;
        this.stores = stores;
        this.legacyDatabase = legacyDatabase;
        this.handler = handler;
    }

    /**
     * Starts the store on {@code dataSource}, whose schema the gateway's database has already migrated, serving the
     * kinds the translators declare (a new translator is a new kind on {@code /apis}, with nothing else to add). Each
     * call is served from unified storage or, in modes 0–2 of its resource, from the legacy API ({@link ModeStores}).
     */
    public static EmbeddedResourceApi start(ResourceApiConfig config, LegacyConfig legacy, DataSource dataSource,
                                            TranslatorRegistry translators, Namespaces namespaces, MigrationModes modes) {
        StorageSettings defaults = StorageSettings.defaults();
        StorageSettings storage = new StorageSettings(config.ha(), config.pollInterval(), defaults.watchBuffer(),
                config.historyRetention(), defaults.compactionInterval());
        PostgresResourceStore store = new PostgresResourceStore(dataSource, Clock.systemUTC(), storage);
        LegacyAccess access = LegacyAccess.create(legacy);
        Optional<HikariDataSource> legacyDatabase = legacy.database().map(EmbeddedResourceApi::readOnlyPool);
        ModeStores stores = new ModeStores(translators, namespaces, modes, store, legacy,
                legacyDatabase.map(DataSource.class::cast), legacy.watchPollInterval());
        ResourceApiHandler handler = new ResourceApiHandler(kindsOf(translators), stores, access,
                ResourceApiSettings.defaults().withMaxBodyBytes(config.maxRequestBody()));
        return new EmbeddedResourceApi(store, access, stores, legacyDatabase, handler);
    }

    /** Two connections are plenty: one poll per resource at a time, only while someone watches. */
    private static HikariDataSource readOnlyPool(String url) {
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl(url);
        pool.setPoolName("legacy-database");
        pool.setMaximumPoolSize(2);
        pool.setMinimumIdle(0);
        pool.setReadOnly(true);
        pool.setInitializationFailTimeout(-1); // a legacy database that is down at start only delays watches
        return new HikariDataSource(pool);
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

    /** The legacy API, as the Resource API over legacy reaches it. */
    public LegacyApiClient legacyApi() {
        return stores.legacyApi();
    }

    /** Who a caller is, asked of the legacy side; the legacy request path shares it, and so its cache. */
    public LegacyAccess access() {
        return access;
    }

    @Override
    public void close() {
        stores.close();
        legacyDatabase.ifPresent(HikariDataSource::close);
        store.close();
        access.close();
    }
}
