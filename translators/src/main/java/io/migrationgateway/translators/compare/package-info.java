/**
 * Comparison rules as data: which JSON paths of an answer or object a structural comparison ignores (volatile fields
 * and fields only one side has), for the shadow comparison and the verifier.
 */
package io.migrationgateway.translators.compare;
