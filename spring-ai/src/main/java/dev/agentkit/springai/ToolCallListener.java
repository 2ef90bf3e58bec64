package dev.agentkit.springai;

/**
 * Hears what {@link AgentkitToolCallbacks} does with each tool call, for metrics and audit: the
 * events of {@link dev.agentkit.tool.ToolCallListener}, the same on every adapter. Every method has
 * an empty default, so a listener overrides only what it needs.
 *
 * <p>A verified call ends exactly once whether a callback is called alone (Spring AI's default
 * manager) or through {@link AgentkitToolCallingManager}; a tool of another kind in the same
 * message is not heard.
 */
public interface ToolCallListener extends dev.agentkit.tool.ToolCallListener {}
