/**
 * Not API. Public only so that generated wiring, the annotation processor and the Maven plugin can
 * reach the one rules engine ({@link dev.agentkit.internal.ContractRules}) and the helpers
 * generated views call. Like {@code dagger.internal}: anything here may change or vanish in any
 * release, with no compatibility promise; never use it from hand-written code.
 *
 * <p>Depends on {@code contract}, {@code internal.text} and {@code internal.json} only.
 */
package dev.agentkit.internal;
