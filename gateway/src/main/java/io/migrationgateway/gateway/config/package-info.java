/**
 * Configuration: the records every part receives, built once by
 * {@link io.migrationgateway.gateway.config.ConfigLoader} from reference defaults, file, environment and flags.
 */
package io.migrationgateway.gateway.config;
