package dev.agentkit.mcp;

import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.RunHandler;
import dev.agentkit.contract.Operand;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HttpArguments;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a verified call as the MCP {@code tools/call} its tool takes, over the session of the {@link
 * McpContractSource} the contract came from: the arguments as a typed JSON object (numbers as
 * numbers, booleans as booleans, lists as arrays, objects, arrays and unions as the JSON they hold;
 * blank ones left out), the call bounded by a timeout. The result is the text the tool returned. A
 * result marked {@code isError}, an error answer, a timeout or a transport failure is a {@link
 * CallFailedException} the model may read, with the server's text and the source's credentials
 * blanked. Thread-safe.
 */
public final class McpActions {
  /** The {@code _meta} entry {@link #run(Call, String)} sends the idempotency key as. */
  public static final String IDEMPOTENCY_KEY = "agentkit/idempotency-key";

  private static final int EXCERPT_CHARS = 500;

  private final McpContractSource source;
  private final Duration timeout;

  private McpActions(Builder b) {
    this.source = b.source;
    this.timeout = b.timeout;
  }

  /** A builder for actions calling the tools of {@code source}'s server. */
  public static Builder builder(McpContractSource source) {
    return new Builder(Objects.requireNonNull(source, "source"));
  }

  /**
   * Calls the call's tool.
   *
   * @param call a call a set bound and verified
   * @return the tool's text (secrets blanked), or null when it returned none
   * @throws CallFailedException when an argument does not fit the schema's JSON type, the tool
   *     reports an error, or the server cannot be reached or does not answer in time
   * @throws IllegalStateException when the call is not bound (not verified)
   */
  public String run(Call call) throws CallFailedException {
    return run(call, null);
  }

  /**
   * Calls the call's tool with an idempotency key in the request's {@code _meta}, as {@code
   * "_meta": {"agentkit/idempotency-key": "..."}}, so that a server that honours it applies a
   * repeat of the call once: the proposal inbox passes its op's key ({@code
   * RunContext.idempotencyKey()}), the same for every run of the op, so that sending it again after
   * an unknown outcome is safe.
   *
   * @param call a call a set bound and verified
   * @param idempotencyKey the key to send, or null to send none
   * @return as {@link #run(Call)}
   * @throws CallFailedException as {@link #run(Call)}
   * @throws IllegalStateException when the call is not bound (not verified)
   */
  public String run(Call call, String idempotencyKey) throws CallFailedException {
    String opcode = call.op().opcode();
    List<Operand> fields;
    try {
      fields = source.fields().get(opcode);
    } catch (ContractSourceException e) {
      throw failed(McpMessage.CALL_CANNOT_RUN, opcode, untagged(e.getMessage()));
    }
    if (fields == null) {
      throw failed(McpMessage.CALL_NO_TOOL, opcode, source.describe());
    }
    Map<String, Object> arguments = ToolArguments.of(call, fields);
    McpSchema.CallToolResult result;
    try {
      result =
          source
              .connection()
              .request(
                  "tools/call " + opcode,
                  timeout,
                  c -> c.callTool(request(opcode, arguments, idempotencyKey)));
    } catch (McpFailure e) {
      throw failed(McpMessage.CALL_FAILED, opcode, untagged(e.getMessage()));
    }
    String text = source.connection().redactor().redact(text(result));
    if (Boolean.TRUE.equals(result.isError())) {
      throw failed(McpMessage.CALL_TOOL_ERROR, opcode, excerpt(text));
    }
    return text.isEmpty() ? null : text;
  }

  /** A run handler running every call it is given through {@link #run}. */
  public <S> RunHandler<S> handler() {
    return (state, call) -> run(call);
  }

  private static McpSchema.CallToolRequest request(
      String opcode, Map<String, Object> arguments, String idempotencyKey) {
    McpSchema.CallToolRequest.Builder b =
        McpSchema.CallToolRequest.builder(opcode).arguments(arguments);
    if (idempotencyKey != null) {
      b.meta(Map.of(IDEMPOTENCY_KEY, idempotencyKey));
    }
    return b.build();
  }

  /** The result's text content, one part a line; else its structured content as JSON. */
  private static String text(McpSchema.CallToolResult result) {
    List<String> parts = new ArrayList<>();
    for (McpSchema.Content c :
        result.content() == null ? List.<McpSchema.Content>of() : result.content()) {
      parts.add(c instanceof McpSchema.TextContent t ? t.text() : "(" + c.type() + " content)");
    }
    if (parts.isEmpty() && result.structuredContent() != null) {
      try {
        return io.modelcontextprotocol.json.McpJsonDefaults.getMapper()
            .writeValueAsString(result.structuredContent());
      } catch (IOException e) {
        return "(structured content)";
      }
    }
    return String.join("\n", parts);
  }

  private static String excerpt(String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return "";
    }
    return ": " + (t.length() > EXCERPT_CHARS ? t.substring(0, EXCERPT_CHARS) + "…" : t);
  }

  /** A sentence without its leading tag, to be quoted under this class's own. */
  private static String untagged(String message) {
    String m = String.valueOf(message);
    return m.startsWith("[") && m.indexOf("] ") > 0 ? m.substring(m.indexOf("] ") + 2) : m;
  }

  private static CallFailedException failed(McpMessage message, Object... args) {
    return new CallFailedException(message.format(args));
  }

  @Override
  public String toString() {
    return "McpActions[" + source.describe() + ", timeout " + timeout.toMillis() + " ms]";
  }

  /** Builds {@link McpActions}. Not thread-safe. */
  public static final class Builder {
    private final McpContractSource source;
    private Duration timeout = Duration.ofSeconds(60);

    private Builder(McpContractSource source) {
      this.source = source;
    }

    /** How long to wait for a tool's answer; default 60 seconds. */
    public Builder timeout(Duration timeout) {
      this.timeout = HttpArguments.positive(timeout, "call timeout");
      return this;
    }

    /** The actions. */
    public McpActions build() {
      return new McpActions(this);
    }
  }
}
