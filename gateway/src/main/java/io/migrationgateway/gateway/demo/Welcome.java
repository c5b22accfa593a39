package io.migrationgateway.gateway.demo;

import io.migrationgateway.gateway.admin.AdminServer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;

/** What the demo prints once it is up: where everything is, the credentials, and commands to try, the ladder's included. */
public final class Welcome {
    /** The admin URL the command line uses when it is given none. */
    private static final String CLI_ADMIN_URL = "http://127.0.0.1:8081";

    private Welcome() {
    }

    /** @param bind the address the servers listen on, as the user gave it */
    public static String text(Demo demo, String bind, Path dataDir) {
        DemoCredentials c = demo.credentials();
        String gateway = "http://" + bind + ":" + demo.gateway().publicAddress().getPort();
        String admin = "http://" + bind + ":" + demo.gateway().adminAddress().getPort();
        String legacy = demo.legacy().baseUrl();
        // kubectl sends its token only over TLS, so it gets the https port and a kubeconfig, when the demo has them
        Optional<String> kubeconfig = demo.kubeconfig().map(file -> file.toAbsolutePath().normalize().toString());
        String https = demo.gateway().tlsAddress().flatMap(address -> kubeconfig.map(file -> "  Gateway (kubectl, https)    https://"
                + bind + ":" + address.getPort() + "   self-signed; kubeconfig " + file + "\n")).orElse("");
        String kubectl = kubeconfig.map(file -> "  kubectl --kubeconfig " + file + " get dashboards\n").orElse("");
        String adminOptions = demo.adminUrl().toString().equals(CLI_ADMIN_URL) ? "" : " --admin-url " + demo.adminUrl();
        String ladder = Ladder.commands(adminOptions).stream().map(line -> "  " + line + "\n").collect(Collectors.joining());
        return String.format("""

                Migration gateway demo is running.

                  Gateway (legacy clients)    %s   forwards to the legacy simulator
                %s  Gateway admin               %s   user admin, password %s
                    Togglz console            %s%s
                    Migration overview        %s%s
                  Legacy simulator (Grafana)  %s   user admin, password %s
                                                  (also editor/editor, viewer/viewer; token below)
                  Service-account token       %s
                  Data                        %s   (embedded PostgreSQL, reused by the next run)

                Try:
                  curl -u admin:%s %s/api/dashboards/uid/n1jR8vnnz
                  curl -H 'Authorization: Bearer %s' '%s/api/search?query=time+series&type=dash-db'
                  curl -u admin:%s %s/metrics | grep gateway_requests_seconds_count
                  curl -u admin:%s %s/d/migration-gateway   the gateway's own dashboard (deploy/grafana), saved at start
                %s
                Take playlists from mode 0 to mode 4 through the gate, unforced (in a second terminal, from the repository;
                `demo --tour` runs these itself):
                  alias mgw='java -jar gateway/target/migration-gateway.jar'; export MGW_ADMIN_PASSWORD='%s'
                %s`migrate compare` reads every playlist through both paths as the simulator's admin (jobs.compare-authorization),
                so the gate's shadow check passes on every object compared, without traffic.

                Ctrl-C stops everything.
                %n""",
                gateway, https, admin, c.gatewayAdminPassword(), admin, AdminServer.CONSOLE, admin, AdminServer.OVERVIEW,
                legacy, c.legacyAdminPassword(), c.legacyToken(), dataDir.toAbsolutePath().normalize(),
                c.legacyAdminPassword(), gateway, c.legacyToken(), gateway, c.gatewayAdminPassword(), admin, c.legacyAdminPassword(), gateway, kubectl,
                c.gatewayAdminPassword(), ladder);
    }
}
