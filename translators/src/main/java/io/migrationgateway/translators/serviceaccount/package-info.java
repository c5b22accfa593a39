/**
 * Service accounts and their tokens: {@link io.migrationgateway.translators.serviceaccount.ServiceAccountTranslator}
 * (Grafana 9.3's {@code /api/serviceaccounts} over the Resource API, the {@code iam.grafana.app} {@code ServiceAccount}
 * Resource API over the legacy API, legacy rows of {@code user}, {@code org_user} and {@code api_key}), its views and
 * token reconciliation. The kind's OpenAPI document ({@code /openapi/iam.grafana.app-v0alpha1.json}) is not a Grafana
 * snapshot: it is written after the Grafana operator's {@code GrafanaServiceAccount} CRD (name, role, disabled, a
 * list of tokens by name with an optional expiry, authoritative; per token in the status its id, expiry and whether
 * it is live) under the names of Grafana's {@code iam.grafana.app} {@code ServiceAccount}, in the format of the
 * snapshots beside it, not copied from either. The legacy shapes are Grafana 9.3's ({@code ServiceAccountDTO},
 * {@code ServiceAccountProfileDTO}, {@code SearchServiceAccountsResult}, {@code TokenDTO}, {@code NewApiKeyResult}).
 */
package io.migrationgateway.translators.serviceaccount;
