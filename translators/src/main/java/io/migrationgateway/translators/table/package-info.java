/** The legacy tables as the jobs read them over JDBC: rows in id chunks, changed rows, canonical hashes, write-back. */
package io.migrationgateway.translators.table;
