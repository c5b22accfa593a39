package io.migrationgateway.translators;

import io.migrationgateway.model.Status;
import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.dashboard.DashboardTranslator;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusTest {
    @Test
    void notFoundIsWordedAndWrittenAsTheApiserverDoes() {
        Status status = Status.notFound(DashboardTranslator.KIND, "abc");

        assertThat(status.toJson()).isEqualTo(Fixtures.json("""
                {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
                 "message":"dashboards.dashboard.grafana.app \\"abc\\" not found","reason":"NotFound",
                 "details":{"name":"abc","group":"dashboard.grafana.app","kind":"dashboards"},"code":404}"""));
    }

    @Test
    void aStatusBodyReadsBackToTheSameStatus() {
        Status status = new Status(422, "Invalid", "bad", new Status.Details("n", "g", "k",
                List.of(new Status.Cause("FieldValueRequired", "Required value", "spec.title"))));

        assertThat(Status.fromJson(422, status.toJson())).isEqualTo(status);
    }

    @Test
    void aBodyThatIsNoStatusStillGivesAStatusWithTheHttpCode() {
        assertThat(Status.fromJson(502, Fixtures.json("{\"message\":\"proxy\"}")))
                .extracting(Status::code, Status::reason).containsExactly(502, "InternalError");
    }
}
