package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.ThirdPartySchemas;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ValueCheck;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.testing.BaseDir;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The guard and verify agree with a real JSON Schema validator ({@link Oracle}) on which calls are
 * valid: over the tool schemas of the MCP reference servers and request bodies of GitHub's and
 * Figma's REST APIs (each checked by the oracle against the document's own schema), and over
 * generated schema trees, with arguments drawn to fit and mutated at any depth. Where agentkit
 * checks differently on purpose, the difference is a {@link Departure}, each listed in
 * docs/tools.md: said in the oracle's schema, or the case is left out of the comparison, counted.
 */
class VerifyDifferentialPropertyTest {
  /** A third party's op, with the document's schema of its arguments and its dialect. */
  record RealOp(String file, Op op, Map<String, Object> original, boolean openApi30) {
    @Override
    public String toString() {
      return file + " " + op.opcode();
    }
  }

  static final List<RealOp> REAL = real();

  private static final Oracle JSON_SCHEMA = Oracle.jsonSchema();
  private static final Oracle OPENAPI_30 = Oracle.openApi30();

  static List<RealOp> real() {
    List<RealOp> out = new ArrayList<>();
    for (String file : ThirdPartySchemas.FILES) {
      Map<String, Map<String, Object>> originals = ThirdPartySchemas.originals(file);
      ThirdPartySchemas.ops(file)
          .forEach(
              (opcode, op) ->
                  out.add(new RealOp(file, op, originals.get(opcode), file.startsWith("github"))));
    }
    return out;
  }

  @Property(tries = 1500)
  void agreesOnTheThirdPartiesSchemas(@ForAll("realOps") RealOp real, @ForAll long seed) {
    Set<Departure> applied = EnumSet.noneOf(Departure.class);
    String schema = OracleSchemas.original(real.original(), real.openApi30(), applied);
    compare(real.op(), schema, real.openApi30() ? OPENAPI_30 : JSON_SCHEMA, seed);
  }

  @Property(tries = 1500)
  void agreesOnGeneratedSchemas(@ForAll("ops") Op op, @ForAll long seed) {
    Set<Departure> applied = EnumSet.noneOf(Departure.class);
    compare(op, OracleSchemas.arguments(op, applied), JSON_SCHEMA, seed);
  }

  @Example
  void everyDepartureIsListedInTheDocs() throws Exception {
    String docs = Files.readString(BaseDir.resolve("..", "docs", "tools.md"));
    for (Departure d : Departure.values()) {
      assertThat(docs).as("docs/tools.md lists " + d.id()).contains("| `" + d.id() + "` |");
    }
  }

  private static void compare(Op op, String schema, Oracle oracle, long seed) {
    Map<String, Object> args = TreeDraws.arguments(new Random(seed), op.operands());
    String json = JsonTree.compact(args);
    Set<Departure> left = leftOut(op, args);
    GuardResult ours = ToolCallGuard.of(set(op)).check(op.opcode(), json);
    boolean accepted = ours instanceof GuardResult.Accepted;
    if (ours instanceof GuardResult.Correction c) {
      // Whatever the names and values, each sentence is one line.
      for (String problem : c.problems()) {
        assertThat(problem).as(problem).doesNotContain("\n", "\r", "\u2028", "\u202e");
      }
    }
    Statistics.label("verdict").collect(accepted ? "accepted" : "refused");
    if (!left.isEmpty()) {
      Statistics.label("left out").collect(left.iterator().next().id());
      return;
    }
    if (schema.contains("\"multipleOf\"") && beyondDoubles(args)) {
      // The oracle checks multipleOf in binary floating point: 9223372036854775807 (odd) passes
      // multipleOf 2 there. agentkit compares exact decimals, so the oracle cannot judge this case.
      Statistics.label("left out").collect("oracle-multipleOf-in-doubles");
      return;
    }
    Statistics.label("left out").collect("compared");
    boolean theirs = oracle.accepts(schema, json);
    assertThat(accepted)
        .as("arguments %s%nschema %s%nagentkit: %s", json, schema, ours)
        .isEqualTo(theirs);
  }

  /** Whether any number in the value, at any depth, is past 2^53, where doubles skip integers. */
  static boolean beyondDoubles(Object v) {
    if (v instanceof BigDecimal d) {
      return d.abs().compareTo(BigDecimal.valueOf(1L << 53)) > 0;
    }
    if (v instanceof Map<?, ?> m) {
      return m.values().stream().anyMatch(VerifyDifferentialPropertyTest::beyondDoubles);
    }
    return v instanceof List<?> l
        && l.stream().anyMatch(VerifyDifferentialPropertyTest::beyondDoubles);
  }

  /**
   * The departures a call's top level meets that the oracle's schema cannot say: the case is left
   * out of the comparison.
   */
  static Set<Departure> leftOut(Op op, Map<String, Object> args) {
    Set<Departure> out = EnumSet.noneOf(Departure.class);
    for (Map.Entry<String, Object> e : args.entrySet()) {
      Object v = e.getValue();
      Operand o = op.operand(e.getKey()).orElse(null);
      boolean keptNull = v == null && o != null && ValueCheck.isTree(o) && o.schema().nullable();
      if (!keptNull && (v == null || v instanceof String s && s.isBlank())) {
        out.add(Departure.BLANK_IS_NOT_GIVEN);
      } else if (o != null && !ValueCheck.isTree(o)) {
        flat(o, v, out);
      }
    }
    return out;
  }

  private static void flat(Operand o, Object v, Set<Departure> out) {
    if (!o.list()) {
      scalar(o.valueSchema(), v, out);
      return;
    }
    if (!(v instanceof List<?> elements)) {
      out.add(Departure.FLAT_VALUES_AS_TEXT);
      return;
    }
    boolean given = false;
    for (Object e : elements) {
      if (e instanceof String s && (s.isBlank() || !s.equals(s.trim()))) {
        out.add(Departure.FLAT_VALUES_AS_TEXT);
      }
      given |= !(e instanceof String s) || !s.isBlank();
      if (e != null) {
        scalar(o.valueSchema(), e, out);
      }
    }
    if (o.required() && !given) {
      out.add(Departure.FLAT_REQUIRED_LIST_NOT_EMPTY);
    }
  }

  /** A flat value read as its text: a departure when its JSON type is not the operand's. */
  private static void scalar(Schema s, Object v, Set<Departure> out) {
    if (v instanceof Map<?, ?> || v instanceof List<?>) {
      return; // refused by the guard and by the oracle alike
    }
    String kind = v instanceof String ? "string" : v instanceof Boolean ? "boolean" : "number";
    if (!kind.equals(jsonType(s))) {
      out.add(Departure.FLAT_VALUES_AS_TEXT);
    }
    if (s instanceof NumberSchema n && n.integer() && v instanceof BigDecimal d) {
      String text = d.toString();
      if (text.contains(".") || text.contains("E") || text.contains("e")) {
        out.add(Departure.FLAT_INTEGERS_PLAIN_DIGITS);
      }
    }
  }

  private static String jsonType(Schema s) {
    OperandType t = s instanceof EnumSchema e ? e.valueType() : s.type();
    if (s instanceof BooleanSchema || t == OperandType.BOOLEAN) {
      return "boolean";
    }
    return t == OperandType.NUMBER || t == OperandType.INTEGER ? "number" : "string";
  }

  private static ActionSet<Object> set(Op op) {
    return ActionSet.of(List.of(Use.<Object>local(op, ChangeCategory.ALWAYS_MINTS).build()));
  }

  @Provide
  Arbitrary<RealOp> realOps() {
    return Arbitraries.of(REAL);
  }

  @Provide
  Arbitrary<Op> ops() {
    return Combinators.combine(
            Arbitraries.of("count", "entities", "labels", "title", "due")
                .set()
                .ofMinSize(1)
                .ofMaxSize(3),
            TreeDraws.schemas(3).list().ofSize(3),
            Arbitraries.of(true, false).list().ofSize(3))
        .as(
            (names, schemas, required) -> {
              List<Operand> operands = new ArrayList<>();
              int i = 0;
              for (String n : names) {
                operands.add(new Operand(n, "", required.get(i), schemas.get(i)));
                i++;
              }
              return Op.builder("op")
                  .description("An op.")
                  .tier(Tier.REVERSIBLE)
                  .operands(operands)
                  .build();
            });
  }
}
