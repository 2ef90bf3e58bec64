package dev.agentkit.mcp;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpRequestHandler;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A real MCP server's behaviour, on the SDK's low-level server API (request handlers behind its
 * stdio and Streamable HTTP transports), so a test can give it what the high-level API will not
 * serve: paged {@code tools/list}, a tool without a name, one name twice, errors. {@link
 * ToolServerMain} runs it as a child process over stdio; {@link HttpToolServer} on Tomcat.
 */
final class ToolServer {
  static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  final String name;
  final String version;
  final List<McpSchema.Tool> tools = new CopyOnWriteArrayList<>();
  final Map<String, Function<Map<String, Object>, McpSchema.CallToolResult>> calls =
      new LinkedHashMap<>();
  int pageSize = Integer.MAX_VALUE;
  boolean cursorLoops;

  /** Pages for ever: each page one new tool (described by {@link #padding}) and a new cursor. */
  boolean endless;

  String padding = "";

  /** How many {@code tools/list} requests it has answered. */
  final java.util.concurrent.atomic.AtomicInteger listRequests =
      new java.util.concurrent.atomic.AtomicInteger();

  String listError;
  long listDelayMillis;

  /** Run once, after the first {@code tools/list} is answered. */
  Runnable afterFirstList;

  private final java.util.concurrent.atomic.AtomicBoolean listed =
      new java.util.concurrent.atomic.AtomicBoolean();

  ToolServer(String name, String version) {
    this.name = name;
    this.version = version;
  }

  ToolServer tool(McpSchema.Tool tool) {
    tools.add(tool);
    return this;
  }

  ToolServer call(String tool, Function<Map<String, Object>, McpSchema.CallToolResult> handler) {
    calls.put(tool, handler);
    return this;
  }

  McpSchema.InitializeResult initialize(McpSchema.InitializeRequest request) {
    return McpSchema.InitializeResult.builder(
            request.protocolVersion(),
            McpSchema.ServerCapabilities.builder().tools(true).build(),
            McpSchema.Implementation.builder(name, version).build())
        .build();
  }

  Mono<McpSchema.InitializeResult> initializeMono(McpSchema.InitializeRequest request) {
    return Mono.fromCallable(() -> initialize(request));
  }

  Map<String, McpRequestHandler<?>> handlers() {
    Map<String, McpRequestHandler<?>> h = new LinkedHashMap<>();
    h.put(McpSchema.METHOD_PING, (exchange, params) -> Mono.just(Map.of()));
    McpRequestHandler<McpSchema.ListToolsResult> list = (exchange, params) -> list(params);
    McpRequestHandler<McpSchema.CallToolResult> call = (exchange, params) -> call(params);
    h.put(McpSchema.METHOD_TOOLS_LIST, list);
    h.put(McpSchema.METHOD_TOOLS_CALL, call);
    return h;
  }

  private Mono<McpSchema.ListToolsResult> list(Object params) {
    if (listError != null) {
      return Mono.error(
          McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message(listError).build());
    }
    listRequests.incrementAndGet();
    int from = 0;
    if (params instanceof Map<?, ?> p && p.get("cursor") instanceof String c) {
      from = Integer.parseInt(c.substring("page-".length()));
    }
    McpSchema.ListToolsResult page;
    if (endless) {
      McpSchema.Tool tool =
          Scenarios.tool("tool_" + from, "Tool " + from + "." + padding, null, null);
      page =
          McpSchema.ListToolsResult.builder(List.of(tool)).nextCursor("page-" + (from + 1)).build();
    } else {
      List<McpSchema.Tool> all = new ArrayList<>(tools);
      int to = (int) Math.min(all.size(), (long) from + pageSize);
      String next = cursorLoops ? "page-0" : to < all.size() ? "page-" + to : null;
      page = McpSchema.ListToolsResult.builder(all.subList(from, to)).nextCursor(next).build();
    }
    if (afterFirstList != null && listed.compareAndSet(false, true)) {
      afterFirstList.run();
    }
    return listDelayMillis == 0
        ? Mono.just(page)
        : Mono.delay(Duration.ofMillis(listDelayMillis)).map(x -> page);
  }

  private Mono<McpSchema.CallToolResult> call(Object params) {
    McpSchema.CallToolRequest request = JSON.convertValue(params, McpSchema.CallToolRequest.class);
    Function<Map<String, Object>, McpSchema.CallToolResult> handler = calls.get(request.name());
    if (handler == null) {
      return Mono.error(
          McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
              .message("Unknown tool: " + request.name())
              .build());
    }
    Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
    // Off the transport's thread, so a slow tool does not hold up the session's other requests.
    return Mono.fromCallable(() -> handler.apply(args))
        .subscribeOn(reactor.core.scheduler.Schedulers.boundedElastic());
  }

  static McpSchema.CallToolResult text(String text) {
    return McpSchema.CallToolResult.builder().addTextContent(text).isError(false).build();
  }

  static McpSchema.CallToolResult error(String text) {
    return McpSchema.CallToolResult.builder().addTextContent(text).isError(true).build();
  }

  static Duration timeout() {
    return Duration.ofSeconds(30);
  }
}
