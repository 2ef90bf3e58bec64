package dev.agentkit.examples.spring;

import dev.agentkit.examples.Board;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.mcp.McpAgentServer;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.spring.MeteredAgent;
import dev.agentkit.spring.ToolCallMeters;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The triage agent served over MCP Streamable HTTP at {@code /mcp}, for any MCP client (an IDE, a
 * desktop assistant), behind Spring Security: {@code /mcp} takes a bearer token (a JWT the resource
 * server checks against {@code spring.security.oauth2.resourceserver.jwt.*}) and refuses anything
 * else with 401 and {@code WWW-Authenticate: Bearer}. The client's calls go the same way the chat
 * model's do: guarded and gated against the live contract, withheld ones to the agent's inbox,
 * counted, timed and traced by the starter's {@link ToolCallMeters}.
 */
@Configuration(proxyBeanMethods = false)
class McpConfiguration {
  /** The SDK's servlet transport: POST for requests, GET for the event stream, DELETE to end. */
  @Bean
  HttpServletStreamableServerTransportProvider mcpTransport() {
    return HttpServletStreamableServerTransportProvider.builder()
        .jsonMapper(McpJsonDefaults.getMapper())
        .mcpEndpoint("/mcp")
        .build();
  }

  @Bean
  ServletRegistrationBean<HttpServletStreamableServerTransportProvider> mcpServlet(
      HttpServletStreamableServerTransportProvider transport) {
    ServletRegistrationBean<HttpServletStreamableServerTransportProvider> servlet =
        new ServletRegistrationBean<>(transport, "/mcp");
    servlet.setName("mcp");
    servlet.setAsyncSupported(true); // the event stream outlives the request thread
    return servlet;
  }

  @Bean(destroyMethod = "close")
  McpSyncServer mcpServer(
      MeteredAgent<Board> agent,
      ToolCallMeters meters,
      Board board,
      ProposalInbox inbox,
      HttpServletStreamableServerTransportProvider transport) {
    return McpAgentServer.builder(agent.live(), agent.name())
        .ceiling(TaskboardApplication.CEILING)
        .anchor(
            call -> {
              String kind = call.op().objectType();
              return ObjectRef.of(kind, call.arg(kind + "_id"));
            })
        .labeler(board.labeler())
        .proposals(new InboxSink(inbox, agent.live(), board))
        .state(() -> board)
        .listener(meters.forAgent(agent))
        .serverInfo("taskboard-triage", "0.1")
        .build()
        .serve(transport);
  }

  /**
   * {@code /mcp}: a bearer token or nothing. Stateless (no session, no cookie), so no CSRF token
   * either: a request carries its credential itself.
   */
  @Bean
  @Order(1)
  SecurityFilterChain mcpSecurity(HttpSecurity http) throws Exception {
    return http.securityMatcher("/mcp", "/mcp/**")
        .authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
        .oauth2ResourceServer(server -> server.jwt(Customizer.withDefaults()))
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .csrf(csrf -> csrf.disable())
        .build();
  }

  /**
   * The rest of the example (the triage, the inbox's HTTP, Actuator) is left open, as before:
   * protect it as your service's own endpoints are.
   */
  @Bean
  @Order(2)
  SecurityFilterChain theRest(HttpSecurity http) throws Exception {
    return http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
        .csrf(csrf -> csrf.disable())
        .build();
  }
}
