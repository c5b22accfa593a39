/** The verification: canonical hashes per chunk in each database, halving down to rows, the translator's comparison. */
package io.migrationgateway.jobs.verify;
