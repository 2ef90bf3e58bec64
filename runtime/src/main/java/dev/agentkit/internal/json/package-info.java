/**
 * Not API. JSON values as plain Java objects ({@link dev.agentkit.internal.json.JsonTree}), read
 * and written one way for snapshots, defaults and constants, and the values a model sends.
 *
 * <p>Depends on {@code internal.text} only.
 */
package dev.agentkit.internal.json;
