package dev.agentkit.drift;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.contract.SchemaPaths;
import dev.agentkit.internal.text.JsonText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Compares an operand's schema tree before and after, at every depth, naming each difference by its
 * path ({@code create_entities.entities[].entityType}). An operand and a property of an object are
 * compared alike: removed, added (required or not), made required or optional, made a list or a
 * single value, described anew; then their values: a changed type (or a widened one, when the new
 * schema still accepts every earlier value), enum values, bounds tightened or loosened, union
 * alternatives, annotations. A list operand's own value is named by the operand's path, as agentkit
 * has always named it; what is inside its items by {@code operand[]}.
 */
final class SchemaDrift {
  /**
   * The type changes an agent compiled against the old type absorbs, old type to new ones: the
   * compiled typed view reads every value the new type's verify accepts, and the premise compares
   * them the same way.
   */
  private static final Map<OperandType, Set<OperandType>> COMPATIBLE_TYPE_CHANGES =
      Map.of(OperandType.NUMBER, Set.of(OperandType.INTEGER));

  private final Findings f;

  SchemaDrift(Findings f) {
    this.f = f;
  }

  /** The properties (or an op's operands) of an object at {@code parent}, before and after. */
  void properties(List<Operand> before, List<Operand> after, String parent, String inputName) {
    boolean top = parent.isEmpty();
    for (Operand b : before) {
      String path = SchemaPaths.property(parent, b.name());
      Operand a = find(after, b.name());
      if (a == null) {
        boolean isInput = top && b.name().equals(inputName);
        f.add(
            top ? DriftRule.OPERAND_REMOVED : DriftRule.PROPERTY_REMOVED,
            path,
            "",
            "",
            "",
            isInput ? " (the input of its premise)" : "");
      } else {
        operand(b, a, path);
      }
    }
    for (Operand a : after) {
      if (find(before, a.name()) == null) {
        DriftRule rule =
            top
                ? a.required() ? DriftRule.OPERAND_ADDED_REQUIRED : DriftRule.OPERAND_ADDED_OPTIONAL
                : a.required()
                    ? DriftRule.PROPERTY_ADDED_REQUIRED
                    : DriftRule.PROPERTY_ADDED_OPTIONAL;
        f.add(rule, SchemaPaths.property(parent, a.name()), "", "", "", "");
      }
    }
  }

  private static Operand find(List<Operand> operands, String name) {
    for (Operand o : operands) {
      if (o.name().equals(name)) {
        return o;
      }
    }
    return null;
  }

  /** One operand or property found on both sides. */
  void operand(Operand b, Operand a, String path) {
    if (b.list() != a.list()) {
      f.add(
          DriftRule.OPERAND_LIST_CHANGED, path, "", a.list() ? "a list" : "a single value", "", "");
    } else if (b.list()) {
      arrays((ArraySchema) b.schema(), (ArraySchema) a.schema(), path);
    }
    if (b.required() != a.required()) {
      f.add(
          a.required() ? DriftRule.OPERAND_BECAME_REQUIRED : DriftRule.OPERAND_BECAME_OPTIONAL,
          path,
          "",
          "",
          "",
          "");
    }
    if (!b.description().equals(a.description())) {
      f.add(DriftRule.DESCRIPTION_CHANGED, path, "", "", "", "");
    }
    String inside = b.list() && a.list() ? SchemaPaths.items(path) : path;
    node(b.valueSchema(), a.valueSchema(), path, inside);
  }

  /**
   * Two nodes at one place: findings about the node itself are named {@code at}, those about what
   * it holds start from {@code inside} (the items of a list operand are inside it).
   */
  private void node(Schema b, Schema a, String at, String inside) {
    if (!kind(b).equals(kind(a))) {
      kindChanged(b, a, at);
      return;
    }
    facets(b, a, at);
    if (b instanceof StringSchema bs) {
      strings(bs, (StringSchema) a, at);
    } else if (b instanceof DateSchema bd) {
      annotation("the format", bd.format(), ((DateSchema) a).format(), at);
    } else if (b instanceof NumberSchema bn) {
      numbers(bn, (NumberSchema) a, at);
    } else if (b instanceof EnumSchema be) {
      enums(be, (EnumSchema) a, at);
    } else if (b instanceof ArraySchema ba) {
      ArraySchema aa = (ArraySchema) a;
      arrays(ba, aa, at);
      String items = SchemaPaths.items(inside);
      node(ba.items(), aa.items(), items, items);
    } else if (b instanceof ObjectSchema bo) {
      objects(bo, (ObjectSchema) a, at, inside);
    } else if (b instanceof UnionSchema bu) {
      unions(bu, (UnionSchema) a, at, inside);
    }
  }

  /**
   * The kind a node's findings compare: its type's name, an unknown type's as served, an enum's
   * value type, a constant's value.
   */
  private static String kind(Schema s) {
    if (s instanceof OpaqueSchema o) {
      return "opaque " + o.servedType();
    }
    if (s instanceof EnumSchema e) {
      return "enum " + e.valueType().wireName();
    }
    if (s instanceof ConstSchema c) {
      return "const " + c.json();
    }
    return s.type().wireName();
  }

  /**
   * A type changed: compatible when it was widened into a union that still accepts every earlier
   * value, or absorbed by the compiled view ({@link #COMPATIBLE_TYPE_CHANGES}); breaking otherwise,
   * since the agent's compiled view reads values of the old type.
   */
  private void kindChanged(Schema b, Schema a, String at) {
    if (a instanceof UnionSchema && accepts(a, b)) {
      f.add(DriftRule.TYPE_WIDENED, at, text(b), text(a), "", "");
      return;
    }
    boolean absorbed = COMPATIBLE_TYPE_CHANGES.getOrDefault(b.type(), Set.of()).contains(a.type());
    f.add(
        DriftRule.OPERAND_TYPE_CHANGED,
        f.grade(absorbed ? DriftSeverity.COMPATIBLE : DriftSeverity.BREAKING),
        at,
        text(b),
        text(a),
        "",
        absorbed ? "; every " + a.type().wireName() + " is a " + b.type().wireName() : "");
  }

  /**
   * Whether every value {@code narrower} accepts is a value of {@code wider}, as far as a
   * conservative reading tells: anything into opaque; into a union when one alternative takes it
   * all (or, for an enum, when each of its values is taken by one); a union when the wider node
   * takes each alternative; the same kind with no breaking difference; an integer into a number, a
   * date or a string enum into a plain string, a constant into what holds it. Anything else is not.
   */
  static boolean accepts(Schema wider, Schema narrower) {
    if (wider instanceof OpaqueSchema) {
      return true;
    }
    if (narrower.facets().nullable() && wider.facets().nullable()) {
      // Null is taken by the wider node itself (a nullable union, say), whichever alternative
      // takes the rest: compare what else the narrower node accepts.
      Schema.Facets f = narrower.facets();
      narrower = narrower.withFacets(new Schema.Facets(f.description(), f.defaultJson(), false));
      if (wider instanceof UnionSchema) {
        return accepts(wider.withFacets(Schema.Facets.NONE), narrower);
      }
    }
    if (narrower instanceof UnionSchema u) {
      for (Schema alternative : u.alternatives()) {
        if (!accepts(wider, alternative)) {
          return false;
        }
      }
      return true;
    }
    if (wider instanceof UnionSchema u) {
      return acceptedByOne(u, narrower) || eachValueAccepted(u, narrower);
    }
    if (kind(wider).equals(kind(narrower))) {
      Findings trial =
          new Findings("", true, null, DriftReport.Usage.wholeContract(), new ArrayList<>());
      new SchemaDrift(trial).node(narrower, wider, "", "");
      return !trial.anyBreaking();
    }
    if (narrower instanceof NumberSchema n && wider instanceof NumberSchema w) {
      return n.integer() && !w.integer() && within(n, w);
    }
    if (wider instanceof StringSchema w && isPlain(w)) {
      return narrower instanceof DateSchema
          || narrower instanceof EnumSchema e && e.valueType() == OperandType.STRING
          || narrower instanceof ConstSchema c && c.json().startsWith("\"");
    }
    if (wider instanceof EnumSchema w && narrower instanceof ConstSchema c) {
      return w.valueType() == OperandType.STRING
          ? w.values().stream().anyMatch(v -> quoted(v).equals(c.json()))
          : w.values().contains(c.json());
    }
    return false;
  }

  private static boolean acceptedByOne(UnionSchema wider, Schema narrower) {
    for (Schema alternative : wider.alternatives()) {
      if (accepts(alternative, narrower)) {
        return true;
      }
    }
    return false;
  }

  /**
   * An enum whose values the union's alternatives take between them (GitHub's {@code budget_type},
   * an enum of two values that became a oneOf of three one-value enums).
   */
  private static boolean eachValueAccepted(UnionSchema wider, Schema narrower) {
    if (!(narrower instanceof EnumSchema e) || e.values().size() < 2) {
      return false;
    }
    for (String v : e.values()) {
      if (!acceptedByOne(wider, new EnumSchema(e.facets(), List.of(v), e.valueType()))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isPlain(StringSchema s) {
    return s.pattern().isEmpty() && s.minLength() == null && s.maxLength() == null;
  }

  private static boolean within(NumberSchema narrower, NumberSchema wider) {
    return !tighterLow(narrower.minimum(), wider.minimum())
        && !tighterHigh(narrower.maximum(), wider.maximum())
        && wider.multipleOf() == null;
  }

  private static String quoted(String s) {
    StringBuilder sb = new StringBuilder();
    JsonText.string(sb, s);
    return sb.toString();
  }

  /** A node's type as drift sentences name it. */
  static String text(Schema s) {
    if (s instanceof OpaqueSchema o) {
      return JsonText.shown(o.servedType());
    }
    if (s instanceof EnumSchema e) {
      return e.valueType() == OperandType.STRING ? "enum" : "enum of " + e.valueType().wireName();
    }
    if (s instanceof ConstSchema c) {
      return "const " + (c.json().length() > 40 ? c.json().substring(0, 37) + "..." : c.json());
    }
    if (s instanceof ArraySchema a) {
      return "array of " + text(a.items());
    }
    if (s instanceof UnionSchema u) {
      List<String> names = new ArrayList<>();
      for (Schema alternative : u.alternatives()) {
        names.add(text(alternative));
      }
      return (u.oneOf() ? "oneOf[" : "anyOf[") + String.join(", ", names) + "]";
    }
    return s.type().wireName();
  }

  private void facets(Schema b, Schema a, String at) {
    if (b.nullable() && !a.nullable()) {
      f.add(DriftRule.BOUNDS_TIGHTENED, at, "", "", "nullable", "it no longer accepts null");
    } else if (!b.nullable() && a.nullable()) {
      f.add(DriftRule.BOUNDS_LOOSENED, at, "", "", "nullable", "it now accepts null");
    }
    annotation("the default", b.facets().defaultJson(), a.facets().defaultJson(), at);
    if (!b.description().equals(a.description())) {
      f.add(DriftRule.DESCRIPTION_CHANGED, at, "", "", "", "");
    }
  }

  private void annotation(String what, String before, String after, String at) {
    if (!before.equals(after)) {
      f.add(
          DriftRule.ANNOTATION_CHANGED,
          at,
          "",
          "",
          what,
          what + " (" + shown(before) + " -> " + shown(after) + ")");
    }
  }

  private static String shown(String s) {
    return s.isEmpty() ? "none" : JsonText.shown(s);
  }

  private void strings(StringSchema b, StringSchema a, String at) {
    counts("minLength", b.minLength(), a.minLength(), true, at);
    counts("maxLength", b.maxLength(), a.maxLength(), false, at);
    if (!b.pattern().equals(a.pattern())) {
      boolean loosened = a.pattern().isEmpty();
      f.add(
          loosened ? DriftRule.BOUNDS_LOOSENED : DriftRule.BOUNDS_TIGHTENED,
          at,
          "",
          "",
          "pattern",
          loosened
              ? "its pattern " + shown(b.pattern()) + " is gone"
              : "its pattern is now " + shown(a.pattern()) + " (was " + shown(b.pattern()) + ")");
    }
    annotation("the format", b.format(), a.format(), at);
  }

  private void numbers(NumberSchema b, NumberSchema a, String at) {
    bound("minimum", b.minimum(), a.minimum(), true, at);
    bound("maximum", b.maximum(), a.maximum(), false, at);
    BigDecimal before = b.multipleOf();
    BigDecimal after = a.multipleOf();
    if (!Objects.equals(before, after)) {
      boolean loosened = after == null || before != null && before.remainder(after).signum() == 0;
      f.add(
          loosened ? DriftRule.BOUNDS_LOOSENED : DriftRule.BOUNDS_TIGHTENED,
          at,
          "",
          "",
          "multipleOf",
          "its multipleOf is now "
              + (after == null ? "none" : after.toPlainString())
              + " (was "
              + (before == null ? "none" : before.toPlainString())
              + ")");
    }
  }

  private void bound(String name, Bound before, Bound after, boolean lower, String at) {
    if (Objects.equals(before, after)) {
      return;
    }
    boolean tighter = lower ? tighterLow(before, after) : tighterHigh(before, after);
    f.add(
        tighter ? DriftRule.BOUNDS_TIGHTENED : DriftRule.BOUNDS_LOOSENED,
        at,
        "",
        "",
        name,
        "its " + name + " is now " + boundText(after) + " (was " + boundText(before) + ")");
  }

  /** Whether the lower bound {@code after} refuses a value {@code before} accepted. */
  private static boolean tighterLow(Bound before, Bound after) {
    if (after == null) {
      return false;
    }
    if (before == null) {
      return true;
    }
    int c = after.value().compareTo(before.value());
    return c > 0 || c == 0 && after.exclusive() && !before.exclusive();
  }

  private static boolean tighterHigh(Bound before, Bound after) {
    if (after == null) {
      return false;
    }
    if (before == null) {
      return true;
    }
    int c = after.value().compareTo(before.value());
    return c < 0 || c == 0 && after.exclusive() && !before.exclusive();
  }

  private static String boundText(Bound b) {
    return b == null ? "none" : b.value().toPlainString() + (b.exclusive() ? " (exclusive)" : "");
  }

  private void counts(String name, Integer before, Integer after, boolean lower, String at) {
    if (Objects.equals(before, after)) {
      return;
    }
    boolean tighter =
        after != null && (before == null || (lower ? after > before : after < before));
    f.add(
        tighter ? DriftRule.BOUNDS_TIGHTENED : DriftRule.BOUNDS_LOOSENED,
        at,
        "",
        "",
        name,
        "its "
            + name
            + " is now "
            + (after == null ? "none" : after)
            + " (was "
            + (before == null ? "none" : before)
            + ")");
  }

  private void arrays(ArraySchema b, ArraySchema a, String at) {
    counts("minItems", b.minItems(), a.minItems(), true, at);
    counts("maxItems", b.maxItems(), a.maxItems(), false, at);
    if (b.uniqueItems() != a.uniqueItems()) {
      f.add(
          a.uniqueItems() ? DriftRule.BOUNDS_TIGHTENED : DriftRule.BOUNDS_LOOSENED,
          at,
          "",
          "",
          "uniqueItems",
          a.uniqueItems() ? "its elements must now be unique" : "its elements may now repeat");
    }
  }

  private void enums(EnumSchema b, EnumSchema a, String at) {
    Set<String> after = new HashSet<>(a.values());
    Set<String> before = new HashSet<>(b.values());
    for (String v : b.values()) {
      if (!after.contains(v)) {
        f.add(DriftRule.ENUM_VALUE_REMOVED, at, "", "", v, "");
      }
    }
    for (String v : a.values()) {
      if (!before.contains(v)) {
        f.add(DriftRule.ENUM_VALUE_ADDED, at, "", "", v, "");
      }
    }
  }

  private void objects(ObjectSchema b, ObjectSchema a, String at, String inside) {
    properties(b.properties(), a.properties(), inside, "");
    if (!b.closed() && a.closed()) {
      f.add(
          DriftRule.BOUNDS_TIGHTENED,
          at,
          "",
          "",
          "additionalProperties",
          "it no longer accepts properties it does not declare");
    } else if (b.closed() && !a.closed()) {
      f.add(
          DriftRule.BOUNDS_LOOSENED,
          at,
          "",
          "",
          "additionalProperties",
          "it now accepts properties it does not declare");
    } else if (b.additional() != null && a.additional() != null) {
      String others = SchemaPaths.additional(inside);
      node(b.additional(), a.additional(), others, others);
    } else if (b.additional() == null != (a.additional() == null)) {
      boolean tighter = a.additional() != null;
      f.add(
          tighter ? DriftRule.BOUNDS_TIGHTENED : DriftRule.BOUNDS_LOOSENED,
          at,
          "",
          "",
          "additionalProperties",
          tighter
              ? "its other properties must now be " + text(a.additional())
              : "its other properties may now be anything");
    }
  }

  /**
   * Alternatives are paired first with an equal one, then with one of the same kind (the one at the
   * same place when it is of that kind); each alternative after pairs at most once. Paired
   * alternatives are compared in depth; one before that is paired with none and that nothing after
   * accepts was removed, one after paired with none was added.
   */
  private void unions(UnionSchema b, UnionSchema a, String at, String inside) {
    int[] pairs = pairs(b.alternatives(), a.alternatives());
    boolean[] kept = new boolean[a.alternatives().size()];
    for (int i = 0; i < pairs.length; i++) {
      Schema before = b.alternatives().get(i);
      if (pairs[i] >= 0) {
        kept[pairs[i]] = true;
        String path = SchemaPaths.alternative(inside, i);
        node(before, a.alternatives().get(pairs[i]), path, path);
      } else if (!accepted(before, a.alternatives(), kept)) {
        f.add(DriftRule.ALTERNATIVE_REMOVED, at, "", "", text(before), "");
      }
    }
    for (int j = 0; j < kept.length; j++) {
      if (!kept[j]) {
        f.add(DriftRule.ALTERNATIVE_ADDED, at, "", "", text(a.alternatives().get(j)), "");
      }
    }
    if (b.oneOf() != a.oneOf()) {
      f.add(
          a.oneOf() ? DriftRule.BOUNDS_TIGHTENED : DriftRule.BOUNDS_LOOSENED,
          at,
          "",
          "",
          "oneOf",
          a.oneOf()
              ? "a value must now match exactly one alternative (oneOf)"
              : "a value may now match several alternatives (anyOf)");
    }
  }

  /** For each alternative before, the index of the alternative after it pairs with, or -1. */
  private static int[] pairs(List<Schema> before, List<Schema> after) {
    int[] pairs = new int[before.size()];
    java.util.Arrays.fill(pairs, -1);
    boolean[] taken = new boolean[after.size()];
    for (int i = 0; i < before.size(); i++) {
      pairs[i] = pick(before.get(i), i, after, taken, Schema::equals);
    }
    for (int i = 0; i < before.size(); i++) {
      if (pairs[i] < 0) {
        pairs[i] = pick(before.get(i), i, after, taken, (x, y) -> kind(x).equals(kind(y)));
      }
    }
    return pairs;
  }

  /** The untaken alternative after that matches, the one at {@code place} first; it is taken. */
  private static int pick(
      Schema s,
      int place,
      List<Schema> after,
      boolean[] taken,
      java.util.function.BiPredicate<Schema, Schema> matches) {
    if (place < after.size() && !taken[place] && matches.test(s, after.get(place))) {
      taken[place] = true;
      return place;
    }
    for (int j = 0; j < after.size(); j++) {
      if (!taken[j] && matches.test(s, after.get(j))) {
        taken[j] = true;
        return j;
      }
    }
    return -1;
  }

  /** Whether an alternative of after takes everything {@code before} took; it counts as kept. */
  private static boolean accepted(Schema before, List<Schema> after, boolean[] kept) {
    for (int j = 0; j < after.size(); j++) {
      if (accepts(after.get(j), before)) {
        kept[j] = true;
        return true;
      }
    }
    return false;
  }
}
