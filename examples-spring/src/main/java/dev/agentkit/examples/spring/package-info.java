/**
 * The example as a Spring Boot application on the starter: the triage agent bound at startup, its
 * tools offered to a scripted chat model, and withheld acts collected for a person to decide.
 */
package dev.agentkit.examples.spring;
