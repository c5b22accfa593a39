/**
 * The translation benchmark (JMH, outside the normal build): translation cost against JSON parsing cost over the real
 * dashboard corpus. Run with {@code mvn -pl translators -Pjmh test-compile exec:exec -Djmh.args="-f 1 -wi 3 -i 5"}.
 */
package io.migrationgateway.translators.bench;
