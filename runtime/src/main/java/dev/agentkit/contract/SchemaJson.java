package dev.agentkit.contract;

import dev.agentkit.contract.Schema.ArraySchema;
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
import dev.agentkit.internal.text.JsonText;
import java.math.BigDecimal;
import java.util.List;

/**
 * Writes the schema of an operand in the snapshot's vocabulary (format 2). An operand is written as
 * format 1 wrote it — {@code name}, {@code description}, {@code type}, {@code required}, {@code
 * list}, {@code enum} — followed by the keys only a tree has, each only when it applies, in one
 * fixed order ({@link #EXTRA_KEYS}). So an operand a format-1 snapshot could say is written, and
 * digested, exactly as format 1 wrote it.
 *
 * <p>{@code list: true} says "an array of this" for an array with no facets of its own, whose items
 * have no description and are no array; its bounds ({@code minItems}…) sit beside the element's
 * keys. Any other array, and every array nested in another node, is {@code type: "array"} with
 * {@code items}. An object's {@code properties} are operands themselves; array items, union
 * alternatives and the schema of an object's other properties are nodes: {@code type}, an optional
 * {@code description}, {@code enum} for an enum, then the extra keys.
 */
final class SchemaJson {
  /** The keys after the six of an operand, in the order they are written. */
  static final List<String> EXTRA_KEYS =
      List.of(
          "format",
          "nullable",
          "default",
          "const",
          "minLength",
          "maxLength",
          "pattern",
          "minimum",
          "exclusiveMinimum",
          "maximum",
          "exclusiveMaximum",
          "multipleOf",
          "minItems",
          "maxItems",
          "uniqueItems",
          "items",
          "properties",
          "additionalProperties",
          "oneOf",
          "anyOf");

  private final StringBuilder sb;
  private final boolean pretty;

  private SchemaJson(StringBuilder sb, boolean pretty) {
    this.sb = sb;
    this.pretty = pretty;
  }

  /** Writes an operand's object, indented for {@code depth}, or compactly. */
  static void operand(StringBuilder sb, Operand o, int depth, boolean pretty) {
    new SchemaJson(sb, pretty).operand(o, depth);
  }

  /**
   * Appends the extra keys of an operand whose six keys were just written (compactly), without
   * closing its object: what the digest adds to format 1's operand.
   */
  static void compactExtras(StringBuilder sb, Operand o) {
    new SchemaJson(sb, false).extras(shorthand(o), valueOf(o), 0);
  }

  /** Whether format 2 adds keys to this operand; false exactly for what format 1 could say. */
  static boolean hasExtras(Operand o) {
    return !o.isFlat();
  }

  /** The array whose items the operand's {@code list: true} stands for, or null. */
  private static ArraySchema shorthand(Operand o) {
    return o.schema() instanceof ArraySchema a
            && a.facets().equals(Facets.NONE)
            && a.items().description().isEmpty()
            && !(a.items() instanceof ArraySchema)
        ? a
        : null;
  }

  /** The node the operand's {@code type} and {@code enum} describe. */
  private static Schema valueOf(Operand o) {
    ArraySchema list = shorthand(o);
    return list != null ? list.items() : o.schema();
  }

  /** The name {@code type} gives a node: its kind's, or an unknown type's name as served. */
  static String typeName(Schema s) {
    return s instanceof OpaqueSchema o ? o.servedType() : s.type().wireName();
  }

  private void operand(Operand o, int depth) {
    ArraySchema list = shorthand(o);
    Schema value = valueOf(o);
    sb.append('{');
    key("name", depth + 1, true);
    JsonText.string(sb, o.name());
    key("description", depth + 1, false);
    JsonText.string(sb, o.description());
    key("type", depth + 1, false);
    JsonText.string(sb, typeName(value));
    key("required", depth + 1, false);
    sb.append(o.required());
    key("list", depth + 1, false);
    sb.append(list != null);
    key("enum", depth + 1, false);
    enumValues(value);
    extras(list, value, depth + 1);
    newline(depth);
    sb.append('}');
  }

  /** A node that is not an operand: array items, a union's alternative, other properties. */
  private void node(Schema s, int depth) {
    sb.append('{');
    key("type", depth + 1, true);
    JsonText.string(sb, typeName(s));
    if (!s.description().isEmpty()) {
      key("description", depth + 1, false);
      JsonText.string(sb, s.description());
    }
    if (s instanceof EnumSchema) {
      key("enum", depth + 1, false);
      enumValues(s);
    }
    extras(null, s, depth + 1);
    newline(depth);
    sb.append('}');
  }

  private void enumValues(Schema s) {
    sb.append('[');
    if (s instanceof EnumSchema e) {
      for (int i = 0; i < e.values().size(); i++) {
        if (i > 0) {
          sb.append(pretty ? ", " : ",");
        }
        enumValue(e.values().get(i), e.valueType());
      }
    }
    sb.append(']');
  }

  private void enumValue(String v, OperandType valueType) {
    if (valueType == OperandType.STRING) {
      JsonText.string(sb, v);
    } else {
      sb.append(v);
    }
  }

  /** The extra keys of a node, and of the array its operand's {@code list: true} stands for. */
  private void extras(ArraySchema list, Schema s, int depth) {
    Facets f = s.facets();
    if (s instanceof StringSchema str && !str.format().isEmpty()) {
      text("format", str.format(), depth);
    } else if (s instanceof DateSchema d && !d.format().isEmpty()) {
      text("format", d.format(), depth);
    }
    if (f.nullable()) {
      raw("nullable", "true", depth);
    }
    if (!f.defaultJson().isEmpty()) {
      raw("default", f.defaultJson(), depth);
    }
    if (s instanceof ConstSchema c) {
      raw("const", c.json(), depth);
    }
    if (s instanceof StringSchema str) {
      strings(str, depth);
    } else if (s instanceof NumberSchema n) {
      numbers(n, depth);
    }
    ArraySchema array = list != null ? list : s instanceof ArraySchema a ? a : null;
    if (array != null) {
      arrays(array, depth);
    }
    if (list == null && s instanceof ArraySchema a) {
      key("items", depth, false);
      node(a.items(), depth);
    } else if (s instanceof ObjectSchema o) {
      objects(o, depth);
    } else if (s instanceof UnionSchema u) {
      key(u.oneOf() ? "oneOf" : "anyOf", depth, false);
      nodes(u.alternatives(), depth);
    }
  }

  private void strings(StringSchema s, int depth) {
    if (s.minLength() != null) {
      raw("minLength", s.minLength().toString(), depth);
    }
    if (s.maxLength() != null) {
      raw("maxLength", s.maxLength().toString(), depth);
    }
    if (!s.pattern().isEmpty()) {
      text("pattern", s.pattern(), depth);
    }
  }

  private void numbers(NumberSchema n, int depth) {
    bound(n.minimum(), "minimum", "exclusiveMinimum", depth);
    bound(n.maximum(), "maximum", "exclusiveMaximum", depth);
    if (n.multipleOf() != null) {
      raw("multipleOf", number(n.multipleOf()), depth);
    }
  }

  private void bound(Bound b, String inclusive, String exclusive, int depth) {
    if (b != null) {
      raw(b.exclusive() ? exclusive : inclusive, number(b.value()), depth);
    }
  }

  private void arrays(ArraySchema a, int depth) {
    if (a.minItems() != null) {
      raw("minItems", a.minItems().toString(), depth);
    }
    if (a.maxItems() != null) {
      raw("maxItems", a.maxItems().toString(), depth);
    }
    if (a.uniqueItems()) {
      raw("uniqueItems", "true", depth);
    }
  }

  private void objects(ObjectSchema o, int depth) {
    key("properties", depth, false);
    if (o.properties().isEmpty()) {
      sb.append("[]");
    } else {
      sb.append('[');
      for (int i = 0; i < o.properties().size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        newline(depth + 1);
        operand(o.properties().get(i), depth + 1);
      }
      newline(depth);
      sb.append(']');
    }
    if (o.closed()) {
      raw("additionalProperties", "false", depth);
    } else if (o.additional() != null) {
      key("additionalProperties", depth, false);
      node(o.additional(), depth);
    }
  }

  private void nodes(List<Schema> nodes, int depth) {
    sb.append('[');
    for (int i = 0; i < nodes.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      newline(depth + 1);
      node(nodes.get(i), depth + 1);
    }
    newline(depth);
    sb.append(']');
  }

  /**
   * A number as snapshots write it, one way for each value ({@link Schema#canonical}): {@code 10},
   * {@code 0.5}, {@code 1E+400}.
   */
  static String number(BigDecimal n) {
    return Schema.canonical(n).toString();
  }

  private void text(String key, String value, int depth) {
    key(key, depth, false);
    JsonText.string(sb, value);
  }

  private void raw(String key, String json, int depth) {
    key(key, depth, false);
    sb.append(json);
  }

  private void key(String key, int depth, boolean first) {
    if (!first) {
      sb.append(',');
    }
    newline(depth);
    sb.append('"').append(key).append(pretty ? "\": " : "\":");
  }

  private void newline(int depth) {
    if (!pretty) {
      return;
    }
    sb.append('\n');
    for (int i = 0; i < depth; i++) {
      sb.append("  ");
    }
  }

  /** The canonical compact text of a JSON value given as text: a default or a constant. */
  static String canonical(Object value) {
    return JsonTree.compact(value);
  }
}
