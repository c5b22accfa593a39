package io.migrationgateway.storage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;

/** How long a JSON value is as UTF-8 JSON, counted without keeping its bytes: for writes whose size is checked before they are made. */
public final class JsonSize {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonSize() {
    }

    /** The length of {@code value} as JSON (a missing value is 0). */
    public static long of(JsonNode value) {
        if (value.isMissingNode()) {
            return 0;
        }
        Counter counter = new Counter();
        try {
            JSON.writeValue(counter, value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot measure a JSON value", e);
        }
        return counter.count;
    }

    /** Refuses {@code object}, to be stored as {@code key}, when its JSON is longer than {@code limit} bytes. */
    public static void check(ObjectKey key, JsonNode object, int limit) {
        long bytes = of(object);
        if (bytes > limit) {
            throw StorageException.tooLarge(key, bytes, limit);
        }
    }

    private static final class Counter extends OutputStream {
        private long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
