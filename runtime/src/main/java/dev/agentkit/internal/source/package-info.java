/**
 * Not API. What agentkit's other contract sources (the MCP and OpenAPI modules') share: the
 * settings their builders take alike ({@link dev.agentkit.internal.source.ClientSettings}).
 * Anything here may change or vanish in any release.
 *
 * <p>Depends on {@code source} only: it checks and redacts as the public sources do.
 */
package dev.agentkit.internal.source;
