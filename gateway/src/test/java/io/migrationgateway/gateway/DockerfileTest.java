package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The image's build stage runs Maven on the parent pom, which stops ("Child module ... does not exist") when a module
 * it lists is not in the build context; Docker is not on every machine that runs the tests, so the Dockerfile is read
 * instead: every Maven run of the build stage must come after a COPY that brings every module, and no
 * {@code .dockerignore} pattern may leave one out.
 */
class DockerfileTest {
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    @Test
    void everyMavenRunOfTheBuildStageSeesEveryModuleOfTheParentPom() throws IOException {
        Path root = repositoryRoot();
        List<String> modules = modules(Files.readString(root.resolve("pom.xml")));
        assertThat(modules).isNotEmpty();

        Set<String> missing = modulesMissingFromMavenRuns(Files.readString(root.resolve("Dockerfile")),
                Files.readAllLines(root.resolve(".dockerignore")), modules);

        assertThat(missing).as("modules a Maven run of the Dockerfile's build stage cannot see").isEmpty();
    }

    @Test
    void aBuildStageThatCopiesSomeModulePomsIsFoundMissingTheOthers() {
        String dockerfile = """
                FROM maven:3.9-eclipse-temurin-21 AS build
                WORKDIR /src
                COPY pom.xml ./
                COPY gateway/pom.xml gateway/
                RUN mvn -B -q package -DskipTests \\
                    && find . -name target -type d -prune -exec rm -rf {} +
                COPY . .
                RUN mvn -B -q package -DskipTests
                """;

        assertThat(modulesMissingFromMavenRuns(dockerfile, List.of("target/"), List.of("gateway", "translators")))
                .containsExactly("translators");
    }

    @Test
    void aModuleTheDockerignoreLeavesOutIsMissing() {
        String dockerfile = "FROM maven AS build\nCOPY . .\nRUN mvn package\n";

        assertThat(modulesMissingFromMavenRuns(dockerfile, List.of("# local state", "**/target/", "flags"),
                List.of("gateway", "flags"))).containsExactly("flags");
    }

    @Test
    void theImageStopsOnOutOfMemorySoThatItsSupervisorRestartsIt() throws IOException {
        String dockerfile = Files.readString(repositoryRoot().resolve("Dockerfile"));

        assertThat(instructions(dockerfile)).filteredOn(line -> line.startsWith("ENTRYPOINT"))
                .singleElement().asString().contains("-XX:+ExitOnOutOfMemoryError");
    }

    /** The modules some Maven run of the first stage cannot see: not copied before it, or left out of the context. */
    static Set<String> modulesMissingFromMavenRuns(String dockerfile, List<String> dockerignore, List<String> modules) {
        Set<String> missing = new LinkedHashSet<>();
        for (String module : modules) {
            if (ignored(dockerignore, module)) {
                missing.add(module);
            }
        }
        List<String> copied = new ArrayList<>();
        int stages = 0;
        for (String line : instructions(dockerfile)) {
            String[] words = line.split("\\s+");
            switch (words[0].toUpperCase()) {
                case "FROM" -> stages++;
                case "COPY" -> {
                    if (stages == 1 && !line.contains("--from=")) {
                        for (int i = 1; i < words.length - 1; i++) {
                            copied.add(words[i].replaceFirst("^\\./", "").replaceFirst("/$", ""));
                        }
                    }
                }
                case "RUN" -> {
                    if (stages == 1 && line.matches(".*\\bmvn\\b.*")) {
                        for (String module : modules) {
                            if (copied.stream().noneMatch(source -> brings(source, module))) {
                                missing.add(module);
                            }
                        }
                    }
                }
                default -> { }
            }
        }
        return missing;
    }

    private static boolean brings(String source, String module) {
        return source.equals(".") || source.isEmpty() || source.equals(module) || source.equals(module + "/pom.xml");
    }

    private static boolean ignored(List<String> dockerignore, String module) {
        for (String line : dockerignore) {
            String pattern = line.strip().replaceFirst("/$", "");
            if (pattern.isEmpty() || pattern.startsWith("#") || pattern.startsWith("!")) {
                continue;
            }
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
            if (matcher.matches(Path.of(module)) || matcher.matches(Path.of(module, "pom.xml"))) {
                return true;
            }
        }
        return false;
    }

    /** The Dockerfile's instructions, continuation lines joined, comments and blank lines left out. */
    private static List<String> instructions(String dockerfile) {
        List<String> instructions = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : dockerfile.split("\n")) {
            String line = raw.strip();
            if (current.isEmpty() && (line.isEmpty() || line.startsWith("#"))) {
                continue;
            }
            if (line.endsWith("\\")) {
                current.append(line, 0, line.length() - 1).append(' ');
            } else {
                instructions.add(current.append(line).toString().strip());
                current.setLength(0);
            }
        }
        return instructions;
    }

    private static List<String> modules(String pom) {
        List<String> modules = new ArrayList<>();
        Matcher matcher = MODULE.matcher(pom);
        while (matcher.find()) {
            modules.add(matcher.group(1).strip());
        }
        return modules;
    }

    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("Dockerfile")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no Dockerfile above " + Path.of("").toAbsolutePath());
    }
}
