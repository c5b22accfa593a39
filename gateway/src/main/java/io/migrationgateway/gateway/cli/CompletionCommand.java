package io.migrationgateway.gateway.cli;

import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code completion bash|zsh}: prints a shell completion script of the commands, their options, resources and modes,
 * to be sourced ({@code source <(mgw completion bash)}). The script is picocli's bash script; zsh runs it through its
 * bash completion emulation.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Print a shell completion script; load it with: source <(mgw completion bash) (or zsh).",
                "Exit 0 printed, 2 bad usage."})
public final class CompletionCommand implements Callable<Integer> {
    private static final List<String> SHELLS = List.of("bash", "zsh");

    /** Loads zsh's bash completion emulation, which the bash script needs in zsh. */
    private static final String ZSH_PREAMBLE = "autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SHELL", completionCandidates = Shells.class, description = "bash or zsh.")
    private String shell;

    @Option(names = "--name", defaultValue = "mgw", paramLabel = "NAME",
            description = "The name the gateway is run by in that shell, an alias or a command on the PATH (default ${DEFAULT-VALUE}).")
    private String name;

    @Override
    public Integer call() {
        if (!SHELLS.contains(shell)) {
            spec.commandLine().getErr().println("error: no completion for shell '" + shell + "'; shells: " + String.join(", ", SHELLS));
            return ModeCommand.USAGE;
        }
        String bash = AutoComplete.bash(name, spec.root().commandLine());
        spec.commandLine().getOut().print(shell.equals("zsh") ? ZSH_PREAMBLE + bash : bash);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** The shells a script is printed for. */
    static final class Shells implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return SHELLS.iterator();
        }
    }
}
