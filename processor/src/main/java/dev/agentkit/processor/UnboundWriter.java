package dev.agentkit.processor;

import dev.agentkit.BoundAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.util.List;

/**
 * Writes the members of a wiring that cannot bind, generated for an agent the processor found
 * errors in: the constants, and the public methods of a bindable wiring with the same names and
 * results, each of which throws. The agent's code that calls them still compiles, so javac adds no
 * error of its own to the processor's; the build fails on the processor's errors, and a wiring that
 * escaped a failed build would stop at its first use, saying why. The agent parameter is an {@code
 * Object}, so the file compiles even when the agent class cannot be named from it.
 */
final class UnboundWriter {
  private UnboundWriter() {}

  /** The message every method throws with. */
  static String message(WiringModel m) {
    return Tags.UNBOUND_WIRING.message(
        m.wiringName()
            + " was generated from agent "
            + m.agentType().simpleName()
            + " while the agentkit processor reported errors in it, so it cannot bind; fix the"
            + " errors the compiler reported for "
            + m.agentType().simpleName()
            + " and build again");
  }

  static void write(SourceWriter w, WiringModel m, WiringLayout layout) {
    CompiledContractWriter.writeConstants(w, m, layout);
    w.line("private static final " + w.name(String.class) + " UNBOUND =");
    w.indent(4).line(SourceWriter.literal(message(m)) + ";").indent(-4).blank();
    w.line("private " + m.wiringName() + "() {}");
    String bound = w.name(BoundAgent.class) + "<" + w.name(m.state()) + ">";
    String source = w.name(ContractSource.class) + " source";
    method(w, "public static " + bound + " bind", List.of("Object agent", source));
    method(
        w,
        "public static " + bound + " bind",
        List.of("Object agent", source, w.name(DriftPolicy.class) + " policy"));
    method(
        w,
        "public static " + bound + " bind",
        List.of("Object agent", w.name(Contract.class) + " contract"));
    method(w, "public static " + bound + " bindOffline", List.of("Object agent"));
    method(
        w,
        "public static " + w.name(LiveAgent.class) + "<" + w.name(m.state()) + "> live",
        List.of(
            "Object agent",
            w.name(CachedContract.class) + " source",
            w.name(DriftPolicy.class) + " policy"));
    method(w, "public static " + w.name(Contract.class) + " compiledContract", List.of());
  }

  private static void method(SourceWriter w, String head, List<String> params) {
    w.blank();
    w.javadoc(
        "Cannot bind: the agent did not compile against its contract.",
        "@throws " + w.name(IllegalStateException.class) + " always");
    w.call(head, params, " {");
    w.indent(2).line("throw new " + w.name(IllegalStateException.class) + "(UNBOUND);").close();
  }
}
