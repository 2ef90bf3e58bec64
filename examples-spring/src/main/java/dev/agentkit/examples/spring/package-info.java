/**
 * The example as a Spring Boot application on the starter: the triage agent bound at startup, its
 * tools offered to a scripted chat model, and withheld acts proposed to its inbox for a person to
 * decide over HTTP.
 */
package dev.agentkit.examples.spring;
