package dev.agentkit;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An agent bound against the live contract after startup re-verification: the bound acts, the drift
 * report against the contract the agent was compiled against, and the notes the drift policy
 * produced (warnings, acknowledged items). Generated wiring returns it from {@code bind};
 * programmatic users call {@link #bind}.
 *
 * @param acts the bound acts; their contract is the live one
 * @param report the drift between the compiled-against and the live contract; empty on the fast
 *     path (equal digests)
 * @param notes one sentence per warning or acknowledged item
 * @param <S> the agent's state type
 */
public record BoundAgent<S>(ActionSet<S> acts, DriftReport report, List<String> notes) {

  /** Copies the notes. */
  public BoundAgent {
    Objects.requireNonNull(acts, "acts");
    Objects.requireNonNull(report, "report");
    notes = List.copyOf(notes);
  }

  /**
   * Fetches the live contract, compares it with the one the agent was compiled against, applies the
   * drift policy, and binds against the live contract (which is authoritative: live descriptions,
   * enum values and tiers are what gets bound).
   *
   * <p>When the live digest equals {@code compiledDigest} no comparison is made. Fails closed: when
   * the source fails, nothing is bound.
   *
   * @param agent the agent's name, for messages
   * @param compiled the ops the agent uses, as the snapshot had them at compile time
   * @param compiledDigest the digest of the whole snapshot compiled against
   * @param source the live contract
   * @param uses the agent's uses of backend ops
   * @param locals the agent's local acts
   * @param policy what to do with breaking drift
   * @param clock today's date, for acknowledgement expiry
   * @throws BindException when the source fails or the acts do not bind to the live contract
   * @throws DriftException when the policy rejects the drift
   */
  public static <S> BoundAgent<S> bind(
      String agent,
      Contract compiled,
      String compiledDigest,
      ContractSource source,
      List<Use<S>> uses,
      List<Act<S>> locals,
      DriftPolicy policy,
      Clock clock) {
    Contract live = ActionSet.fetch(source);
    List<ActDeclaration> decls = new ArrayList<>(uses.size());
    for (Use<S> u : uses) {
      decls.add(u.declaration());
    }
    DriftReport.Usage usage = DriftReport.Usage.of(agent, decls);
    DriftReport report;
    List<String> notes = List.of();
    if (live.digest().equals(compiledDigest)) {
      report = DriftReport.unchanged(agent, compiledDigest);
    } else {
      report = DriftReport.compare(compiled, subset(live, compiled.opcodes()), usage);
      DriftPolicy.Verdict verdict = policy.judge(report, LocalDate.now(clock));
      if (!verdict.passed()) {
        throw new DriftException(agent, compiled.name(), report, verdict);
      }
      notes = verdict.notes();
    }
    String stale = staleness(source);
    if (stale != null) {
      List<String> more = new ArrayList<>(notes);
      more.add(stale);
      notes = more;
    }
    return new BoundAgent<>(ActionSet.bind(live, uses, locals), report, notes);
  }

  /**
   * A note when a warm cache served its last good contract because a refresh failed: the agent is
   * bound, on a contract that is this old.
   */
  private static String staleness(ContractSource source) {
    if (source instanceof CachedContract cache) {
      CachedContract.Freshness f = cache.freshness().orElse(null);
      if (f != null && f.stale()) {
        return "bound on the last good contract from "
            + cache.describe()
            + ", fetched "
            + DurationText.of(f.age())
            + " ago: refreshing it failed, so it may be stale";
      }
    }
    return null;
  }

  private static Contract subset(Contract live, Collection<String> opcodes) {
    Set<String> wanted = new HashSet<>(opcodes);
    List<Action> ops = new ArrayList<>(wanted.size());
    for (Action op : live.ops()) {
      if (wanted.contains(op.opcode())) {
        ops.add(op);
      }
    }
    return Contract.of(live.name(), live.source(), ops);
  }

  /** One log line: the agent, how many acts were bound, and the drift summary. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("bound ");
    sb.append(report.agent().isEmpty() ? "agent" : report.agent())
        .append(": ")
        .append(acts.opcodes().size())
        .append(" acts; ");
    sb.append(report.isEmpty() ? "no contract drift" : report.toString());
    for (String n : notes) {
      sb.append("\n  ").append(n);
    }
    return sb.toString();
  }
}
