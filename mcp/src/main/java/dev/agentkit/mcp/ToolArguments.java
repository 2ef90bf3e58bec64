package dev.agentkit.mcp;

import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.source.SchemaOperands.Field;
import dev.agentkit.source.SchemaOperands.JsonKind;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A verified call's arguments as the typed JSON object {@code tools/call} sends: numbers as
 * numbers, integers as whole numbers, booleans as booleans, lists as arrays, structured operands as
 * the JSON they hold. Blank arguments are left out; an argument the tool's schema has no property
 * for is refused, never dropped.
 */
final class ToolArguments {
  private final String opcode;

  private ToolArguments(String opcode) {
    this.opcode = opcode;
  }

  static Map<String, Object> of(Call call, List<Field> fields) throws CallFailedException {
    return new ToolArguments(call.opcode()).write(call, fields);
  }

  private Map<String, Object> write(Call call, List<Field> fields) throws CallFailedException {
    Map<String, Field> byName = new LinkedHashMap<>();
    fields.forEach(f -> byName.put(f.operand().name(), f));
    for (String arg : new TreeSet<>(call.args().keySet())) {
      if (!byName.containsKey(arg) && call.hasArg(arg)) {
        throw bad(
            "operand "
                + arg
                + " is no property of the tool's input schema as the server last listed it; the"
                + " contract was read from another version of the server, so bind again");
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Field f : fields) {
      String name = f.operand().name();
      if (call.hasArg(name)) {
        String raw = call.arg(name);
        out.put(name, f.operand().list() ? list(name, f.kind(), raw) : value(name, f.kind(), raw));
      }
    }
    return out;
  }

  private List<Object> list(String name, JsonKind kind, String raw) throws CallFailedException {
    if (!(parse(raw) instanceof List<?> elements)) {
      throw bad("list operand " + name + " must be a JSON array");
    }
    List<Object> out = new ArrayList<>();
    for (Object e : elements) {
      if (e instanceof Map<?, ?> || e instanceof List<?> || e == null) {
        throw bad("list operand " + name + " must hold plain values, not objects or arrays");
      }
      out.add(value(name, kind, String.valueOf(e)));
    }
    return out;
  }

  private Object value(String name, JsonKind kind, String v) throws CallFailedException {
    return switch (kind) {
      case NUMBER -> number(name, v);
      case INTEGER -> integer(name, v);
      case BOOLEAN -> bool(name, v);
      case STRUCTURED -> {
        Object json = parse(v);
        if (!(json instanceof Map<?, ?> || json instanceof List<?>)) {
          throw bad("operand " + name + " must hold JSON (an object or an array), not " + quote(v));
        }
        yield json;
      }
      case OPAQUE -> {
        Object json = parse(v);
        yield json == null ? v : json;
      }
      default -> v;
    };
  }

  /** The value of {@code text} as JSON, or null when it is not exactly one JSON value. */
  private static Object parse(String text) {
    try {
      return McpJsonDefaults.getMapper().readValue(text, Object.class);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private BigDecimal number(String name, String v) throws CallFailedException {
    try {
      return new BigDecimal(v.strip());
    } catch (NumberFormatException e) {
      throw bad("operand " + name + " must be a number, not " + quote(v));
    }
  }

  private Object integer(String name, String v) throws CallFailedException {
    BigDecimal n = number(name, v);
    try {
      return n.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw bad("operand " + name + " must be a whole number, not " + quote(v));
    }
  }

  private Boolean bool(String name, String v) throws CallFailedException {
    // The spellings verify accepts for a boolean (those of Go's strconv.ParseBool).
    return switch (v.strip()) {
      case "true", "True", "TRUE", "t", "T", "1" -> true;
      case "false", "False", "FALSE", "f", "F", "0" -> false;
      default -> throw bad("operand " + name + " must be true or false, not " + quote(v));
    };
  }

  private static String quote(String v) {
    String shown = v.length() > 40 ? v.substring(0, 40) + "…" : v;
    return "\"" + shown + "\"";
  }

  private CallFailedException bad(String what) {
    return new CallFailedException("[McpBadArgument] " + opcode + ": " + what);
  }
}
