package dev.agentkit.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Prints why the starter refused to start the application, and the fix, in place of a stack trace:
 * the drift report when the live contract drifted in a way the drift policy rejects, the source's
 * failure when the backend is unreachable, the property at fault when the configuration is wrong.
 * Registered in {@code META-INF/spring.factories}.
 */
public final class AgentkitFailureAnalyzer
    extends AbstractFailureAnalyzer<AgentkitStartupException> {

  /** Used by Spring Boot's failure analysis. */
  public AgentkitFailureAnalyzer() {}

  @Override
  protected FailureAnalysis analyze(Throwable root, AgentkitStartupException cause) {
    return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
  }
}
