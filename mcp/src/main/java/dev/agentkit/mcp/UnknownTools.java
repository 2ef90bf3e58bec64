package dev.agentkit.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * Answers a {@code tools/call} of a tool the server does not serve with the guard's {@code
 * [UnknownTool]} and its "did you mean", as every adapter answers it, instead of the SDK's protocol
 * error. The SDK finds the tool of a call by its exact name and has no hook for a name it does not
 * know; it reads each call's parameters through the server's JSON mapper, so this mapper turns a
 * call of an unknown name into a call of one hidden tool, which the flow answers.
 */
final class UnknownTools implements McpJsonMapper {
  /** The hidden tool's name; a dash keeps it apart from the contract's opcodes. */
  static final String HIDDEN = "agentkit-unknown-tool";

  private static final String NAME = "name";
  private static final String ARGUMENTS = "arguments";

  private final McpJsonMapper json;
  private final Predicate<String> served;

  UnknownTools(McpJsonMapper json, Predicate<String> served) {
    this.json = json;
    this.served = served;
  }

  /**
   * The hidden tool, answering each call with what {@code answer} says of its name and arguments.
   */
  static McpServerFeatures.SyncToolSpecification tool(
      BiFunction<String, Map<String, Object>, McpSchema.CallToolResult> answer) {
    McpSchema.Tool tool =
        McpSchema.Tool.builder(HIDDEN, Map.of("type", "object"))
            .description("Answers a call of a tool this server does not have.")
            .build();
    return new McpServerFeatures.SyncToolSpecification(
        tool, (exchange, request) -> answer.apply(name(request), arguments(request)));
  }

  /** Whether a listed tool is one a client may see: every tool but the hidden one. */
  static boolean visible(McpSchema.Tool tool) {
    return !HIDDEN.equals(tool.name());
  }

  @Override
  public <T> T convertValue(Object fromValue, TypeRef<T> type) {
    T value = json.convertValue(fromValue, type);
    if (value instanceof McpSchema.CallToolRequest call
        && (call.name() == null || HIDDEN.equals(call.name()) || !served.test(call.name()))) {
      Map<String, Object> asked = new HashMap<>();
      asked.put(NAME, call.name());
      asked.put(ARGUMENTS, call.arguments());
      @SuppressWarnings("unchecked")
      T hidden = (T) new McpSchema.CallToolRequest(HIDDEN, asked, call.meta());
      return hidden;
    }
    return value;
  }

  private static String name(McpSchema.CallToolRequest request) {
    Object name = request.arguments() == null ? null : request.arguments().get(NAME);
    return name == null ? null : name.toString();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> arguments(McpSchema.CallToolRequest request) {
    Object args = request.arguments() == null ? null : request.arguments().get(ARGUMENTS);
    return args instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
  }

  @Override
  public <T> T readValue(String content, Class<T> type) throws IOException {
    return json.readValue(content, type);
  }

  @Override
  public <T> T readValue(byte[] content, Class<T> type) throws IOException {
    return json.readValue(content, type);
  }

  @Override
  public <T> T readValue(String content, TypeRef<T> type) throws IOException {
    return json.readValue(content, type);
  }

  @Override
  public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
    return json.readValue(content, type);
  }

  @Override
  public <T> T convertValue(Object fromValue, Class<T> type) {
    return json.convertValue(fromValue, type);
  }

  @Override
  public String writeValueAsString(Object value) throws IOException {
    return json.writeValueAsString(value);
  }

  @Override
  public byte[] writeValueAsBytes(Object value) throws IOException {
    return json.writeValueAsBytes(value);
  }
}
