/** The jobs' own tables: jobs, slices and their claims, checkpoints, findings, verification results. */
package io.migrationgateway.jobs.store;
