/**
 * Not API. Public only so that generated wiring, the annotation processor and the Maven plugin can
 * reach the one rules engine ({@link dev.agentkit.internal.ContractRules}) and the helpers
 * generated views call. Like {@code dagger.internal}: anything here may change or vanish in any
 * release, with no compatibility promise; never use it from hand-written code.
 *
 * <p>Depends on {@code contract} and {@code internal.text} only.
 */
package dev.agentkit.internal;
