package dev.agentkit.processor;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.SchemaPaths;
import dev.agentkit.internal.ActDeclaration;
import dev.agentkit.internal.text.Names;
import dev.agentkit.processor.AgentDeclaration.ActSite;
import java.util.List;

/**
 * Reports an act whose op the wiring cannot name. Every name gets an identifier ({@link
 * JavaNames}), and free text is written as literals of any length ({@link SourceWriter#literal});
 * but an operand's name is also a compile-time constant of its view ({@code View.TASK_ID}, usable
 * as a {@code case} label), as is the name of each property of a nested object its record declares,
 * and a class file holds no constant longer than {@link SourceWriter#MAX_CONSTANT_BYTES} bytes.
 * Such an act is an error on its {@code @Act}, never an error in the generated source.
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
        String message =
            SourceWriter.fitsConstant(o.name())
                ? tooLong(d, b.opcode(), o.name(), o.schema())
                : message(d, b.opcode(), "operand", o.name(), "");
        if (message != null) {
          report.error(site(d, b.opcode()).at(null), message);
          break;
        }
      }
    }
  }

  /**
   * The message for the first property too long for a constant among those the view declares a
   * record constant for: of an object reached through objects and lists ({@link TreeLayout}); null
   * when there is none.
   */
  private static String tooLong(AgentDeclaration d, String opcode, String path, Schema s) {
    if (s instanceof ArraySchema a) {
      return tooLong(d, opcode, SchemaPaths.items(path), a.items());
    }
    if (!(s instanceof ObjectSchema o)) {
      return null;
    }
    for (Operand p : o.properties()) {
      String message =
          SourceWriter.fitsConstant(p.name())
              ? tooLong(d, opcode, SchemaPaths.property(path, p.name()), p.schema())
              : message(
                  d, opcode, "property", p.name(), " of " + SourceWriter.literal(quoted(path)));
      if (message != null) {
        return message;
      }
    }
    return null;
  }

  /** A path as a message quotes it: whole when short, else its first characters. */
  private static String quoted(String path) {
    return path.length() <= 2 * QUOTED ? path : path.substring(0, 2 * QUOTED) + "…";
  }

  private static ActSite site(AgentDeclaration d, String opcode) {
    for (ActSite s : d.acts()) {
      if (s.opcode().equals(opcode)) {
        return s;
      }
    }
    throw new IllegalStateException("no act of a bound opcode");
  }

  /**
   * @param kind {@code operand} or {@code property}
   * @param where empty for an operand, {@code of <path>} for a property
   */
  private static String message(
      AgentDeclaration d, String opcode, String kind, String name, String where) {
    return Tags.NAME_TOO_LONG.message(
        Names.label(opcode)
            + ": "
            + kind
            + " "
            + SourceWriter.literal(name.substring(0, QUOTED))
            + "…"
            + where
            + " has a name of "
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
