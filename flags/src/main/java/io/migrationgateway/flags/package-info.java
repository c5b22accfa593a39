/**
 * The migration mode of every translated resource, with per-namespace overrides. The request path asks
 * {@link io.migrationgateway.flags.MigrationModes#modeOf}; every flip, from any door, goes through
 * {@link io.migrationgateway.flags.ModeChanges}; {@link io.migrationgateway.flags.MigrationFlags} wires them.
 * Subpackages: {@code gate} (the transition rules), {@code postgres} (storage and change notification),
 * {@code audit} (the audit log), {@code togglz} (the features, strategy and state repository the console uses).
 */
package io.migrationgateway.flags;
