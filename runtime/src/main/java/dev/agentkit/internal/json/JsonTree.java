package dev.agentkit.internal.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.agentkit.internal.text.JsonText;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON values as plain Java objects, read and written one way everywhere: an object is a {@link
 * LinkedHashMap} with string keys in document order, an array a {@link List}, a string a {@link
 * String}, a number a {@link BigDecimal} (exactly as written), {@code true}/{@code false} a {@link
 * Boolean}, and {@code null} is Java's null. Reading is bounded in depth ({@link #MAX_DEPTH}), so
 * no document can overflow the stack; a repeated key is an error, never a silent overwrite.
 *
 * <p>{@link #compact} writes the canonical compact form: keys in the map's order, no whitespace,
 * strings escaped as {@link JsonText#string} escapes them, numbers as {@link BigDecimal#toString}
 * gives them. Stateless and thread-safe.
 */
public final class JsonTree {
  /** The deepest nesting of arrays and objects read. */
  public static final int MAX_DEPTH = 64;

  private static final JsonFactory JSON = new JsonFactory();

  private JsonTree() {}

  /** What is wrong with a JSON text, in words, and where. */
  public static final class Malformed extends Exception {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Parses one JSON value; only blanks may follow it.
   *
   * @throws Malformed with a sentence saying what is wrong and where (line and column)
   */
  public static Object parse(String text) throws Malformed {
    return parse(text, MAX_DEPTH);
  }

  /**
   * {@link #parse(String)}, nested at most {@code maxDepth} levels: for JSON agentkit wrote itself,
   * such as a tool schema, whose depth the contract's own bound already limits.
   */
  public static Object parse(String text, int maxDepth) throws Malformed {
    try (JsonParser p = JSON.createParser(text)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new Malformed("it is empty");
      }
      Object value = read(p, 0, maxDepth);
      if (p.nextToken() != null) {
        throw new Malformed("there is more after the JSON value " + at(p));
      }
      return value;
    } catch (JsonProcessingException e) {
      throw new Malformed(e.getOriginalMessage() + " " + at(e));
    } catch (IOException e) {
      throw new Malformed(String.valueOf(e.getMessage()));
    }
  }

  /**
   * Reads the value at the parser's current token, leaving the parser on its last token.
   *
   * @throws Malformed for a value nested deeper than {@link #MAX_DEPTH}, a repeated key or a number
   *     {@link BigDecimal} cannot hold
   */
  @SuppressWarnings(
      "exports") // internal: only the runtime's own readers, which have Jackson, call it
  public static Object read(JsonParser p) throws IOException, Malformed {
    return read(p, 0, MAX_DEPTH);
  }

  /**
   * {@link #read(JsonParser)} for a value inside {@code enclosing} arrays and objects of a value
   * being read, so that {@link #MAX_DEPTH} counts from the outer value, as it would had that been
   * read whole.
   */
  @SuppressWarnings("exports")
  public static Object read(JsonParser p, int enclosing) throws IOException, Malformed {
    return read(p, enclosing, MAX_DEPTH);
  }

  private static Object read(JsonParser p, int depth, int limit) throws IOException, Malformed {
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT:
        return object(p, depth + 1, limit);
      case START_ARRAY:
        return array(p, depth + 1, limit);
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return number(p);
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new Malformed("unexpected " + t + " " + at(p));
    }
  }

  private static Map<String, Object> object(JsonParser p, int depth, int limit)
      throws IOException, Malformed {
    deep(p, depth, limit);
    Map<String, Object> out = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      p.nextToken();
      if (out.containsKey(key)) {
        throw new Malformed("key " + JsonText.shown(key) + " appears twice " + at(p));
      }
      out.put(key, read(p, depth, limit));
    }
    return out;
  }

  private static List<Object> array(JsonParser p, int depth, int limit)
      throws IOException, Malformed {
    deep(p, depth, limit);
    List<Object> out = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(read(p, depth, limit));
    }
    return out;
  }

  private static void deep(JsonParser p, int depth, int limit) throws Malformed {
    if (depth > limit) {
      throw new Malformed("it nests arrays and objects deeper than " + limit + " levels " + at(p));
    }
  }

  private static BigDecimal number(JsonParser p) throws IOException, Malformed {
    String text = p.getText();
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new Malformed(
          "the number " + JsonText.shown(text) + " is out of any range agentkit reads " + at(p));
    }
  }

  /** The canonical compact text of a value read by this class (or built of the same types). */
  public static String compact(Object value) {
    StringBuilder sb = new StringBuilder();
    compact(sb, value);
    return sb.toString();
  }

  /** Appends the canonical compact text of a value. */
  public static void compact(StringBuilder sb, Object value) {
    if (value == null) {
      sb.append("null");
    } else if (value instanceof String s) {
      JsonText.string(sb, s);
    } else if (value instanceof BigDecimal n) {
      sb.append(n.toString());
    } else if (value instanceof Number n) {
      sb.append(new BigDecimal(n.toString()).toString());
    } else if (value instanceof Boolean b) {
      sb.append(b.booleanValue());
    } else if (value instanceof Map<?, ?> m) {
      sb.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) {
          sb.append(',');
        }
        first = false;
        JsonText.string(sb, String.valueOf(e.getKey()));
        sb.append(':');
        compact(sb, e.getValue());
      }
      sb.append('}');
    } else if (value instanceof List<?> l) {
      sb.append('[');
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        compact(sb, l.get(i));
      }
      sb.append(']');
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
    }
  }

  /** How a value reads in a sentence: {@code a string}, {@code the number 5}, {@code an object}. */
  public static String describe(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String s) {
      return "the string " + JsonText.shown(s);
    }
    if (value instanceof BigDecimal || value instanceof Number) {
      String n = value.toString();
      return "the number " + (n.length() > 40 ? n.substring(0, 37) + "..." : n);
    }
    if (value instanceof Boolean b) {
      return b.toString();
    }
    return value instanceof Map<?, ?> ? "an object" : "an array";
  }

  private static String at(JsonParser p) {
    var l = p.currentTokenLocation();
    return "at line " + l.getLineNr() + ", column " + l.getColumnNr();
  }

  private static String at(JsonProcessingException e) {
    var l = e.getLocation();
    return l == null ? "" : "at line " + l.getLineNr() + ", column " + l.getColumnNr();
  }
}
