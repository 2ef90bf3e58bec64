package dev.agentkit.spring;

import java.util.stream.Stream;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthContributors;

/**
 * The {@code agentkit-inbox} health contributor: one {@link InboxHealthIndicator} per agent's
 * inbox, named by the agent bean ({@code /actuator/health/agentkit-inbox/<bean>}), for every inbox
 * made when health is asked.
 */
final class InboxHealthContributor implements CompositeHealthContributor {
  private final AgentInboxes inboxes;
  private final InboxWatch watch;

  InboxHealthContributor(AgentInboxes inboxes, InboxWatch watch) {
    this.inboxes = inboxes;
    this.watch = watch;
  }

  @Override
  public HealthContributor getContributor(String name) {
    return stream()
        .filter(e -> e.name().equals(name))
        .map(HealthContributors.Entry::contributor)
        .findFirst()
        .orElse(null);
  }

  @Override
  public Stream<HealthContributors.Entry> stream() {
    return inboxes.all().stream()
        .map(
            m ->
                new HealthContributors.Entry(m.agent().bean(), new InboxHealthIndicator(m, watch)));
  }
}
