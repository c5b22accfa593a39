/**
 * The transition gates of DESIGN §3 as named checks with figures, and the evidence interfaces they read (filled by
 * shadow comparison, dual-write and the migration jobs; "no evidence yet" until those exist).
 */
package io.migrationgateway.flags.gate;
