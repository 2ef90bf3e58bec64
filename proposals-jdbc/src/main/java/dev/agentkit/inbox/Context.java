package dev.agentkit.inbox;

import dev.agentkit.internal.Choices;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the inbox's steps share: the transactions, the clock, the registered agents, the runs and
 * the run timeout, and the reads and refusals every step makes.
 */
final class Context {
  final Tx tx;
  final Clock clock;
  final Map<String, InboxAgent> agents;
  final Runs runs;
  final Duration runTimeout;

  Context(Tx tx, Clock clock, Map<String, InboxAgent> agents, Duration runTimeout) {
    this.tx = tx;
    this.clock = clock;
    this.agents = Map.copyOf(agents);
    this.runTimeout = runTimeout;
    this.runs = new Runs(tx, this::now);
  }

  Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  Optional<InboxEntry> get(String key) {
    return tx.read("read the proposal \"" + key + "\"", c -> Store.get(c, key));
  }

  InboxEntry existing(String askKey) {
    String key = Refusals.key(askKey);
    return get(key)
        .orElseThrow(
            () ->
                new InboxException(
                    InboxException.Kind.NOT_FOUND,
                    "no proposal has the ask key \""
                        + key
                        + "\": list the pending ones with pending(InboxQuery.pending())"));
  }

  InboxEntry pendingEntry(String askKey, String verb) {
    InboxEntry entry = existing(askKey);
    if (entry.state() != ProposalState.PENDING) {
      throw Refusals.notPending(entry, verb);
    }
    return entry;
  }

  /** The entry after a conditional update from pending; throws when another decision won. */
  InboxEntry decidedOrThrow(InboxEntry before, int won, String verb) {
    InboxEntry now = get(before.askKey()).orElseThrow();
    if (won == 1) {
      return now;
    }
    throw Refusals.notPending(now, verb);
  }

  /** The proposal's agent; refused when unregistered, since its oversight is not known here. */
  InboxAgent registered(InboxEntry entry, String cannot) {
    InboxAgent agent = agents.get(entry.agent());
    if (agent == null) {
      throw new InboxException(
          InboxException.Kind.UNKNOWN_AGENT,
          "the inbox has no agent \""
              + entry.agent()
              + "\", so it cannot "
              + cannot
              + " \""
              + entry.askKey()
              + "\"; register it with ProposalInbox.builder(dataSource).agent(InboxAgent.bind(...))"
              + registeredNames(entry.agent()));
    }
    return agent;
  }

  String registeredNames(String agent) {
    return agents.isEmpty() ? "" : " (registered: " + Choices.listing(agent, agents.keySet()) + ")";
  }

  <T> T refusedIfThrows(InboxEntry entry, String who, String digest, Supplier<T> step) {
    try {
      return step.get();
    } catch (InboxException e) {
      throw refuse(entry, who, digest, e);
    }
  }

  /** Records a refused accept in the audit trail and returns the exception to throw. */
  InboxException refuse(InboxEntry entry, String who, String digest, InboxException e) {
    AuditEvent refused = decision(entry, now(), who, "refused", e.getMessage(), digest);
    tx.write(
        "record the refused accept of \"" + entry.askKey() + "\"",
        c -> {
          Store.audit(c, refused);
          return (Object) null;
        },
        ReadBacks.audited(refused));
    return e;
  }

  static AuditEvent decision(
      InboxEntry entry, Instant now, String who, String action, String outcome, String digest) {
    return new AuditEvent(entry.askKey(), entry.round(), now, who, action, outcome, digest);
  }
}
