package io.migrationgateway.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.storage.LabelSelector.Operator;
import io.migrationgateway.storage.LabelSelector.Requirement;
import java.util.List;
import org.junit.jupiter.api.Test;

class LabelSelectorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode labels(String json) throws Exception {
        return JSON.readTree(json);
    }

    @Test
    void nullAndBlankSelectEverything() throws Exception {
        assertThat(LabelSelector.parse(null)).isSameAs(LabelSelector.EVERYTHING);
        assertThat(LabelSelector.parse("  ")).isSameAs(LabelSelector.EVERYTHING);
        assertThat(LabelSelector.EVERYTHING.matches(null)).isTrue();
        assertThat(LabelSelector.EVERYTHING.matches(labels("{\"a\":\"b\"}"))).isTrue();
    }

    @Test
    void parsesEveryOperator() {
        LabelSelector s = LabelSelector.parse("a=1, b==2,c!=3,d in (y, x),e notin (z),f,!g");
        assertThat(s.requirements()).containsExactly(
            new Requirement("a", Operator.EQUALS, List.of("1")),
            new Requirement("b", Operator.EQUALS, List.of("2")),
            new Requirement("c", Operator.NOT_EQUALS, List.of("3")),
            new Requirement("d", Operator.IN, List.of("x", "y")),
            new Requirement("e", Operator.NOT_IN, List.of("z")),
            new Requirement("f", Operator.EXISTS, List.of()),
            new Requirement("g", Operator.DOES_NOT_EXIST, List.of()));
    }

    @Test
    void keysMayCarryADnsPrefix() throws Exception {
        LabelSelector s = LabelSelector.parse("grafana.app/deprecatedInternalID=12");
        assertThat(s.requirements().getFirst().key()).isEqualTo("grafana.app/deprecatedInternalID");
        assertThat(s.matches(labels("{\"grafana.app/deprecatedInternalID\":\"12\"}"))).isTrue();
        assertThat(s.matches(labels("{\"grafana.app/deprecatedInternalID\":\"13\"}"))).isFalse();
    }

    @Test
    void equalityNeedsTheLabelButInequalityAcceptsItsAbsence() throws Exception {
        assertThat(LabelSelector.parse("team=a").matches(labels("{}"))).isFalse();
        assertThat(LabelSelector.parse("team=a").matches(null)).isFalse();
        assertThat(LabelSelector.parse("team!=a").matches(labels("{}"))).isTrue();
        assertThat(LabelSelector.parse("team!=a").matches(labels("{\"team\":\"a\"}"))).isFalse();
        assertThat(LabelSelector.parse("team!=a").matches(labels("{\"team\":\"b\"}"))).isTrue();
    }

    @Test
    void setOperatorsFollowKubernetes() throws Exception {
        LabelSelector in = LabelSelector.parse("env in (prod,staging)");
        assertThat(in.matches(labels("{\"env\":\"prod\"}"))).isTrue();
        assertThat(in.matches(labels("{\"env\":\"dev\"}"))).isFalse();
        assertThat(in.matches(labels("{}"))).isFalse();
        LabelSelector notin = LabelSelector.parse("env notin (prod)");
        assertThat(notin.matches(labels("{\"env\":\"prod\"}"))).isFalse();
        assertThat(notin.matches(labels("{\"env\":\"dev\"}"))).isTrue();
        assertThat(notin.matches(labels("{}"))).isTrue();
    }

    @Test
    void existenceOperators() throws Exception {
        assertThat(LabelSelector.parse("team").matches(labels("{\"team\":\"\"}"))).isTrue();
        assertThat(LabelSelector.parse("team").matches(labels("{\"other\":\"x\"}"))).isFalse();
        assertThat(LabelSelector.parse("!team").matches(labels("{\"other\":\"x\"}"))).isTrue();
        assertThat(LabelSelector.parse("!team").matches(labels("{\"team\":\"x\"}"))).isFalse();
    }

    @Test
    void commaMeansAnd() throws Exception {
        LabelSelector s = LabelSelector.parse("a=1,b=2");
        assertThat(s.matches(labels("{\"a\":\"1\",\"b\":\"2\"}"))).isTrue();
        assertThat(s.matches(labels("{\"a\":\"1\",\"b\":\"3\"}"))).isFalse();
    }

    @Test
    void emptyValueIsAllowedForEquality() throws Exception {
        LabelSelector s = LabelSelector.parse("a=");
        assertThat(s.requirements().getFirst().values()).containsExactly("");
        assertThat(s.matches(labels("{\"a\":\"\"}"))).isTrue();
    }

    @Test
    void toStringParsesBackToAnEqualSelector() {
        LabelSelector s = LabelSelector.parse("a=1,b!=2,c in (x,y),d notin (z),e,!f");
        assertThat(s.toString()).isEqualTo("a=1,b!=2,c in (x,y),d notin (z),e,!f");
        assertThat(LabelSelector.parse(s.toString())).isEqualTo(s);
    }

    @Test
    void syntaxErrorsAreBadRequests() {
        for (String bad : List.of("a in (x", "a in ()", "a in x", "=a", "a=b c", "a b", "!", "a,", "a=(x)", "Bad Key=1",
            "-a=1", "a=-x-", "UPPER.example/x=1", "a" + "b".repeat(63) + "=1", "a<1")) {
            assertThatThrownBy(() -> LabelSelector.parse(bad)).as(bad)
                .isInstanceOfSatisfying(StorageException.class, e -> {
                    assertThat(e.reason()).isEqualTo(StorageException.Reason.BAD_REQUEST);
                    assertThat(e.getMessage()).startsWith("unable to parse requirement: ");
                });
        }
    }
}
