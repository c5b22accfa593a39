/**
 * The flags as Togglz sees them: one feature per resource, the {@code migration-mode} activation strategy whose
 * parameters are the mode and the namespace overrides, and a state repository whose saves are gated flips.
 */
package io.migrationgateway.flags.togglz;
