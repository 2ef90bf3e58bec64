package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.testing.Golden;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The names the wiring gives tricky contract names, as a golden file ({@code golden/renaming.txt};
 * rewrite with {@code -Dgolden.update=true}): names with no ASCII letter or digit, keywords, {@code
 * Object}'s methods, the names the wiring itself declares, names that collide once split into
 * words, and overlong names. The table is read back from the compiled classes, so it is what users
 * get, not what a helper computes: each op's view by its {@code OPCODE}, each constant by its
 * value, each accessor by calling it on a call that gives only its operand, and each enum constant
 * by its {@code wireName()}.
 */
class RenamingTableTest {
  private static final Golden GOLDEN = Golden.in("src/test/resources/golden");

  @TempDir Path dir;

  static final List<String> OBJECT_AND_VIEW_MEMBERS =
      List.of(
          "call",
          "result",
          "clone",
          "equals",
          "finalize",
          "getClass",
          "hashCode",
          "hashCodeArg",
          "notify",
          "notifyAll",
          "toString",
          "wait",
          "class",
          "_",
          "true",
          "null",
          "var",
          "yield",
          "record",
          "OPCODE",
          "opcode",
          "contract",
          "CONTRACT_DIGEST",
          "compiled",
          "op_object_methods",
          "ObjectMethods",
          "names_Wiring",
          "2fa",
          "y".repeat(70),
          "y".repeat(80));

  static Contract contract() {
    List<Op> ops = new ArrayList<>();
    for (String opcode :
        List.of("handlers", "Handlers", "-", "+", "日本", "2fa", "Override", "String", "class")) {
      ops.add(op(opcode).build());
    }
    ops.add(op("x".repeat(100)).build());
    ops.add(op("x".repeat(100) + "z").build());
    Op.Builder members = op("object_methods");
    OBJECT_AND_VIEW_MEMBERS.forEach(n -> members.operand(Operand.of(n, OperandType.STRING)));
    ops.add(members.build());
    ops.add(
        op("set_a4")
            .operand(
                Operand.enumOf(
                    "a4", false, "on", "off", "", "-", "日本", "UNRECOGNISED", "class", "On", "24h"))
            .operand(Operand.of("dueDate", OperandType.STRING))
            .operand(Operand.of("due_date", OperandType.STRING))
            .operand(Operand.of("Due-Date", OperandType.STRING))
            .operand(Operand.of("due date", OperandType.STRING))
            .operand(Operand.enumOf("string", false, "x"))
            .operand(Operand.enumOf("optional", false, "y"))
            // Values two operands of other names read: one enum of the wiring, named after them.
            .operand(Operand.enumOf("order", false, "asc", "desc"))
            .build());
    ops.add(
        op("a")
            .operand(Operand.enumOf("direction", false, "asc", "desc"))
            .operand(Operand.enumOf("a", false, "a"))
            .operand(Operand.of("-", OperandType.STRING))
            .operand(Operand.of("+", OperandType.STRING))
            .operand(Operand.of("日本", OperandType.STRING))
            .build());
    return Contract.of("names", ops);
  }

  private static Op.Builder op(String opcode) {
    return Op.builder(opcode).description("An op named to test renaming.").tier(Tier.REVERSIBLE);
  }

  static String agentSource(Contract contract) {
    StringBuilder acts = new StringBuilder();
    for (String opcode : contract.opcodes()) {
      acts.append("@Act(opcode = ")
          .append(HostileContractPropertyTest.javaLiteral(opcode))
          .append(", category = ChangeCategory.MERGE)\n");
    }
    return """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;

        @Agent(contract = "names", state = Board.class)
        """
        + acts
        + """
        public final class NamesAgent {
          @Run("object_methods")
          String run(Board board, Call call) {
            return "ran";
          }
        }
        """;
  }

  @Test
  void trickyNamesGetTheDocumentedIdentifiers() throws Exception {
    Contract contract = contract();
    Fixtures.Snapshots snapshots = new Fixtures.Snapshots(dir).put(contract);
    Compilation c =
        snapshots.compile(Fixtures.source("NamesAgent", agentSource(contract)), Fixtures.board());
    assertThat(c).succeededWithoutWarnings();
    Sandbox.Loader loader = new Sandbox.Loader(c, getClass().getClassLoader());
    Class<?> wiring = loader.loadClass("test.NamesAgent_Wiring");
    String actual = table(wiring, contract);
    GOLDEN.assertMatches("renaming.txt", actual);
  }

  /** One line per name: its kind, the contract's name (escaped) and the identifier given it. */
  static String table(Class<?> wiring, Contract contract) throws ReflectiveOperationException {
    StringBuilder out = new StringBuilder();
    out.append("# kind\tcontract name\tJava identifier (docs/annotations.md, How contract names")
        .append(" become Java names)\n");
    Map<String, String> opConstants = stringConstants(wiring, f -> f.startsWith("OP_"));
    Map<String, Class<?>> views = new TreeMap<>();
    for (Class<?> v : wiring.getDeclaredClasses()) {
      if (v.isRecord()) {
        views.put((String) v.getField("OPCODE").get(null), v);
      }
    }
    for (Op op : contract.ops()) {
      Class<?> view = views.get(op.opcode());
      row(out, "op", show(op.opcode()), opConstants.get(op.opcode()));
      row(out, "view", show(op.opcode()), view.getSimpleName());
      Map<String, String> constants = stringConstants(view, f -> !f.equals("OPCODE"));
      for (Operand o : op.operands()) {
        String at = show(op.opcode()) + " " + show(o.name());
        row(out, "constant", at, constants.get(o.name()));
        Method accessor = accessor(view, op, o);
        row(out, "accessor", at, accessor.getName());
        if (o.type() == OperandType.ENUM) {
          Class<?> type = accessor.getReturnType();
          row(out, "enum", at, type.getSimpleName());
          Method wireName = type.getMethod("wireName");
          for (Object constant : type.getEnumConstants()) {
            String value = (String) wireName.invoke(constant);
            row(out, "value", at + " " + show(value), ((Enum<?>) constant).name());
          }
        }
      }
    }
    return out.toString();
  }

  private static void row(StringBuilder out, String kind, String name, String identifier) {
    out.append(kind).append('\t').append(name).append('\t').append(identifier).append('\n');
  }

  /** Public static String constants by value, of the fields whose names pass {@code keep}. */
  private static Map<String, String> stringConstants(
      Class<?> type, java.util.function.Predicate<String> keep) throws IllegalAccessException {
    Map<String, String> out = new TreeMap<>();
    for (Field f : type.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers())
          && f.getType() == String.class
          && keep.test(f.getName())) {
        assertThat(out.put((String) f.get(null), f.getName())).as(f.getName()).isNull();
      }
    }
    return out;
  }

  /** The one accessor whose value changes when a call gives only {@code o}. */
  private static Method accessor(Class<?> view, Op op, Operand o)
      throws ReflectiveOperationException {
    String probe = o.type() == OperandType.ENUM ? o.enumValues().get(0) : "probe";
    var constructor = view.getConstructor(Call.class);
    Object given = constructor.newInstance(Call.of(op.opcode(), Map.of(o.name(), probe)));
    Object none = constructor.newInstance(Call.of(op.opcode(), Map.of()));
    List<Method> reading = new ArrayList<>();
    for (Method m : view.getDeclaredMethods()) {
      if (Modifier.isStatic(m.getModifiers())
          || m.getParameterCount() > 0
          || List.of("call", "toString", "hashCode", "equals").contains(m.getName())) {
        continue;
      }
      if (!m.invoke(given).equals(m.invoke(none))) {
        reading.add(m);
      }
    }
    assertThat(reading).as("accessors reading " + o.name()).hasSize(1);
    return reading.get(0);
  }

  /** The name with what is not printable ASCII as {@code \\uXXXX}, in quotes. */
  static String show(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      b.append(
          c >= 0x20 && c < 0x7f
              ? String.valueOf(c)
              : String.format(Locale.ROOT, "\\u%04x", (int) c));
    }
    return b.append('"').toString();
  }
}
