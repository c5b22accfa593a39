package io.migrationgateway.translators;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.grafana.GrafanaResources;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/legacy-surface.md, the operators' list of operations and their handling, names every operation the code declares. */
class LegacySurfaceDocTest {
    @Test
    void thePageListsEveryOperationWithItsHandling() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "legacy-surface.md"));
        for (Translator translator : GrafanaResources.translators(new Fixtures().settings()).all()) {
            for (LegacyRoute route : translator.routes()) {
                assertThat(page).as(route.toString()).contains("| `" + route.method() + " " + route.template() + "` | `" + route.id()
                        + "` | translated |");
            }
            for (UntranslatedOperation operation : translator.untranslated()) {
                LegacyRoute route = operation.route();
                String handling = operation.handling() == UntranslatedOperation.Handling.LEGACY_SIDE ? "legacy side, every mode"
                        : "legacy side in modes 0–3; **501** in mode 4; 410 in mode 5";
                assertThat(page).as(route.toString()).contains("| `" + route.method() + " " + route.template() + "` | `" + route.id()
                        + "` | " + handling + " | " + operation.reason() + " |");
            }
        }
    }
}
