package dev.agentkit.spring;

import dev.agentkit.inbox.InboxAgent;
import dev.agentkit.inbox.ProposalInbox;

/**
 * Adjusts the proposal inbox the starter makes for each agent bean: its {@link InboxAgent} (the
 * oversight, the cool-off) and its {@link ProposalInbox.Builder} (limits, flood cap, clock).
 * Declare one or more beans of this type; each is applied, in order, to every agent's inbox.
 *
 * <pre>{@code
 * @Bean
 * InboxCustomizer archiveNeedsTwo() {
 *   return new InboxCustomizer() {
 *     @Override
 *     public InboxAgent agent(String bean, InboxAgent agent) {
 *       return agent.oversight("archive_project", Oversight.approvers(2, "ann", "bob", "carol"));
 *     }
 *   };
 * }
 * }</pre>
 */
public interface InboxCustomizer {
  /**
   * The agent as the inbox of agent bean {@code bean} registers it; by default as it is.
   *
   * @param bean the agent bean's name, which is the agent's name in the inbox (its ask keys)
   * @param agent the agent as the starter or an earlier customizer made it
   */
  default InboxAgent agent(String bean, InboxAgent agent) {
    return agent;
  }

  /**
   * Changes the settings of the inbox of agent bean {@code bean} before it is built; by default
   * none. The starter has set the run timeout from {@code agentkit.inbox.run-timeout} and turned
   * off the builder's own migration (the starter runs the migrations once, before any inbox).
   */
  default void inbox(String bean, ProposalInbox.Builder builder) {}
}
