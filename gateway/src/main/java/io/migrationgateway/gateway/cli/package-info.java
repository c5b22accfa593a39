/**
 * The commands of the jar ({@code serve}, {@code demo}, {@code legacy-sim}, {@code mode}, {@code version}) on picocli.
 */
package io.migrationgateway.gateway.cli;
