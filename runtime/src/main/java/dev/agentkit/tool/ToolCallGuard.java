package dev.agentkit.tool;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Problem;
import dev.agentkit.internal.ValueCheck;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.Names;
import dev.agentkit.internal.text.RuntimeMessage;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a model's tool call (the tool's name and the arguments as JSON text) against a set of acts
 * before anything runs, and answers with either the verified call or a correction the model can act
 * on.
 *
 * <p>The guard reads the JSON and checks only what JSON adds: the arguments are one object, no key
 * is given twice, a plain operand gets a plain value (a string, number or boolean; a number or
 * boolean is taken as its text), a list operand gets an array of plain values, a structured operand
 * gets valid JSON (inline or as a string). A tree-typed operand (an object, a list of objects, a
 * union, a constant, opaque: {@link ValueCheck#isTree}) takes any JSON value, kept as compact JSON
 * (a string that is not itself JSON text is kept as its text, which reads as the same string), and
 * {@code null} is kept when the operand is nullable. Any other {@code null} value counts as not
 * given, and blank arguments as {@code {}}. Everything else (unknown operands, enum values, dates,
 * numbers, required operands, every check of a value against its schema at any depth) is {@link
 * ActionSet#verify}'s, so the rules live in one place. Every problem is reported at once.
 * Thread-safe.
 */
public final class ToolCallGuard {
  private final ActionSet<?> actions;

  private ToolCallGuard(ActionSet<?> actions) {
    this.actions = actions;
  }

  /** A guard for the acts of this set. */
  public static ToolCallGuard of(ActionSet<?> actions) {
    return new ToolCallGuard(Objects.requireNonNull(actions, "actions"));
  }

  /**
   * Checks one tool call.
   *
   * @param tool the tool name the model called
   * @param argumentsJson the arguments the model wrote, as JSON text
   */
  public GuardResult check(String tool, String argumentsJson) {
    String name = tool == null ? "" : tool.strip();
    Optional<ToolAct> found = ToolAct.lookup(actions, name);
    if (found.isEmpty()) {
      return new GuardResult.Correction(name, List.of(unknownTool(name)), "UnknownTool");
    }
    ToolAct act = found.get();
    Reading reading = new Reading(act);
    String text = argumentsJson == null || argumentsJson.isBlank() ? "{}" : argumentsJson;
    try (JsonParser p = ToolSchemaWriter.JSON.createParser(text)) {
      JsonToken first = p.nextToken();
      if (first != JsonToken.START_OBJECT) {
        return new GuardResult.Correction(
            name,
            List.of(
                RuntimeMessage.ARGUMENTS_NOT_OBJECT.format(name, example(act), describe(first))),
            "ArgumentsNotObject");
      }
      reading.readObject(p);
      if (p.nextToken() != null) {
        return notJson(name, act, "trailing content after the arguments object");
      }
    } catch (JsonProcessingException e) {
      return notJson(name, act, e.getOriginalMessage() + " " + location(e));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Call call = Call.of(name, reading.args);
    List<String> problems = new ArrayList<>(reading.problems);
    List<String> tags = new ArrayList<>(reading.tags);
    for (Problem pr : actions.verify(call)) {
      if (isOperandMissing(pr, name)) {
        if (reading.failed.contains(pr.subject())) {
          continue; // already corrected above; "missing" would mislead
        }
        problems.add(RuntimeMessage.REQUIRED_MISSING.format(name, pr.subject()));
      } else {
        problems.add(pr.message());
      }
      tags.add(pr.kind().tag());
    }
    if (problems.isEmpty()) {
      return new GuardResult.Accepted(actions.verified(call));
    }
    String detail = String.join(", ", tags);
    if (!reading.parserDetail.isEmpty()) {
      detail += "; " + String.join("; ", reading.parserDetail);
    }
    return new GuardResult.Correction(name, problems, detail);
  }

  /**
   * Whether the problem is an operand missing from the arguments, rather than a property missing
   * inside its value ({@code entities[0].entityType}), whose sentence stays verify's.
   */
  private static boolean isOperandMissing(Problem pr, String tool) {
    return pr.kind() == Problem.Kind.REQUIRED_MISSING
        && pr.message()
            .startsWith(
                "["
                    + RuntimeMessage.REQUIRED_MISSING.tag()
                    + "] "
                    + tool
                    + "."
                    + pr.subject()
                    + " is required:");
  }

  private String unknownTool(String name) {
    List<String> tools = actions.opcodes();
    String listing = Names.listing(name, tools);
    if (name.isEmpty()) {
      return RuntimeMessage.UNKNOWN_TOOL_UNNAMED.format(listing);
    }
    return RuntimeMessage.UNKNOWN_TOOL.format(name, listing, Names.didYouMeanTypo(name, tools));
  }

  private static GuardResult notJson(String name, ToolAct act, String detail) {
    return new GuardResult.Correction(
        name,
        List.of(RuntimeMessage.ARGUMENTS_NOT_JSON.format(name, example(act))),
        "ArgumentsNotJson; " + detail);
  }

  /** {"a": "…", "b": "…"} over the required operands (or the first one when none is required). */
  static String example(ToolAct act) {
    List<String> names = new ArrayList<>();
    for (Operand o : act.operands()) {
      if (o.required()) {
        names.add(o.name());
      }
    }
    if (names.isEmpty() && !act.operands().isEmpty()) {
      names.add(act.operands().get(0).name());
    }
    StringBuilder sb = new StringBuilder("{");
    for (String n : names) {
      sb.append(sb.length() == 1 ? "" : ", ").append('"').append(n).append("\": \"…\"");
    }
    return sb.append('}').toString();
  }

  private static String describe(JsonToken t) {
    if (t == null) {
      return "nothing";
    }
    return switch (t) {
      case START_ARRAY -> "a JSON array";
      case VALUE_STRING -> "a JSON string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> "something else";
    };
  }

  private static String location(JsonProcessingException e) {
    return e.getLocation() == null
        ? ""
        : "(line "
            + e.getLocation().getLineNr()
            + ", column "
            + e.getLocation().getColumnNr()
            + ")";
  }

  /** The arguments of one call as they are read, with the problems JSON adds. */
  private static final class Reading {
    final ToolAct act;
    final Map<String, String> args = new LinkedHashMap<>();
    final List<String> problems = new ArrayList<>();
    final List<String> tags = new ArrayList<>();
    final List<String> parserDetail = new ArrayList<>();
    final Set<String> failed = new HashSet<>();
    final Set<String> seen = new HashSet<>();

    Reading(ToolAct act) {
      this.act = act;
    }

    void readObject(JsonParser p) throws IOException {
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken t = p.nextToken();
        if (!seen.add(field)) {
          fail(
              field,
              "DuplicateArgument",
              act.opcode() + " gives \"" + field + "\" twice: give each operand once");
          p.skipChildren();
          continue;
        }
        Optional<Operand> operand = act.operand(field);
        if (operand.isEmpty()) {
          // Let verify name the unknown operand, with its did-you-mean.
          if (t != JsonToken.VALUE_NULL) {
            args.put(field, t.isScalarValue() ? p.getText() : compact(p));
          }
          continue;
        }
        read(p, t, operand.get());
      }
    }

    private void read(JsonParser p, JsonToken t, Operand o) throws IOException {
      String label = act.opcode() + "." + o.name();
      if (act.structured().contains(o.name())) {
        readStructured(p, t, o, label);
        return;
      }
      if (ValueCheck.isTree(o)) {
        readTree(p, o, label);
        return;
      }
      switch (t) {
        case VALUE_NULL -> {}
        case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE ->
            args.put(o.name(), p.getText());
        case START_OBJECT -> {
          p.skipChildren();
          fail(
              o.name(),
              "NestedObject",
              label + " takes a plain value, not a JSON object; write it as a string");
        }
        case START_ARRAY -> {
          if (o.list()) {
            readList(p, o, label);
          } else {
            p.skipChildren();
            fail(
                o.name(),
                "NotAList",
                label + " takes one value, not an array; write a single string");
          }
        }
        default -> p.skipChildren();
      }
    }

    private void readList(JsonParser p, Operand o, String label) throws IOException {
      StringWriter out = new StringWriter();
      int index = 0;
      boolean ok = true;
      try (JsonGenerator g = ToolSchemaWriter.JSON.createGenerator(out)) {
        g.writeStartArray();
        JsonToken e;
        while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
          index++;
          if (e.isScalarValue() && e != JsonToken.VALUE_NULL) {
            g.writeString(p.getText());
          } else if (ok) {
            p.skipChildren();
            ok = false;
            fail(
                o.name(),
                "BadListElement",
                label
                    + " takes a list of plain values, but element "
                    + index
                    + " is "
                    + (e == JsonToken.VALUE_NULL ? "null" : "a JSON object or array")
                    + "; write each element as a string, such as [\"a\", \"b\"]");
          } else {
            p.skipChildren();
          }
        }
        g.writeEndArray();
      }
      if (ok) {
        args.put(o.name(), out.toString());
      }
    }

    private void readStructured(JsonParser p, JsonToken t, Operand o, String label)
        throws IOException {
      if (t == JsonToken.VALUE_NULL) {
        return;
      }
      if (t != JsonToken.VALUE_STRING) {
        args.put(o.name(), t.isScalarValue() ? p.getText() : compact(p));
        return;
      }
      String text = p.getText();
      if (text.isBlank()) {
        args.put(o.name(), text);
        return;
      }
      try (JsonParser inner = ToolSchemaWriter.JSON.createParser(text)) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = ToolSchemaWriter.JSON.createGenerator(out)) {
          inner.nextToken();
          g.copyCurrentStructureExact(inner);
        }
        if (inner.nextToken() != null) {
          throw new IllegalStateException("trailing content after the JSON value");
        }
        args.put(o.name(), out.toString());
      } catch (JsonProcessingException | IllegalStateException e) {
        String why =
            e instanceof JsonProcessingException j
                ? j.getOriginalMessage() + " " + location(j)
                : e.getMessage();
        parserDetail.add(o.name() + ": " + why);
        fail(
            o.name(),
            "NotJson",
            label
                + " must be JSON (an object or an array, inline or as a string holding one), but "
                + quote(text)
                + " is not valid JSON; fix it and call again");
      }
    }

    /**
     * Keeps a tree-typed operand's value as compact JSON, for verify to check against its schema; a
     * string that is blank or not JSON text is kept as it is (the same string, as verify reads it).
     */
    private void readTree(JsonParser p, Operand o, String label) throws IOException {
      Object value;
      try {
        // An array or object is copied whole first, so that the parser stays on the arguments'
        // next key whatever is wrong inside it.
        value = p.currentToken().isStructStart() ? JsonTree.parse(compact(p)) : JsonTree.read(p);
      } catch (JsonTree.Malformed e) {
        parserDetail.add(o.name() + ": " + e.getMessage());
        // The line and column are the copied value's, not the arguments': only the operator's.
        String why = e.getMessage().replaceFirst(" at line \\d+, column \\d+$", "");
        fail(o.name(), "UnreadableValue", label + " cannot be read: " + why + "; fix it");
        return;
      }
      if (value instanceof String text && (text.isBlank() || !isJson(text))) {
        args.put(o.name(), text);
      } else if (value != null || o.schema().nullable()) {
        // null is a value of a nullable operand ("remove the milestone"); else it is not given.
        args.put(o.name(), JsonTree.compact(value));
      }
    }

    private static boolean isJson(String text) {
      try {
        JsonTree.parse(text);
        return true;
      } catch (JsonTree.Malformed e) {
        return false;
      }
    }

    private void fail(String operand, String tag, String sentence) {
      failed.add(operand);
      tags.add(tag);
      problems.add("[" + tag + "] " + sentence);
    }

    private static String compact(JsonParser p) throws IOException {
      StringWriter out = new StringWriter();
      try (JsonGenerator g = ToolSchemaWriter.JSON.createGenerator(out)) {
        g.copyCurrentStructureExact(p);
      }
      return out.toString();
    }

    private static String quote(String v) {
      String shown = v.length() > 60 ? v.substring(0, 57) + "..." : v;
      return "\"" + shown.replace("\n", " ") + "\"";
    }
  }
}
