package dev.agentkit.source;

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
import java.util.ArrayList;
import java.util.List;

/**
 * A schema tree in one short line, for assertions: {@code array<{name*: string, tags:
 * array<enum(a|b)>}>}, {@code integer[1,10)}, {@code oneOf(string | integer)?}, {@code any}; {@code
 * ?} marks nullable, {@code = json} a default, {@code *} a required property, {@code !} a closed
 * object.
 */
public final class SchemaText {
  private SchemaText() {}

  public static String of(Operand o) {
    return of(o.schema());
  }

  public static String of(Schema s) {
    String core = core(s);
    String facets = (s.nullable() ? "?" : "") + s.defaultJson().map(d -> " = " + d).orElse("");
    return core + facets;
  }

  private static String core(Schema s) {
    if (s instanceof StringSchema t) {
      List<String> parts = new ArrayList<>();
      if (!t.format().isEmpty()) {
        parts.add("format=" + t.format());
      }
      if (t.minLength() != null) {
        parts.add("min=" + t.minLength());
      }
      if (t.maxLength() != null) {
        parts.add("max=" + t.maxLength());
      }
      if (!t.pattern().isEmpty()) {
        parts.add("pattern=" + t.pattern());
      }
      return "string" + (parts.isEmpty() ? "" : "(" + String.join(",", parts) + ")");
    }
    if (s instanceof DateSchema d) {
      return "date" + (d.format().isEmpty() ? "" : "(" + d.format() + ")");
    }
    if (s instanceof NumberSchema n) {
      String name = n.integer() ? "integer" : "number";
      String bounds =
          n.minimum() == null && n.maximum() == null
              ? ""
              : (n.minimum() == null ? "(" : n.minimum().exclusive() ? "(" : "[")
                  + show(n.minimum())
                  + ","
                  + show(n.maximum())
                  + (n.maximum() == null ? ")" : n.maximum().exclusive() ? ")" : "]");
      return name + bounds + (n.multipleOf() == null ? "" : "%" + n.multipleOf());
    }
    if (s instanceof EnumSchema e) {
      String type = e.valueType() == OperandType.STRING ? "" : "<" + e.valueType().wireName() + ">";
      return "enum" + type + "(" + String.join("|", e.values()) + ")";
    }
    if (s instanceof ConstSchema c) {
      return "const(" + c.json() + ")";
    }
    if (s instanceof ArraySchema a) {
      List<String> parts = new ArrayList<>();
      if (a.minItems() != null || a.maxItems() != null) {
        parts.add(
            (a.minItems() == null ? "" : a.minItems())
                + ".."
                + (a.maxItems() == null ? "" : a.maxItems()));
      }
      if (a.uniqueItems()) {
        parts.add("unique");
      }
      return "array" + (parts.isEmpty() ? "" : parts) + "<" + of(a.items()) + ">";
    }
    if (s instanceof ObjectSchema o) {
      List<String> props = new ArrayList<>();
      for (Operand p : o.properties()) {
        props.add(p.name() + (p.required() ? "*" : "") + ": " + of(p.schema()));
      }
      if (o.additional() != null) {
        props.add("*: " + of(o.additional()));
      }
      return "{" + String.join(", ", props) + "}" + (o.closed() ? "!" : "");
    }
    if (s instanceof UnionSchema u) {
      List<String> alts = new ArrayList<>();
      u.alternatives().forEach(a -> alts.add(of(a)));
      return (u.oneOf() ? "oneOf(" : "anyOf(") + String.join(" | ", alts) + ")";
    }
    if (s instanceof OpaqueSchema) {
      return "any";
    }
    return "boolean";
  }

  private static String show(Bound b) {
    return b == null ? "" : b.value().toPlainString();
  }
}
