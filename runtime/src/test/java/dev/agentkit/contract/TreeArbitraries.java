package dev.agentkit.contract;

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
import dev.agentkit.internal.text.LineText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Generated schema trees for property tests: operands whose schemas are trees of every kind, nested
 * up to a depth (objects closed, open or with a schema for the rest, arrays with bounds, unions,
 * enums of strings, integers, numbers and booleans, constants, opaque values), with descriptions,
 * defaults and nullability at every node and bounds that some value meets. Names, enum values and
 * texts are drawn from the arbitraries given, so the same trees serve plain and hostile tests; by
 * default they hold what JSON must escape (but no name anyone could not read).
 */
public final class TreeArbitraries {
  private final Arbitrary<String> names;
  private final Arbitrary<String> values;
  private final Arbitrary<String> texts;

  /**
   * @param names property names (never blank)
   * @param values the values of string enums
   * @param texts descriptions and other free text
   */
  public TreeArbitraries(
      Arbitrary<String> names, Arbitrary<String> values, Arbitrary<String> texts) {
    this.names = names;
    this.values = values;
    this.texts = texts;
  }

  /** Operand lists up to three levels deep, every kind of node with every facet drawn. */
  public static Arbitrary<List<Operand>> operands() {
    return new TreeArbitraries(names(), text(), text()).properties(3, 4);
  }

  /**
   * An operand whose schema is a tree, or a leaf with facets; never a top-level opaque value, which
   * a compile warns about.
   */
  public Arbitrary<Operand> operand(int depth) {
    return Combinators.combine(names, texts, Arbitraries.of(true, false), schema(depth))
        .as(Operand::new)
        .filter(o -> !(o.valueSchema() instanceof OpaqueSchema));
  }

  /** Properties of an object: unique names, up to {@code max}. */
  public Arbitrary<List<Operand>> properties(int depth, int max) {
    return Combinators.combine(names, texts, Arbitraries.of(true, false), schema(depth))
        .as(Operand::new)
        .list()
        .ofMaxSize(max)
        .uniqueElements(Operand::name);
  }

  /** A schema tree of at most {@code depth} levels below its root. */
  public Arbitrary<Schema> schema(int depth) {
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
            Arbitraries.integers().between(0, 3).injectNull(0.5),
            Arbitraries.integers().between(3, 9).injectNull(0.5),
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
            Arbitraries.of("", "email", "uri", "date"),
            Arbitraries.integers().between(0, 5).injectNull(0.5),
            Arbitraries.integers().between(5, 99).injectNull(0.5),
            Arbitraries.of("", "^a+$", "[\"\\\\]"))
        .as((f, format, min, max, pattern) -> new StringSchema(f, format, min, max, pattern));
  }

  private Arbitrary<Schema> dates() {
    return Combinators.combine(facets(), Arbitraries.of("", "date", "date-time"))
        .as(DateSchema::new);
  }

  private Arbitrary<Schema> numbers() {
    Arbitrary<BigDecimal> low =
        Arbitraries.of("-1e400", "-3", "0", "0.5", "1.50").map(BigDecimal::new);
    Arbitrary<BigDecimal> high = Arbitraries.of("2", "10", "1e3", "99.125").map(BigDecimal::new);
    return Combinators.combine(
            facets(),
            Arbitraries.of(true, false),
            low.injectNull(0.4),
            high.injectNull(0.4),
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
        Combinators.combine(facets(), values.set().ofMinSize(1).ofMaxSize(4))
            .as((f, v) -> new EnumSchema(f, new ArrayList<>(v), OperandType.STRING));
    Arbitrary<Schema> ints =
        facets().map(f -> new EnumSchema(f, List.of("1", "-2", "30"), OperandType.INTEGER));
    Arbitrary<Schema> nums =
        facets().map(f -> new EnumSchema(f, List.of("0.5", "1", "-2"), OperandType.NUMBER));
    Arbitrary<Schema> bools =
        facets().map(f -> new EnumSchema(f, List.of("true", "false"), OperandType.BOOLEAN));
    return Arbitraries.frequencyOf(
        Tuple.of(4, strings), Tuple.of(1, ints), Tuple.of(1, nums), Tuple.of(1, bools));
  }

  private Arbitrary<Schema> consts() {
    return Combinators.combine(facets(), json()).as(ConstSchema::new);
  }

  private Arbitrary<Schema> opaques() {
    return Combinators.combine(
            facets(),
            Arbitraries.of("geo-point", "object", "array", "union", "const", "Blob", "opaque"))
        .as(OpaqueSchema::new);
  }

  private Arbitrary<Facets> facets() {
    return Combinators.combine(
            texts.injectNull(0.5), json().injectNull(0.6), Arbitraries.of(true, false))
        .as((d, dflt, nullable) -> new Facets(d, dflt, nullable));
  }

  /** Canonical compact JSON values: what a default or a constant holds. */
  private Arbitrary<String> json() {
    return Arbitraries.oneOf(
        texts.map(
            s -> {
              StringBuilder sb = new StringBuilder();
              dev.agentkit.internal.text.JsonText.string(sb, s);
              return sb.toString();
            }),
        Arbitraries.of(
            "0",
            "-7",
            "1.5",
            "true",
            "false",
            "null",
            "[]",
            "{}",
            "[1,\"a\",null]",
            "{\"k\":{\"v\":[true]}}"));
  }

  private static Arbitrary<String> names() {
    // A name may hold anything JSON can spell but a character no one can read (UnreadableNameTest).
    return text().filter(s -> !s.isBlank() && LineText.unreadableInName(s) < 0);
  }

  private static Arbitrary<String> text() {
    Arbitrary<Character> specials =
        Arbitraries.of(
            '"', '\\', '\n', '\t', '\u0001', 'é', '日', '\u202e', '\ud83d', '\ude00', ' ', '/', '<');
    return Arbitraries.oneOf(specials, Arbitraries.chars().alpha())
        .list()
        .ofMaxSize(8)
        .map(
            cs -> {
              StringBuilder sb = new StringBuilder();
              cs.forEach(sb::append);
              return sb.toString();
            });
  }
}
