package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageUnavailableException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An error the JVM cannot recover from is not a request's failure: it leaves the Resource API's boundaries, unanswered,
 * for the uncaught-exception handler of the thread that served the request, where the process decides (the gateway
 * halts). A stack overflow is one request's bug and is answered as one.
 */
class FatalErrorsIT {
    private static final BlockingQueue<Throwable> UNCAUGHT = new LinkedBlockingQueue<>();
    private static ExecutorService workers;
    private static ApiServer server;

    @BeforeAll
    static void start() {
        workers = Executors.newCachedThreadPool(Thread.ofPlatform().name("api-worker-", 0)
                .uncaughtExceptionHandler((thread, error) -> UNCAUGHT.add(error)).factory());
        server = new ApiServer(ResourceApiSettings.defaults(), store -> new ForwardingStore(store) {
            @Override
            public ObjectNode get(ObjectKey key) {
                return switch (key.name()) {
                    case "out-of-memory" -> throw new OutOfMemoryError("simulated: Java heap space");
                    case "wrapped-out-of-memory" -> throw new StorageUnavailableException("reading the row failed",
                            new OutOfMemoryError("simulated: Java heap space"));
                    case "stack-overflow" -> throw new StackOverflowError();
                    default -> super.get(key);
                };
            }
        }, workers);
    }

    @AfterAll
    static void stop() {
        server.close();
        workers.shutdownNow();
    }

    @BeforeEach
    void forgetEarlierErrors() {
        UNCAUGHT.clear();
    }

    @Test
    void anOutOfMemoryErrorReachesTheThreadsUncaughtExceptionHandlerUnanswered() throws Exception {
        assertReachesTheUncaughtExceptionHandlerUnanswered("out-of-memory");
    }

    @Test
    void anOutOfMemoryErrorAsTheCauseOfAStorageFailureDoesToo() throws Exception {
        assertReachesTheUncaughtExceptionHandlerUnanswered("wrapped-out-of-memory");
    }

    private static void assertReachesTheUncaughtExceptionHandlerUnanswered(String name) throws Exception {
        CompletableFuture<HttpResponse<String>> answer = server.http.sendAsync(HttpRequest.newBuilder(server.uri(DASHBOARDS + "/" + name))
                .header("Authorization", ApiServer.ADMIN).build(), HttpResponse.BodyHandlers.ofString());

        Throwable uncaught = UNCAUGHT.poll(10, TimeUnit.SECONDS);
        assertThat(uncaught).isInstanceOf(OutOfMemoryError.class).hasMessageContaining("simulated");
        assertThatThrownBy(() -> answer.get(1, TimeUnit.SECONDS)).as("no Status answer").isInstanceOf(TimeoutException.class);
        answer.cancel(true);
    }

    @Test
    void aStackOverflowIsAnInternalErrorAndTheThreadGoesOn() {
        ApiServer.Response response = server.get(DASHBOARDS + "/stack-overflow");

        assertThat(response.status()).isEqualTo(500);
        assertThat(response.json().path("reason").asText()).isEqualTo("InternalError");
        assertThat(UNCAUGHT).isEmpty();
    }
}
