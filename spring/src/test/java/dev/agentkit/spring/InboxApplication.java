package dev.agentkit.spring;

import dev.agentkit.inbox.InboxAgent;
import dev.agentkit.inbox.OpRunner;
import dev.agentkit.inbox.Oversight;
import dev.agentkit.testing.EmbeddedPostgresServer;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * A Boot application with one agent bean, a PostgreSQL database (a fresh one on the embedded
 * server) and the inbox: the op runner archives the desk's project, and proposals to set a priority
 * expire a second after they are made.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class InboxApplication {
  @Bean
  PriorityAgent priorityAgent() {
    return new PriorityAgent();
  }

  @Bean
  Desk desk() {
    return Desk.sample();
  }

  @Bean
  DataSource dataSource() {
    return EmbeddedPostgresServer.freshDatabase("starter");
  }

  @Bean
  OpRunner priorityAgentOpRunner(Desk desk) {
    return call -> {
      desk.archive(call.arg("project_id"));
      return "archived " + call.arg("project_id");
    };
  }

  @Bean
  InboxCustomizer prioritiesExpire() {
    return new InboxCustomizer() {
      @Override
      public InboxAgent agent(String bean, InboxAgent agent) {
        return agent.oversight(
            "set_task_priority", Oversight.anyone().deadline(Duration.ofSeconds(1)));
      }
    };
  }
}
