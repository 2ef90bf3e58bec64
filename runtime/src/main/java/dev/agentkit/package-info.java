/**
 * What an agent author touches: an agent's {@link dev.agentkit.Use uses} of ops with their {@link
 * dev.agentkit.Premise premises} and handlers, the {@link dev.agentkit.ActionSet} they bind to, the
 * {@link dev.agentkit.Call calls} a model makes, the {@link dev.agentkit.Plan plan} a program is
 * gated into and the {@link dev.agentkit.Outcome outcome} of running a call; {@link
 * dev.agentkit.BoundAgent} is what generated wiring returns from {@code bind}.
 *
 * <p>Depends on {@code contract}, {@code source}, {@code drift} and {@code internal}; nothing in
 * those depends on it.
 */
package dev.agentkit;
