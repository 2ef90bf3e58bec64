package dev.agentkit.processor;

import dev.agentkit.AskWording;
import dev.agentkit.Call;
import dev.agentkit.FieldReader;
import dev.agentkit.RunHandler;
import dev.agentkit.StateReader;
import dev.agentkit.processor.WiringLayout.Dispatch;
import dev.agentkit.processor.WiringLayout.Kind;
import dev.agentkit.processor.WiringModel.Handler;
import java.util.List;

/**
 * Writes {@code Handlers}, the one class that implements every handler interface for the agent and
 * calls the agent's methods directly, switching on the handler's number: no reflection, and no
 * lambda per handler (each would spin up a class at first use in a fresh JVM). Each case names the
 * method it calls.
 */
final class DispatcherWriter {
  private DispatcherWriter() {}

  static void write(SourceWriter w, WiringModel m, WiringLayout layout) {
    if (layout.dispatches().isEmpty()) {
      return;
    }
    String agent = w.name(m.agentType());
    String state = w.name(m.state());
    String call = w.name(Call.class);
    String string = w.name(String.class);
    String exception = " throws " + w.name(Exception.class);
    String header = "private static final class " + WiringLayout.HANDLERS;
    List<String> interfaces =
        List.of(
            w.name(StateReader.class) + "<" + state + ">",
            w.name(FieldReader.class) + "<" + state + ">",
            w.name(RunHandler.class) + "<" + state + ">",
            w.name(AskWording.class));
    String implemented = String.join(", ", interfaces);
    w.blank();
    w.javadoc("Calls the agent's handler methods by number: no reflection, no lambda per handler.");
    if (w.fits(header + " implements " + implemented + " {", 0)) {
      w.open(header + " implements " + implemented);
    } else if (w.fits("implements " + implemented + " {", 4)) {
      w.line(header).indent(4).line("implements " + implemented + " {").indent(-2);
    } else {
      w.line(header).indent(4).line("implements " + interfaces.get(0) + ",").indent(4);
      for (int i = 1; i < interfaces.size(); i++) {
        w.line(interfaces.get(i) + (i == interfaces.size() - 1 ? " {" : ","));
      }
      w.indent(-6);
    }
    w.line("private final " + agent + " agent;");
    w.line("private final int id;");
    w.blank();
    w.open(WiringLayout.HANDLERS + "(" + agent + " agent, int id)");
    w.line("this.agent = agent;").line("this.id = id;").close();
    String read = "public " + string + " read(" + state + " state, " + call + " call";
    dispatch(w, m, layout, Kind.READER, read + ")" + exception);
    dispatch(w, m, layout, Kind.FIELD_READER, read + ", " + string + " field)" + exception);
    String run = "public " + w.name(Object.class) + " run(" + state + " state, " + call + " call)";
    dispatch(w, m, layout, Kind.RUN, run + exception);
    dispatch(w, m, layout, Kind.ASK, "public " + string + " ask(" + call + " call)");
    w.close();
  }

  /** One interface method: a case per handler of its kind, then an error for any other number. */
  private static void dispatch(
      SourceWriter w, WiringModel m, WiringLayout layout, Kind kind, String signature) {
    w.blank().line("@" + w.name(Override.class)).open(signature);
    boolean any = false;
    for (Dispatch d : layout.dispatches()) {
      if (d.kind() != kind) {
        continue;
      }
      if (!any) {
        w.open("switch (id)");
        any = true;
      }
      Handler h = d.handler();
      w.line("case " + d.id() + ": // " + w.name(m.agentType()) + "." + h.method()).indent(2);
      String invocation = invocation(w, m, d);
      if (kind == Kind.RUN && h.result() == null) {
        w.line(invocation + ";").line("return null;");
      } else {
        w.line("return " + invocation + ";");
      }
      w.indent(-2);
    }
    if (any) {
      w.close();
    }
    w.line("throw new " + w.name(AssertionError.class) + "(id);");
    w.close();
  }

  /** A direct call of the handler method, passing the call or the op's typed view. */
  private static String invocation(SourceWriter w, WiringModel m, Dispatch d) {
    Handler h = d.handler();
    String target = h.isStatic() ? w.name(m.agentType()) : "agent";
    String call = h.viaView() ? "new " + d.act().viewSimpleName() + "(call)" : "call";
    String args =
        switch (d.kind()) {
          case READER, RUN -> "state, " + call;
          case FIELD_READER -> "state, " + call + ", field";
          case ASK -> call;
        };
    return target + "." + h.method() + "(" + args + ")";
  }
}
