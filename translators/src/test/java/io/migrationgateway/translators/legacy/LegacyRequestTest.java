package io.migrationgateway.translators.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LegacyRequestTest {
    @Test
    void queryStringsKeepRepeatedValuesInOrderAndDecode() {
        assertThat(LegacyRequest.parseQuery("tag=a&query=my+dash%21&tag=b&flag&=x&bad=%zz")).isEqualTo(Map.of(
                "tag", List.of("a", "b"), "query", List.of("my dash!"), "flag", List.of(""), "", List.of("x"), "bad", List.of("%zz")));
        assertThat(LegacyRequest.parseQuery(null)).isEmpty();
    }

    @Test
    void queryIntFallsBackLikeGrafanasQueryInt() {
        LegacyRequest request = new Fixtures().request("GET", "/api/search?limit=abc&page=%203", null, Fixtures.ADMIN, 1);
        assertThat(request.queryInt("limit", 7)).isEqualTo(7);
        assertThat(request.queryInt("page", 1)).isEqualTo(3);
        assertThat(request.queryInt("missing", 5)).isEqualTo(5);
    }

    @Test
    void aBodyThatIsNotOneJsonValueHasNoJson() {
        Fixtures fixtures = new Fixtures();
        for (String body : new String[] {"", "not json", "{\"a\":", "[1,2", "}"}) {
            assertThat(fixtures.request("POST", "/api/dashboards/db", body, Fixtures.ADMIN, 1).json()).as(body).isEmpty();
        }
        assertThat(fixtures.request("POST", "/api/dashboards/db", "{\"a\":1.50}", Fixtures.ADMIN, 1).json().orElseThrow().toString())
                .as("numbers are kept exactly").isEqualTo("{\"a\":1.50}");
        assertThat(fixtures.request("POST", "/api/dashboards/db", "{\"a\":1} trailing", Fixtures.ADMIN, 1).json())
                .as("what follows the first value is ignored, as Go's json.Decoder ignores it").hasValue(Fixtures.json("{\"a\":1}"));
    }
}
