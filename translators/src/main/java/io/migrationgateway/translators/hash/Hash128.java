package io.migrationgateway.translators.hash;

/** A 128-bit hash: two independent 64-bit halves, so that a chance collision among millions of rows is negligible. */
public record Hash128(long high, long low) {
}
