package io.migrationgateway.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NamespacesTest {
    private final Namespaces onPrem = Namespaces.onPrem();
    private final Namespaces cloud = Namespaces.cloud(42);

    @Test
    void orgOneIsDefaultAndOrgNIsOrgDashN() {
        assertThat(onPrem.namespaceOf(1)).isEqualTo("default");
        assertThat(onPrem.namespaceOf(2)).isEqualTo("org-2");
        assertThat(onPrem.namespaceOf(123)).isEqualTo("org-123");
    }

    @Test
    void namespacesMapBackToTheirOrg() {
        assertThat(onPrem.orgOf("default")).hasValue(1);
        assertThat(onPrem.orgOf("org-2")).hasValue(2);
        assertThat(onPrem.orgOf("org-123")).hasValue(123);
    }

    @Test
    void orgOneIsRejectedWithGrafanasMessage() {
        assertThat(Namespaces.parse("org-1")).isEqualTo(new Namespaces.Rejected("org-1", "use default rather than org-1"));
        assertThat(onPrem.orgOf("org-1")).isEmpty();
        assertThat(onPrem.whyNotServed("org-1")).hasValue("use default rather than org-1");
    }

    @Test
    void invalidOrgIdsAreRejectedAndJunkNamesNoOrg() {
        assertThat(Namespaces.parse("org-0")).isInstanceOf(Namespaces.Rejected.class);
        assertThat(Namespaces.parse("org-x")).isInstanceOf(Namespaces.Rejected.class);
        assertThat(Namespaces.parse("kube-system")).isEqualTo(new Namespaces.OrgNamespace("kube-system", -1, -1));
        assertThat(onPrem.orgOf("kube-system")).isEmpty();
        assertThat(onPrem.whyNotServed("kube-system")).get().asString().contains("not served");
    }

    @Test
    void anOrgHasOneNamespace() {
        assertThat(Namespaces.parse("org-007")).isEqualTo(new Namespaces.OrgNamespace("org-007", 7, -1));
        assertThat(onPrem.orgOf("org-007")).as("not the canonical name of org 7").isEmpty();
    }

    @Test
    void cloudStacksAreStacksDashNWithOrgOne() {
        assertThat(cloud.namespaceOf(1)).isEqualTo("stacks-42");
        assertThat(Namespaces.parse("stacks-42")).isEqualTo(new Namespaces.OrgNamespace("stacks-42", 1, 42));
        assertThat(Namespaces.parse("stack-42")).as("deprecated form").isEqualTo(new Namespaces.OrgNamespace("stack-42", 1, 42));
        assertThat(cloud.orgOf("stacks-42")).hasValue(1);
        assertThat(cloud.orgOf("stacks-43")).as("another stack").isEmpty();
        assertThat(cloud.orgOf("default")).isEmpty();
        assertThat(onPrem.orgOf("stacks-42")).as("no stacks on-prem").isEmpty();
    }

    @Test
    void orgIdsStartAtOne() {
        assertThatThrownBy(() -> onPrem.namespaceOf(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Namespaces.cloud(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
