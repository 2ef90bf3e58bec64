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
// The qualified exports name agentkit's own modules, which are built after this one.
@SuppressWarnings("module")
module dev.agentkit.runtime {
  requires com.fasterxml.jackson.core;
  requires transitive org.slf4j; // ToolCallFlow.Builder.flow takes the adapter's Logger
  requires transitive java.net.http;

  exports dev.agentkit;
  exports dev.agentkit.annotation;
  exports dev.agentkit.contract;
  exports dev.agentkit.source;
  exports dev.agentkit.drift;
  exports dev.agentkit.tool;
  exports dev.agentkit.proposal;
  exports dev.agentkit.internal;
  exports dev.agentkit.internal.source to
      dev.agentkit.openapi,
      dev.agentkit.mcp;
  exports dev.agentkit.internal.json to
      dev.agentkit.openapi,
      dev.agentkit.mcp,
      dev.agentkit.maven;
  exports dev.agentkit.internal.text to
      dev.agentkit.processor,
      dev.agentkit.openapi,
      dev.agentkit.mcp,
      dev.agentkit.maven,
      dev.agentkit.cli,
      dev.agentkit.spring;
}
