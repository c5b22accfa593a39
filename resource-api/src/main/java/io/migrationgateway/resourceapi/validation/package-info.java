/**
 * Validation of objects against their kind's OpenAPI 3 document (Grafana's published snapshots):
 * {@link io.migrationgateway.resourceapi.validation.SchemaValidator} checks {@code spec} the way the apiserver
 * validates custom resources, finds unknown fields for {@code fieldValidation=Strict|Warn} and prunes them.
 *
 * <p>The supported schema subset is what those documents use: {@code $ref} to {@code #/components/schemas/…},
 * {@code allOf} with a single member, {@code type}, {@code required}, {@code properties}, {@code items},
 * {@code enum}, {@code additionalProperties} (boolean or schema), {@code nullable} and
 * {@code x-kubernetes-preserve-unknown-fields}; {@code default}, {@code format} and descriptions are ignored.
 */
package io.migrationgateway.resourceapi.validation;
