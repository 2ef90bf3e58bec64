package dev.agentkit.spring;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Adds {@link ToolCallMeters}, which counts the tool calls of agentkit's Spring AI callbacks in the
 * starter's gate meters, when {@code agentkit-spring-ai} (and so Spring AI) is on the classpath.
 */
@AutoConfiguration(after = AgentkitAutoConfiguration.class)
@ConditionalOnClass(
    name = {"dev.agentkit.springai.ToolCallListener", "org.springframework.ai.tool.ToolCallback"})
public class AgentkitSpringAiAutoConfiguration {

  /** Created by Spring. */
  public AgentkitSpringAiAutoConfiguration() {}

  @Bean
  @ConditionalOnMissingBean
  ToolCallMeters agentkitToolCallMeters(AgentObserver observer, AgentkitObservations observations) {
    return new ToolCallMeters(observer, observations);
  }
}
