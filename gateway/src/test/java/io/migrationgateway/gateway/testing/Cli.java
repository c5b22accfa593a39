package io.migrationgateway.gateway.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.cli.GatewayMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/** The gateway's command line run in-process against a test gateway's admin API, as an operator runs it. */
public final class Cli {
    private Cli() {
    }

    /** What a command printed and its exit code. */
    public record Run(int exitCode, String out, String err) {
    }

    /**
     * Runs {@code args} with {@code --admin-url} and {@code --admin-password} of {@code gateway} added unless they are
     * among them; checks that nothing printed a stack trace or the password.
     */
    public static Run run(TestGateway gateway, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.contains("--admin-url")) {
            all.addAll(List.of("--admin-url", "http://127.0.0.1:" + gateway.adminPort()));
        }
        if (!all.contains("--admin-password")) {
            all.addAll(List.of("--admin-password", TestGateway.ADMIN_PASSWORD));
        }
        Run run = alone(all.toArray(String[]::new));
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain(TestGateway.ADMIN_PASSWORD);
        return run;
    }

    /** Runs {@code args} as the command line takes them (no subcommand: {@code serve}), with nothing added. */
    public static Run alone(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = GatewayMain.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(GatewayMain.withDefaultCommand(args));
        return new Run(code, out.toString(), err.toString());
    }
}
