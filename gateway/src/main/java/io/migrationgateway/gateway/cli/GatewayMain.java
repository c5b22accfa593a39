package io.migrationgateway.gateway.cli;

import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import java.util.Arrays;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line: {@code serve} (the default when no command is named), {@code demo}, {@code legacy-sim},
 * {@code mode get|set}, {@code migrate}, {@code report}, {@code version}, {@code completion bash|zsh}, {@code help}.
 * Exit codes: 0 success, 1 the gateway could not start or failed (for {@code mode set}: the gate refused), 2 bad usage
 * or configuration, 3 ({@code mode}) the admin API is unreachable, {@value OutOfMemoryPolicy#EXIT_CODE} the JVM ran out
 * of memory or hit another {@link VirtualMachineError} ({@link OutOfMemoryPolicy}).
 */
@Command(name = "migration-gateway",
        mixinStandardHelpOptions = true,
        versionProvider = VersionCommand.Provider.class,
        description = "Fronts a legacy REST deployment and migrates its resources to a Kubernetes-style Resource API.",
        subcommands = {ServeCommand.class, DemoCommand.class, LegacySimCommand.class, ModeCommand.class, MigrateCommand.class, ReportCommand.class, VersionCommand.class,
                CompletionCommand.class, CommandLine.HelpCommand.class})
public final class GatewayMain implements Runnable {
    private static final Set<String> TOP_LEVEL_OPTIONS = Set.of("-h", "--help", "-V", "--version");

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        OutOfMemoryPolicy.install();
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code instead of exiting. */
    public static int execute(String... args) {
        return commandLine().execute(withDefaultCommand(args));
    }

    /** The configured command line; an unexpected exception is one line on stderr, never a stack trace. */
    public static CommandLine commandLine() {
        return new CommandLine(new GatewayMain())
                .setExecutionExceptionHandler((exception, commandLine, parseResult) -> {
                    commandLine.getErr().println("error: " + exception.getMessage());
                    return 1;
                });
    }

    /** {@code serve} is implied when the first argument is not a command ({@code java -jar gateway.jar --port 9090}). */
    public static String[] withDefaultCommand(String[] args) {
        if (args.length == 0 || (args[0].startsWith("-") && !TOP_LEVEL_OPTIONS.contains(args[0]))) {
            String[] withServe = new String[args.length + 1];
            withServe[0] = "serve";
            System.arraycopy(args, 0, withServe, 1, args.length);
            return withServe;
        }
        return Arrays.copyOf(args, args.length);
    }
}
