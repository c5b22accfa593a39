package io.migrationgateway.storage;

import java.util.regex.Pattern;

/**
 * Which object names a store accepts (at most 253 characters either way). Kubernetes' own kinds take DNS-1123
 * subdomains; Grafana's apiserver takes its uids as they are (letters of both cases, digits, '-', '_', ':', '.', and a
 * leading digit: Grafana's {@code IsValidGrafanaName}), so that existing dashboards keep their uid as their name.
 */
public enum NameRule {
    DNS_1123_SUBDOMAIN("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*",
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and"
                    + " end with an alphanumeric character (e.g. 'example.com', regex used for validation is '%s')"),
    GRAFANA("[a-zA-Z0-9:\\-_.]+",
            "a Grafana name must consist of alphanumeric characters, '-', '_', ':' or '.' (e.g. 'MyName', 'my.name' or"
                    + " 'abc-123', regex used for validation is '%s')");

    private final Pattern pattern;
    private final String message;

    NameRule(String regex, String message) {
        this.pattern = Pattern.compile(regex);
        this.message = String.format(message, regex);
    }

    public boolean accepts(String name) {
        return pattern.matcher(name).matches();
    }

    /** Why a name this rule refuses is refused, in the apiserver's words. */
    public String message() {
        return message;
    }
}
