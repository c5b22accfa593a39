/** The copy (legacy rows → unified storage) and its catch-up, with adaptive chunk sizes and a throttle. */
package io.migrationgateway.jobs.copy;
