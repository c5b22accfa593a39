/**
 * Fixtures shared by the modules' tests: the test PostgreSQL, raw HTTP exchanges, loopback stubs.
 */
package io.migrationgateway.testsupport;
