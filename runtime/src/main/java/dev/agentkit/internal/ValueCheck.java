package dev.agentkit.internal;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Problem.Kind;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.json.Patterns;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.internal.text.Names;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a JSON value against an operand's schema tree at every depth, and says what is wrong where
 * in sentences a model can act on: {@code create_entities.entities[0].entityType is required: give
 * it a string}, {@code get_links.count is 50, above the maximum 10}.
 *
 * <p>Values are those {@link JsonTree} reads. Every problem is reported, up to {@value
 * #MAX_PROBLEMS} per argument; the rest are counted in one last sentence. A union tries its
 * alternatives silently and remembers, per array or object of the value, which alternatives it
 * fits, so nested unions cost what the value and the schema hold, never their product. Not
 * thread-safe; each check makes its own.
 */
public final class ValueCheck {
  /** The most problems one argument reports; the rest are counted. */
  public static final int MAX_PROBLEMS = 10;

  private final String opcode;

  /** The operand checked: every problem's subject, as verify's other problems name theirs. */
  private final String operand;

  private final boolean quiet;
  private final Map<Object, Map<Schema, Boolean>> fits;
  private final List<Problem> problems = new ArrayList<>();
  private int more;
  private boolean failed;

  private ValueCheck(
      String opcode, String operand, boolean quiet, Map<Object, Map<Schema, Boolean>> fits) {
    this.opcode = opcode;
    this.operand = operand;
    this.quiet = quiet;
    this.fits = fits;
  }

  /**
   * Whether an operand's argument is JSON text rather than a flat value's text: its value is an
   * object, a union, a constant or opaque, or it is a list of such values (or of values that may be
   * null). Such an argument that does not read as JSON reads as the JSON string of its text.
   */
  public static boolean isTree(Operand o) {
    Schema v = o.valueSchema();
    if (!v.type().isScalar()) {
      return true;
    }
    return o.list() && v.nullable();
  }

  /** The problems of a tree-typed operand's argument; empty when it fits its schema. */
  public static List<Problem> argument(String opcode, Operand o, String text) {
    return value(opcode, o.name(), o.schema(), ArgValues.json(text));
  }

  /**
   * The problems of a JSON value of an operand ({@code entities}); each names the place in the
   * value in its sentence, and the operand as its subject.
   */
  public static List<Problem> value(String opcode, String path, Schema schema, Object value) {
    ValueCheck c = new ValueCheck(opcode, path, false, new IdentityHashMap<>());
    c.check(value, schema, path);
    return c.result(path);
  }

  /**
   * The problems a flat operand's value has beyond its type: bounds, lengths, pattern, element
   * counts and uniqueness, a vocabulary of numbers or booleans. The text has passed verify's flat
   * checks; a list's elements are read as verify reads them (trimmed, blank ones dropped), each
   * named by its index in the array the model wrote.
   */
  public static List<Problem> facets(String opcode, Operand o, String text) {
    ValueCheck c = new ValueCheck(opcode, o.name(), false, new IdentityHashMap<>());
    if (o.schema() instanceof ArraySchema a) {
      String bare = text.trim();
      List<String> raw =
          bare.startsWith("[")
              ? Values.listElements(bare, Values.jsonType(a.items()))
              : List.of(bare);
      List<Object> kept = new ArrayList<>();
      List<Integer> at = new ArrayList<>();
      for (int i = 0; raw != null && i < raw.size(); i++) {
        String e = raw.get(i).trim();
        if (!e.isEmpty()) {
          kept.add(fromText(a.items(), e));
          at.add(i);
        }
      }
      c.arrayBounds(kept, a, o.name());
      for (int i = 0; i < kept.size(); i++) {
        c.check(kept.get(i), a.items(), ValueWords.index(o.name(), at.get(i)));
      }
    } else {
      c.check(fromText(o.schema(), text), o.schema(), o.name());
    }
    return c.result(o.name());
  }

  /** A flat value's text as the JSON value it stands for. */
  private static Object fromText(Schema s, String text) {
    String t = text.trim();
    OperandType type = s instanceof EnumSchema e ? e.valueType() : s.type();
    switch (type) {
      case NUMBER, INTEGER:
        return Values.isNumber(t) ? new BigDecimal(t) : text;
      case BOOLEAN:
        Boolean b = Values.bool(t);
        return b == null ? text : b;
      default:
        return text;
    }
  }

  private List<Problem> result(String path) {
    if (more > 0) {
      problems.add(
          Problem.of(
              Kind.MORE_PROBLEMS,
              opcode,
              operand,
              opcode
                  + "."
                  + path
                  + " has "
                  + ValueWords.count(more, "more problem")
                  + " after these; fix the ones above and call again"));
    }
    return problems.isEmpty() ? List.of() : List.copyOf(problems);
  }

  /** Marks the value as not fitting; true when the caller should say why. */
  private boolean reporting() {
    failed = true;
    return !quiet;
  }

  private void add(Kind kind, String path, String sentence) {
    if (problems.size() < MAX_PROBLEMS) {
      problems.add(Problem.of(kind, opcode, operand, opcode + "." + path + sentence));
    } else {
      more++;
    }
  }

  private void check(Object v, Schema s, String path) {
    if (quiet && failed || v == null && s.nullable() || s instanceof OpaqueSchema) {
      return;
    }
    if (s instanceof UnionSchema u) {
      union(v, u, path);
    } else if (s instanceof ConstSchema c) {
      constant(v, c, path);
    } else if (s instanceof EnumSchema e) {
      enumeration(v, e, path);
    } else if (!Kinds.fits(v, s)) {
      wrongType(v, s, path);
    } else if (s instanceof StringSchema t) {
      string((String) v, t, path);
    } else if (s instanceof DateSchema) {
      date((String) v, path);
    } else if (s instanceof NumberSchema n) {
      number((BigDecimal) v, n, path);
    } else if (s instanceof ArraySchema a) {
      array((List<?>) v, a, path);
    } else if (s instanceof ObjectSchema o) {
      object((Map<?, ?>) v, o, path);
    }
  }

  private void wrongType(Object v, Schema s, String path) {
    if (reporting()) {
      add(
          Kind.WRONG_TYPE,
          path,
          " is "
              + ValueWords.describe(v)
              + ", not "
              + ValueWords.expected(s)
              + (s.nullable() ? " or null" : "")
              + ValueWords.unwrapHint(v, s));
    }
  }

  private void string(String v, StringSchema s, String path) {
    int length = v.codePointCount(0, v.length());
    if (s.minLength() != null && length < s.minLength() && reporting()) {
      add(
          Kind.STRING_LENGTH,
          path,
          " is "
              + ValueWords.count(length, "character")
              + " long, fewer than the minimum "
              + s.minLength());
    }
    if (s.maxLength() != null && length > s.maxLength() && reporting()) {
      add(
          Kind.STRING_LENGTH,
          path,
          " is "
              + ValueWords.count(length, "character")
              + " long, more than the maximum "
              + s.maxLength());
    }
    if (s.pattern().isEmpty()) {
      return;
    }
    Optional<Patterns> pattern = Patterns.compile(s.pattern());
    if (pattern.isPresent() && !pattern.get().find(v) && reporting()) {
      add(
          Kind.PATTERN_MISMATCH,
          path,
          ": "
              + ValueWords.quoted(v)
              + " does not match the pattern "
              + ValueWords.quoted(s.pattern())
              + "; write a value it matches");
    }
  }

  private void date(String v, String path) {
    int verdict = Values.dateCheck(v.trim());
    if (verdict != Values.VALID && reporting()) {
      add(
          Kind.BAD_DATE,
          path,
          ": "
              + ValueWords.quoted(v)
              + (verdict == Values.OUT_OF_RANGE
                  ? " is not a date: its offset is more than 18 hours from UTC"
                  : " is not a date")
              + "; write an ISO-8601 date such as 2026-03-31 or a date-time such as"
              + " 2026-03-31T17:00:00Z");
    }
  }

  private void number(BigDecimal v, NumberSchema s, String path) {
    // Exact comparison: 1e400 is far above a maximum of 10, never infinity.
    Optional<String> outside = NumberWords.bounds(v, s);
    if (outside.isPresent()) {
      if (reporting()) {
        add(Kind.OUT_OF_BOUNDS, path, outside.get());
      }
      return;
    }
    if (s.integer() && !Decimals.inLongRange(v)) {
      if (reporting()) {
        add(
            Kind.BAD_INTEGER,
            path,
            " is "
                + Decimals.shown(v)
                + ", beyond the signed 64-bit range this backend takes; write a whole number"
                + " from -9223372036854775808 to 9223372036854775807");
      }
      return;
    }
    if (s.multipleOf() != null && !Decimals.isMultiple(v, s.multipleOf()) && reporting()) {
      add(
          Kind.NOT_A_MULTIPLE,
          path,
          " is " + Decimals.shown(v) + ", not a multiple of " + Decimals.shown(s.multipleOf()));
    }
  }

  private void enumeration(Object v, EnumSchema e, String path) {
    if (Kinds.inEnum(v, e) || !reporting()) {
      return;
    }
    add(
        Kind.ENUM_VALUE,
        path,
        ": "
            + ValueWords.quoted(v)
            + " is not one of the allowed values: "
            + LineText.of(Names.listing(v instanceof String s ? s : "", e.values()))
            + (v instanceof String s ? ValueWords.didYouMean(s, e.values()) : ""));
  }

  private void constant(Object v, ConstSchema c, String path) {
    if (Kinds.isConst(v, c) || !reporting()) {
      return;
    }
    add(
        Kind.CONST_VALUE,
        path,
        " is "
            + ValueWords.describe(v)
            + ", but the only value allowed is "
            + ValueWords.cut(c.json())
            + (c.nullable() ? " (or null)" : ""));
  }

  private void array(List<?> v, ArraySchema s, String path) {
    arrayBounds(v, s, path);
    for (int i = 0; i < v.size() && !(quiet && failed); i++) {
      check(v.get(i), s.items(), ValueWords.index(path, i));
    }
  }

  private void arrayBounds(List<?> v, ArraySchema s, String path) {
    int n = v.size();
    if (s.minItems() != null && n < s.minItems() && reporting()) {
      add(
          Kind.ITEM_COUNT,
          path,
          " has " + ValueWords.count(n, "element") + ", fewer than the minimum " + s.minItems());
    }
    if (s.maxItems() != null && n > s.maxItems() && reporting()) {
      add(
          Kind.ITEM_COUNT,
          path,
          " has " + ValueWords.count(n, "element") + ", more than the maximum " + s.maxItems());
    }
    if (s.uniqueItems()) {
      unique(v, path);
    }
  }

  private void unique(List<?> v, String path) {
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < v.size(); i++) {
      Integer earlier = seen.putIfAbsent(JsonValues.key(v.get(i)), i);
      if (earlier != null) {
        if (reporting()) {
          add(
              Kind.DUPLICATE_ITEMS,
              path,
              " has equal elements at [" + earlier + "] and [" + i + "]; give each value once");
        }
        return;
      }
    }
  }

  private void object(Map<?, ?> v, ObjectSchema s, String path) {
    Set<String> declared = new HashSet<>();
    for (Operand p : s.properties()) {
      declared.add(p.name());
      String at = ValueWords.property(path, p.name());
      if (v.containsKey(p.name())) {
        check(v.get(p.name()), p.schema(), at);
      } else if (p.required() && reporting()) {
        add(Kind.REQUIRED_MISSING, at, " is required: give it " + ValueWords.expected(p.schema()));
      }
      if (quiet && failed) {
        return;
      }
    }
    for (Map.Entry<?, ?> e : v.entrySet()) {
      String key = (String) e.getKey();
      if (declared.contains(key)) {
        continue;
      }
      if (s.closed()) {
        unknownProperty(key, s, path, declared);
      } else if (s.additional() != null) {
        check(e.getValue(), s.additional(), ValueWords.property(path, key));
      }
    }
  }

  private void unknownProperty(String key, ObjectSchema s, String path, Set<String> declared) {
    if (!reporting()) {
      return;
    }
    add(
        Kind.UNKNOWN_PROPERTY,
        path,
        " has no property "
            + ValueWords.quoted(key)
            + (declared.isEmpty()
                ? "; it takes none"
                : "; its properties are: "
                    + LineText.of(Names.listing(key, declared))
                    + ValueWords.didYouMean(key, declared)));
  }

  private void union(Object v, UnionSchema u, String path) {
    List<Integer> fitting = new ArrayList<>(2);
    for (int i = 0; i < u.alternatives().size() && fitting.size() < 2; i++) {
      if (fits(v, u.alternatives().get(i))) {
        fitting.add(i);
        if (!u.oneOf()) {
          return;
        }
      }
    }
    if (fitting.size() == 1 || !reporting()) {
      return;
    }
    if (fitting.isEmpty()) {
      noAlternative(v, u, path);
      return;
    }
    add(
        Kind.AMBIGUOUS_UNION,
        path,
        " is "
            + ValueWords.describe(v)
            + ", which fits more than one of its alternatives ("
            + ValueWords.expected(u.alternatives().get(fitting.get(0)))
            + " and "
            + ValueWords.expected(u.alternatives().get(fitting.get(1)))
            + "), but must fit exactly one");
  }

  /** None fits: names the alternatives, and why the first of the value's JSON type does not. */
  private void noAlternative(Object v, UnionSchema u, String path) {
    String nearest = "";
    for (Schema a : u.alternatives()) {
      if (Kinds.sameKind(v, a)) {
        ValueCheck detail = new ValueCheck(opcode, operand, false, fits);
        detail.check(v, a, path);
        if (!detail.problems.isEmpty()) {
          String first = detail.problems.get(0).message();
          nearest =
              "; as " + ValueWords.expected(a) + ": " + first.substring(first.indexOf(']') + 2);
        }
        break;
      }
    }
    add(
        Kind.NO_ALTERNATIVE,
        path,
        " is "
            + ValueWords.describe(v)
            + ", which fits none of its alternatives ("
            + ValueWords.alternatives(u)
            + ")"
            + nearest);
  }

  /** Whether the value fits a schema, remembered per array or object of the value. */
  private boolean fits(Object v, Schema s) {
    boolean container = v instanceof Map<?, ?> || v instanceof List<?>;
    if (container) {
      Boolean known = fits.getOrDefault(v, Map.of()).get(s);
      if (known != null) {
        return known;
      }
    }
    ValueCheck q = new ValueCheck(opcode, operand, true, fits);
    q.check(v, s, "");
    boolean ok = !q.failed;
    if (container) {
      fits.computeIfAbsent(v, k -> new IdentityHashMap<>()).put(s, ok);
    }
    return ok;
  }
}
