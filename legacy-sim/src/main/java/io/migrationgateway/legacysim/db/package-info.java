/**
 * SQL helpers shared by the stores: UTC timestamps and transactions.
 */
package io.migrationgateway.legacysim.db;
