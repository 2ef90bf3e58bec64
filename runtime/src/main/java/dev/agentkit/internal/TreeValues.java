package dev.agentkit.internal;

import dev.agentkit.contract.Schema;
import dev.agentkit.internal.json.JsonTree;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Typed readings of the argument of a tree-typed operand (an object, an array of objects or arrays,
 * a union, a constant) and of the values nested in it, for the typed views the annotation processor
 * generates. The argument is JSON text; {@link #parse} reads it into the plain Java tree of {@link
 * JsonTree} (bounded in depth), made unmodifiable, and the other methods read one node of that tree
 * as one type.
 *
 * <p>Never throws on bad input: a node that is missing, {@code null} or of another JSON type reads
 * as empty, and a list keeps only the elements that read as its element type. A number and a
 * boolean read as text in their JSON spelling (numbers in the one form the contract keeps them,
 * {@link Schema#canonical}), so an enum of numbers or booleans matches its values; a string reads
 * as a number, an integer, a boolean or a date when its text is one, as flat arguments (which are
 * text) always have. Stateless and thread-safe. Not API: see the package documentation.
 */
public final class TreeValues {
  private TreeValues() {}

  /**
   * The JSON value an argument holds, unmodifiable: a {@code Map<String, Object>} in the call's
   * order, a {@code List<Object>}, a {@code String}, a {@link BigDecimal}, a {@code Boolean}; null
   * for a null or blank argument and for JSON {@code null}. A text that is not JSON (or nests
   * deeper than {@link JsonTree#MAX_DEPTH}) is the JSON string of that text, as verify reads it.
   */
  public static Object parse(String argument) {
    if (argument == null || argument.isBlank()) {
      return null;
    }
    try {
      return frozen(JsonTree.parse(argument));
    } catch (JsonTree.Malformed | RuntimeException e) {
      // Not JSON, or past the parser's limits: the text itself, which reads as no object or list.
      return argument;
    }
  }

  /** An object of the tree, its keys in order; empty for any other node. */
  @SuppressWarnings("unchecked")
  public static Optional<Map<String, Object>> object(Object node) {
    return node instanceof Map<?, ?> m ? Optional.of((Map<String, Object>) m) : Optional.empty();
  }

  /** An object of the tree as a generated record: {@code object(node, Entity::new)}. */
  public static <T> Optional<T> object(Object node, Function<Map<String, Object>, T> type) {
    return object(node).map(type);
  }

  /**
   * The elements of an array that {@code element} reads, in order; empty for any other node.
   *
   * @param element reads one element, empty when it is not of the list's element type
   */
  public static <T> List<T> list(Object node, Function<Object, Optional<T>> element) {
    return array(node, element).orElse(List.of());
  }

  /** As {@link #list}, for an array nested in an array: empty when the node is no array. */
  public static <T> Function<Object, Optional<List<T>>> arrayOf(
      Function<Object, Optional<T>> element) {
    return node -> array(node, element);
  }

  /** Reads an object as a generated record: {@code objectOf(Entity::new)}. */
  public static <T> Function<Object, Optional<T>> objectOf(Function<Map<String, Object>, T> type) {
    return node -> object(node).map(type);
  }

  /** Reads a JSON scalar as a generated enum: {@code enumOf(Kind::of)}. */
  public static <T> Function<Object, Optional<T>> enumOf(Function<String, T> of) {
    return node -> text(node).map(of);
  }

  /**
   * The text of a string, or the JSON spelling of a number or boolean; empty for null, an object or
   * an array.
   */
  public static Optional<String> text(Object node) {
    if (node instanceof String s) {
      return Optional.of(s);
    }
    if (node instanceof BigDecimal n) {
      return Optional.of(Schema.canonical(n).toString());
    }
    // A Number other than BigDecimal is never in a parsed tree, only in a record built by hand.
    if (node instanceof Boolean || node instanceof Number) {
      return Optional.of(node.toString());
    }
    return Optional.empty();
  }

  /** As {@link #text}, with the empty string for a node that has none. */
  public static String string(Object node) {
    return text(node).orElse("");
  }

  /** A date or date-time, read from a string as {@link ArgValues#date} reads an argument. */
  public static Optional<OffsetDateTime> date(Object node) {
    return node instanceof String s ? ArgValues.date(s) : Optional.empty();
  }

  /** A number, exactly as given; a string is read as {@link ArgValues#number} reads one. */
  public static Optional<BigDecimal> number(Object node) {
    if (node instanceof BigDecimal n) {
      return Optional.of(n);
    }
    return node instanceof String || node instanceof Number
        ? ArgValues.number(node.toString())
        : Optional.empty();
  }

  /**
   * A whole number in the signed 64-bit range ({@code 3} and {@code 3.0} alike); a string is read
   * as {@link ArgValues#integer} reads one.
   */
  public static OptionalLong integer(Object node) {
    if (node instanceof BigDecimal n) {
      try {
        return OptionalLong.of(n.longValueExact());
      } catch (ArithmeticException e) {
        return OptionalLong.empty();
      }
    }
    return node instanceof String || node instanceof Number
        ? ArgValues.integer(node.toString())
        : OptionalLong.empty();
  }

  /** As {@link #integer}, boxed: the element reader of a list of integers. */
  public static Optional<Long> longValue(Object node) {
    OptionalLong n = integer(node);
    return n.isPresent() ? Optional.of(n.getAsLong()) : Optional.empty();
  }

  /** A boolean; a string is read as {@link ArgValues#bool} reads one ({@code true}, {@code 0}). */
  public static Optional<Boolean> bool(Object node) {
    if (node instanceof Boolean b) {
      return Optional.of(b);
    }
    return node instanceof String s ? ArgValues.bool(s) : Optional.empty();
  }

  /** Any value but JSON {@code null}, as {@link #parse} describes the tree: a union, a constant. */
  public static Optional<Object> value(Object node) {
    return Optional.ofNullable(node);
  }

  private static <T> Optional<List<T>> array(Object node, Function<Object, Optional<T>> element) {
    if (!(node instanceof List<?> elements)) {
      return Optional.empty();
    }
    List<T> out = new ArrayList<>(elements.size());
    for (Object e : elements) {
      element.apply(e).ifPresent(out::add);
    }
    return Optional.of(Collections.unmodifiableList(out));
  }

  /** The tree, unmodifiable at every level; its depth is bounded by the parser. */
  private static Object frozen(Object node) {
    if (node instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        out.put((String) e.getKey(), frozen(e.getValue()));
      }
      return Collections.unmodifiableMap(out);
    }
    if (node instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (Object e : l) {
        out.add(frozen(e));
      }
      return Collections.unmodifiableList(out);
    }
    return node;
  }
}
