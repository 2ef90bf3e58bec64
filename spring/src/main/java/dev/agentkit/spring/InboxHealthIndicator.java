package dev.agentkit.spring;

import dev.agentkit.inbox.InboxBacklog;
import dev.agentkit.inbox.InboxException;
import dev.agentkit.inbox.ProposalState;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The health of one agent's proposal inbox: its backlog (pending, since when the oldest pending
 * proposal has waited, in flight, stranded in flight past the run timeout, and the count in each
 * state) and whether its accepts can run. Up while the database answers, down with the inbox's
 * {@code [InboxDatabase]} sentence when it does not. A stranded accept leaves it up (the
 * application is fine; a person should recover or settle the proposal), and shows in {@code
 * stranded} and in the {@code agentkit.inbox.stranded} gauge.
 */
final class InboxHealthIndicator implements HealthIndicator {
  private final AgentInboxes.Made made;
  private final InboxWatch watch;

  InboxHealthIndicator(AgentInboxes.Made made, InboxWatch watch) {
    this.made = made;
    this.watch = watch;
  }

  @Override
  public Health health() {
    InboxBacklog b;
    try {
      b = watch.read(made);
    } catch (InboxException e) {
      return Health.down().withDetail("error", e.getMessage()).build();
    }
    return Health.up().withDetails(details(b, made.accepts())).build();
  }

  static Map<String, Object> details(InboxBacklog b, boolean accepts) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("pending", b.pending());
    b.oldestPending().ifPresent(at -> d.put("oldestPending", at.toString()));
    b.oldestPendingAge().ifPresent(age -> d.put("oldestPendingAgeSeconds", age.toSeconds()));
    d.put("inFlight", b.inFlight());
    d.put("stranded", b.stranded());
    Map<String, Long> states = new LinkedHashMap<>();
    for (ProposalState s : ProposalState.values()) {
      states.put(s.name().toLowerCase(Locale.ROOT), b.counts().get(s));
    }
    d.put("states", states);
    d.put("accepts", accepts);
    return d;
  }
}
