/**
 * The Maven goals: {@code snapshot} writes a contract snapshot from a live source, {@code check}
 * grades the live contract against the committed snapshot with the drift rules, {@code diff} shows
 * two snapshots' differences, {@code recheck} keeps javac's incremental loop sound after a snapshot
 * changes, {@code attach-uses} publishes the agents' uses manifests, and {@code verify-consumers}
 * grades a backend's proposed contract against every consumer agent's manifest.
 *
 * <p>Each goal's work is a plain class beside its Mojo ({@code SnapshotGoal}, {@code CheckGoal},
 * {@code DiffGoal}, {@code RecheckGoal}, {@code VerifyConsumersGoal}), which the Mojo runs with
 * what the build gives it and {@link dev.agentkit.maven.Goals} runs for the {@code agentkit}
 * command line with {@link dev.agentkit.maven.GoalOptions}; they log to a {@link
 * dev.agentkit.maven.GoalLog} and fail with a {@link dev.agentkit.maven.GoalException}. Those four
 * are public for the command line only, not API.
 *
 * <p>{@link dev.agentkit.maven.ContractConfig} is the {@code <contract>} element every goal reads;
 * {@code SourceFactory} turns it into a contract source. Depends on the runtime, the OpenAPI and
 * MCP sources, and the runtime's {@code internal} packages for the snapshot codec.
 */
package dev.agentkit.maven;
