package dev.agentkit.maven;

import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftRule;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code <acknowledgement>} of {@code agentkit:verify-consumers}: a breaking change the backend
 * team has agreed with the agents' team, passed until it expires, as the runtime's drift policy
 * passes one at an agent's startup ({@link DriftPolicy#acknowledge}). It names the drift {@code
 * <rule>} and {@code <target>} as the report prints them, the last day it holds ({@code <expires>},
 * {@code yyyy-mm-dd}), why ({@code <reason>}), and, to pass it for one agent only, that agent's
 * qualified class name ({@code <agent>}).
 *
 * <p>Maven sets the fields by name from the POM.
 */
public class AcknowledgementConfig {
  /** The drift rule's id, such as {@code tier-raised}. */
  String rule;

  /** {@code op}, {@code op.operand} or {@code op.operand=value}. */
  String target;

  /** The last day it holds, {@code yyyy-mm-dd}. */
  String expires;

  /** Why it is safe for now; shown in the report. */
  String reason;

  /** The qualified class name of the one agent it is for; every agent when not given. */
  String agent;

  @Override
  public String toString() {
    return "acknowledgement " + rule + " " + target;
  }

  /** One checked acknowledgement, with the agent it is for (empty: every agent). */
  record Checked(DriftRule rule, String target, LocalDate expires, String reason, String agent) {}

  /** Checks each acknowledgement, naming the first problem found. */
  static List<Checked> check(List<AcknowledgementConfig> acks) throws ConfigException {
    List<Checked> out = new ArrayList<>();
    List<AcknowledgementConfig> all = acks == null ? List.of() : acks;
    for (int i = 0; i < all.size(); i++) {
      out.add(check(all.get(i), "<acknowledgements> entry " + (i + 1)));
    }
    return out;
  }

  private static Checked check(AcknowledgementConfig a, String where) throws ConfigException {
    String missing =
        a == null || blank(a.rule)
            ? "<rule>"
            : blank(a.target) ? "<target>" : blank(a.expires) ? "<expires>" : null;
    if (missing != null) {
      throw new ConfigException(GoalMessage.ACKNOWLEDGEMENT_INCOMPLETE.format(where, missing));
    }
    DriftRule rule;
    try {
      rule = DriftRule.ofId(a.rule.trim());
    } catch (IllegalArgumentException e) {
      throw new ConfigException(GoalMessage.ACKNOWLEDGEMENT_RULE.format(where, e.getMessage()));
    }
    LocalDate expires;
    try {
      expires = LocalDate.parse(a.expires.trim());
    } catch (DateTimeParseException e) {
      throw new ConfigException(
          GoalMessage.ACKNOWLEDGEMENT_EXPIRES.format(where, a.expires.trim()));
    }
    return new Checked(
        rule,
        a.target.trim(),
        expires,
        a.reason == null ? "" : a.reason.trim(),
        a.agent == null ? "" : a.agent.trim());
  }

  /** The policy for one agent: fail on breaking drift, but for the acknowledgements it has. */
  static DriftPolicy policyFor(String agent, List<Checked> acks) {
    DriftPolicy policy = DriftPolicy.failOnBreaking();
    for (Checked a : acks) {
      if (a.agent().isEmpty() || a.agent().equals(agent)) {
        policy = policy.acknowledge(a.rule(), a.target(), a.expires(), a.reason());
      }
    }
    return policy;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
