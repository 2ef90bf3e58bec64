/**
 * Acts offered to a model as tools: {@link dev.agentkit.tool.ToolSchemas} renders each act of a
 * bound set as a JSON-Schema declaration from the live contract, and {@link
 * dev.agentkit.tool.ToolCallGuard} turns what the model called back into a verified call or a
 * correction it can act on; {@link dev.agentkit.tool.ToolCallFlow} takes a call from there to a
 * run, a proposal or a correction, the same for every adapter.
 *
 * <p>Depends on {@code dev.agentkit}, {@code contract}, {@code proposal}, {@code internal} (the
 * value checks the guard shares with verify), {@code internal.text} and {@code internal.json}.
 */
package dev.agentkit.tool;
