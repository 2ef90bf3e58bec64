package dev.agentkit.processor;

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
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * An operand whose schema is more than format 1 could say, as Java that builds exactly it: the
 * records of {@link Schema} with their canonical constructors, and their shorter factories where
 * those give the same record ({@code Schema.ArraySchema.of(items)}, {@code Facets.NONE}). A flat
 * property inside is written as {@link CompiledContractWriter#operand} writes a flat operand.
 */
final class SchemaCode {
  private SchemaCode() {}

  /** The operand as an expression. */
  static Code operand(SourceWriter w, Operand o) {
    if (o.isFlat()) {
      return Code.of(CompiledContractWriter.operand(w, o));
    }
    return Code.call(
        "new " + w.name(Operand.class),
        literal(o.name()),
        literal(o.description()),
        Code.of(Boolean.toString(o.required())),
        schema(w, o.schema()));
  }

  /**
   * How many nodes the operand's tree has: operands, properties, schemas, and each enum value
   * written as a literal of its own, which costs bytecode as a node does.
   */
  static int size(Operand o) {
    return 1 + size(o.schema());
  }

  private static int size(Schema s) {
    int n = 1;
    if (s instanceof ArraySchema a) {
      n += size(a.items());
    } else if (s instanceof ObjectSchema o) {
      for (Operand p : o.properties()) {
        n += size(p);
      }
      n += o.additional() == null ? 0 : size(o.additional());
    } else if (s instanceof UnionSchema u) {
      for (Schema a : u.alternatives()) {
        n += size(a);
      }
    } else if (s instanceof EnumSchema e
        && e.values().size() <= CompiledContractWriter.INLINE_VALUES) {
      n += e.values().size();
    }
    return n;
  }

  static Code schema(SourceWriter w, Schema s) {
    if (s instanceof ArraySchema a) {
      return array(w, a);
    }
    if (s instanceof ObjectSchema o) {
      return object(w, o);
    }
    if (s instanceof UnionSchema u) {
      List<Code> alternatives = new ArrayList<>();
      for (Schema a : u.alternatives()) {
        alternatives.add(schema(w, a));
      }
      return Code.call(
          "new " + w.name(UnionSchema.class),
          facets(w, u.facets()),
          Code.of(Boolean.toString(u.oneOf())),
          list(w, alternatives));
    }
    return leaf(w, s);
  }

  private static Code leaf(SourceWriter w, Schema s) {
    if (s instanceof StringSchema t) {
      return string(w, t);
    }
    if (s instanceof DateSchema d) {
      return Code.call(
          "new " + w.name(DateSchema.class), facets(w, d.facets()), literal(d.format()));
    }
    if (s instanceof NumberSchema n) {
      return Code.call(
          "new " + w.name(NumberSchema.class),
          facets(w, n.facets()),
          Code.of(Boolean.toString(n.integer())),
          bound(w, n.minimum()),
          bound(w, n.maximum()),
          n.multipleOf() == null ? Code.of("null") : decimal(w, n.multipleOf()));
    }
    if (s instanceof BooleanSchema b) {
      return Code.call("new " + w.name(BooleanSchema.class), facets(w, b.facets()));
    }
    if (s instanceof EnumSchema e) {
      return Code.call(
          "new " + w.name(EnumSchema.class),
          facets(w, e.facets()),
          Code.of(CompiledContractWriter.values(w, e.values())),
          Code.of(w.name(OperandType.class) + "." + e.valueType().name()));
    }
    if (s instanceof ConstSchema c) {
      return Code.call(
          "new " + w.name(ConstSchema.class), facets(w, c.facets()), literal(c.json()));
    }
    OpaqueSchema o = (OpaqueSchema) s;
    return Code.call(
        "new " + w.name(OpaqueSchema.class), facets(w, o.facets()), literal(o.servedType()));
  }

  private static Code string(SourceWriter w, StringSchema s) {
    if (s.equals(new StringSchema(Facets.NONE, "", null, null, ""))) {
      return Code.of(w.name(Schema.class) + ".string()");
    }
    return Code.call(
        "new " + w.name(StringSchema.class),
        facets(w, s.facets()),
        literal(s.format()),
        Code.of(String.valueOf(s.minLength())),
        Code.of(String.valueOf(s.maxLength())),
        literal(s.pattern()));
  }

  private static Code array(SourceWriter w, ArraySchema a) {
    Code items = schema(w, a.items());
    if (a.equals(ArraySchema.of(a.items()))) {
      return Code.call(w.name(ArraySchema.class) + ".of", items);
    }
    return Code.call(
        "new " + w.name(ArraySchema.class),
        facets(w, a.facets()),
        items,
        Code.of(String.valueOf(a.minItems())),
        Code.of(String.valueOf(a.maxItems())),
        Code.of(Boolean.toString(a.uniqueItems())));
  }

  private static Code object(SourceWriter w, ObjectSchema o) {
    List<Code> properties = new ArrayList<>();
    for (Operand p : o.properties()) {
      properties.add(operand(w, p));
    }
    if (o.equals(ObjectSchema.of(o.properties()))) {
      return Code.call(w.name(ObjectSchema.class) + ".of", list(w, properties));
    }
    return Code.call(
        "new " + w.name(ObjectSchema.class),
        facets(w, o.facets()),
        list(w, properties),
        Code.of(Boolean.toString(o.closed())),
        o.additional() == null ? Code.of("null") : schema(w, o.additional()));
  }

  private static Code facets(SourceWriter w, Facets f) {
    String type = w.name(Facets.class);
    if (f.equals(Facets.NONE)) {
      return Code.of(type + ".NONE");
    }
    if (f.equals(Facets.described(f.description()))) {
      return Code.call(type + ".described", literal(f.description()));
    }
    return Code.call(
        "new " + type,
        literal(f.description()),
        literal(f.defaultJson()),
        Code.of(Boolean.toString(f.nullable())));
  }

  private static Code bound(SourceWriter w, Bound b) {
    if (b == null) {
      return Code.of("null");
    }
    return Code.call(
        "new " + w.name(Bound.class),
        decimal(w, b.value()),
        Code.of(Boolean.toString(b.exclusive())));
  }

  private static Code decimal(SourceWriter w, BigDecimal n) {
    return Code.call("new " + w.name(BigDecimal.class), literal(n.toString()));
  }

  private static Code list(SourceWriter w, List<Code> elements) {
    return Code.call(w.name(List.class) + ".of", elements);
  }

  private static Code literal(String s) {
    return Code.of(SourceWriter.literal(s));
  }
}
