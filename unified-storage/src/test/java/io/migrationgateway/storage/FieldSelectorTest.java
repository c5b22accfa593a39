package io.migrationgateway.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.storage.FieldSelector.Field;
import io.migrationgateway.storage.FieldSelector.Requirement;
import org.junit.jupiter.api.Test;

class FieldSelectorTest {

    @Test
    void nullAndBlankSelectEverything() {
        assertThat(FieldSelector.parse(null)).isSameAs(FieldSelector.EVERYTHING);
        assertThat(FieldSelector.parse("")).isSameAs(FieldSelector.EVERYTHING);
        assertThat(FieldSelector.EVERYTHING.matches("ns", "n")).isTrue();
    }

    @Test
    void parsesNameAndNamespaceWithEveryOperator() {
        FieldSelector s = FieldSelector.parse("metadata.name=a,metadata.namespace==default,metadata.name!=b");
        assertThat(s.requirements()).containsExactly(
            new Requirement(Field.NAME, true, "a"),
            new Requirement(Field.NAMESPACE, true, "default"),
            new Requirement(Field.NAME, false, "b"));
    }

    @Test
    void matchesOnNameAndNamespace() {
        FieldSelector s = FieldSelector.parse("metadata.name=a,metadata.namespace!=org-2");
        assertThat(s.matches("default", "a")).isTrue();
        assertThat(s.matches("org-2", "a")).isFalse();
        assertThat(s.matches("default", "b")).isFalse();
    }

    @Test
    void nameEqualsIsTheParsedForm() {
        assertThat(FieldSelector.nameEquals("x")).isEqualTo(FieldSelector.parse("metadata.name=x"));
    }

    @Test
    void escapedSpecialCharactersAreValueCharacters() {
        FieldSelector s = FieldSelector.parse("metadata.name=a\\,b\\=c");
        assertThat(s.requirements()).containsExactly(new Requirement(Field.NAME, true, "a,b=c"));
        assertThat(FieldSelector.parse(s.toString())).isEqualTo(s);
    }

    @Test
    void otherFieldsAreRefusedAsKubernetesDoesForCustomResources() {
        assertThatThrownBy(() -> FieldSelector.parse("spec.title=x"))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(StorageException.Reason.BAD_REQUEST);
                assertThat(e.getMessage()).isEqualTo("field label not supported: spec.title");
            });
    }

    @Test
    void aTermWithoutOperatorIsABadRequest() {
        assertThatThrownBy(() -> FieldSelector.parse("metadata.name"))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(StorageException.Reason.BAD_REQUEST);
                assertThat(e.getMessage()).isEqualTo("invalid selector: 'metadata.name'; can't understand 'metadata.name'");
            });
        assertThatThrownBy(() -> FieldSelector.parse("metadata.name=a=b"))
            .isInstanceOfSatisfying(StorageException.class,
                e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.BAD_REQUEST));
    }
}
