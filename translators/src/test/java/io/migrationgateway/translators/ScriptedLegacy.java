package io.migrationgateway.translators;

import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.LegacyCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A legacy API that answers scripted responses by {@code METHOD path} (path with query, as sent), and 404
 * {@code {"message":"Not found"}} to anything else; it records every call.
 */
public final class ScriptedLegacy implements Function<LegacyCall, LegacyResponse> {
    private final Map<String, LegacyResponse> answers = new HashMap<>();
    private final List<LegacyCall> calls = new ArrayList<>();

    public ScriptedLegacy answer(String method, String path, int status, String body) {
        answers.put(method + " " + path, new LegacyResponse(status, Fixtures.json(body)));
        return this;
    }

    public List<LegacyCall> calls() {
        return List.copyOf(calls);
    }

    @Override
    public LegacyResponse apply(LegacyCall call) {
        calls.add(call);
        return answers.getOrDefault(call.method() + " " + call.path(), LegacyErrors.message(404, "Not found"));
    }
}
