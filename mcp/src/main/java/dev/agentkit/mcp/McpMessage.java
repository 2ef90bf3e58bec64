package dev.agentkit.mcp;

import static dev.agentkit.internal.text.RuntimeMessage.Kind.CORRECTION;
import static dev.agentkit.internal.text.RuntimeMessage.Kind.ERROR;

import dev.agentkit.internal.text.MessageTemplate;
import dev.agentkit.internal.text.RuntimeMessage;

/**
 * Every message of the MCP source and its actions: its tag, whom it is for and its template, in one
 * place. Adding a message edits this table and docs/errors.md (section MCP); {@code
 * McpCatalogueTest} holds the two together and finds any tagged literal left outside it.
 */
enum McpMessage implements MessageTemplate.Entry {
  // Reaching the server: McpFailure.
  CLOSED("McpUnavailable", ERROR, "the connection to %s is closed"),
  BAD_COMMAND(
      "McpBadCommand",
      ERROR,
      "cannot start the MCP server command of %s: %s; check the command and that it is installed"),
  SERVER_ERROR("McpServerError", ERROR, "%s answered %s with an error: %s"),
  STDOUT_NOISE(
      "McpStdoutNoise",
      ERROR,
      "%s wrote a line on stdout that is not a JSON-RPC message (during %s): \"%s\"; an MCP server"
          + " over stdio may write only JSON-RPC messages on stdout, so send its logs to stderr"),
  LINE_TOO_LONG(
      "McpUnavailable",
      ERROR,
      "%s wrote a line on stdout longer than %s characters (during %s), more than agentkit reads as"
          + " one message; make the server's answers smaller, or raise maxLineChars"),
  EXITED(
      "McpUnavailable",
      ERROR,
      "%s exited before it answered %s; run the command by hand to see why"),
  TIMED_OUT("McpUnavailable", ERROR, "%s did not answer %s within %s ms"),
  REFUSED("McpUnavailable", ERROR, "could not connect to %s; is the server running?"),
  EXCHANGE_FAILED("McpUnavailable", ERROR, "%s with %s failed: %s%s"),

  // Listing the tools: ContractSourceException.
  LIST_TOO_LARGE(
      "McpListTooLarge",
      ERROR,
      "%s sent more than %s bytes of tools/list pages (%s pages so far), the cap on one listing;"
          + " raise maxListBytes if its tools really take that much"),
  PAGING_TOO_LONG(
      "McpPagingLoop",
      ERROR,
      "%s was still paging tools/list after %s pages; the server's paging is broken (raise"
          + " maxPages if it really has that many)"),
  PAGING_CURSOR_TWICE(
      "McpPagingLoop",
      ERROR,
      "%s gave the same tools/list cursor twice; the server's paging is broken (raise maxPages if"
          + " it really has that many)"),
  LIST_TIMEOUT(
      "McpListTimeout",
      ERROR,
      "%s was still listing tools (%s pages so far) when the %s ms for one listing ran out; raise"
          + " listTimeout if its tools really take that long"),
  DUPLICATE_TOOL(
      "McpDuplicateTool",
      ERROR,
      "%s lists tool \"%s\" twice (tools/list, across all pages); a tool name names one tool, so"
          + " the server must rename one of them"),
  MALFORMED_TOOL(
      "McpMalformedTool",
      ERROR,
      "%s lists a tool without a name (number %s of tools/list); every MCP tool needs a name,"
          + " which agentkit uses as the opcode"),
  BAD_TIER(
      "McpBadTier",
      ERROR,
      "tool \"%s\" of %s has _meta \"%s\": %s (a tier agentkit cannot read is never taken as a low"
          + " one)"),
  BAD_OBJECT_TYPE(
      "McpBadObjectType",
      ERROR,
      "tool \"%s\" of %s has _meta \"%s\" %s; give the object type as a non-blank string, such as"
          + " \"task\""),

  // Calling a tool: CallFailedException, read by the model.
  BAD_ARGUMENT("McpBadArgument", CORRECTION, "%s: %s"),
  BAD_ARGUMENT_GONE(
      "McpBadArgument",
      CORRECTION,
      "%s: operand %s is no property of the tool's input schema as the server last listed it; the"
          + " contract was read from another version of the server, so bind again"),
  CALL_CANNOT_RUN("McpCallFailed", CORRECTION, "%s: cannot run: %s"),
  CALL_FAILED("McpCallFailed", CORRECTION, "%s: %s"),
  CALL_TOOL_ERROR("McpCallFailed", CORRECTION, "%s: the tool reported an error%s"),
  CALL_NO_TOOL(
      "McpCallFailed",
      CORRECTION,
      "%s: is no tool of %s as it last listed them, so there is no call");

  private final MessageTemplate text;

  McpMessage(String tag, RuntimeMessage.Kind kind, String template) {
    this.text = new MessageTemplate(tag, kind, template);
  }

  /** The tag, whom the message is for, and its template. */
  public MessageTemplate text() {
    return text;
  }
}
