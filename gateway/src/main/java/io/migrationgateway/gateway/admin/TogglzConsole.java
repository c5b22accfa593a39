package io.migrationgateway.gateway.admin;

import io.migrationgateway.flags.MigrationFlags;
import io.migrationgateway.flags.togglz.ConsoleFeatures;
import io.undertow.server.HttpHandler;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import io.undertow.servlet.api.ServletSessionConfig;
import io.undertow.servlet.util.ImmediateInstanceFactory;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import java.time.Clock;
import java.time.Duration;
import org.togglz.console.TogglzConsoleServlet;
import org.togglz.core.manager.FeatureManager;
import org.togglz.core.user.SingleUserProvider;
import org.togglz.core.user.UserProvider;
import org.togglz.servlet.TogglzFilter;
import org.togglz.servlet.user.ServletUserProvider;

/**
 * The Togglz console under {@code /togglz}, as a servlet deployment of its own inside the admin listener. Embedded
 * Undertow reads no {@code web-fragment.xml}, so Togglz's filter (which tells the console who the user is) and its
 * console servlet are registered here by hand. The console logs in with the admin credentials (servlet BASIC,
 * admin role); {@link ConsoleCsrfFilter} guards its forms instead of Togglz's own CSRF check, binding each page's token
 * to a session cookie. Its feature manager is handed to the servlet directly rather than
 * through Togglz's static lookups, so that two gateways in one JVM (the tests' replicas) each edit their own.
 * A flip the gate refuses, or a state that does not parse, is shown on a page of its own by {@link FlipRefusalFilter}.
 */
final class TogglzConsole {
    static final String PATH = "/togglz";
    private static final String ADMIN_ROLE = "togglz-admin";
    /** Not JSESSIONID: cookies ignore ports, so another Java application on the admin host would share that name. */
    private static final String SESSION_COOKIE = "mgw_console_session";

    private TogglzConsole() {
    }

    /**
     * Deploys the console.
     *
     * @param credentials the admin credentials, or null when the admin port runs without any ({@code admin.insecure})
     * @param csrfTtl     how long a page's CSRF token is usable ({@code admin.console-csrf-ttl})
     */
    static HttpHandler handler(MigrationFlags flags, AdminCredentials credentials, Duration csrfTtl, Clock clock) {
        UserProvider users = credentials == null ? new SingleUserProvider("anonymous", true) : new ServletUserProvider(ADMIN_ROLE);
        FeatureManager features = ConsoleFeatures.featureManager(flags, users, AdminServer.OVERVIEW);
        DeploymentInfo deployment = Servlets.deployment()
                .setClassLoader(TogglzConsole.class.getClassLoader())
                .setContextPath(PATH)
                .setDeploymentName("togglz-console")
                // the feature manager is given to the servlet: Togglz must not try to build one itself
                .addInitParameter("org.togglz.FEATURE_MANAGER_PROVIDED", "true")
                // it would refuse ConsoleCsrfFilter's tokens, which it never issued
                .addInitParameter("org.togglz.console.validateCSRFToken", "false")
                // a session only holds the tokens of its pages, so it lives a minute past its newest token's expiry
                .setDefaultSessionTimeout((int) Math.min(Integer.MAX_VALUE, csrfTtl.toSeconds() + 60))
                .setServletSessionConfig(new ServletSessionConfig().setName(SESSION_COOKIE).setHttpOnly(true)
                        .setAttribute("SameSite", "Strict"))
                .addFilter(Servlets.filter("csrf", ConsoleCsrfFilter.class,
                        new ImmediateInstanceFactory<>(new ConsoleCsrfFilter(csrfTtl, clock))))
                .addFilterUrlMapping("csrf", "/*", DispatcherType.REQUEST)
                .addFilter(Servlets.filter("togglz", TogglzFilter.class).setAsyncSupported(true))
                .addFilterUrlMapping("togglz", "/*", DispatcherType.REQUEST)
                .addFilter(Servlets.filter("flip-refusals", FlipRefusalFilter.class,
                        new ImmediateInstanceFactory<>(new FlipRefusalFilter())))
                .addFilterUrlMapping("flip-refusals", "/*", DispatcherType.REQUEST)
                .addServlet(Servlets.servlet("console", ConsoleServlet.class,
                        new ImmediateInstanceFactory<>(new ConsoleServlet(features))).addMapping("/*"));
        if (credentials != null) {
            deployment.setLoginConfig(Servlets.loginConfig("BASIC", "migration-gateway admin"))
                    .addSecurityRole(ADMIN_ROLE)
                    .addSecurityConstraint(Servlets.securityConstraint()
                            .addRoleAllowed(ADMIN_ROLE)
                            .addWebResourceCollection(Servlets.webResourceCollection().addUrlPattern("/*")))
                    .setIdentityManager(new AdminIdentityManager(credentials, ADMIN_ROLE));
        }
        // a container of its own: Undertow's default container is a JVM-wide registry of deployments by name
        DeploymentManager manager = Servlets.newContainer().addDeployment(deployment);
        manager.deploy();
        try {
            return manager.start();
        } catch (ServletException e) {
            throw new IllegalStateException("the Togglz console did not start: " + e.getMessage(), e);
        }
    }

    /** Togglz's console servlet with its feature manager given instead of looked up. */
    static final class ConsoleServlet extends TogglzConsoleServlet {
        private static final long serialVersionUID = 1L;
        private final transient FeatureManager features;

        ConsoleServlet(FeatureManager features) {
            this.features = features;
        }

        @Override
        public void init(ServletConfig config) {
            super.init(config);
            featureManager = features;
        }
    }
}
