/**
 * The {@code agentkit} command line: {@code snapshot}, {@code check}, {@code diff}, {@code recheck}
 * and {@code verify-consumers} for builds that are not Maven (Gradle's {@code JavaExec}, Bazel, a
 * plain CI step). Each command reads a config file (the plugin's {@code <configuration>} as JSON)
 * and flags, and runs the Maven goal's own code ({@code dev.agentkit.maven.Goals}): the same
 * messages, reports, failures and redaction. Parsing is picocli's.
 */
package dev.agentkit.cli;
