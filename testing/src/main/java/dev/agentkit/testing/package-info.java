/**
 * What the modules' tests share, so that no fixture is written twice: {@link
 * dev.agentkit.testing.InternalUse} checks which of the runtime's internal classes a module's main
 * code may use.
 *
 * <p>A test-scope dependency only: nothing here ships in a published artifact.
 */
package dev.agentkit.testing;
