package io.migrationgateway.testsupport;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Loopback fixtures: a scripted legacy server and a port nothing listens on. */
public final class Loopback {
    private Loopback() {
    }

    /** A WireMock server on 127.0.0.1 and a free port, standing in for the legacy deployment. */
    public static WireMockExtension legacyStub() {
        return WireMockExtension.newInstance()
                .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"))
                .build();
    }

    /** A loopback port that was free a moment ago, so connecting to it is refused. */
    public static int closedPort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
