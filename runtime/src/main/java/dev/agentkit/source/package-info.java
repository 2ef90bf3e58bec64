/**
 * Where a live contract comes from: the {@link dev.agentkit.source.ContractSource} interface, the
 * {@link dev.agentkit.source.HttpContractSource} that reads a backend's contract document, and the
 * {@link dev.agentkit.source.CachedContract} every long-running agent should sit behind.
 *
 * <p>Depends on {@code contract}, {@code internal.json} and {@code internal.text} only.
 */
package dev.agentkit.source;
