/**
 * MCP on both sides. As a backend: {@link dev.agentkit.mcp.McpContractSource} lists an MCP server's
 * tools as a contract (over stdio or streamable HTTP) and {@link dev.agentkit.mcp.McpActions} calls
 * them. As a front: {@link dev.agentkit.mcp.McpAgentServer} serves a bound agent's acts as MCP
 * tools, guarded and gated.
 *
 * <p>A child process or server is hostile: its stdout noise, stderr and answers are bounded and
 * escaped before they reach a message. Depends on the runtime and the official MCP Java SDK.
 */
package dev.agentkit.mcp;
