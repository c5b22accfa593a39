package io.migrationgateway.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class NamespacesTest {
    @Test
    void orgOneIsTheDefaultNamespaceAndEveryOtherOrgIsOrgN() {
        assertThat(Namespaces.ofOrg(1)).isEqualTo("default");
        assertThat(Namespaces.ofOrg(2)).isEqualTo("org-2");
        assertThat(Namespaces.ofOrg(1234)).isEqualTo("org-1234");
    }

    @Test
    void orgIdsBelowOneHaveNoNamespace() {
        assertThatThrownBy(() -> Namespaces.ofOrg(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Namespaces.ofOrg(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void namespacesParseBackToTheirOrg() {
        assertThat(Namespaces.orgOf("default")).hasValue(1);
        assertThat(Namespaces.orgOf("org-2")).hasValue(2);
        assertThat(Namespaces.orgOf(Namespaces.ofOrg(987_654_321L))).hasValue(987_654_321L);
    }

    @Test
    void orgOneIsOnlyEverDefaultAndOtherNamesNameNoOrg() {
        assertThat(Namespaces.orgOf("org-1")).isEqualTo(OptionalLong.empty());
        for (String name : new String[] {"org-0", "org-", "org-02", "org--2", "org-2x", "org-99999999999999999999",
                "stacks-5", "Default", "", "kube-system"}) {
            assertThat(Namespaces.orgOf(name)).as(name).isEmpty();
        }
        assertThat(Namespaces.orgOf(null)).isEmpty();
    }
}
