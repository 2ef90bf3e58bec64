/**
 * The Maven goals: {@code snapshot} writes a contract snapshot from a live source, {@code check}
 * grades the live contract against the committed snapshot with the drift rules, {@code diff} shows
 * two snapshots' differences, and {@code recheck} keeps javac's incremental loop sound after a
 * snapshot changes.
 *
 * <p>{@link dev.agentkit.maven.ContractConfig} is the {@code <contract>} element every goal reads;
 * {@code SourceFactory} turns it into a contract source. Depends on the runtime, the OpenAPI and
 * MCP sources, and the runtime's {@code internal} packages for the snapshot codec.
 */
package dev.agentkit.maven;
