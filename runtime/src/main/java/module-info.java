/**
 * agentkit's runtime: the contract model, the binding rules, sources, drift, the gate, proposals,
 * tool schemas and the annotations.
 *
 * <p>Every package an agent author or an adapter uses is exported. {@code dev.agentkit.internal} is
 * exported only because generated wiring, which lives in the user's own module, calls it; it is not
 * API. {@code dev.agentkit.internal.text} is not exported.
 */
module dev.agentkit.runtime {
  requires com.fasterxml.jackson.core;
  requires org.slf4j;
  requires transitive java.net.http;

  exports dev.agentkit;
  exports dev.agentkit.annotation;
  exports dev.agentkit.contract;
  exports dev.agentkit.source;
  exports dev.agentkit.drift;
  exports dev.agentkit.tool;
  exports dev.agentkit.proposal;
  exports dev.agentkit.internal;
}
