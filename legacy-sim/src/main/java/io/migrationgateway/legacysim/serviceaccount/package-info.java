/**
 * Service accounts: Grafana 9.3's {@code /api/serviceaccounts} endpoints
 * ({@link io.migrationgateway.legacysim.serviceaccount.ServiceAccountApi}) over service-account {@code user} and
 * {@code org_user} rows ({@link io.migrationgateway.legacysim.serviceaccount.ServiceAccountStore}) and their tokens in
 * {@code api_key} ({@link io.migrationgateway.legacysim.serviceaccount.TokenStore}).
 */
package io.migrationgateway.legacysim.serviceaccount;
