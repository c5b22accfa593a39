/**
 * The Resource API's HTTP vocabulary: what a path names ({@link io.migrationgateway.resourceapi.http.ApiTarget},
 * {@link io.migrationgateway.resourceapi.http.Verb}), content negotiation
 * ({@link io.migrationgateway.resourceapi.http.Negotiation}), body reading and writing, and the attachments the
 * chain's steps pass on.
 */
package io.migrationgateway.resourceapi.http;
