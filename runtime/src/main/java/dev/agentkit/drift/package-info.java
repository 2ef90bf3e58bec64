/**
 * How a live contract differs from the snapshot an agent was compiled against: a {@link
 * dev.agentkit.drift.DriftReport} of {@link dev.agentkit.drift.DriftItem items}, each graded
 * breaking or compatible by a {@link dev.agentkit.drift.DriftRule}, and the {@link
 * dev.agentkit.drift.DriftPolicy} that decides whether an agent may bind anyway.
 *
 * <p>Depends on {@code contract} and {@code internal.text} only.
 */
package dev.agentkit.drift;
