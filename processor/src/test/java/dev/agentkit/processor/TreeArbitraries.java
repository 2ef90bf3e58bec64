package dev.agentkit.processor;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.internal.text.JsonText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Operands whose schemas are trees of every kind, nested up to a depth: objects (closed, open, with
 * a schema for the rest), arrays with bounds, unions, enums of strings, numbers and booleans,
 * constants, opaque values, with descriptions, defaults and nullability at every node; names and
 * texts are drawn from the arbitraries given, so the same trees serve plain and hostile tests.
 */
final class TreeArbitraries {
  private final Arbitrary<String> names;
  private final Arbitrary<String> texts;

  /**
   * @param names property names and enum values (never blank)
   * @param texts descriptions and other free text
   */
  TreeArbitraries(Arbitrary<String> names, Arbitrary<String> texts) {
    this.names = names;
    this.texts = texts;
  }

  /**
   * An operand whose schema is a tree, or a leaf with facets; never a top-level opaque value, which
   * a compile warns about.
   */
  Arbitrary<Operand> operand(int depth) {
    return Combinators.combine(names, texts, Arbitraries.of(true, false), schema(depth))
        .as(Operand::new)
        .filter(o -> !(o.valueSchema() instanceof OpaqueSchema));
  }

  /** Properties of an object: unique names, up to {@code max}. */
  Arbitrary<List<Operand>> properties(int depth, int max) {
    return Combinators.combine(names, texts, Arbitraries.of(true, false), schema(depth))
        .as(Operand::new)
        .list()
        .ofMaxSize(max)
        .uniqueElements(Operand::name);
  }

  Arbitrary<Schema> schema(int depth) {
    Arbitrary<Schema> leaf =
        Arbitraries.oneOf(strings(), dates(), numbers(), booleans(), enums(), consts(), opaques());
    if (depth == 0) {
      return leaf;
    }
    return Arbitraries.frequencyOf(
        Tuple.of(3, leaf),
        Tuple.of(2, arrays(depth - 1)),
        Tuple.of(2, objects(depth - 1)),
        Tuple.of(1, unions(depth - 1)));
  }

  private Arbitrary<Schema> arrays(int depth) {
    return Combinators.combine(
            schema(depth),
            facets(),
            Arbitraries.integers().between(0, 3).injectNull(0.6),
            Arbitraries.integers().between(3, 9).injectNull(0.6),
            Arbitraries.of(true, false))
        .as((items, f, min, max, unique) -> new ArraySchema(f, items, min, max, unique));
  }

  private Arbitrary<Schema> objects(int depth) {
    Arbitrary<Schema> additional = schema(0).injectNull(0.7);
    return Combinators.combine(
            properties(depth, 4), facets(), Arbitraries.of(true, false), additional)
        .as((props, f, closed, more) -> new ObjectSchema(f, props, closed, closed ? null : more));
  }

  private Arbitrary<Schema> unions(int depth) {
    return Combinators.combine(
            schema(depth).list().ofMinSize(1).ofMaxSize(3), facets(), Arbitraries.of(true, false))
        .as((alternatives, f, oneOf) -> new UnionSchema(f, oneOf, alternatives));
  }

  private Arbitrary<Schema> strings() {
    return Combinators.combine(
            facets(),
            Arbitraries.of("", "email", "uri"),
            Arbitraries.integers().between(0, 5).injectNull(0.6),
            Arbitraries.integers().between(5, 99).injectNull(0.6),
            Arbitraries.of("", "^a+$", "[\"\\\\]"))
        .as((f, format, min, max, pattern) -> new StringSchema(f, format, min, max, pattern));
  }

  private Arbitrary<Schema> dates() {
    return Combinators.combine(facets(), Arbitraries.of("", "date", "date-time"))
        .as(DateSchema::new);
  }

  private Arbitrary<Schema> numbers() {
    Arbitrary<BigDecimal> low = Arbitraries.of("-1e400", "-3", "0", "0.5").map(BigDecimal::new);
    Arbitrary<BigDecimal> high = Arbitraries.of("2", "10", "1e3", "99.125").map(BigDecimal::new);
    return Combinators.combine(
            facets(),
            Arbitraries.of(true, false),
            low.injectNull(0.5),
            high.injectNull(0.5),
            Arbitraries.of(true, false),
            Arbitraries.of("0.25", "3").map(BigDecimal::new).injectNull(0.7))
        .as(
            (f, integer, min, max, exclusive, multiple) ->
                new NumberSchema(
                    f,
                    integer,
                    min == null ? null : new Bound(min, exclusive),
                    max == null ? null : new Bound(max, !exclusive),
                    multiple));
  }

  private Arbitrary<Schema> booleans() {
    return facets().map(BooleanSchema::new);
  }

  private Arbitrary<Schema> enums() {
    Arbitrary<Schema> strings =
        Combinators.combine(facets(), names.list().uniqueElements().ofMinSize(1).ofMaxSize(4))
            .as((f, v) -> new EnumSchema(f, v, OperandType.STRING));
    Arbitrary<Schema> numbers =
        facets().map(f -> new EnumSchema(f, List.of("1", "-2", "0.5"), OperandType.NUMBER));
    Arbitrary<Schema> booleans =
        facets().map(f -> new EnumSchema(f, List.of("true", "false"), OperandType.BOOLEAN));
    return Arbitraries.frequencyOf(
        Tuple.of(4, strings), Tuple.of(1, numbers), Tuple.of(1, booleans));
  }

  private Arbitrary<Schema> consts() {
    return Combinators.combine(facets(), json()).as(ConstSchema::new);
  }

  private Arbitrary<Schema> opaques() {
    return facets().map(f -> new OpaqueSchema(f, "geo-point"));
  }

  private Arbitrary<Facets> facets() {
    return Combinators.combine(
            texts.injectNull(0.5), json().injectNull(0.7), Arbitraries.of(true, false))
        .as((d, dflt, nullable) -> new Facets(d, dflt, nullable));
  }

  /** Canonical compact JSON values: what a default or a constant holds. */
  private Arbitrary<String> json() {
    Arbitrary<String> strings =
        texts.map(
            s -> {
              StringBuilder b = new StringBuilder();
              JsonText.string(b, s);
              return b.toString();
            });
    return Arbitraries.oneOf(
        strings,
        Arbitraries.of("0", "-7", "1.5", "true", "false", "null", "[]", "{}", "[1,\"a\",null]"));
  }

  /** How many nodes a tree has, as {@link SchemaCode#size} counts them. */
  static int size(List<Operand> operands) {
    int n = 0;
    for (Operand o : operands) {
      n += SchemaCode.size(o);
    }
    return n;
  }

  /**
   * An object of {@code width} properties, each a list of 64-value enums: the most enum values a
   * tree built as Java writes as literals.
   */
  static Operand wideEnums(String name, int width) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < CompiledContractWriter.INLINE_VALUES; i++) {
      values.add("value_" + i);
    }
    List<Operand> properties = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      Schema items = new EnumSchema(FULL, values, OperandType.STRING);
      properties.add(
          new Operand(
              "p" + i, "property " + i, i % 2 == 0, new ArraySchema(FULL, items, 1, 9, true)));
    }
    return new Operand(name, "", true, new ObjectSchema(FULL, properties, true, null));
  }

  /**
   * An object of {@code width} number properties with every facet and bound: the most bytecode a
   * node built as Java costs.
   */
  static Operand wideNumbers(String name, int width) {
    List<Operand> properties = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      Bound low = new Bound(new BigDecimal("-1.5"), true);
      Bound high = new Bound(new BigDecimal("1e3"), false);
      properties.add(
          new Operand(
              "n" + i,
              "number " + i,
              i % 2 == 0,
              new NumberSchema(FULL, false, low, high, new BigDecimal("0.25"))));
    }
    return new Operand(name, "", true, new ObjectSchema(FULL, properties, true, null));
  }

  private static final Facets FULL = new Facets("a description", "null", true);
}
