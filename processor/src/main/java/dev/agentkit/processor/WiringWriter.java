package dev.agentkit.processor;

import dev.agentkit.processor.WiringLayout.View;
import javax.annotation.processing.Generated;

/**
 * Writes one agent's wiring: decides every name first ({@link WiringLayout}), then has each part
 * written by its own writer into one {@link SourceWriter}: the constants and compiled-in contract
 * ({@link CompiledContractWriter}), the bind methods and uses ({@link BindWriter}), the dispatcher
 * ({@link DispatcherWriter}), the enums several views share and the typed views ({@link
 * ViewWriter}); for a model that is not bindable, the constants, throwing bind methods ({@link
 * UnboundWriter}) and the views only. Output depends only on the model, in sorted order, with no
 * date, so the same input always gives the same bytes.
 *
 * <p>The source is written as text rather than through a code model: for the 200 acts of the
 * benchmark corpus a code model cost more than the checks and the snapshot read together.
 */
final class WiringWriter {
  private static final String PROCESSOR = AgentKitProcessor.class.getCanonicalName();

  private WiringWriter() {}

  /** The generated source of the model's wiring class, its names as {@code layout} decided. */
  static String write(WiringModel m, WiringLayout layout) {
    SourceWriter w = new SourceWriter(new Imports(m.packageName(), layout.declaredTypes()));
    if (m.bindable()) {
      w.javadoc(
          "Wiring of {@link "
              + w.name(m.agentType())
              + "} to contract "
              + SourceWriter.code(m.contractName())
              + ", generated from its annotations and the contract snapshot with digest "
              + SourceWriter.code(m.contractDigest())
              + ". Uses no reflection.");
    } else {
      w.javadoc(
          "The types of agent "
              + SourceWriter.code(m.agentType().simpleName())
              + "'s wiring, generated although the agent has errors, so that javac reports only"
              + " those; it cannot bind.");
    }
    w.line("@" + w.name(Generated.class) + "(" + SourceWriter.literal(PROCESSOR) + ")");
    w.open((m.isPublic() ? "public " : "") + "final class " + m.wiringName());
    if (m.bindable()) {
      CompiledContractWriter.write(w, m, layout);
      w.blank();
      BindWriter.write(w, m, layout);
      DispatcherWriter.write(w, m, layout);
    } else {
      UnboundWriter.write(w, m, layout);
    }
    for (WiringLayout.SharedEnum e : layout.sharedEnums()) {
      ViewWriter.sharedEnum(w, e);
    }
    for (View v : layout.views()) {
      ViewWriter.write(w, v);
    }
    w.close();
    return w.file(m.packageName());
  }

  /** The qualified name of the model's wiring class, as the Filer takes it. */
  static String qualifiedName(WiringModel m) {
    return m.packageName().isEmpty() ? m.wiringName() : m.packageName() + "." + m.wiringName();
  }
}
