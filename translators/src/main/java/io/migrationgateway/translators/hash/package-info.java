/** Canonical hashes of JSON documents and of rows: how a legacy row and a unified object are hashed alike. */
package io.migrationgateway.translators.hash;
