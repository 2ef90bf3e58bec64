package dev.agentkit;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.internal.text.DurationText;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An agent bound against the live contract after startup re-verification: the bound acts, the drift
 * report against the contract the agent was compiled against, and the notes the drift policy
 * produced (warnings, acknowledged items). Every {@code bind} of generated wiring returns one;
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
   * <p>When the live digest equals the compiled one no comparison is made. Fails closed: when the
   * source fails, nothing is bound.
   *
   * @param compiled what the wiring was compiled against
   * @param source the live contract
   * @param uses the agent's uses, local ones included
   * @param policy what to do with breaking drift
   * @param clock today's date, for acknowledgement expiry
   * @throws BindException when the source fails or the acts do not bind to the live contract
   * @throws DriftException when the policy rejects the drift
   */
  public static <S> BoundAgent<S> bind(
      CompiledAgent compiled,
      ContractSource source,
      List<Use<S>> uses,
      DriftPolicy policy,
      Clock clock) {
    Contract live = ActionSet.fetch(source, CompiledSnapshot.held(compiled, source));
    BoundAgent<S> bound = bind(compiled, live, uses, policy, clock);
    String stale = staleness(source);
    if (stale == null) {
      return bound;
    }
    List<String> notes = new ArrayList<>(bound.notes());
    notes.add(stale);
    return new BoundAgent<>(bound.acts(), bound.report(), notes);
  }

  /**
   * Binds against a contract already fetched, as {@link #bind(CompiledAgent, ContractSource, List,
   * DriftPolicy, Clock)} does against a fetched one.
   */
  public static <S> BoundAgent<S> bind(
      CompiledAgent compiled, Contract live, List<Use<S>> uses, DriftPolicy policy, Clock clock) {
    Objects.requireNonNull(live, "live");
    checkSameContract(compiled, live);
    live = withCompiledTiers(compiled, live);
    DriftReport report;
    List<String> notes = warnings(live);
    if (live.digest().equals(compiled.digest())) {
      report = DriftReport.unchanged(compiled.agent(), compiled.digest());
    } else {
      Contract before = compiled.contract();
      report = DriftReport.compare(before, subset(live, before.opcodes()), usage(compiled, uses));
      DriftPolicy.Verdict verdict = policy.judge(report, LocalDate.now(clock));
      if (!verdict.passed()) {
        throw new DriftException(compiled.agent(), before.name(), report, verdict);
      }
      notes.addAll(verdict.notes());
    }
    ActionSet<S> acts = ActionSet.bind(live, uses);
    notes.addAll(warnings(acts));
    return new BoundAgent<>(acts, report, notes);
  }

  /**
   * Binds to the contract compiled in, with no backend and nothing to compare: for tests and
   * offline tools.
   *
   * @throws BindException listing every problem
   */
  public static <S> BoundAgent<S> offline(CompiledAgent compiled, List<Use<S>> uses) {
    ActionSet<S> acts = ActionSet.bind(compiled.contract(), uses);
    List<String> notes = warnings(compiled.contract());
    notes.addAll(warnings(acts));
    return new BoundAgent<>(
        acts, DriftReport.unchanged(compiled.agent(), compiled.digest()), notes);
  }

  /**
   * A live document that names another contract is the wrong backend, not a drifted one: refused
   * before any comparison, which would only list every op as removed.
   */
  private static void checkSameContract(CompiledAgent compiled, Contract live) {
    String expected = compiled.contract().name();
    if (live.name().isEmpty() || expected.isEmpty() || live.name().equals(expected)) {
      return;
    }
    Problem p =
        Problem.of(
            Problem.Kind.CONTRACT_MISMATCH,
            "",
            live.name(),
            "the backend"
                + (live.source().isEmpty() ? "" : " at " + live.source())
                + " serves contract \""
                + live.name()
                + "\", but "
                + compiled.agent()
                + " was compiled against contract \""
                + expected
                + "\"; point the source at the "
                + expected
                + " backend, or change @Agent(contract = ...) and take a snapshot of "
                + live.name());
    throw new BindException("the agent's acts could not be bound (1 problem)", List.of(p));
  }

  /**
   * One note per tier or type of the live contract this version does not know, each once (see
   * {@link Contract#warnings()}): they stop nothing, but the person running the agent should know
   * that an op is only ever proposed, or an operand only checked for presence.
   */
  private static List<String> warnings(Contract live) {
    return notes(live.warnings());
  }

  /**
   * One note per warning of the acts' rules ({@link ActionSet#warnings()}), such as terminal states
   * that cannot be checked against the live contract's input.
   */
  private static List<String> warnings(ActionSet<?> acts) {
    return notes(acts.warnings());
  }

  private static List<String> notes(List<Problem> warnings) {
    List<String> notes = new ArrayList<>(warnings.size());
    for (Problem w : warnings) {
      notes.add("warning: " + w.message());
    }
    return notes;
  }

  /** What the agent's uses of backend ops need of each op, for grading drift. */
  private static <S> DriftReport.Usage usage(CompiledAgent compiled, List<Use<S>> uses) {
    Map<String, DriftReport.ActUse> acts = new LinkedHashMap<>();
    for (Use<S> u : uses) {
      if (!u.isLocal()) {
        acts.put(
            u.opcode(),
            new DriftReport.ActUse(u.run() != null, u.ask() != null, u.premise().input()));
      }
    }
    return new DriftReport.Usage(compiled.agent(), acts);
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
    List<Op> ops = new ArrayList<>(wanted.size());
    for (Op op : live.served().ops()) {
      if (wanted.contains(op.opcode())) {
        ops.add(op);
      }
    }
    return Contract.of(live.name(), live.source(), ops).withTiers(live.tierOverrides());
  }

  /**
   * The live contract with the tier overrides the snapshot recorded, which the wiring compiled in:
   * the live source still serves its own tiers, and the user's word on them is applied to it as it
   * was when the snapshot was taken. They replace overrides set in code on the source; without any
   * compiled in, the live contract is bound as it comes.
   */
  static Contract withCompiledTiers(CompiledAgent compiled, Contract live) {
    List<TierOverride> tiers = compiled.contract().tierOverrides();
    return tiers.isEmpty() ? live : live.withTiers(tiers);
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
