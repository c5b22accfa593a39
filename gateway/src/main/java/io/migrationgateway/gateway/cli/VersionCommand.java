package io.migrationgateway.gateway.cli;

import io.migrationgateway.gateway.config.GatewayVersion;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Prints the gateway's version and the Java runtime it runs on. */
@Command(name = "version", description = "Print the gateway version and exit.")
public final class VersionCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        for (String line : new Provider().getVersion()) {
            spec.commandLine().getOut().println(line);
        }
        return 0;
    }

    /** Shared with {@code --version}. */
    public static final class Provider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "migration-gateway " + GatewayVersion.current(),
                "java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"
            };
        }
    }
}
