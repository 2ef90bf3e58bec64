/**
 * The annotations an agent class is written with: {@link dev.agentkit.annotation.Agent}, {@link
 * dev.agentkit.annotation.Act}, {@link dev.agentkit.annotation.LocalAct}, {@link
 * dev.agentkit.annotation.Run} and {@link dev.agentkit.annotation.Ask}. They are read by the
 * agentkit annotation processor and kept in class files only.
 *
 * <p>Depends on {@code contract} only (categories, tiers, operand types).
 */
package dev.agentkit.annotation;
