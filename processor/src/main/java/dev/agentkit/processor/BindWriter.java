package dev.agentkit.processor;

import dev.agentkit.BindException;
import dev.agentkit.BoundAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.Premise;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.processor.WiringLayout.Dispatch;
import dev.agentkit.processor.WiringModel.ActModel;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes the four {@code bind} overloads, which all return a {@link BoundAgent}, {@code live},
 * which returns a {@link LiveAgent}, and {@code uses(agent)}: one {@link Use} per act, premise
 * first, then its handlers, each a numbered entry of the dispatcher.
 */
final class BindWriter {
  private BindWriter() {}

  /** The names the bind methods share, each resolved once through the file's imports. */
  private record Names(
      String agent,
      String bound,
      String boundAgent,
      String source,
      String policy,
      String contract,
      String clock,
      String bindFails,
      String drift) {
    static Names of(SourceWriter w, WiringModel m) {
      String boundAgent = w.name(BoundAgent.class);
      return new Names(
          w.name(m.agentType()),
          boundAgent + "<" + w.name(m.state()) + ">",
          boundAgent,
          w.name(ContractSource.class),
          w.name(DriftPolicy.class),
          w.name(Contract.class),
          w.name(Clock.class) + ".systemUTC()",
          "@throws " + w.name(BindException.class),
          "@throws " + w.name(DriftException.class));
    }
  }

  static void write(SourceWriter w, WiringModel m, WiringLayout layout) {
    Names n = Names.of(w, m);
    bindToSource(w, n);
    bindWithPolicy(w, n);
    bindToContract(w, n);
    bindOffline(w, n);
    live(w, m, n);
    writeUses(w, m, layout, n.agent());
  }

  private static void bindToSource(SourceWriter w, Names n) {
    w.javadoc(
        "Fetches the live contract, re-verifies the agent against it and binds it, failing on"
            + " breaking drift ({@link "
            + n.policy()
            + "#failOnBreaking()}). See {@link #bind("
            + String.join(", ", n.agent(), n.source(), n.policy())
            + ")}.",
        n.bindFails() + " when the backend cannot be reached or the acts do not bind",
        n.drift() + " when the live contract drifted in a way that breaks the agent");
    w.call(
        "public static " + n.bound() + " bind",
        List.of(n.agent() + " agent", n.source() + " source"),
        " {");
    w.indent(2).line("return bind(agent, source, " + n.policy() + ".failOnBreaking());").close();
    w.blank();
  }

  private static void bindWithPolicy(SourceWriter w, Names n) {
    w.javadoc(
        "Fetches the live contract once, compares it with the snapshot this wiring was compiled"
            + " against (nothing to compare when the digests are equal), applies {@code policy} to"
            + " the drift, and binds the acts to the live contract, which is authoritative. Fails"
            + " closed when the contract cannot be had.",
        n.bindFails() + " when the backend cannot be reached or the acts do not bind",
        n.drift() + " when {@code policy} rejects the drift");
    w.call(
        "public static " + n.bound() + " bind",
        List.of(n.agent() + " agent", n.source() + " source", n.policy() + " policy"),
        " {");
    w.indent(2).line(requireAgent(w));
    w.call(
        "return " + n.boundAgent() + ".bind",
        List.of("COMPILED", "source", "uses(agent)", "policy", n.clock()),
        ";");
    w.close().blank();
  }

  private static void bindToContract(SourceWriter w, Names n) {
    w.javadoc(
        "Binds the agent's acts to a contract already fetched, taken as the live one: as {@link"
            + " #bind("
            + n.agent()
            + ", "
            + n.source()
            + ")}, without fetching.",
        n.bindFails() + " listing every problem when the acts do not bind",
        n.drift() + " when the contract drifted in a way that breaks the agent");
    w.call(
        "public static " + n.bound() + " bind",
        List.of(n.agent() + " agent", n.contract() + " contract"),
        " {");
    w.indent(2).line(requireAgent(w));
    w.call(
        "return " + n.boundAgent() + ".bind",
        List.of("COMPILED", "contract", "uses(agent)", n.policy() + ".failOnBreaking()", n.clock()),
        ";");
    w.close().blank();
  }

  private static void bindOffline(SourceWriter w, Names n) {
    w.javadoc(
        "Binds the agent's acts to the contract compiled in ({@link #compiledContract()}), with no"
            + " backend and nothing to compare: for tests and offline tools.",
        n.bindFails() + " listing every problem when the acts do not bind");
    w.call("public static " + n.bound() + " bindOffline", List.of(n.agent() + " agent"), " {");
    w.indent(2).line(requireAgent(w));
    w.line("return " + n.boundAgent() + ".offline(COMPILED, uses(agent));");
    w.close().blank();
  }

  private static void live(SourceWriter w, WiringModel m, Names n) {
    String liveAgent = w.name(LiveAgent.class);
    w.javadoc(
        "Binds as {@link #bind("
            + String.join(", ", n.agent(), n.source(), n.policy())
            + ")} does, then follows {@code source}: on each use the agent checks whether the cache"
            + " holds a contract with another digest, rebinds on compatible drift, and pauses"
            + " (proposing every call, running none) on drift {@code policy} rejects or when the"
            + " cache goes stale, until a contract binds again. For services that bind once and"
            + " run for weeks.",
        n.bindFails() + " when the backend cannot be reached or the acts do not bind",
        n.drift() + " when {@code policy} rejects the drift at startup");
    w.call(
        "public static " + liveAgent + "<" + w.name(m.state()) + "> live",
        List.of(
            n.agent() + " agent", w.name(CachedContract.class) + " source", n.policy() + " policy"),
        " {");
    w.indent(2).line(requireAgent(w));
    w.call(
        "return " + liveAgent + ".bind",
        List.of("COMPILED", "source", "uses(agent)", "policy", n.clock()),
        ";");
    w.close().blank();
  }

  private static String requireAgent(SourceWriter w) {
    return w.name(Objects.class) + ".requireNonNull(agent, \"agent\");";
  }

  /**
   * {@code uses(agent)}: every use, of backend ops then of local ones, each in declaration order.
   */
  private static void writeUses(SourceWriter w, WiringModel m, WiringLayout layout, String agent) {
    String use = w.name(Use.class) + "<" + w.name(m.state()) + ">";
    String list = w.name(List.class);
    w.open("private static " + list + "<" + use + "> uses(" + agent + " agent)");
    if (layout.uses().isEmpty()) {
      w.line("return " + list + ".of();");
      w.close();
      return;
    }
    w.line("return " + list + ".of(").indent(4);
    for (int i = 0; i < layout.uses().size(); i++) {
      ActModel a = layout.uses().get(i);
      String tail = i == layout.uses().size() - 1 ? ");" : ",";
      List<String> calls = premiseAndHandlers(w, a, layout);
      if (a.local()) {
        writeLocal(w, m, a, layout, calls, tail);
      } else {
        List<String> chain = new ArrayList<>();
        chain.add(
            w.name(Use.class)
                + ".<"
                + w.name(m.state())
                + ">of("
                + layout.opConstants().get(a.opcode())
                + ", "
                + category(w, a)
                + ")");
        chain.addAll(calls);
        w.chain("", chain, tail);
      }
    }
    w.indent(-4);
    w.close();
  }

  /** {@code Use.<S>local(Op.builder(…)…build(), category)} then the premise and the handlers. */
  private static void writeLocal(
      SourceWriter w,
      WiringModel m,
      ActModel a,
      WiringLayout layout,
      List<String> calls,
      String tail) {
    w.line(w.name(Use.class) + ".<" + w.name(m.state()) + ">local(").indent(8);
    String opConstant = layout.opConstants().get(a.opcode());
    w.chain("", CompiledContractWriter.opChain(w, a.op(), opConstant), ",");
    w.line(category(w, a) + ")").indent(-4);
    for (int i = 0; i < calls.size(); i++) {
      w.line(calls.get(i) + (i == calls.size() - 1 ? tail : ""));
    }
    w.indent(-4);
  }

  private static String category(SourceWriter w, ActModel a) {
    return w.name(ChangeCategory.class) + "." + a.premise().category().name();
  }

  /** {@code .input(…)} and the rest of the premise, each handler, then {@code .build()}. */
  private static List<String> premiseAndHandlers(SourceWriter w, ActModel a, WiringLayout layout) {
    Premise p = a.premise();
    List<String> calls = new ArrayList<>();
    if (!p.input().isEmpty()) {
      calls.add(".input(" + SourceWriter.literal(p.input()) + ")");
    }
    if (!p.terminalStates().isEmpty()) {
      calls.add(".terminalStates(" + literals(p.terminalStates()) + ")");
    }
    if (!p.structured().isEmpty()) {
      calls.add(".structured(" + literals(p.structured()) + ")");
    }
    if (a.assertTier() != null) {
      calls.add(".assertTier(" + w.name(Tier.class) + "." + a.assertTier().name() + ")");
    }
    for (Dispatch d : layout.dispatches()) {
      if (d.act() == a) {
        calls.add(
            "." + d.kind().setter + "(new " + WiringLayout.HANDLERS + "(agent, " + d.id() + "))");
      }
    }
    calls.add(".build()");
    return calls;
  }

  private static String literals(List<String> values) {
    List<String> out = new ArrayList<>();
    for (String v : values) {
      out.add(SourceWriter.literal(v));
    }
    return String.join(", ", out);
  }
}
