# syntax=docker/dockerfile:1
#
# Migration gateway image.
#
#   docker build -t migration-gateway .
#   docker run --rm -p 8080:8080 -p 8081:8081 -v mgw-data:/data \
#     -e MGW_LEGACY_URL=http://legacy:3000 -e MGW_ADMIN_PASSWORD=... migration-gateway
#
# The admin port (8081) is protected by HTTP basic auth, and the gateway refuses to start without
# a password: give it at run time with MGW_ADMIN_PASSWORD (user MGW_ADMIN_USERNAME, default admin).
# Never bake it into the image. Any other setting is an MGW_* variable too (see
# gateway/src/main/resources/io-migrationgateway-reference.yaml), e.g. MGW_DATABASE_URL for an
# external PostgreSQL; without it an embedded PostgreSQL keeps its files in the /data volume.

# ---- build ---------------------------------------------------------------------------------
FROM maven:3.9-eclipse-temurin-21 AS build
WORKDIR /src

# The whole tree, so that the build sees every module the parent pom lists, whatever is added; Maven's repository
# is a build cache, kept between builds, so that a source change does not download everything again.
COPY . .
RUN --mount=type=cache,target=/root/.m2 mvn -B -q package -DskipTests

# ---- runtime -------------------------------------------------------------------------------
FROM eclipse-temurin:21-jre

# curl for HEALTHCHECK (not guaranteed to be in the base image).
RUN apt-get update \
    && apt-get install -y --no-install-recommends curl \
    && rm -rf /var/lib/apt/lists/*

RUN groupadd --gid 10001 gateway \
    && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
               --shell /usr/sbin/nologin gateway \
    && mkdir -p /app /data \
    && chown 10001:10001 /data

WORKDIR /app
COPY --from=build /src/gateway/target/migration-gateway.jar /app/migration-gateway.jar

# Listen on all interfaces inside the container; keep 8081 (admin) off the public network when publishing.
ENV MGW_DATA_DIR=/data \
    MGW_SERVER_HOST=0.0.0.0 \
    MGW_ADMIN_HOST=0.0.0.0
VOLUME ["/data"]
EXPOSE 8080 8081

# /healthz answers without credentials.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8081/healthz || exit 1

USER 10001
# An OutOfMemoryError ends the JVM (exit code 3) wherever it is thrown, so that whatever supervises the container (a
# restart policy, Kubernetes) starts a fresh gateway instead of a half-dead one serving on. Without the flag the gateway
# halts by itself (exit code 70) on the ones it sees; the flag also covers those a library catches.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-jar", "/app/migration-gateway.jar"]
CMD ["serve"]
