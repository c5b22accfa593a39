package io.migrationgateway.gateway.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The policy in processes of their own with a small heap ({@link PolicyChild}), as {@code java -jar} starts the gateway
 * without {@code -XX:+ExitOnOutOfMemoryError}: an OutOfMemoryError a request boundary catches, one that ends a periodic
 * task, or one no one catches, halts the process with {@link OutOfMemoryPolicy#EXIT_CODE} after one line on stderr; a stack overflow in a request is that
 * request's 500 and the process goes on.
 */
class OutOfMemoryPolicyIT {
    private record Exit(int code, String output) {
    }

    private static Exit run(String failure) throws Exception {
        Path output = Files.createTempFile(Path.of("target"), "policy-child-", ".log");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
                "-cp", System.getProperty("java.class.path"), PolicyChild.class.getName(), failure)
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the child did not end; it printed:\n" + Files.readString(output));
        }
        return new Exit(child.exitValue(), Files.readString(output));
    }

    @Test
    void anOutOfMemoryErrorTheRequestBoundaryCatchesHaltsTheProcess() throws Exception {
        Exit exit = run("boundary-out-of-memory");

        assertThat(exit.code()).as(exit.output()).isEqualTo(OutOfMemoryPolicy.EXIT_CODE);
        assertThat(exit.output()).containsPattern("(?m)^" + OutOfMemoryPolicy.LINE_PREFIX + "java.lang.OutOfMemoryError")
                .doesNotContain("answered");
    }

    @Test
    void anOutOfMemoryErrorNoOneCatchesHaltsTheProcess() throws Exception {
        Exit exit = run("thread-out-of-memory");

        assertThat(exit.code()).as(exit.output()).isEqualTo(OutOfMemoryPolicy.EXIT_CODE);
        assertThat(exit.output()).containsPattern("(?m)^" + OutOfMemoryPolicy.LINE_PREFIX + "java.lang.OutOfMemoryError");
    }

    @Test
    void anOutOfMemoryErrorInAPeriodicTaskHaltsTheProcess() throws Exception {
        Exit exit = run("scheduled-out-of-memory");

        assertThat(exit.code()).as(exit.output()).isEqualTo(OutOfMemoryPolicy.EXIT_CODE);
        assertThat(exit.output()).containsPattern("(?m)^" + OutOfMemoryPolicy.LINE_PREFIX + "java.lang.OutOfMemoryError");
    }

    @Test
    void aStackOverflowInARequestIsAnsweredAndTheProcessGoesOn() throws Exception {
        Exit exit = run("boundary-stack-overflow");

        assertThat(exit.code()).as(exit.output()).isZero();
        assertThat(exit.output()).contains("answered 500").doesNotContain(OutOfMemoryPolicy.LINE_PREFIX);
    }
}
