/**
 * The verbs on resources: {@link io.migrationgateway.resourceapi.rest.ResourceVerbs} hands each
 * {@link io.migrationgateway.resourceapi.rest.ResourceCall} to one small handler per verb (get, list, watch, create,
 * update, patch with server-side apply, delete, deletecollection), which reads the request, talks to the
 * {@code ResourceStore} and writes the answer in the requested apiVersion (and as a Table when asked).
 */
package io.migrationgateway.resourceapi.rest;
