/**
 * Spring AI adapter: the acts of a bound agent as Spring AI {@code ToolCallback}s, with tool
 * definitions from the contract's tool schemas, and a {@code ToolCallingManager} that judges the
 * tool calls of one model message as one program. Entry points: {@link
 * dev.agentkit.springai.AgentkitToolCallbacks} and {@link
 * dev.agentkit.springai.AgentkitToolCallingManager}.
 */
package dev.agentkit.springai;
