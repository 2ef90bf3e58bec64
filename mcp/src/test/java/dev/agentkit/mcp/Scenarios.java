package dev.agentkit.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The servers the tests start, by name, so a child process can be told which one to be. */
final class Scenarios {
  private Scenarios() {}

  static ToolServer named(String name) {
    String[] parts = name.split(":");
    return switch (parts[0]) {
      case "taskboard", "changing" -> taskboard();
      case "paged" -> paged(Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
      case "loop" -> {
        ToolServer s = paged(3, 1);
        s.cursorLoops = true;
        yield s;
      }
      case "duplicate" ->
          new ToolServer("dup", "1")
              .tool(tool("list_tasks", "Lists tasks.", readOnly(), null))
              .tool(tool("archive", "Archives.", null, null))
              .tool(tool("list_tasks", "Lists tasks again.", null, null));
      case "nameless" ->
          new ToolServer("nameless", "1")
              .tool(tool("list_tasks", "Lists tasks.", readOnly(), null))
              .tool(tool("", "Has no name.", null, null));
      case "badtier" ->
          new ToolServer("badtier", "1")
              .tool(tool("purge", "Purges.", readOnly(), Map.of("dev.agentkit/tier", "read_onyl")));
      case "error" -> {
        ToolServer s = new ToolServer("broken", "1");
        s.listError = "the tool registry is down";
        yield s;
      }
      case "secrets" -> secrets(String.valueOf(System.getenv("TOKEN")));
      case "secrets-error" -> {
        ToolServer s = secrets(String.valueOf(System.getenv("TOKEN")));
        s.listError = "no access for token " + System.getenv("TOKEN");
        yield s;
      }
      case "sleepy" -> {
        ToolServer s = taskboard();
        s.listDelayMillis = 3_000;
        s.call("list_tasks", args -> sleep(10_000));
        yield s;
      }
      case "reference" -> reference(parts[1], parts.length > 2 ? parts[2] : "");
      default -> throw new IllegalArgumentException("no scenario " + name);
    };
  }

  /** A task board whose tools cover every tier row and every operand shape. */
  static ToolServer taskboard() {
    ToolServer s = new ToolServer("taskboard-mcp", "1.4.2");
    s.tool(
        tool(
            "list_tasks",
            "Lists the tasks of a project.",
            readOnly(),
            null,
            prop("project_id", "string", true),
            prop("limit", "integer", false)));
    s.tool(
        tool(
            "set_task_status",
            "Moves a task to another column.",
            hints(null, false, false),
            Map.of("dev.agentkit/objectType", "task"),
            prop("task_id", "string", true),
            enumProp("status", true, "todo", "doing", "done")));
    s.tool(
        tool(
            "create_task",
            "Creates a task and emails the assignee.",
            hints(null, false, null),
            null,
            prop("title", "string", true),
            prop("estimate", "number", false),
            prop("urgent", "boolean", false),
            arrayProp("labels"),
            dateProp("due"),
            objectProp("metadata")));
    s.tool(
        tool(
            "delete_task",
            "Deletes a task for good.",
            null,
            null,
            prop("task_id", "string", true)));
    s.tool(
        tool(
            "archive_project",
            "Archives a project.",
            hints(null, true, null),
            Map.of("dev.agentkit/tier", "reversible", "dev.agentkit/objectType", "project"),
            prop("project_id", "string", true)));
    s.tool(
        tool(
            "odd_tool",
            "Takes a value of two shapes.",
            readOnly(),
            null,
            Map.<String, Object>entry(
                "either",
                Map.of("oneOf", List.of(Map.of("type", "string"), Map.of("type", "integer")))),
            Map.<String, Object>entry(
                "pair", Map.of("type", "array", "items", List.of(Map.of("type", "string"))))));
    s.call("list_tasks", args -> ToolServer.text("tasks of " + args.get("project_id")));
    s.call(
        "set_task_status",
        args ->
            "done".equals(args.get("status"))
                ? ToolServer.error("task " + args.get("task_id") + " has open subtasks")
                : ToolServer.text("moved"));
    s.call("create_task", args -> ToolServer.text(echo(args)));
    s.call("delete_task", args -> ToolServer.error("task " + args.get("task_id") + " is locked"));
    s.call("archive_project", args -> ToolServer.text(""));
    return s;
  }

  private static ToolServer paged(int count, int pageSize) {
    ToolServer s = new ToolServer("many-tools", "2.0");
    s.pageSize = pageSize;
    for (int i = 0; i < count; i++) {
      s.tool(
          tool(
              String.format("tool_%04d", i),
              "Tool number " + i + ".",
              i % 2 == 0 ? readOnly() : null,
              null,
              prop("id", "string", true)));
    }
    return s;
  }

  /** A server echoing the credential it was given into everything it serves. */
  static ToolServer secrets(String token) {
    ToolServer s = new ToolServer("echo-" + token, token);
    s.tool(
        tool(
            "leaky",
            "Uses " + token + ".",
            readOnly(),
            null,
            Map.<String, Object>entry("weird_" + token, Map.of("anyOf", List.of()))));
    s.call("leaky", args -> ToolServer.error("denied for " + token));
    return s;
  }

  /**
   * One of the MCP project's reference servers as it lists its tools ({@code
   * reference-servers/<server>.json}, recorded from the npm package), every tool answering with the
   * arguments it received as JSON. Variant {@code changed} of server-memory adds a required
   * property {@code createdBy} to {@code create_entities}'s entity.
   */
  static ToolServer reference(String server, String variant) {
    String resource = "/reference-servers/" + server + ".json";
    ToolServer s = new ToolServer(server, variant.isEmpty() ? "2026.8.31" : variant);
    try (java.io.InputStream in = Scenarios.class.getResourceAsStream(resource)) {
      McpSchema.ListToolsResult listed =
          ToolServer.JSON.readValue(
              new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
              McpSchema.ListToolsResult.class);
      for (McpSchema.Tool t : listed.tools()) {
        s.tool(variant.equals("changed") ? withCreatedBy(t) : t);
        s.call(t.name(), args -> ToolServer.text(echo(args)));
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return s;
  }

  @SuppressWarnings("unchecked")
  private static McpSchema.Tool withCreatedBy(McpSchema.Tool t) {
    if (!t.name().equals("create_entities")) {
      return t;
    }
    Map<String, Object> schema = ToolServer.JSON.convertValue(t.inputSchema(), Map.class);
    Map<String, Object> entities =
        (Map<String, Object>) ((Map<String, Object>) schema.get("properties")).get("entities");
    Map<String, Object> entity = (Map<String, Object>) entities.get("items");
    ((Map<String, Object>) entity.get("properties")).put("createdBy", Map.of("type", "string"));
    List<Object> required = new java.util.ArrayList<>((List<Object>) entity.get("required"));
    required.add("createdBy");
    entity.put("required", required);
    return McpSchema.Tool.builder(t.name())
        .title(t.title())
        .description(t.description())
        .inputSchema(schema)
        .annotations(t.annotations())
        .build();
  }

  private static String echo(Map<String, Object> args) {
    try {
      return ToolServer.JSON.writeValueAsString(new java.util.TreeMap<>(args));
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static McpSchema.CallToolResult sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return ToolServer.text("late");
  }

  static McpSchema.ToolAnnotations readOnly() {
    return hints(true, null, null);
  }

  static McpSchema.ToolAnnotations hints(Boolean readOnly, Boolean destructive, Boolean openWorld) {
    return new McpSchema.ToolAnnotations(null, readOnly, destructive, null, openWorld, null);
  }

  /** A tool by the record's constructor, which also builds what the builder refuses (no name). */
  @SafeVarargs
  @SuppressWarnings("deprecation")
  static McpSchema.Tool tool(
      String name,
      String description,
      McpSchema.ToolAnnotations annotations,
      Map<String, Object> meta,
      Map.Entry<String, Object>... properties) {
    Map<String, Object> props = new LinkedHashMap<>();
    List<String> required = new java.util.ArrayList<>();
    for (Map.Entry<String, Object> p : properties) {
      props.put(p.getKey(), p.getValue());
      if (p.getValue() instanceof Map<?, ?> m && Boolean.TRUE.equals(m.get("x-required"))) {
        required.add(p.getKey());
      }
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", props);
    schema.put("required", required);
    return new McpSchema.Tool(name, null, description, schema, null, annotations, meta);
  }

  static Map.Entry<String, Object> prop(String name, String type, boolean required) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", type);
    p.put("description", "The " + name.replace('_', ' ') + ".");
    if (required) {
      p.put("x-required", true);
    }
    return Map.<String, Object>entry(name, p);
  }

  static Map.Entry<String, Object> enumProp(String name, boolean required, String... values) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", "string");
    p.put("enum", List.of(values));
    if (required) {
      p.put("x-required", true);
    }
    return Map.<String, Object>entry(name, p);
  }

  static Map.Entry<String, Object> arrayProp(String name) {
    return Map.<String, Object>entry(
        name, Map.of("type", "array", "items", Map.of("type", "string")));
  }

  static Map.Entry<String, Object> dateProp(String name) {
    return Map.<String, Object>entry(name, Map.of("type", "string", "format", "date"));
  }

  static Map.Entry<String, Object> objectProp(String name) {
    return Map.<String, Object>entry(name, Map.of("type", "object", "properties", Map.of()));
  }
}
