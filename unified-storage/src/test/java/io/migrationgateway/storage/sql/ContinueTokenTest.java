package io.migrationgateway.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.storage.StorageException;
import org.junit.jupiter.api.Test;

class ContinueTokenTest {

    @Test
    void decodesWhatItEncodes() {
        ContinueToken token = new ContinueToken(1_704_103_200_123_456L, "org-2", "my.dash-1");

        String encoded = token.encode();

        assertThat(encoded).matches("[A-Za-z0-9_-]+");
        assertThat(ContinueToken.decode(encoded)).isEqualTo(token);
    }

    @Test
    void refusesTokensItDidNotMake() {
        for (String bad : new String[] {"", "!!", "e30", "eyJydiI6LTF9", "eyJydiI6ImEiLCJuYW1lc3BhY2UiOiJhIiwibmFtZSI6ImIifQ"}) {
            assertThatThrownBy(() -> ContinueToken.decode(bad)).as(bad)
                .isInstanceOfSatisfying(StorageException.class,
                    e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.BAD_REQUEST));
        }
    }
}
