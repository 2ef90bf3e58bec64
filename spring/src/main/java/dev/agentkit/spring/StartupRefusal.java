package dev.agentkit.spring;

import dev.agentkit.BindException;
import dev.agentkit.contract.Problem;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftPolicy;
import java.time.LocalDate;
import java.util.List;

/**
 * The failure analysis of an agent that could not be bound at startup: what happened (the runtime's
 * own message, and the whole drift report) and the fix, with the properties to set spelled out.
 */
final class StartupRefusal {
  private StartupRefusal() {}

  /** The live contract drifted in a way the policy rejects. */
  static AgentkitStartupException drift(
      String bean, AgentWiring wiring, ContractHub.Entry entry, DriftException e, LocalDate today) {
    String details =
        e.getMessage()
            + "\nThe whole drift report, against the snapshot "
            + wiring.stamp().digest()
            + ":\n"
            + e.report();
    DriftPolicy.Verdict verdict = entry.policy().judge(e.report(), today);
    StringBuilder action =
        new StringBuilder(
            "Regenerate the snapshot (mvn agentkit:snapshot), rebuild to see the compile errors,"
                + " and fix the agent. Or, for a change you have reviewed and found safe for now,"
                + " acknowledge it until a date:");
    List<DriftItem> failing = verdict.failing();
    int base = entry.policy().acknowledgements().size();
    for (int i = 0; i < failing.size(); i++) {
      String key = "drift.acknowledgements[" + (base + i) + "]";
      DriftItem item = failing.get(i);
      action
          .append(line(entry.name(), key + ".rule", item.rule().id()))
          .append(line(entry.name(), key + ".target", item.target()))
          .append(line(entry.name(), key + ".expires", "<last day, YYYY-MM-DD>"))
          .append(line(entry.name(), key + ".reason", "<why it is safe until then>"));
    }
    return refused(bean, wiring, entry, details, action.toString(), e);
  }

  /** The contract could not be had, or the acts do not bind to it. */
  static AgentkitStartupException bind(
      String bean, AgentWiring wiring, ContractHub.Entry entry, BindException e) {
    boolean unavailable =
        e.problems().stream().anyMatch(p -> p.kind() == Problem.Kind.CONTRACT_UNAVAILABLE);
    String name = entry.name();
    String action =
        unavailable
            ? "Make the backend reachable at "
                + entry.source().describe()
                + " (or correct the URL in "
                + ContractSettings.property(name, "")
                + "), check its credentials ("
                + ContractSettings.property(name, "credentials")
                + "), or raise "
                + ContractSettings.property(name, "connect-timeout")
                + " and "
                + ContractSettings.property(name, "request-timeout")
                + " if it is slow. Without its contract an agent does not start (fail closed)."
            : "Regenerate the snapshot (mvn agentkit:snapshot), rebuild to see the compile errors,"
                + " and fix the agent; or point "
                + ContractSettings.property(name, "")
                + " at the backend the agent was written for.";
    return refused(bean, wiring, entry, ContractSettings.hints(name, e.getMessage()), action, e);
  }

  private static AgentkitStartupException refused(
      String bean,
      AgentWiring wiring,
      ContractHub.Entry entry,
      String details,
      String action,
      Exception cause) {
    return StarterMessage.STARTUP_REFUSED.failure(
        cause,
        bean,
        wiring.type().getName(),
        entry.name(),
        entry.cache().describe(),
        details,
        action);
  }

  private static String line(String contract, String key, String value) {
    return "\n  " + ContractSettings.property(contract, key) + "=" + value;
  }
}
