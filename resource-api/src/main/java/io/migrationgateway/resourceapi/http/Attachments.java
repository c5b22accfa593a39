package io.migrationgateway.resourceapi.http;

import io.migrationgateway.resourceapi.auth.Caller;
import io.undertow.util.AttachmentKey;

/** The facts each step of the Resource API chain passes on to the next, as exchange attachments. */
public final class Attachments {
    /** The request id (the gateway's {@code X-Request-Id}, or one made up here). */
    public static final AttachmentKey<String> REQUEST_ID = AttachmentKey.create(String.class);
    public static final AttachmentKey<ApiTarget> TARGET = AttachmentKey.create(ApiTarget.class);
    /** Set for resource targets only. */
    public static final AttachmentKey<Verb> VERB = AttachmentKey.create(Verb.class);
    /** Absent for {@code /version}, which answers without credentials. */
    public static final AttachmentKey<Caller> CALLER = AttachmentKey.create(Caller.class);
    public static final AttachmentKey<ResponseFormat> FORMAT = AttachmentKey.create(ResponseFormat.class);

    private Attachments() {
    }
}
