package io.migrationgateway.gateway.cli;

import io.migrationgateway.gateway.config.ConfigException;
import io.migrationgateway.gateway.db.DatabaseUnavailableException;
import java.io.PrintWriter;
import java.net.BindException;

/**
 * How every command reports a failure to start: one line on stderr, never a stack trace, and the exit
 * code docs/operations.md documents (2 for configuration, 1 for anything else).
 */
final class StartupFailure {
    private StartupFailure() {
    }

    /**
     * Prints the failure and returns the exit code.
     *
     * @param ports what was being listened on, named by config keys, for a port already in use
     */
    static int report(RuntimeException e, PrintWriter err, String ports) {
        if (e instanceof ConfigException config) {
            err.println("configuration error: " + config.getMessage());
            return 2;
        }
        if (e instanceof DatabaseUnavailableException database) {
            err.println("startup failed: " + database.getMessage()); // already written for an operator
            return 1;
        }
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException) {
                err.println("startup failed: cannot listen on " + ports + ": " + cause.getMessage());
                return 1;
            }
        }
        err.println("startup failed: " + rootMessage(e));
        return 1;
    }

    /** The innermost message of an exception chain, first line only. */
    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return message.lines().findFirst().orElse(message);
    }
}
