/**
 * Not API. The text rules every layer shares: name listings and "did you mean" suggestions, the
 * contract-name spelling rule, JSON string literals and durations in words. Anything here may
 * change or vanish in any release.
 *
 * <p>The lowest layer: it depends on nothing else in agentkit.
 */
package dev.agentkit.internal.text;
