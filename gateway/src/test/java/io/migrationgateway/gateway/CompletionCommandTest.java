package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import io.migrationgateway.gateway.testing.Cli;
import io.migrationgateway.gateway.testing.Cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code completion bash|zsh}: a script a shell can load, which completes the commands, their options and values. */
class CompletionCommandTest {
    private static Run run(String... args) {
        return Cli.alone(args);
    }

    /**
     * What bash offers after {@code line} (ending in the word being completed), with the script loaded; stderr is left
     * out, where {@code compopt} says it is not called by bash's own completion.
     */
    private static List<String> bashCompletes(Path script, String line) throws IOException, InterruptedException {
        String program = "source " + script + "\n"
                + "COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<< \"$COMP_LINE\"\n"
                + (line.endsWith(" ") ? "COMP_WORDS+=('')\n" : "")
                + "COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n"
                + "_complete_mgw\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Process bash = new ProcessBuilder("bash", "-c", program).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(bash.exitValue()).as(output).isZero();
        return output.lines().map(String::strip).filter(word -> !word.isEmpty()).toList();
    }

    @Test
    void theBashScriptIsValidBashAndCompletesCommandsOptionsResourcesAndModes(@TempDir Path dir) throws Exception {
        Run run = run("completion", "bash");
        assertThat(run.exitCode()).as(run.err()).isZero();
        Path script = Files.writeString(dir.resolve("mgw.bash"), run.out());
        Process syntax = new ProcessBuilder("bash", "-n", script.toString()).redirectErrorStream(true).start();
        assertThat(syntax.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(syntax.exitValue()).as(new String(syntax.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();

        assertThat(bashCompletes(script, "mgw mo")).containsExactly("mode");
        assertThat(bashCompletes(script, "mgw mode ")).contains("get", "set");
        assertThat(bashCompletes(script, "mgw mode set --adm")).contains("--admin-url", "--admin-user", "--admin-password");
        assertThat(bashCompletes(script, "mgw mode set ")).contains("dashboards", "folders", "playlists", "serviceaccounts");
        assertThat(bashCompletes(script, "mgw migrate copy ")).contains("dashboards", "folders", "playlists", "serviceaccounts");
        assertThat(bashCompletes(script, "mgw mode set dashboards ")).containsExactlyInAnyOrder("0", "1", "2", "3", "4", "5");
    }

    @Test
    void theZshScriptLoadsZshsBashCompletionFirst() {
        Run run = run("completion", "zsh");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n")
                .contains("complete -F _complete_mgw");
    }

    @Test
    void anUnknownShellIsAUsageError() {
        Run run = run("completion", "fish");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("'fish'", "bash, zsh");
    }
}
