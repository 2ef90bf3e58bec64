/**
 * agentkit's runtime: the contract model, the binding rules, sources, drift, the gate, proposals,
 * tool schemas and the annotations.
 *
 * <p>Every package an agent author or an adapter uses is exported. The {@code
 * dev.agentkit.internal} packages are exported only because generated wiring, which lives in the
 * user's own module, and agentkit's own modules (the processor, the sources, the Maven plugin) call
 * them; they are not API, and each module's {@code InternalUseTest} names the internal classes it
 * uses.
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
  exports dev.agentkit.internal.json;
  exports dev.agentkit.internal.text;
}
