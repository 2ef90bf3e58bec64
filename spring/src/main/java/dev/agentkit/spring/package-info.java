/**
 * The Spring Boot starter: binds every {@code @Agent} bean's wiring against its live contract at
 * startup and refuses to start on breaking drift ({@link
 * dev.agentkit.spring.AgentkitFailureAnalyzer} says why), keeps contracts fresh, gives each agent a
 * proposal inbox when the application has one and a DataSource, and exposes health, the {@code
 * agentkit} actuator endpoint and Micrometer metrics.
 *
 * <p>The public types are the auto-configurations, {@link dev.agentkit.spring.AgentkitProperties}
 * and what a host may inject; the rest is wiring. Depends on the runtime, the OpenAPI source, the
 * proposal inbox and Spring Boot.
 */
package dev.agentkit.spring;
