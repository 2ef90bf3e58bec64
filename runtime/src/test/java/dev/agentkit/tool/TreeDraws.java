package dev.agentkit.tool;

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
import dev.agentkit.internal.json.JsonTree;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * What {@link VerifyDifferentialPropertyTest} draws: schema trees of every kind with their facets
 * (jqwik arbitraries, so a failing tree shrinks), and JSON values for a schema, drawn from a seed:
 * mostly values meant to fit, each node replaced now and then by any other JSON value, so both
 * accepted and refused calls are common.
 */
final class TreeDraws {
  private TreeDraws() {}

  /**
   * Patterns in the checked subset that java.util.regex (the oracle's engine) reads as ECMA-262
   * does for the strings drawn here (no line terminators, no Unicode spaces), and patterns outside
   * the subset, which agentkit does not check.
   */
  static final List<String> PATTERNS =
      List.of(
          "^[a-z]+$",
          "^\\d{3}-\\d{4}$",
          "[A-Z]",
          "^(foo|bar)+$",
          "^.{2,4}$",
          "ab*c",
          "^[^,]+$",
          "^\\w+@\\w+\\.com$",
          "x?y{2}",
          "^$",
          "(?:ab|cd){1,2}$",
          "^[0-9a-f]{1,3}$",
          "^(?!x).*",
          "(a)\\1",
          "\\bfoo\\b",
          "\\p{L}+");

  /** Pieces of drawn strings: plain, matching the patterns above, and one of two UTF-16 units. */
  private static final List<String> PIECES =
      List.of(
          "a", "b", "c", "x", "y", "A", "Z", "0", "5", "123", "-", "4567", ",", "@", ".", "com",
          "é", "😀", " ", "foo", "bar", "ab", "cd", "yy", "f");

  /** Dates, date-times and strings that are neither. */
  private static final List<String> DATES =
      List.of(
          "2026-03-31",
          "2024-02-29",
          "2026-03-31T17:00:00Z",
          "2026-03-31T17:00:00+02:00",
          "2026-03-31T17:00",
          " 2026-03-31 ",
          "2026-02-30",
          "2026-13-01",
          "yesterday",
          "31/03/2026",
          "2026-03-31T25:00:00Z");

  private static final List<String> NUMBERS =
      List.of(
          "0",
          "1",
          "-1",
          "2",
          "3",
          "7",
          "10",
          "11",
          "-10",
          "100",
          "2.5",
          "0.1",
          "0.3",
          "-0.5",
          "3.0",
          "1E+2",
          "1e400",
          "-1e400",
          "1e-400",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775809",
          "0.001",
          "12.34");

  private static final BigDecimal TWO_TO_53 = BigDecimal.valueOf(1L << 53);

  /** The numbers {@link #any} draws: none a double cannot hold exactly but the huge ones. */
  private static final List<String> SMALL_NUMBERS =
      NUMBERS.stream().filter(v -> !v.startsWith("922") && !v.startsWith("-922")).toList();

  static Arbitrary<Schema> schemas(int depth) {
    Arbitrary<Schema> leaf =
        Arbitraries.oneOf(strings(), dates(), numbers(), booleans(), enums(), consts(), opaques());
    if (depth == 0) {
      return nullable(leaf);
    }
    Arbitrary<Schema> inner =
        Arbitraries.oneOf(arrays(depth - 1), objects(depth - 1), unions(depth - 1));
    return nullable(Arbitraries.frequencyOf(Tuple.of(3, leaf), Tuple.of(2, inner)));
  }

  private static Arbitrary<Schema> nullable(Arbitrary<Schema> schemas) {
    return Combinators.combine(schemas, Arbitraries.integers().between(0, 5))
        .as((s, n) -> n == 0 ? s.withFacets(new Facets("", "", true)) : s);
  }

  private static Arbitrary<Integer> optionalCount(int max) {
    return Arbitraries.integers().between(0, max).injectNull(0.6);
  }

  /** A minimum and a maximum, each maybe null, never the minimum above the maximum. */
  private static Arbitrary<Integer[]> counts() {
    return Combinators.combine(optionalCount(3), optionalCount(4))
        .as(
            (min, extra) ->
                new Integer[] {min, extra == null ? null : (min == null ? 0 : min) + extra});
  }

  private static Arbitrary<Schema> strings() {
    return Combinators.combine(
            Arbitraries.of("", "", "", "email", "uri"),
            counts(),
            Arbitraries.of(PATTERNS).injectNull(0.6))
        .as((f, c, p) -> new StringSchema(Facets.NONE, f, c[0], c[1], p));
  }

  private static Arbitrary<Schema> dates() {
    return Arbitraries.of("", "date", "date-time").map(f -> new DateSchema(Facets.NONE, f));
  }

  /** Bounds in ascending order; a pair drawn from them is never empty. */
  private static final List<String> BOUNDS =
      List.of("-1e400", "-10", "0", "1", "2.5", "10", "100", "1e400");

  private static Arbitrary<Bound[]> bounds() {
    return Combinators.combine(
            Arbitraries.integers().between(-1, BOUNDS.size() - 1),
            Arbitraries.integers().between(-1, BOUNDS.size() - 1),
            Arbitraries.of(true, false),
            Arbitraries.of(true, false))
        .as(
            (low, high, lowOut, highOut) -> {
              Bound min = low < 0 ? null : new Bound(new BigDecimal(BOUNDS.get(low)), lowOut);
              Bound max = high < 0 ? null : new Bound(new BigDecimal(BOUNDS.get(high)), highOut);
              return min != null && max != null && low >= high
                  ? new Bound[] {min, null}
                  : new Bound[] {min, max};
            });
  }

  private static Arbitrary<Schema> numbers() {
    return Combinators.combine(
            Arbitraries.of(true, false),
            bounds(),
            Arbitraries.of("2", "0.5", "0.1", "3", "0.001").map(BigDecimal::new).injectNull(0.7))
        .as((integer, b, m) -> new NumberSchema(Facets.NONE, integer, b[0], b[1], m));
  }

  private static Arbitrary<Schema> booleans() {
    return Arbitraries.just(new BooleanSchema(Facets.NONE));
  }

  private static Arbitrary<Schema> enums() {
    return Arbitraries.oneOf(
        Arbitraries.of("a", "b", "High", "a b", "é", "5", "two\nlines", "bidi\u202e")
            .set()
            .ofMinSize(1)
            .ofMaxSize(3)
            .map(v -> new EnumSchema(Facets.NONE, List.copyOf(v), OperandType.STRING)),
        Arbitraries.of("1", "2", "-3", "10")
            .set()
            .ofMinSize(1)
            .ofMaxSize(3)
            .map(v -> new EnumSchema(Facets.NONE, List.copyOf(v), OperandType.INTEGER)),
        Arbitraries.of("2.5", "1", "0.1")
            .set()
            .ofMinSize(1)
            .ofMaxSize(2)
            .map(v -> new EnumSchema(Facets.NONE, List.copyOf(v), OperandType.NUMBER)),
        Arbitraries.of(List.of("true"), List.of("false"), List.of("true", "false"))
            .map(v -> new EnumSchema(Facets.NONE, v, OperandType.BOOLEAN)));
  }

  private static Arbitrary<Schema> consts() {
    return Arbitraries.of("\"task\"", "3", "2.5", "true", "null", "{\"k\":1}", "[1,\"a\"]", "\"\"")
        .map(json -> new ConstSchema(Facets.NONE, json));
  }

  private static Arbitrary<Schema> opaques() {
    return Arbitraries.just(new OpaqueSchema(Facets.NONE, ""));
  }

  private static Arbitrary<Schema> arrays(int depth) {
    return Combinators.combine(schemas(depth), counts(), Arbitraries.of(false, false, true))
        .as((items, c, unique) -> new ArraySchema(Facets.NONE, items, c[0], c[1], unique));
  }

  private static Arbitrary<Schema> objects(int depth) {
    return Combinators.combine(
            properties(depth, 3), Arbitraries.integers().between(0, 2), schemas(depth))
        .as(
            (properties, rest, additional) ->
                new ObjectSchema(
                    Facets.NONE, properties, rest == 1, rest == 2 ? additional : null));
  }

  /** Up to {@code max} properties of distinct names, some hostile ones among them. */
  static Arbitrary<List<Operand>> properties(int depth, int max) {
    return Combinators.combine(
            Arbitraries.of("name", "entityType", "a", "x y", "é", "$ref", "k\"q", "0", "a.b")
                .set()
                .ofMaxSize(max),
            schemas(depth).list().ofSize(max),
            Arbitraries.of(true, false).list().ofSize(max))
        .as(
            (names, schemas, required) -> {
              List<Operand> out = new ArrayList<>();
              int i = 0;
              for (String n : names) {
                out.add(new Operand(n, "", required.get(i), schemas.get(i)));
                i++;
              }
              return out;
            });
  }

  private static Arbitrary<Schema> unions(int depth) {
    return Combinators.combine(
            Arbitraries.of(true, false), schemas(depth).list().ofMinSize(2).ofMaxSize(3))
        .as((oneOf, alternatives) -> new UnionSchema(Facets.NONE, oneOf, alternatives));
  }

  /** A JSON value drawn for a schema: meant to fit, but any node may be something else. */
  static Object value(Random r, Schema s, int depth) {
    if (r.nextInt(100) < 6 || depth > 8) {
      return any(r, depth);
    }
    if (s.nullable() && r.nextInt(6) == 0) {
      return null;
    }
    if (s instanceof StringSchema t) {
      return string(r, t);
    }
    if (s instanceof DateSchema) {
      return pick(r, DATES);
    }
    if (s instanceof NumberSchema n) {
      return number(r, n);
    }
    if (s instanceof BooleanSchema) {
      return r.nextBoolean();
    }
    if (s instanceof EnumSchema e) {
      return enumValue(r, e);
    }
    if (s instanceof ConstSchema c) {
      return r.nextInt(5) == 0 ? any(r, depth) : parse(c.json());
    }
    if (s instanceof ArraySchema a) {
      return array(r, a, depth);
    }
    if (s instanceof ObjectSchema o) {
      return object(r, o, depth);
    }
    if (s instanceof UnionSchema u) {
      return value(r, u.alternatives().get(r.nextInt(u.alternatives().size())), depth);
    }
    return any(r, depth);
  }

  /** An argument object for operands: required ones mostly given, optional ones half the time. */
  static Map<String, Object> arguments(Random r, List<Operand> operands) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Operand o : operands) {
      if (r.nextInt(100) < (o.required() ? 92 : 50)) {
        out.put(o.name(), value(r, o.schema(), 1));
      }
    }
    if (r.nextInt(40) == 0) {
      out.put("unknown_operand", "x");
    }
    return out;
  }

  private static String string(Random r, StringSchema s) {
    StringBuilder sb = new StringBuilder();
    int pieces = r.nextInt(4);
    for (int i = 0; i < pieces; i++) {
      sb.append(pick(r, PIECES));
    }
    String v = sb.toString();
    if (s.maxLength() != null && r.nextInt(3) > 0) {
      v = cut(v, s.maxLength());
    }
    if (s.minLength() != null && r.nextInt(3) > 0) {
      v = v + "abc".substring(0, Math.min(3, s.minLength()));
    }
    return v;
  }

  private static String cut(String v, int codePoints) {
    int n = v.codePointCount(0, v.length());
    return n <= codePoints ? v : v.substring(0, v.offsetByCodePoints(0, codePoints));
  }

  private static BigDecimal number(Random r, NumberSchema n) {
    List<String> near = new ArrayList<>(NUMBERS);
    for (Bound b : new Bound[] {n.minimum(), n.maximum()}) {
      if (b != null) {
        near.add(b.value().toString());
        // Not 1e400 ± 1: the oracle fails on a whole number in digits beyond a double.
        if (b.value().abs().compareTo(TWO_TO_53) < 0) {
          near.add(b.value().add(BigDecimal.ONE).toString());
          near.add(b.value().subtract(BigDecimal.ONE).toString());
        }
      }
    }
    if (n.multipleOf() != null) {
      // The oracle divides a whole number as a double: keep to those a double holds exactly.
      near.removeIf(v -> new BigDecimal(v).abs().compareTo(TWO_TO_53) > 0 && !v.contains("e"));
      for (int k = -2; k <= 3; k++) {
        near.add(n.multipleOf().multiply(BigDecimal.valueOf(k)).toString());
      }
    }
    return new BigDecimal(pick(r, near));
  }

  private static Object enumValue(Random r, EnumSchema e) {
    if (r.nextInt(5) == 0) {
      return r.nextBoolean() ? "other" : new BigDecimal("42");
    }
    String v = pick(r, e.values());
    return switch (e.valueType()) {
      case NUMBER, INTEGER -> new BigDecimal(v);
      case BOOLEAN -> Boolean.valueOf(v);
      default -> v;
    };
  }

  private static List<Object> array(Random r, ArraySchema a, int depth) {
    int min = a.minItems() == null ? 0 : a.minItems();
    int n = Math.max(0, min + r.nextInt(4) - 1);
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(value(r, a.items(), depth + 1));
    }
    if (a.uniqueItems() && !out.isEmpty() && r.nextInt(4) == 0) {
      out.add(out.get(0));
    }
    return out;
  }

  private static Map<String, Object> object(Random r, ObjectSchema o, int depth) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Operand p : o.properties()) {
      if (r.nextInt(100) < (p.required() ? 93 : 50)) {
        out.put(p.name(), value(r, p.schema(), depth + 1));
      }
    }
    if (r.nextInt(o.closed() ? 12 : 4) == 0) {
      String key = pick(r, List.of("extra", "name", "x y", "a"));
      if (!out.containsKey(key)) {
        out.put(
            key, o.additional() == null ? any(r, depth + 1) : value(r, o.additional(), depth + 1));
      }
    }
    return out;
  }

  /** Any JSON value, shallow. */
  static Object any(Random r, int depth) {
    int kind = r.nextInt(depth > 6 ? 4 : 6);
    return switch (kind) {
      case 0 -> null;
      case 1 -> r.nextBoolean();
      case 2 -> new BigDecimal(pick(r, SMALL_NUMBERS));
      case 3 -> r.nextBoolean() ? pick(r, PIECES) : pick(r, DATES);
      case 4 -> {
        List<Object> l = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
          l.add(any(r, depth + 1));
        }
        yield l;
      }
      default -> {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = r.nextInt(3); i > 0; i--) {
          m.put(pick(r, List.of("name", "a", "k", "x y")), any(r, depth + 1));
        }
        yield m;
      }
    };
  }

  private static <T> T pick(Random r, List<T> from) {
    return from.get(r.nextInt(from.size()));
  }

  private static Object parse(String json) {
    try {
      return JsonTree.parse(json);
    } catch (JsonTree.Malformed e) {
      throw new IllegalStateException(json, e);
    }
  }
}
