package io.migrationgateway.resourceapi.status;

import io.migrationgateway.model.Status;
import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.resourceapi.kinds.GrafanaKinds;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageUnavailableException;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusErrorsTest {
    private final StatusErrors errors = new StatusErrors(Kinds.of(GrafanaKinds.all()));
    private final ObjectKey key = new ObjectKey(GrafanaKinds.DASHBOARDS.groupResource(), "default", "x");

    @Test
    void storageReasonsMapToKubernetesReasons() {
        assertThat(errors.toStatus(StorageException.notFound(key), "r").code()).isEqualTo(404);
        assertThat(errors.toStatus(StorageException.alreadyExists(key), "r").reason()).isEqualTo("AlreadyExists");
        assertThat(errors.toStatus(StorageException.modified(key), "r").reason()).isEqualTo("Conflict");
        assertThat(errors.toStatus(new StorageException(StorageException.Reason.EXPIRED, null, "too old"), "r").code())
                .isEqualTo(410);
        assertThat(errors.toStatus(new StorageException(StorageException.Reason.BAD_REQUEST, null, "bad"), "r").code())
                .isEqualTo(400);
    }

    @Test
    void invalidListsItsCauses() {
        Status status = errors.toStatus(new StorageException(StorageException.Reason.INVALID, key, "ignored",
                List.of(new StorageException.Cause("spec.title", "FieldValueRequired", "Required value"),
                        new StorageException.Cause("spec.x", "FieldValueInvalid", "Invalid value: 1"))), "r");
        assertThat(status.code()).isEqualTo(422);
        assertThat(status.message()).isEqualTo("Dashboard.dashboard.grafana.app \"x\" is invalid: "
                + "[spec.title: Required value, spec.x: Invalid value: 1]");
        assertThat(status.details().causes()).hasSize(2);
        assertThat(status.details().kind()).isEqualTo("dashboards");
    }

    @Test
    void failuresThatAreNotTheCallersKeepTheirDetailOutOfTheAnswer() {
        Status storage = errors.toStatus(new StorageUnavailableException("password=hunter2 refused", null), "r");
        assertThat(storage.code()).isEqualTo(503);
        assertThat(storage.message()).doesNotContain("hunter2");
        Status access = errors.toStatus(new Access.AccessUnavailableException("legacy at 10.0.0.1 down", null), "r");
        assertThat(access.code()).isEqualTo(503);
        assertThat(access.message()).doesNotContain("10.0.0.1");
        Status bug = errors.toStatus(new IllegalStateException("secret internals"), "req-7");
        assertThat(bug.code()).isEqualTo(500);
        assertThat(bug.reason()).isEqualTo("InternalError");
        assertThat(bug.message()).doesNotContain("secret").contains("req-7");
    }

    @Test
    void unauthenticatedIsUnauthorized() {
        Status status = errors.toStatus(new Access.Unauthenticated("token expired"), "r");
        assertThat(status.code()).isEqualTo(401);
        assertThat(status.toJson().toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                + "\"status\":\"Failure\",\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}");
    }
}
