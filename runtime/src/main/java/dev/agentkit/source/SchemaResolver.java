package dev.agentkit.source;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Turns one schema node into one plain schema object: its {@code $ref} followed within the
 * document, its {@code allOf} parts merged where the merge is plain (by {@link #RULES}), and
 * OpenAPI 3.0's boolean {@code exclusiveMinimum}/{@code exclusiveMaximum} rewritten in 3.1's
 * numeric form. A {@code $ref} back into a schema being mapped (a cycle), one to nothing, and a
 * merge that is not plain are a reason, never an error.
 */
final class SchemaResolver {
  /** How a keyword given by two {@code allOf} parts (or a node and its {@code $ref}) merges. */
  enum Rule {
    /** The first part's value: an annotation, or a keyword the mapping does not read. */
    FIRST,
    /** Every part's names, once each. */
    UNION,
    /** Every part's properties; one named twice is the {@code allOf} of both. */
    PROPERTIES,
    /** The {@code allOf} of both schemas. */
    BOTH,
    /** The larger lower bound. */
    LOWER,
    /** The smaller upper bound. */
    UPPER,
    /** True when either is. */
    EITHER,
    /** The types both allow. */
    TYPE,
    /** The other properties: see {@link SchemaResolver#additional}. */
    ADDITIONAL,
    /** The values both list. */
    COMMON,
    /** Equal values, or the merge is not plain. */
    EQUAL
  }

  /** The rule of each keyword; a keyword not listed merges by {@link Rule#FIRST}. */
  static final Map<String, Rule> RULES =
      Map.ofEntries(
          Map.entry("type", Rule.TYPE),
          Map.entry("properties", Rule.PROPERTIES),
          Map.entry("required", Rule.UNION),
          Map.entry("additionalProperties", Rule.ADDITIONAL),
          Map.entry("items", Rule.BOTH),
          Map.entry("minimum", Rule.LOWER),
          Map.entry("exclusiveMinimum", Rule.LOWER),
          Map.entry("minLength", Rule.LOWER),
          Map.entry("minItems", Rule.LOWER),
          Map.entry("maximum", Rule.UPPER),
          Map.entry("exclusiveMaximum", Rule.UPPER),
          Map.entry("maxLength", Rule.UPPER),
          Map.entry("maxItems", Rule.UPPER),
          Map.entry("uniqueItems", Rule.EITHER),
          Map.entry("nullable", Rule.EITHER),
          Map.entry("enum", Rule.COMMON),
          Map.entry("const", Rule.EQUAL),
          Map.entry("format", Rule.EQUAL),
          Map.entry("pattern", Rule.EQUAL),
          Map.entry("multipleOf", Rule.EQUAL),
          Map.entry("oneOf", Rule.EQUAL),
          Map.entry("anyOf", Rule.EQUAL),
          Map.entry("prefixItems", Rule.EQUAL),
          Map.entry("patternProperties", Rule.EQUAL));

  /** The JSON Schema types, with {@code integer} inside {@code number}. */
  private static final List<String> TYPES =
      List.of("string", "number", "integer", "boolean", "object", "array", "null");

  /**
   * One schema node made plain.
   *
   * @param schema the plain schema object, or null when it could not be made
   * @param refs the pointers followed to make it, which are being mapped while its children are
   * @param problem why it could not be made, or null
   */
  record Plain(Map<String, Object> schema, List<String> refs, String problem) {
    static Plain problem(String problem) {
      return new Plain(null, List.of(), problem);
    }
  }

  /** Thrown when the mapping of one operand has spent its budget of nodes. */
  static final class TooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLarge() {
      super(null, null, false, false);
    }
  }

  private final Map<String, ?> document;
  private final Budget budget;

  SchemaResolver(Map<String, ?> document, Budget budget) {
    this.document = document == null ? Map.of() : document;
    this.budget = budget;
  }

  /** Counts the nodes one operand's mapping visits, so that no schema costs without end. */
  static final class Budget {
    private final int max;
    private int spent;

    Budget(int max) {
      this.max = max;
    }

    void reset() {
      spent = 0;
    }

    void spend() {
      if (++spent > max) {
        throw new TooLarge();
      }
    }

    int max() {
      return max;
    }
  }

  /**
   * The plain form of a node.
   *
   * @param active the pointers of the schemas being mapped around this node; a {@code $ref} to one
   *     of them is a cycle
   */
  Plain plain(Object node, Set<String> active) {
    List<Map<String, Object>> parts = new ArrayList<>();
    Set<String> refs = new LinkedHashSet<>();
    String problem = collect(node, parts, refs, new ArrayDeque<>(), active);
    if (problem != null) {
      return Plain.problem(problem);
    }
    try {
      return new Plain(merge(parts), List.copyOf(refs), null);
    } catch (NotPlain e) {
      return Plain.problem("its allOf is not a plain merge: " + e.getMessage());
    }
  }

  /** Gathers the node's own keywords, then its $ref target's, then each allOf part's, in order. */
  private String collect(
      Object node,
      List<Map<String, Object>> parts,
      Set<String> refs,
      Deque<String> chain,
      Set<String> active) {
    budget.spend();
    if (Boolean.TRUE.equals(node)) {
      parts.add(new LinkedHashMap<>());
      return null;
    }
    if (Boolean.FALSE.equals(node)) {
      return "its schema is false, which accepts no value";
    }
    if (!(node instanceof Map<?, ?> map)) {
      return "its schema is " + SchemaValues.shown(node) + ", not an object";
    }
    Map<String, Object> own = new LinkedHashMap<>();
    map.forEach((k, v) -> own.put(String.valueOf(k), v));
    Object ref = own.remove("$ref");
    Object all = own.remove("allOf");
    parts.add(numericBounds(own));
    if (ref != null) {
      String problem = follow(ref, parts, refs, chain, active);
      if (problem != null) {
        return problem;
      }
    }
    if (all != null) {
      if (!(all instanceof List<?> list)) {
        return "its allOf is " + SchemaValues.shown(all) + ", not a list of schemas";
      }
      if (list.isEmpty()) {
        return "its allOf lists no schema";
      }
      for (Object part : list) {
        String problem = collect(part, parts, refs, chain, active);
        if (problem != null) {
          return problem;
        }
      }
    }
    return null;
  }

  private String follow(
      Object ref,
      List<Map<String, Object>> parts,
      Set<String> refs,
      Deque<String> chain,
      Set<String> active) {
    if (!(ref instanceof String pointer)) {
      return "its $ref is " + SchemaValues.shown(ref) + ", not a string";
    }
    if (active.contains(pointer) || chain.contains(pointer)) {
      return "its $ref "
          + SchemaValues.shown(pointer)
          + " leads back into a schema it is part of (a cycle), which a tree cannot hold";
    }
    Object target = lookUp(pointer);
    if (target == null) {
      return "its $ref "
          + SchemaValues.shown(pointer)
          + " names nothing in the document (only #/… refs within it are read)";
    }
    refs.add(pointer);
    chain.push(pointer);
    try {
      return collect(target, parts, refs, chain, active);
    } finally {
      chain.pop();
    }
  }

  /** The value at a JSON Pointer fragment ({@code #/components/schemas/Task}), or null. */
  Object lookUp(String pointer) {
    if (!pointer.startsWith("#")) {
      return null;
    }
    String path = pointer.substring(1);
    if (path.isEmpty()) {
      return document;
    }
    if (!path.startsWith("/")) {
      return null;
    }
    Object at = document;
    for (String token : path.substring(1).split("/", -1)) {
      String key = token.replace("~1", "/").replace("~0", "~");
      if (at instanceof Map<?, ?> m) {
        at = m.get(key);
      } else if (at instanceof List<?> l && key.matches("\\d{1,9}")) {
        int i = Integer.parseInt(key);
        at = i < l.size() ? l.get(i) : null;
      } else {
        return null;
      }
    }
    return at;
  }

  /**
   * OpenAPI 3.0's {@code minimum: 5, exclusiveMinimum: true} as 3.1 says it, {@code
   * exclusiveMinimum: 5}; a false flag is dropped. So every bound merges and maps one way.
   */
  private static Map<String, Object> numericBounds(Map<String, Object> s) {
    for (String[] pair :
        new String[][] {{"minimum", "exclusiveMinimum"}, {"maximum", "exclusiveMaximum"}}) {
      Object flag = s.get(pair[1]);
      if (flag instanceof Boolean exclusive) {
        s.remove(pair[1]);
        if (exclusive && s.containsKey(pair[0])) {
          s.put(pair[1], s.remove(pair[0]));
        }
      }
    }
    return s;
  }

  /** A merge that is not plain; its message says which keyword. */
  private static final class NotPlain extends Exception {
    private static final long serialVersionUID = 1L;

    NotPlain(String message) {
      super(message, null, false, false);
    }
  }

  private static Map<String, Object> merge(List<Map<String, Object>> parts) throws NotPlain {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    checkClosedParts(parts);
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map<String, Object> part : parts) {
      for (Map.Entry<String, Object> e : part.entrySet()) {
        String key = e.getKey();
        if (!out.containsKey(key)) {
          out.put(key, e.getValue());
        } else {
          out.put(key, mergeValue(key, out.get(key), e.getValue()));
        }
      }
    }
    return out;
  }

  private static Object mergeValue(String key, Object a, Object b) throws NotPlain {
    switch (RULES.getOrDefault(key, Rule.FIRST)) {
      case FIRST:
        return a;
      case UNION:
        return union(a, b);
      case PROPERTIES:
        return properties(a, b);
      case BOTH:
        return both(a, b);
      case ADDITIONAL:
        return Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b) ? Boolean.FALSE : both(a, b);
      case LOWER:
      case UPPER:
        return bound(key, a, b);
      case EITHER:
        return Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b);
      case TYPE:
        return type(a, b);
      case COMMON:
        return common(a, b);
      default:
        if (!Objects.equals(a, b)) {
          throw new NotPlain("its parts give different " + key + " values");
        }
        return a;
    }
  }

  private static Object union(Object a, Object b) {
    Set<Object> out = new LinkedHashSet<>();
    for (Object v : Arrays.asList(a, b)) {
      if (v instanceof List<?> l) {
        out.addAll(l);
      }
    }
    return new ArrayList<>(out);
  }

  private static Object common(Object a, Object b) throws NotPlain {
    if (!(a instanceof List<?> x) || !(b instanceof List<?> y)) {
      throw new NotPlain("a part's enum is not a list of values");
    }
    List<Object> out = new ArrayList<>();
    for (Object v : x) {
      if (y.contains(v) && !out.contains(v)) {
        out.add(v);
      }
    }
    if (out.isEmpty()) {
      throw new NotPlain("its parts' enums have no value in common");
    }
    return out;
  }

  private static Object properties(Object a, Object b) throws NotPlain {
    if (!(a instanceof Map<?, ?> x) || !(b instanceof Map<?, ?> y)) {
      throw new NotPlain("a part's properties is not an object");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    x.forEach((k, v) -> out.put(String.valueOf(k), v));
    for (Map.Entry<?, ?> e : y.entrySet()) {
      String name = String.valueOf(e.getKey());
      out.put(name, out.containsKey(name) ? both(out.get(name), e.getValue()) : e.getValue());
    }
    return out;
  }

  /** Both schemas at once: {@code allOf} of the two, merged when that node is mapped. */
  private static Object both(Object a, Object b) {
    if (Objects.equals(a, b) || Boolean.TRUE.equals(b)) {
      return a;
    }
    if (Boolean.TRUE.equals(a)) {
      return b;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("allOf", Arrays.asList(a, b));
    return out;
  }

  private static Object bound(String key, Object a, Object b) throws NotPlain {
    if (!(a instanceof Number x) || !(b instanceof Number y)) {
      throw new NotPlain("a part's " + key + " is not a number");
    }
    BigDecimal p = SchemaValues.number(x);
    BigDecimal q = SchemaValues.number(y);
    if (p == null || q == null) {
      throw new NotPlain("a part's " + key + " is not a finite number");
    }
    boolean lower = RULES.get(key) == Rule.LOWER;
    return (p.compareTo(q) >= 0) == lower ? a : b;
  }

  private static Object type(Object a, Object b) throws NotPlain {
    Set<String> x = types(a);
    Set<String> y = types(b);
    Set<String> out = new LinkedHashSet<>();
    for (String t : x) {
      if (y.contains(t)) {
        out.add(t);
      } else if (t.equals("number") && y.contains("integer")
          || t.equals("integer") && y.contains("number")) {
        out.add("integer");
      }
    }
    if (out.isEmpty()) {
      throw new NotPlain("its parts allow no type in common (" + x + " and " + y + ")");
    }
    return out.size() == 1 ? out.iterator().next() : new ArrayList<>(out);
  }

  private static Set<String> types(Object t) throws NotPlain {
    Set<String> out = new LinkedHashSet<>();
    for (Object v : t instanceof List<?> l ? l : Arrays.asList(t)) {
      if (!(v instanceof String name) || !TYPES.contains(name)) {
        throw new NotPlain("a part's type " + SchemaValues.shown(v) + " is not a JSON Schema type");
      }
      out.add(name);
    }
    return out;
  }

  /**
   * A part that limits the other properties (additionalProperties false or a schema) means "none
   * but mine" in JSON Schema: merged with a part that declares others, the merge would accept what
   * the parts together refuse, so it is not plain.
   */
  private static void checkClosedParts(List<Map<String, Object>> parts) throws NotPlain {
    for (Map<String, Object> closed : parts) {
      Object extra = closed.get("additionalProperties");
      if (extra == null || Boolean.TRUE.equals(extra)) {
        continue;
      }
      Set<String> own = names(closed.get("properties"));
      for (Map<String, Object> other : parts) {
        if (other != closed && !own.containsAll(names(other.get("properties")))) {
          throw new NotPlain(
              "one part limits the other properties (additionalProperties) and another declares"
                  + " properties the first does not");
        }
      }
    }
  }

  private static Set<String> names(Object properties) {
    Set<String> out = new LinkedHashSet<>();
    if (properties instanceof Map<?, ?> m) {
      m.keySet().forEach(k -> out.add(String.valueOf(k)));
    }
    return out;
  }
}
