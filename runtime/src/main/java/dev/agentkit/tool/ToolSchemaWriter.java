package dev.agentkit.tool;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.agentkit.contract.Operand;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Writes the JSON Schema of an act's arguments: an object of the operands, each the whole schema
 * tree of its value ({@link SchemaNodeWriter}). Keys are written in a fixed order and operands in
 * the contract's order, so one contract always renders the same bytes.
 */
final class ToolSchemaWriter {
  static final JsonFactory JSON = JsonFactory.builder().build();

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
    SchemaNodeWriter nodes = new SchemaNodeWriter(g);
    g.writeStartObject();
    g.writeStringField("type", "object");
    g.writeObjectFieldStart("properties");
    for (Operand o : act.operands()) {
      g.writeFieldName(o.name());
      if (act.structured().contains(o.name())) {
        structured(g, o);
      } else {
        nodes.property(o);
      }
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

  /**
   * A string operand whose text the agent says is JSON: a string of JSON, as the model writes it.
   */
  private static void structured(JsonGenerator g, Operand o) throws IOException {
    g.writeStartObject();
    g.writeStringField("type", "string");
    g.writeStringField("contentMediaType", "application/json");
    String d = o.description().strip();
    g.writeStringField(
        "description",
        d.isEmpty() ? STRUCTURED_HINT : d + (d.endsWith(".") ? " " : ". ") + STRUCTURED_HINT);
    g.writeEndObject();
  }
}
