package dev.agentkit.examples;

import dev.agentkit.Act;
import dev.agentkit.Action;
import dev.agentkit.ActionSet;
import dev.agentkit.BoundAgent;
import dev.agentkit.Contract;
import dev.agentkit.ContractSource;
import dev.agentkit.DriftPolicy;
import dev.agentkit.Use;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Startup re-verification of {@link TriageAgent}: fetch the live contract once, grade its drift
 * from the snapshot the agent was compiled against ({@link TriageAgent_Wiring#compiledContract()},
 * {@link TriageAgent_Wiring#CONTRACT_DIGEST}), apply the drift policy, and bind the agent to the
 * live contract.
 *
 * <p>The generated {@code TriageAgent_Wiring.bind(agent, source)} of this processor version binds
 * without the drift check, so this class runs {@link BoundAgent#bind} itself. The premise and
 * handler facts it needs (category, input, run handler, ask wording) are read from the
 * offline-bound set the wiring builds, never restated here; the acts it returns are the wiring's
 * own, bound to the live contract {@link BoundAgent#bind} fetched.
 */
final class TriageStartup {
  static final String AGENT = "TriageAgent";

  private TriageStartup() {}

  /** Binds with {@link DriftPolicy#failOnBreaking()}. */
  static BoundAgent<Board> bind(TriageAgent agent, ContractSource source) {
    return bind(agent, source, DriftPolicy.failOnBreaking());
  }

  /**
   * Fetches the live contract (failing closed), checks its drift with {@code policy} and binds.
   *
   * @throws dev.agentkit.DriftException when the policy rejects the drift
   * @throws dev.agentkit.BindException when the backend is down or the acts do not bind
   */
  static BoundAgent<Board> bind(TriageAgent agent, ContractSource source, DriftPolicy policy) {
    ActionSet<Board> compiled = TriageAgent_Wiring.bindOffline(agent);
    Contract compiledContract = TriageAgent_Wiring.compiledContract();
    List<Use<Board>> uses = new ArrayList<>();
    List<Act<Board>> locals = new ArrayList<>();
    for (Action act : compiled.actions()) {
      if (!compiledContract.has(act.opcode())) {
        locals.add(handlersOf(compiled, Act.of(act)));
        continue;
      }
      Use.Builder<Board> use =
          Use.<Board>of(act.opcode(), act.category())
              .input(act.input())
              .terminalStates(act.terminalStates().toArray(String[]::new))
              .structured(act.structured().toArray(String[]::new));
      if (compiled.canRun(act.opcode())) {
        use.run(compiled::run);
      }
      if (hasAsk(compiled, act)) {
        use.ask(compiled::ask);
      }
      // The set BoundAgent.bind builds from these uses is only checked, never run (the acts
      // returned are the wiring's own), so readers are stand-ins: what matters is that there is
      // one.
      if (act.category().needsStateReader()) {
        use.reader((board, call) -> "");
      }
      if (act.category().needsFieldReader()) {
        use.fieldReader((board, call, field) -> "");
      }
      uses.add(use.build());
    }
    BoundAgent<Board> checked =
        BoundAgent.bind(
            AGENT,
            compiledContract,
            TriageAgent_Wiring.CONTRACT_DIGEST,
            source,
            uses,
            locals,
            policy,
            Clock.systemDefaultZone());
    Contract live = checked.acts().contract().orElseThrow();
    return new BoundAgent<>(
        TriageAgent_Wiring.bind(agent, live), checked.report(), checked.notes());
  }

  private static Act<Board> handlersOf(ActionSet<Board> compiled, Act<Board> act) {
    Act<Board> out = act;
    if (compiled.canRun(act.action().opcode())) {
      out = out.withRun(compiled::run);
    }
    if (hasAsk(compiled, act.action())) {
      out = out.withAsk(compiled::ask);
    }
    return out;
  }

  /** Whether the act has its own ask wording (without one, the question is its description). */
  private static boolean hasAsk(ActionSet<Board> compiled, Action act) {
    return !compiled.ask(Action.call(act.opcode(), Map.of())).equals(act.description());
  }
}
