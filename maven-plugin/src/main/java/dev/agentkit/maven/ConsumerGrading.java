package dev.agentkit.maven;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.internal.ActDeclaration;
import dev.agentkit.internal.ContractRules;
import dev.agentkit.internal.UsesManifest;
import dev.agentkit.internal.text.JsonText;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Grades a proposed contract against one agent's uses manifest the way that agent's startup would
 * grade it, with the runtime's own rules and nothing of its own: the drift from the baseline (the
 * contract the backend serves now) to the proposed one, over the ops the agent uses, graded for its
 * handlers ({@link DriftReport#compare}) and judged by the drift policy with the acknowledgements
 * that apply ({@link DriftPolicy#judge}); then, when that passes, the binding rules ({@link
 * ContractRules#bind}) over the proposed contract, which catch what only the agent's declaration
 * can (an asserted tier, an input, terminal states, a local act's opcode). Both see the contract
 * with the tier overrides the agent's snapshot applies, as its wiring does.
 */
final class ConsumerGrading {
  private ConsumerGrading() {}

  /**
   * One agent's grade.
   *
   * @param manifest what the agent uses
   * @param report the drift graded for it
   * @param failing the drift items that fail it, as {@code failOn} and the policy judge them
   * @param bindProblems the binding rules' sentences about the proposed contract, when the drift
   *     passed
   * @param notes acknowledged items, warnings, and what the grade assumed
   */
  record AgentVerdict(
      UsesManifest manifest,
      DriftReport report,
      List<DriftItem> failing,
      List<Problem> bindProblems,
      List<String> notes) {
    AgentVerdict {
      failing = List.copyOf(failing);
      bindProblems = List.copyOf(bindProblems);
      notes = List.copyOf(notes);
    }

    boolean broken() {
      return !failing.isEmpty() || !bindProblems.isEmpty();
    }
  }

  /**
   * Grades the proposed contract for one agent.
   *
   * @param baseline the contract the backend serves now, which the agent binds today
   * @param proposed the contract the backend's change would serve
   * @param policy the drift policy with the acknowledgements that apply to this agent
   * @param today the date acknowledgements expire against
   */
  static AgentVerdict grade(
      UsesManifest m,
      Contract baseline,
      Contract proposed,
      FailOn failOn,
      DriftPolicy policy,
      LocalDate today) {
    List<TierOverride> overrides = overrides(m);
    Contract before = withOverrides(subset(baseline, m.opcodes()), overrides);
    Contract after = withOverrides(proposed, overrides);
    DriftReport report =
        DriftReport.compare(
            before, withOverrides(subset(proposed, m.opcodes()), overrides), usage(m));
    DriftPolicy.Verdict verdict =
        (failOn == FailOn.NONE ? DriftPolicy.warnOnly() : policy).judge(report, today);
    List<DriftItem> failing = new ArrayList<>(verdict.failing());
    if (failOn == FailOn.ANY) {
      for (DriftItem i : report.items()) {
        if (i.severity() != DriftSeverity.BREAKING) {
          failing.add(i);
        }
      }
    }
    List<String> notes = new ArrayList<>(verdict.notes());
    notes.addAll(digestNote(m, baseline, proposed));
    notes.addAll(namedValues(m, failing));
    List<Problem> bind = new ArrayList<>();
    if (verdict.passed()) {
      for (Problem p : ContractRules.bind(after, declarations(m), locals(m)).problems()) {
        if (failOn == FailOn.NONE) {
          notes.add("warning: " + p.message());
        } else {
          bind.add(p);
        }
      }
    }
    return new AgentVerdict(m, report, failing, bind, notes);
  }

  /** The overrides the agent's snapshot applies, one per opcode, as the manifest records them. */
  static List<TierOverride> overrides(UsesManifest m) {
    List<TierOverride> out = new ArrayList<>();
    for (UsesManifest.Use u : m.acts()) {
      if (u.tierOverride() != null) {
        TierOverride o = TierOverride.forOpcode(u.opcode(), u.tierOverride().tier());
        // The reason stays in the agent's repository; that one was given is what binds.
        out.add(u.tierOverride().mayLower() ? o.because("given in the agent's snapshot") : o);
      }
    }
    return out;
  }

  /** As the agent's wiring binds: its compiled overrides replace the source's, if it has any. */
  private static Contract withOverrides(Contract c, List<TierOverride> overrides) {
    return overrides.isEmpty() ? c : c.withTiers(overrides);
  }

  /** The ops of a contract the agent uses, as served, with the contract's own overrides. */
  static Contract subset(Contract c, List<String> opcodes) {
    Set<String> wanted = new HashSet<>(opcodes);
    List<Op> ops = new ArrayList<>();
    for (Op op : c.served().ops()) {
      if (wanted.contains(op.opcode())) {
        ops.add(op);
      }
    }
    return Contract.of(c.name(), c.source(), ops).withTiers(c.tierOverrides());
  }

  static DriftReport.Usage usage(UsesManifest m) {
    Map<String, DriftReport.ActUse> acts = new LinkedHashMap<>();
    for (UsesManifest.Use u : m.acts()) {
      acts.put(u.opcode(), new DriftReport.ActUse(u.run(), u.ask(), u.input()));
    }
    return new DriftReport.Usage(m.agentName(), acts);
  }

  /** The agent's uses as the binding rules take them: its premise and which handlers it has. */
  static List<ActDeclaration> declarations(UsesManifest m) {
    List<ActDeclaration> out = new ArrayList<>();
    for (UsesManifest.Use u : m.acts()) {
      Set<ActDeclaration.Handler> handlers = EnumSet.noneOf(ActDeclaration.Handler.class);
      if (u.run()) {
        handlers.add(ActDeclaration.Handler.RUN);
      }
      if (u.ask()) {
        handlers.add(ActDeclaration.Handler.ASK);
      }
      // It compiled, so it has the reader its category needs, and no other.
      if (u.category().needsStateReader()) {
        handlers.add(ActDeclaration.Handler.READER);
      }
      if (u.category().needsFieldReader()) {
        handlers.add(ActDeclaration.Handler.FIELD_READER);
      }
      out.add(
          new ActDeclaration(
              u.opcode(),
              null,
              u.category(),
              u.input(),
              u.terminalStates(),
              u.structured(),
              u.assertedTier(),
              handlers));
    }
    return out;
  }

  /**
   * The agent's local acts as the binding rules take them. The manifest has only their opcodes
   * (their contract is the agent's own and stays with it), so each stands in as a valid act of that
   * opcode: the only thing a backend's contract can break about a local act is its opcode, when the
   * backend starts declaring one of the same name.
   */
  static List<ActDeclaration> locals(UsesManifest m) {
    List<ActDeclaration> out = new ArrayList<>();
    for (String opcode : m.localActs()) {
      Op op =
          Op.builder(opcode)
              .description("The agent's own act.")
              .objectType("local")
              .tier(Tier.REVERSIBLE)
              .build();
      out.add(
          new ActDeclaration(
              opcode,
              op,
              ChangeCategory.MERGE,
              "",
              List.of(),
              List.of(),
              null,
              EnumSet.of(ActDeclaration.Handler.RUN)));
    }
    return out;
  }

  /** A note when the agent was compiled against a contract that is neither of the two compared. */
  private static List<String> digestNote(UsesManifest m, Contract baseline, Contract proposed) {
    if (m.digest().equals(baseline.digest()) || m.digest().equals(proposed.digest())) {
      return List.of();
    }
    return List.of(
        m.agentName()
            + " was compiled against "
            + m.digest()
            + ", which is neither the baseline ("
            + baseline.digest()
            + ") nor the proposed contract; graded from the baseline, what it binds today");
  }

  /** For a failing removed enum value the agent's code names, that its next compile fails too. */
  private static List<String> namedValues(UsesManifest m, List<DriftItem> failing) {
    List<String> out = new ArrayList<>();
    for (DriftItem i : failing) {
      if (i.rule() != DriftRule.ENUM_VALUE_REMOVED) {
        continue;
      }
      for (UsesManifest.Use u : m.acts()) {
        if (u.opcode().equals(i.opcode())
            && u.enumValues().getOrDefault(i.operand(), List.of()).contains(i.value())) {
          out.add(
              m.agentName()
                  + "'s code names "
                  + JsonText.shown(i.value())
                  + " of "
                  + i.target().substring(0, i.target().lastIndexOf('='))
                  + " through its typed view, so its next compile fails too ([RemovedEnumValue])");
        }
      }
    }
    return out;
  }
}
