/**
 * The example: a task board backend (native contract, MCP server and OpenAPI document) and a triage
 * agent compiled through the processor and bound against it. {@link dev.agentkit.examples.Main} is
 * the demo the README's first command runs.
 */
package dev.agentkit.examples;
