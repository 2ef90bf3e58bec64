package dev.agentkit.tool;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Writes the JSON Schema of an act's arguments. Keys are written in a fixed order and operands in
 * the contract's order, so one contract always renders the same bytes.
 */
final class ToolSchemaWriter {
  static final JsonFactory JSON = JsonFactory.builder().build();

  static final String DATE_HINT =
      "An ISO-8601 date-time such as 2026-03-31T17:00:00Z; a plain date such as 2026-03-31 is"
          + " also accepted.";
  static final String OPAQUE_HINT = "Write the value as text; the contract's type for it is %s.";
  static final String STRUCTURED_HINT = "Write it as JSON text (an object or an array).";

  private ToolSchemaWriter() {}

  static String compactParameters(ToolAct act) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      writeParameters(g, act);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  static String prettyTools(List<ToolAct> acts) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      // Fixed "\n" line ends, never the platform's, so the bytes are the same everywhere.
      DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
      g.setPrettyPrinter(
          new DefaultPrettyPrinter(
                  Separators.createDefaultInstance()
                      .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
              .withObjectIndenter(indenter)
              .withArrayIndenter(indenter));
      g.writeStartArray();
      for (ToolAct act : acts) {
        g.writeStartObject();
        g.writeStringField("name", act.opcode());
        g.writeStringField("description", act.description());
        g.writeFieldName("parameters");
        writeParameters(g, act);
        g.writeEndObject();
      }
      g.writeEndArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }

  private static void writeParameters(JsonGenerator g, ToolAct act) throws IOException {
    g.writeStartObject();
    g.writeStringField("type", "object");
    g.writeObjectFieldStart("properties");
    for (Operand o : act.operands()) {
      g.writeFieldName(o.name());
      writeOperand(g, o, act.structured().contains(o.name()));
    }
    g.writeEndObject();
    g.writeArrayFieldStart("required");
    for (Operand o : act.operands()) {
      if (o.required()) {
        g.writeString(o.name());
      }
    }
    g.writeEndArray();
    g.writeBooleanField("additionalProperties", false);
    g.writeEndObject();
  }

  private static void writeOperand(JsonGenerator g, Operand o, boolean structured)
      throws IOException {
    g.writeStartObject();
    if (structured) {
      g.writeStringField("type", "string");
      g.writeStringField("contentMediaType", "application/json");
      description(g, o.description(), STRUCTURED_HINT);
    } else if (o.list()) {
      g.writeStringField("type", "array");
      description(g, o.description(), hint(o));
      g.writeObjectFieldStart("items");
      writeScalar(g, o);
      g.writeEndObject();
    } else {
      writeScalar(g, o);
      description(g, o.description(), hint(o));
    }
    g.writeEndObject();
  }

  private static void writeScalar(JsonGenerator g, Operand o) throws IOException {
    switch (o.type()) {
      case NUMBER -> g.writeStringField("type", "number");
      case INTEGER -> g.writeStringField("type", "integer");
      case BOOLEAN -> g.writeStringField("type", "boolean");
      case DATE -> {
        g.writeStringField("type", "string");
        g.writeStringField("format", "date-time");
      }
      case ENUM -> {
        g.writeStringField("type", "string");
        g.writeArrayFieldStart("enum");
        for (String v : o.enumValues()) {
          g.writeString(v);
        }
        g.writeEndArray();
      }
      default -> g.writeStringField("type", "string");
    }
  }

  /**
   * What the description adds for the model: the date format, or for a type this version does not
   * know, that the value is written as text of the type the contract names.
   */
  private static String hint(Operand o) {
    if (o.type() == OperandType.DATE) {
      return DATE_HINT;
    }
    if (o.type() == OperandType.OPAQUE) {
      String type = o.unknownType().strip();
      return String.format(OPAQUE_HINT, type.length() > 80 ? type.substring(0, 77) + "..." : type);
    }
    return "";
  }

  private static void description(JsonGenerator g, String text, String hint) throws IOException {
    String d = text.strip();
    if (!hint.isEmpty()) {
      d = d.isEmpty() ? hint : d + (d.endsWith(".") ? " " : ". ") + hint;
    }
    if (!d.isEmpty()) {
      g.writeStringField("description", d);
    }
  }
}
