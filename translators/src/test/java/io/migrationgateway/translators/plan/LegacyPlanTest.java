package io.migrationgateway.translators.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

class LegacyPlanTest {
    private final ResourceCall get = new ResourceCall.Get(DashboardTranslator.KIND, "default", "x");

    @Test
    void aPlanRunsItsCallsInOrderUntilItAnswers() {
        LegacyPlan plan = LegacyPlan.call(get, first -> LegacyPlan.call(get, second -> LegacyPlan.respond(LegacyErrors.message(
                200, first.getClass().getSimpleName() + "," + second.getClass().getSimpleName()))));
        int[] calls = {0};

        LegacyResponse answer = plan.run(call -> {
            calls[0]++;
            return new ResourceOutcome.Failed(Status.notFound(call.kind(), "x"));
        });

        assertThat(calls[0]).isEqualTo(2);
        assertThat(answer.message()).isEqualTo("Failed,Failed");
    }

    @Test
    void aContinuationThatThrowsAnswersGrafanasInternalServerError() {
        LegacyPlan plan = LegacyPlan.call(get, outcome -> {
            throw new IllegalStateException("a translator bug");
        });

        assertThat(plan.run(call -> new ResourceOutcome.Listed(List.of(), "")))
                .isEqualTo(LegacyErrors.message(500, "Internal Server Error"));
        assertThat(LegacyPlan.guarded(() -> null).run(call -> null)).extracting(LegacyResponse::status).isEqualTo(500);
    }

    @Test
    void aResourcePlanThatThrowsAnswersAnInternalErrorStatus() {
        ResourcePlan plan = ResourcePlan.call(LegacyCall.get("/api/x", 1), answer -> {
            throw new IllegalStateException("a translator bug");
        });

        ResourceOutcome outcome = plan.run(call -> LegacyResponse.ok(Fixtures.json("{}")));

        assertThat(outcome).isInstanceOfSatisfying(ResourceOutcome.Failed.class,
                failed -> assertThat(failed.status().reason()).isEqualTo("InternalError"));
    }
}
