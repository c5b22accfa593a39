package io.migrationgateway.legacysim.dashboard;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.Json;
import java.io.IOException;
import java.util.Map;

/**
 * The dashboard model of a GET answer, as Grafana builds it: the stored JSON with {@code id}, {@code uid}
 * and {@code version} set from the row, written with sorted keys. Every writer here (save, seed, bulk
 * load) stores exactly that form, so the stored text is usually the answer already; one streaming pass
 * over the top level confirms it (sorted keys, the three values equal to the row's) and the text is used
 * as is, which keeps the simulator from being the bottleneck of benchmarks. Anything else is parsed and
 * rewritten.
 */
final class StoredModel {
    private StoredModel() {
    }

    /** The model JSON to answer for this row. */
    static String render(DashboardRow row) {
        try {
            if (isCanonical(row)) {
                return row.data();
            }
            Map<String, Object> model = Json.parseModel(row.data());
            model.put("id", row.id());
            model.put("uid", row.uid());
            model.put("version", row.version());
            return Json.write(model);
        } catch (IOException | RuntimeException corrupt) {
            throw GrafanaError.withStatus(500, "not-found", "Dashboard data is missing or corrupt");
        }
    }

    private static boolean isCanonical(DashboardRow row) throws IOException {
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(row.data())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            String previous = null;
            int matched = 0;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                if (previous != null && previous.compareTo(name) >= 0) {
                    return false;
                }
                previous = name;
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "id" -> matched += value == JsonToken.VALUE_NUMBER_INT && parser.getLongValue() == row.id() ? 1 : -10;
                    case "uid" -> matched += value == JsonToken.VALUE_STRING && parser.getText().equals(row.uid()) ? 1 : -10;
                    case "version" -> matched += value == JsonToken.VALUE_NUMBER_INT && parser.getIntValue() == row.version() ? 1 : -10;
                    default -> parser.skipChildren();
                }
            }
            return matched == 3 && parser.currentToken() == JsonToken.END_OBJECT && parser.nextToken() == null;
        }
    }
}
