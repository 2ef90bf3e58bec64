package dev.agentkit.processor;

import dev.agentkit.contract.Operand;
import dev.agentkit.internal.ActDeclaration;
import dev.agentkit.internal.text.Names;
import dev.agentkit.processor.AgentDeclaration.ActSite;
import java.util.List;

/**
 * Reports an act whose op the wiring cannot name. Every name gets an identifier ({@link
 * JavaNames}), and free text is written as literals of any length ({@link SourceWriter#literal});
 * but an operand's name is also a compile-time constant of its view ({@code View.TASK_ID}, usable
 * as a {@code case} label), and a class file holds no constant longer than {@link
 * SourceWriter#MAX_CONSTANT_BYTES} bytes. Such an act is an error on its {@code @Act}, never an
 * error in the generated source.
 */
final class NameChecker {
  /** How much of an overlong name a message quotes. */
  private static final int QUOTED = 40;

  private NameChecker() {}

  /** Adds a {@code [NameTooLong]} error on each act whose bound op has such an operand. */
  static void check(AgentDeclaration d, List<ActDeclaration> bound, CheckReport.Builder report) {
    for (ActDeclaration b : bound) {
      if (b.op() == null) {
        continue;
      }
      for (Operand o : b.op().operands()) {
        if (!SourceWriter.fitsConstant(o.name())) {
          report.error(site(d, b.opcode()).at(null), message(d, b.opcode(), o.name()));
          break;
        }
      }
    }
  }

  private static ActSite site(AgentDeclaration d, String opcode) {
    for (ActSite s : d.acts()) {
      if (s.opcode().equals(opcode)) {
        return s;
      }
    }
    throw new IllegalStateException("no act of a bound opcode");
  }

  private static String message(AgentDeclaration d, String opcode, String name) {
    return Tags.NAME_TOO_LONG.message(
        Names.label(opcode)
            + ": operand "
            + SourceWriter.literal(name.substring(0, QUOTED))
            + "… has a name of "
            + name.length()
            + " characters, longer than a Java string constant can hold ("
            + SourceWriter.MAX_CONSTANT_CHARS
            + " characters, and "
            + SourceWriter.MAX_CONSTANT_BYTES
            + " bytes of UTF-8), so the wiring cannot declare its constant; ask the backend for a"
            + " shorter name, or drop this act (agent "
            + d.agent().getSimpleName()
            + ", contract "
            + d.contract()
            + ")");
  }
}
