package dev.agentkit.openapi;

import dev.agentkit.internal.json.JsonTree;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * How a path, query or header parameter's value is written, by OpenAPI's {@code style} and {@code
 * explode}, for a value, an array of values or an object of values ({@code n} the parameter's name,
 * {@code k} a property's):
 *
 * <table>
 *   <caption>Styles</caption>
 *   <tr><th>style</th><th>value</th><th>array, explode / not</th><th>object, explode / not</th></tr>
 *   <tr><td>simple (path, header)</td><td>{@code v}</td><td>{@code a,b} / {@code a,b}</td>
 *       <td>{@code k=v,l=w} / {@code k,v,l,w}</td></tr>
 *   <tr><td>label (path)</td><td>{@code .v}</td><td>{@code .a.b} / {@code .a,b}</td>
 *       <td>{@code .k=v.l=w} / {@code .k,v,l,w}</td></tr>
 *   <tr><td>matrix (path)</td><td>{@code ;n=v}</td><td>{@code ;n=a;n=b} / {@code ;n=a,b}</td>
 *       <td>{@code ;k=v;l=w} / {@code ;n=k,v,l,w}</td></tr>
 *   <tr><td>form (query)</td><td>{@code n=v}</td><td>{@code n=a&n=b} / {@code n=a,b}</td>
 *       <td>{@code k=v&l=w} / {@code n=k,v,l,w}</td></tr>
 *   <tr><td>spaceDelimited, pipeDelimited (query)</td><td>{@code n=v}</td>
 *       <td>as form / {@code n=a%20b}, {@code n=a%7Cb}</td><td>as form / the same</td></tr>
 *   <tr><td>deepObject (query)</td><td>refused</td><td>refused</td>
 *       <td>{@code n%5Bk%5D=v&n%5Bl%5D=w}</td></tr>
 *   <tr><td>a parameter with {@code content} (JSON)</td><td colspan="3">the compact JSON text, as
 *       one value</td></tr>
 * </table>
 *
 * <p>A value is a string as it is, a number in plain digits, {@code true}/{@code false}, or empty
 * for null; an array or object inside an array or object is refused: no style can write it.
 */
enum ParameterStyle {
  SIMPLE("", false, ",", ","),
  LABEL(".", false, ".", ","),
  MATRIX(";", true, ";", ","),
  FORM("", true, "&", ","),
  SPACE_DELIMITED("", true, "&", "%20"),
  PIPE_DELIMITED("", true, "&", "%7C"),
  DEEP_OBJECT("", true, "&", ","),
  JSON("", true, "&", ","),
  JSON_VALUE("", false, ",", ",");

  private final String prefix;
  private final boolean named;
  private final String exploded;
  private final String separator;

  ParameterStyle(String prefix, boolean named, String exploded, String separator) {
    this.prefix = prefix;
    this.named = named;
    this.exploded = exploded;
    this.separator = separator;
  }

  /** A value no style can write; the message says why. */
  static final class Unwritable extends Exception {
    private static final long serialVersionUID = 1L;

    Unwritable(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * The style a parameter declares, else its place's default: form for a query, simple for a path
   * or a header. A style that does not fit the place is its default too.
   */
  static ParameterStyle of(String declared, Route.Place place) {
    boolean query = place == Route.Place.QUERY;
    String name = declared == null ? "" : declared.toLowerCase(Locale.ROOT);
    switch (name) {
      case "label":
      case "matrix":
        return place == Route.Place.PATH ? valueOf(name.toUpperCase(Locale.ROOT)) : of(null, place);
      case "spacedelimited":
        return query ? SPACE_DELIMITED : SIMPLE;
      case "pipedelimited":
        return query ? PIPE_DELIMITED : SIMPLE;
      case "deepobject":
        return query ? DEEP_OBJECT : SIMPLE;
      default:
        return query ? FORM : SIMPLE;
    }
  }

  /** The style of a parameter given as {@code content}: its JSON text, named in a query. */
  static ParameterStyle json(Route.Place place) {
    return place == Route.Place.QUERY ? JSON : JSON_VALUE;
  }

  /** Whether a parameter of this style explodes when it does not say: form and deepObject do. */
  boolean explodesByDefault() {
    return this == FORM || this == DEEP_OBJECT;
  }

  /**
   * The parameter written: for a query, its {@code name=value} pairs joined by {@code &}; for a
   * path or header, its value.
   *
   * @param name the parameter's name, encoded as {@code encode} encodes
   * @param json the value ({@code ArgumentJson}'s forms)
   * @param encode percent-encodes a name or value (identity for a header)
   */
  String write(String name, Object json, boolean explode, UnaryOperator<String> encode)
      throws Unwritable {
    String n = encode.apply(name) + "=";
    if (this == JSON || this == JSON_VALUE) {
      return (named ? n : "") + encode.apply(JsonTree.compact(json));
    }
    if (json instanceof List<?> list) {
      List<String> values = new ArrayList<>();
      for (Object v : list) {
        values.add(encode.apply(text(v)));
      }
      return sequence(n, values, explode, false);
    }
    if (json instanceof Map<?, ?> map) {
      return object(n, name, map, explode, encode);
    }
    if (this == DEEP_OBJECT) {
      throw new Unwritable("style deepObject writes only an object");
    }
    return prefix + (named ? n : "") + encode.apply(text(json));
  }

  private String object(
      String n, String name, Map<?, ?> map, boolean explode, UnaryOperator<String> encode)
      throws Unwritable {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String k = encode.apply(String.valueOf(e.getKey()));
      String v = encode.apply(text(e.getValue()));
      if (this == DEEP_OBJECT) {
        parts.add(encode.apply(name) + "%5B" + k + "%5D=" + v);
      } else if (explode) {
        parts.add(k + "=" + v);
      } else {
        parts.add(k);
        parts.add(v);
      }
    }
    if (this == DEEP_OBJECT || explode) {
      return (this == DEEP_OBJECT ? "" : prefix) + String.join(exploded(), parts);
    }
    return sequence(n, parts, false, true);
  }

  private String sequence(String n, List<String> values, boolean explode, boolean pairs)
      throws Unwritable {
    if (this == DEEP_OBJECT) {
      throw new Unwritable("style deepObject writes only an object");
    }
    String name = named ? n : "";
    if (explode && !pairs) {
      List<String> each = new ArrayList<>();
      values.forEach(v -> each.add(name + v));
      return prefix + String.join(exploded(), each);
    }
    return prefix + name + String.join(separator, values);
  }

  /** Space- and pipe-delimited arrays that explode are written as form writes them. */
  private String exploded() {
    return this == SPACE_DELIMITED || this == PIPE_DELIMITED ? "&" : exploded;
  }

  /** One value as text: a string as it is, a number's plain digits, true/false, null empty. */
  private static String text(Object v) throws Unwritable {
    if (v instanceof Map<?, ?> || v instanceof List<?>) {
      throw new Unwritable("an object or array inside an array or object, which no style writes");
    }
    if (v instanceof BigDecimal d) {
      return Math.abs(d.scale()) < 30 && d.precision() < 40 ? d.toPlainString() : d.toString();
    }
    return v == null ? "" : String.valueOf(v);
  }
}
