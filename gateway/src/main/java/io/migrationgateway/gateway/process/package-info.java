/**
 * The gateway's process as its supervisor sees it: {@link io.migrationgateway.gateway.process.OutOfMemoryPolicy} stops
 * it when the JVM cannot go on, so that a fresh one is started instead of a half-dead one serving on.
 */
package io.migrationgateway.gateway.process;
