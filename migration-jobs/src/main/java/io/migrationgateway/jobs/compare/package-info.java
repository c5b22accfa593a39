/** The compare job: every object of a scope read through both paths of the gateway, at a bounded rate. */
package io.migrationgateway.jobs.compare;
