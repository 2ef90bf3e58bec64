/**
 * A contract source over an OpenAPI 3.0 or 3.1 document: {@link
 * dev.agentkit.openapi.OpenApiContractSource} fetches and maps the document (one op per operation,
 * schemas as operand trees, tiers from the HTTP method or {@code x-agentkit-tier}), and {@link
 * dev.agentkit.openapi.OpenApiActions} sends a verified call as the HTTP request the operation
 * describes.
 *
 * <p>Everything the document says is treated as hostile: size, depth and count limits are in {@code
 * DocumentLimits}. Depends on the runtime's {@code contract}, {@code source} and {@code
 * internal.json} packages and on swagger-parser.
 */
package dev.agentkit.openapi;
