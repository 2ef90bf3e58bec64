package dev.agentkit.spring;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** A Boot application with one agent bean, as a service would declare it. */
@SpringBootConfiguration
@EnableAutoConfiguration
public class TestApplication {
  @Bean
  PriorityAgent priorityAgent() {
    return new PriorityAgent();
  }

  @Bean
  PriorityService priorityService(MeteredAgent<Desk> agent) {
    return new PriorityService(agent);
  }
}
