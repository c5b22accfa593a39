package io.migrationgateway.translators;

import io.migrationgateway.model.Status;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.SearchHit;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Nothing escapes a translator: whatever a legacy client sends to whichever route, and whatever the backend answers,
 * the plan ends in a legacy answer (an error Grafana gives, not a 500 from a translator bug), never an exception.
 */
class ArbitraryInputTest {
    private static final List<String[]> ROUTES = List.of(new String[] {"POST", "/api/dashboards/db"},
            new String[] {"GET", "/api/dashboards/uid/d1"}, new String[] {"DELETE", "/api/dashboards/uid/d1"},
            new String[] {"GET", "/api/search"}, new String[] {"GET", "/api/folders"}, new String[] {"GET", "/api/folders/id/1"},
            new String[] {"GET", "/api/folders/f1"}, new String[] {"POST", "/api/folders"}, new String[] {"PUT", "/api/folders/f1"},
            new String[] {"DELETE", "/api/folders/f1"}, new String[] {"GET", "/api/playlists"}, new String[] {"POST", "/api/playlists"},
            new String[] {"PUT", "/api/playlists/p1"}, new String[] {"GET", "/api/playlists/p1/items"});

    @Property(tries = 200)
    void anyBodyToAnyRouteGetsALegacyAnswer(@ForAll("routes") String[] route, @ForAll("bodies") byte[] body,
                                            @ForAll("queries") String query) {
        Fixtures fixtures = new Fixtures();
        fixtures.post("/api/folders", "{\"uid\":\"f1\",\"title\":\"F\"}");
        try (PlanGuardWatch guard = new PlanGuardWatch()) {
            RouteMatch match = fixtures.registry().match(route[0], route[1]).orElseThrow();
            LegacyRequest request = match.request(query, body, 1, Fixtures.EDITOR);

            LegacyResponse answer = match.translator().legacyPlan(request).run(fixtures.api());

            assertThat(answer.status()).isBetween(200, 499);
            assertThat(answer.body().isMissingNode() || answer.body().isContainerNode()).isTrue();
            assertThat(guard.bugs()).isEmpty();
        }
    }

    @Property(tries = 200)
    void anyBackendAnswerGivesALegacyAnswer(@ForAll("routes") String[] route, @ForAll("bodies") byte[] body, @ForAll long seed) {
        Fixtures fixtures = new Fixtures();
        RouteMatch match = fixtures.registry().match(route[0], route[1]).orElseThrow();
        LegacyRequest request = match.request(null, body, 1, Fixtures.ADMIN);
        Random random = new Random(seed);
        Function<ResourceCall, ResourceOutcome> chaos = call -> switch (random.nextInt(5)) {
            case 0 -> new ResourceOutcome.Failed(new Status(List.of(400, 403, 404, 409, 410, 422, 500, 503).get(random.nextInt(8)),
                    List.of("BadRequest", "Forbidden", "NotFound", "Conflict", "AlreadyExists", "Expired", "Invalid").get(random.nextInt(7)),
                    "m", null));
            case 1 -> new ResourceOutcome.Found(object(random));
            case 2 -> new ResourceOutcome.Listed(List.of(object(random), object(random)), random.nextBoolean() ? "" : "next");
            case 3 -> new ResourceOutcome.Searched(List.of(hit(random, call), hit(random, call)));
            default -> fixtures.api().apply(call);
        };
        try (PlanGuardWatch guard = new PlanGuardWatch()) {
            LegacyResponse answer = match.translator().legacyPlan(request).run(chaos);

            assertThat(answer.status()).isBetween(200, 599);
            assertThat(guard.bugs()).isEmpty();
        }
    }

    /** A hit of the call's kind (any kind for other calls), with odd values as a broken store might hold them. */
    private static SearchHit hit(Random random, ResourceCall call) {
        return new SearchHit(call.kind(), random.nextBoolean() ? "" : "x", random.nextBoolean() ? "" : "T\u0000",
                random.nextBoolean() ? List.of() : List.of("", "t"), random.nextBoolean() ? "" : "missing-folder", random.nextLong());
    }

    /** An object of any shape: envelopes with parts missing or of the wrong type, as a broken store might hold them. */
    private static ObjectNode object(Random random) {
        String[] shapes = {"{}", "{\"metadata\":5}", "{\"metadata\":{\"name\":\"x\",\"labels\":[]},\"spec\":[]}",
                "{\"metadata\":{\"name\":\"x\",\"annotations\":{\"grafana.app/folder\":7}},\"spec\":{\"title\":{},\"items\":5,\"tags\":\"t\"}}",
                "{\"metadata\":{\"name\":\"d1\",\"generation\":\"x\",\"creationTimestamp\":\"yesterday\"},\"spec\":{\"title\":\"ok\",\"items\":[1,{}]}}"};
        return (ObjectNode) Json.tree(shapes[random.nextInt(shapes.length)]);
    }

    @Provide
    Arbitrary<String[]> routes() {
        return Arbitraries.of(ROUTES);
    }

    @Provide
    Arbitrary<byte[]> bodies() {
        Arbitrary<byte[]> noise = Arbitraries.bytes().array(byte[].class).ofMaxSize(40);
        Arbitrary<byte[]> json = Arbitraries.of("{}", "[]", "null", "1", "\"x\"", "{\"dashboard\":{}}", "{\"dashboard\":{\"title\":\"t\"}}",
                "{\"dashboard\":{\"title\":\"t\",\"id\":1,\"version\":-1},\"folderId\":7,\"folderUid\":\"\"}",
                "{\"title\":\"t\",\"parentUid\":\"f1\",\"uid\":\"f2\"}", "{\"title\":\"t\",\"version\":1}",
                "{\"name\":\"p\",\"items\":[{\"type\":\"x\",\"value\":\"y\"}]}", "{\"title\":null,\"name\":null,\"items\":null}")
                .map(s -> s.getBytes(StandardCharsets.UTF_8));
        return Arbitraries.oneOf(noise, json);
    }

    @Provide
    Arbitrary<String> queries() {
        return Arbitraries.of(null, "", "limit=-1&page=0", "limit=5001", "parentUid=nope", "query=%E2%9C%93&tag=&tag=a", "dashboardIds=x,1",
                "starred=true", "sort=alpha-desc&type=dash-folder", "limit=99999999999999", "%zz=1");
    }

}
