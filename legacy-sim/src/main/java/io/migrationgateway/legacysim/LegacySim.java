package io.migrationgateway.legacysim;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.legacysim.account.AccountApi;
import io.migrationgateway.legacysim.auth.Authenticator;
import io.migrationgateway.legacysim.dashboard.DashboardApi;
import io.migrationgateway.legacysim.dashboard.DashboardPage;
import io.migrationgateway.legacysim.dashboard.DashboardStore;
import io.migrationgateway.legacysim.dashboard.VersionDiffApi;
import io.migrationgateway.legacysim.folder.FolderApi;
import io.migrationgateway.legacysim.folder.FolderStore;
import io.migrationgateway.legacysim.home.HomeDashboardApi;
import io.migrationgateway.legacysim.http.Routes;
import io.migrationgateway.legacysim.permission.PermissionApi;
import io.migrationgateway.legacysim.playlist.PlaylistApi;
import io.migrationgateway.legacysim.playlist.PlaylistStore;
import io.migrationgateway.legacysim.preference.PreferenceApi;
import io.migrationgateway.legacysim.preference.PreferenceStore;
import io.migrationgateway.legacysim.search.SearchApi;
import io.migrationgateway.legacysim.search.SearchStore;
import io.migrationgateway.legacysim.seed.Seeder;
import io.migrationgateway.legacysim.serviceaccount.ServiceAccountApi;
import io.migrationgateway.legacysim.serviceaccount.ServiceAccountStore;
import io.migrationgateway.legacysim.serviceaccount.TokenStore;
import io.undertow.Undertow;
import java.net.InetSocketAddress;
import java.time.Clock;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * A running Grafana-style legacy API server: Grafana's legacy tables (migrated by Flyway into their own
 * schema), seeded on first start, served under {@code /api} by Undertow. Tests use it the way OkHttp's
 * tests use MockWebServer; the demo puts the gateway in front of it.
 */
public final class LegacySim implements AutoCloseable {
    private final HikariDataSource dataSource;
    private final Undertow server;

    private LegacySim(HikariDataSource dataSource, Undertow server) {
        this.dataSource = dataSource;
        this.server = server;
    }

    /** Migrates, seeds (when asked and the database is empty) and starts listening. */
    public static LegacySim start(LegacySimConfig config) {
        HikariDataSource dataSource = pool(config);
        try {
            Flyway.configure().dataSource(dataSource).schemas(config.schema()).defaultSchema(config.schema())
                    .locations("classpath:db/legacy").load().migrate();
            Clock clock = Clock.systemUTC();
            if (config.seed()) {
                new Seeder(dataSource, clock).seedIfEmpty(config.adminPassword(), config.serviceAccountToken());
            }
            Authenticator authenticator = new Authenticator(dataSource, clock);
            Routes routes = new Routes(authenticator);
            DashboardStore dashboards = new DashboardStore(dataSource, clock);
            new DashboardApi(dashboards).register(routes);
            new DashboardPage(dashboards).register(routes);
            new VersionDiffApi(dashboards).register(routes);
            new FolderApi(new FolderStore(dataSource, clock)).register(routes);
            SearchStore search = new SearchStore(dataSource);
            new PlaylistApi(new PlaylistStore(dataSource, clock), search).register(routes);
            new SearchApi(search).register(routes);
            new AccountApi(dataSource, clock).register(routes);
            new PermissionApi(dataSource, clock).register(routes);
            PreferenceStore preferences = new PreferenceStore(dataSource, clock);
            new PreferenceApi(preferences).register(routes);
            new HomeDashboardApi(dataSource, preferences).register(routes);
            new ServiceAccountApi(new ServiceAccountStore(dataSource, clock), new TokenStore(dataSource, clock), authenticator, clock)
                    .register(routes);
            Undertow server = Undertow.builder()
                    .addHttpListener(config.port(), config.host())
                    .setWorkerThreads(32)
                    .setHandler(routes.handler())
                    .build();
            server.start();
            return new LegacySim(dataSource, server);
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
    }

    private static HikariDataSource pool(LegacySimConfig config) {
        HikariConfig hikari = new HikariConfig();
        hikari.setJdbcUrl(config.jdbcUrl());
        hikari.setSchema(config.schema());
        hikari.setMaximumPoolSize(16);
        hikari.setPoolName("legacy-sim");
        return new HikariDataSource(hikari);
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) server.getListenerInfo().get(0).getAddress();
    }

    public String baseUrl() {
        return "http://" + address().getHostString() + ":" + address().getPort();
    }

    /** The legacy database, for tests and jobs that read the tables directly. */
    public DataSource dataSource() {
        return dataSource;
    }

    @Override
    public void close() {
        server.stop();
        dataSource.close();
    }
}
