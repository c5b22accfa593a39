/** The legacy API's error answers ({@code {"message": ...}} with a status), thrown by every layer that refuses a request. */
package io.migrationgateway.legacysim.error;
