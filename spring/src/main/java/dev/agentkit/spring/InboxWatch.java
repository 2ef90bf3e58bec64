package dev.agentkit.spring;

import dev.agentkit.inbox.InboxBacklog;
import dev.agentkit.inbox.InboxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last backlog read of each agent's inbox, for the gauges: a scrape reads what the sweep (or
 * the health check, or a scrape more than {@link #MAX_AGE} after the last read) read, so a scrape
 * costs the database at most two statements per agent every few seconds. A read that fails keeps
 * the last good backlog. Thread-safe.
 */
final class InboxWatch {
  /** How old a backlog a gauge may show before it is read again. */
  static final Duration MAX_AGE = Duration.ofSeconds(10);

  private record Read(InboxBacklog backlog, Instant at) {}

  private final AgentInboxes inboxes;
  private final Clock clock;
  private final Map<String, Read> last = new ConcurrentHashMap<>();

  InboxWatch(AgentInboxes inboxes, Clock clock) {
    this.inboxes = inboxes;
    this.clock = clock;
  }

  /**
   * The backlog of the agent bean's inbox, read now.
   *
   * @throws InboxException when the database cannot be read
   */
  InboxBacklog read(AgentInboxes.Made made) {
    InboxBacklog b = made.inbox().backlog(made.agent().bean());
    last.put(made.agent().bean(), new Read(b, clock.instant()));
    return b;
  }

  /** The last backlog read of the agent bean's inbox, read again when it is too old. */
  Optional<InboxBacklog> recent(String bean) {
    Read r = last.get(bean);
    if (r != null && r.at().plus(MAX_AGE).isAfter(clock.instant())) {
      return Optional.of(r.backlog());
    }
    for (AgentInboxes.Made m : inboxes.all()) {
      if (m.agent().bean().equals(bean)) {
        try {
          return Optional.of(read(m));
        } catch (InboxException e) {
          // The health check says why; a gauge keeps showing the last good value.
        }
      }
    }
    return Optional.ofNullable(r).map(Read::backlog);
  }
}
