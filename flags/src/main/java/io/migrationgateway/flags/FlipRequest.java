package io.migrationgateway.flags;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.Objects;
import java.util.Optional;

/**
 * Asks for one namespace of a resource (or, with an empty {@code namespace}, every namespace without an override)
 * to be put in {@code target}.
 *
 * @param reason why; required, and written to the audit log
 * @param force  apply it even when the gate does not pass (never when the gateway cannot serve the target mode)
 * @param dryRun only report what the gate says; change and record nothing
 */
public record FlipRequest(Actor actor, String resource, Optional<String> namespace, Mode target, String reason,
                          boolean force, boolean dryRun) {
    public FlipRequest {
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(target, "target");
        namespace.ifPresent(ResourceModes::checkNamespace);
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException(force ? "a forced flip needs a reason" : "a flip needs a reason");
        }
        reason = reason.strip();
    }
}
