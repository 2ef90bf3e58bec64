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

/**
 * Generated schema trees for property tests: operands and properties of every kind at up to three
 * levels, with descriptions, defaults and nullability drawn, bounds that some value meets, and
 * names and text holding what JSON must escape (but no name anyone could not read).
 */
public final class TreeArbitraries {
  private TreeArbitraries() {}

  /** Operand lists up to three levels deep, every kind of node with every facet drawn. */
  public static Arbitrary<List<Operand>> operands() {
    return properties(3);
  }

  private static Arbitrary<List<Operand>> properties(int depth) {
    return Combinators.combine(
            names().set().ofMinSize(0).ofMaxSize(4),
            schemas(depth).list().ofSize(4),
            Arbitraries.of(true, false).list().ofSize(4),
            text())
        .as(
            (names, schemas, required, description) -> {
              List<Operand> out = new ArrayList<>();
              int i = 0;
              for (String n : names) {
                out.add(new Operand(n, description, required.get(i), schemas.get(i)));
                i++;
              }
              return out;
            });
  }

  private static Arbitrary<Schema> schemas(int depth) {
    Arbitrary<Schema> leaf =
        Arbitraries.oneOf(strings(), dates(), numbers(), booleans(), enums(), consts(), opaques());
    if (depth == 0) {
      return leaf;
    }
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, leaf),
        net.jqwik.api.Tuple.of(1, arrays(depth - 1)),
        net.jqwik.api.Tuple.of(1, objects(depth - 1)),
        net.jqwik.api.Tuple.of(1, unions(depth - 1)));
  }

  private static Arbitrary<Schema> arrays(int depth) {
    return Combinators.combine(
            schemas(depth),
            facets(),
            Arbitraries.integers().between(0, 3).injectNull(0.5),
            Arbitraries.integers().between(3, 9).injectNull(0.5),
            Arbitraries.of(true, false))
        .as((items, f, min, max, unique) -> new ArraySchema(f, items, min, max, unique));
  }

  private static Arbitrary<Schema> objects(int depth) {
    Arbitrary<Schema> additional = schemas(0).injectNull(0.7);
    return Combinators.combine(properties(depth), facets(), Arbitraries.of(true, false), additional)
        .as((props, f, closed, more) -> new ObjectSchema(f, props, closed, closed ? null : more));
  }

  private static Arbitrary<Schema> unions(int depth) {
    return Combinators.combine(
            schemas(depth).list().ofMinSize(1).ofMaxSize(3), facets(), Arbitraries.of(true, false))
        .as((alternatives, f, oneOf) -> new UnionSchema(f, oneOf, alternatives));
  }

  private static Arbitrary<Schema> strings() {
    return Combinators.combine(
            facets(),
            Arbitraries.of("", "email", "uri", "date"),
            Arbitraries.integers().between(0, 5).injectNull(0.5),
            Arbitraries.integers().between(5, 99).injectNull(0.5),
            Arbitraries.of("", "^a+$", "[\"\\\\]"))
        .as((f, format, min, max, pattern) -> new StringSchema(f, format, min, max, pattern));
  }

  private static Arbitrary<Schema> dates() {
    return Combinators.combine(facets(), Arbitraries.of("", "date", "date-time"))
        .as(DateSchema::new);
  }

  private static Arbitrary<Schema> numbers() {
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

  private static Arbitrary<Schema> booleans() {
    return facets().map(BooleanSchema::new);
  }

  private static Arbitrary<Schema> enums() {
    Arbitrary<Schema> strings =
        Combinators.combine(facets(), text().set().ofMinSize(1).ofMaxSize(4))
            .as((f, v) -> new EnumSchema(f, new ArrayList<>(v), OperandType.STRING));
    Arbitrary<Schema> ints =
        facets().map(f -> new EnumSchema(f, List.of("1", "-2", "30"), OperandType.INTEGER));
    Arbitrary<Schema> nums =
        facets().map(f -> new EnumSchema(f, List.of("0.5", "1"), OperandType.NUMBER));
    Arbitrary<Schema> bools =
        facets().map(f -> new EnumSchema(f, List.of("true", "false"), OperandType.BOOLEAN));
    return Arbitraries.oneOf(strings, ints, nums, bools);
  }

  private static Arbitrary<Schema> consts() {
    return Combinators.combine(facets(), json()).as(ConstSchema::new);
  }

  private static Arbitrary<Schema> opaques() {
    return Combinators.combine(
            facets(),
            Arbitraries.of("geo-point", "object", "array", "union", "const", "Blob", "opaque"))
        .as(OpaqueSchema::new);
  }

  private static Arbitrary<Facets> facets() {
    return Combinators.combine(
            text().injectNull(0.5), json().injectNull(0.6), Arbitraries.of(true, false))
        .as((d, dflt, nullable) -> new Facets(d, dflt, nullable));
  }

  /** Canonical compact JSON values: what a default or a constant holds. */
  private static Arbitrary<String> json() {
    return Arbitraries.oneOf(
        text()
            .map(
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
