package dev.agentkit.examples;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.source.EntityTag;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The example's backend: a task-board service on a loopback port, a real HTTP server with its own
 * state and its own validation.
 *
 * <ul>
 *   <li>{@code GET /contract} serves its op contract in the snapshot format ({@link
 *       ContractSnapshot#write}).
 *   <li>{@code GET /state} serves tasks, projects, goals and sent notifications as JSON.
 *   <li>{@code POST /apply} with {@code {"opcode": …, "args": {…}}} validates the call against the
 *       contract it serves and applies it; a bad call is answered {@code 400} (unknown op or
 *       operand, bad enum value, date or number, missing required operand, a checklist that is no
 *       list of {@code {text, done}}), {@code 404} (unknown object) or {@code 409} (a state that
 *       forbids it), always with {@code {"error", "message"}}. A nested operand ({@code
 *       create_task.checklist}) takes its JSON, or a string holding it.
 *   <li>{@code GET /openapi.json} serves the same ops as an OpenAPI 3.1 document ({@link
 *       TaskboardOpenApi}): {@code POST /ops/<opcode>} with the arguments as the JSON body, applied
 *       as {@code POST /apply} is.
 * </ul>
 *
 * <p>{@link #serve(Contract)} changes the served contract while it runs, as a backend deploy would.
 * Thread-safe: requests are served one at a time against the store.
 */
public final class TaskboardBackend implements AutoCloseable {
  /** Numbers read exactly, as the contract compares them. */
  static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private final HttpServer server;
  private final ExecutorService executor;
  private final TaskboardStore store = TaskboardStore.seeded();
  private volatile Contract contract = TaskboardContract.initial();

  private TaskboardBackend(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /** Starts a backend on an ephemeral port of the loopback address, with the seeded board. */
  public static TaskboardBackend start() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    ExecutorService executor =
        Executors.newFixedThreadPool(
            2,
            r -> {
              Thread t = new Thread(r, "taskboard-backend");
              t.setDaemon(true);
              return t;
            });
    TaskboardBackend backend = new TaskboardBackend(server, executor);
    server.createContext("/contract", backend::serveContract);
    server.createContext("/state", ex -> backend.handle(ex, "GET", backend::stateBody));
    server.createContext("/apply", ex -> backend.handle(ex, "POST", backend::apply));
    server.createContext(
        "/openapi.json", ex -> backend.handle(ex, "GET", b -> backend.openApiBody()));
    server.createContext(
        TaskboardOpenApi.OPS,
        ex -> {
          String opcode = ex.getRequestURI().getPath().substring(TaskboardOpenApi.OPS.length());
          backend.handle(ex, "POST", b -> backend.applyOperation(opcode, b));
        });
    server.setExecutor(executor);
    server.start();
    return backend;
  }

  /** {@code http://127.0.0.1:<port>}. */
  public URI baseUri() {
    InetSocketAddress a = server.getAddress();
    return URI.create("http://" + a.getAddress().getHostAddress() + ":" + a.getPort());
  }

  /** Where the OpenAPI document is served. */
  public URI openApiUri() {
    return baseUri().resolve("/openapi.json");
  }

  /** Where the contract is served. */
  public URI contractUri() {
    return baseUri().resolve("/contract");
  }

  /** The contract served now. */
  Contract contract() {
    return contract;
  }

  /** Serves another contract from now on, as a deploy of the backend would. */
  void serve(Contract next) {
    this.contract = Objects.requireNonNull(next, "contract");
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  /** A response: status and JSON body. */
  record Reply(int status, String body) {
    static Reply ok(JsonNode node) {
      return new Reply(200, node.toString());
    }
  }

  /** A rejected call, answered with its status and a {@code {"error", "message"}} body. */
  static final class Rejected extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;
    final String code;

    Rejected(int status, String code, String message) {
      super(message, null, false, false);
      this.status = status;
      this.code = code;
    }
  }

  @FunctionalInterface
  private interface Handler {
    Reply handle(byte[] body) throws Rejected;
  }

  private void handle(HttpExchange ex, String method, Handler handler) throws IOException {
    Reply reply;
    try (InputStream in = ex.getRequestBody()) {
      byte[] body = in.readNBytes(1 << 20);
      if (!ex.getRequestMethod().equals(method)) {
        throw new Rejected(
            405,
            "method_not_allowed",
            ex.getRequestURI().getPath() + " answers " + method + " only");
      }
      reply = answer(handler, body);
    } catch (Rejected r) {
      reply = rejected(r);
    }
    byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    ex.sendResponseHeaders(reply.status(), bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  /**
   * What {@code POST /apply} answers for this body, without HTTP: the same validation against the
   * served contract, the same store. The MCP server ({@link TaskboardMcpServer}) applies its {@code
   * tools/call}s through it.
   */
  Reply applyBody(byte[] body) {
    return answer(this::apply, body);
  }

  private Reply answer(Handler handler, byte[] body) {
    try {
      synchronized (store) {
        return handler.handle(body);
      }
    } catch (Rejected r) {
      return rejected(r);
    } catch (RuntimeException e) {
      ObjectNode err =
          JSON.createObjectNode().put("error", "internal").put("message", String.valueOf(e));
      return new Reply(500, err.toString());
    }
  }

  private static Reply rejected(Rejected r) {
    ObjectNode err = JSON.createObjectNode().put("error", r.code).put("message", r.getMessage());
    return new Reply(r.status, err.toString());
  }

  /**
   * Applies one op given its arguments as a JSON object, as the MCP server's {@code tools/call} and
   * the OpenAPI operations send them: an object for an operand the backend keeps as text ({@code
   * publish_goal.target}) becomes its JSON text; anything else, a checklist included, goes to
   * {@code POST /apply} as it came.
   */
  Reply applyArguments(String opcode, JsonNode arguments) {
    ObjectNode body = JSON.createObjectNode().put("opcode", opcode);
    ObjectNode args = body.putObject("args");
    if (arguments != null && arguments.isObject()) {
      arguments
          .properties()
          .forEach(
              e ->
                  args.set(
                      e.getKey(),
                      e.getValue().isObject()
                          ? TextNode.valueOf(e.getValue().toString())
                          : e.getValue()));
    } else if (arguments != null && !arguments.isNull() && !arguments.isMissingNode()) {
      body.set("args", arguments);
    }
    return applyBody(body.toString().getBytes(StandardCharsets.UTF_8));
  }

  private Reply applyOperation(String opcode, byte[] body) throws Rejected {
    JsonNode arguments;
    try {
      arguments = body.length == 0 ? null : JSON.readTree(body);
    } catch (IOException e) {
      throw new Rejected(400, "bad_json", "the body is not JSON: send the arguments as an object");
    }
    return applyArguments(opcode, arguments);
  }

  private Reply openApiBody() {
    return Reply.ok(TaskboardOpenApi.document(contract));
  }

  /**
   * {@code GET /contract}: the contract, tagged by its digest, or {@code 304} with no body when the
   * request's {@code If-None-Match} names that tag, so that a polling agent costs a header.
   */
  private void serveContract(HttpExchange ex) throws IOException {
    Contract served = contract;
    EntityTag tag = EntityTag.ofDigest(served.digest());
    if (ex.getRequestMethod().equals("GET")) {
      ex.getResponseHeaders().set("ETag", tag.header());
      if (tag.matchedBy(ex.getRequestHeaders().getFirst("If-None-Match"))) {
        ex.sendResponseHeaders(304, -1);
        ex.close();
        return;
      }
    }
    handle(ex, "GET", ignored -> new Reply(200, ContractSnapshot.write(served)));
  }

  private Reply stateBody(byte[] ignored) {
    return Reply.ok(store.toJson(JSON));
  }

  /** Validates a call against the served contract, then applies it to the store. */
  private Reply apply(byte[] body) throws Rejected {
    JsonNode request;
    try {
      request = JSON.readTree(body);
    } catch (IOException e) {
      throw new Rejected(400, "bad_json", "the body is not JSON: send {\"opcode\", \"args\"}");
    }
    if (request == null || !request.isObject()) {
      throw new Rejected(
          400, "bad_request", "the body must be a JSON object {\"opcode\", \"args\"}");
    }
    String opcode = request.path("opcode").asText("");
    Op op =
        contract
            .op(opcode)
            .orElseThrow(
                () ->
                    new Rejected(
                        400,
                        "unknown_op",
                        "unknown op \""
                            + opcode
                            + "\"; this backend accepts: "
                            + String.join(", ", contract.opcodes())));
    JsonNode argsNode = request.path("args");
    if (!argsNode.isMissingNode() && !argsNode.isNull() && !argsNode.isObject()) {
      throw new Rejected(400, "bad_request", "\"args\" must be a JSON object");
    }
    return Reply.ok(perform(opcode, validate(op, argsNode)));
  }

  /** Checks every argument against the op's operands; answers the first problem. */
  private static Args validate(Op op, JsonNode argsNode) throws Rejected {
    Map<String, List<String>> args = new LinkedHashMap<>();
    Map<String, JsonNode> trees = new LinkedHashMap<>();
    if (argsNode.isObject()) {
      for (Map.Entry<String, JsonNode> f : argsNode.properties()) {
        Operand o =
            op.operand(f.getKey())
                .orElseThrow(
                    () ->
                        new Rejected(
                            400,
                            "unknown_operand",
                            op.opcode()
                                + " has no operand \""
                                + f.getKey()
                                + "\"; it has: "
                                + String.join(", ", op.operandNames())));
        if (TaskboardChecklist.isNested(o)) {
          JsonNode tree = TaskboardChecklist.read(op, o, f.getValue());
          if (tree != null) {
            trees.put(o.name(), tree);
          }
          continue;
        }
        List<String> values = values(op, o, f.getValue());
        if (!values.isEmpty()) {
          args.put(o.name(), values);
        }
      }
    }
    for (Operand o : op.operands()) {
      List<String> values = args.get(o.name());
      if (values == null && trees.containsKey(o.name())) {
        continue;
      }
      if (values == null) {
        if (o.required()) {
          throw new Rejected(400, "missing_operand", op.opcode() + "." + o.name() + " is required");
        }
        continue;
      }
      for (String v : values) {
        checkValue(op, o, v);
      }
    }
    return new Args(args, trees);
  }

  private static List<String> values(Op op, Operand o, JsonNode node) throws Rejected {
    if (node.isNull()) {
      return List.of();
    }
    JsonNode items = node;
    if (o.list() && node.isTextual() && node.asText().trim().startsWith("[")) {
      try {
        items = JSON.readTree(node.asText());
      } catch (JsonProcessingException e) {
        throw new Rejected(
            400, "bad_list", op.opcode() + "." + o.name() + " is not a JSON array of strings");
      }
    }
    List<String> out = new ArrayList<>();
    if (items.isArray()) {
      if (!o.list()) {
        throw new Rejected(400, "not_a_list", op.opcode() + "." + o.name() + " takes one value");
      }
      for (JsonNode e : items) {
        if (!e.isValueNode() || e.isNull()) {
          throw new Rejected(
              400, "bad_list", op.opcode() + "." + o.name() + " takes a list of plain values");
        }
        out.add(e.asText());
      }
    } else if (items.isValueNode()) {
      String v = items.asText();
      if (!v.isBlank()) {
        out.add(v.trim());
      }
    } else {
      throw new Rejected(400, "bad_value", op.opcode() + "." + o.name() + " takes a plain value");
    }
    return out;
  }

  private static void checkValue(Op op, Operand o, String v) throws Rejected {
    String at = op.opcode() + "." + o.name();
    switch (o.type()) {
      case ENUM -> {
        if (!o.enumValues().contains(v)) {
          throw new Rejected(
              400,
              "bad_enum",
              at + ": \"" + v + "\" is not one of " + String.join(", ", o.enumValues()));
        }
      }
      case DATE -> {
        if (parseDate(v) == null) {
          throw new Rejected(400, "bad_date", at + ": \"" + v + "\" is not an ISO-8601 date");
        }
      }
      case NUMBER -> {
        try {
          new BigDecimal(v);
        } catch (NumberFormatException e) {
          throw new Rejected(400, "bad_number", at + ": \"" + v + "\" is not a number");
        }
      }
      default -> {}
    }
  }

  private static LocalDate parseDate(String v) {
    try {
      return LocalDate.parse(v);
    } catch (DateTimeParseException e) {
      try {
        return OffsetDateTime.parse(v).toLocalDate();
      } catch (DateTimeParseException e2) {
        return null;
      }
    }
  }

  /** A validated call's arguments: plain values, and the JSON of nested operands. */
  private record Args(Map<String, List<String>> values, Map<String, JsonNode> trees) {
    JsonNode tree(String name) {
      return trees.get(name);
    }

    String get(String name) {
      List<String> v = values.get(name);
      return v == null || v.isEmpty() ? "" : v.get(0);
    }

    List<String> list(String name) {
      return values.getOrDefault(name, List.of());
    }

    boolean has(String name) {
      return values.containsKey(name) || trees.containsKey(name);
    }
  }

  private JsonNode perform(String opcode, Args a) throws Rejected {
    ObjectNode result = JSON.createObjectNode().put("ok", true);
    switch (opcode) {
      case "get_board" -> {
        return store.toJson(JSON);
      }
      case "create_task" -> {
        if (a.has("project_id")) {
          activeProject(a.get("project_id"));
        }
        TaskboardStore.Task t = store.task(a.get("title"));
        t.projectId = a.get("project_id");
        if (a.has("priority")) {
          t.priority = a.get("priority");
        }
        t.dueDate = a.has("due_date") ? parseDate(a.get("due_date")).toString() : "";
        t.estimateHours = a.has("estimate_hours") ? new BigDecimal(a.get("estimate_hours")) : null;
        t.labels.addAll(a.list("labels"));
        if (a.has("checklist")) {
          t.checklist.addAll(TaskboardChecklist.items(a.tree("checklist")));
        }
        result.put("created", t.id);
      }
      case "set_task_due_date" -> task(a).dueDate = parseDate(a.get("due_date")).toString();
      case "set_task_priority" -> task(a).priority = a.get("priority");
      case "set_task_status" -> task(a).status = a.get("status");
      case "add_to_project" -> {
        TaskboardStore.Task t = task(a);
        t.projectId = activeProject(a.get("project_id")).id;
      }
      case "complete_task" -> task(a).status = "done";
      case "update_task" -> {
        TaskboardStore.Task t = task(a);
        if (a.has("title")) {
          t.title = a.get("title");
        }
        if (a.has("estimate_hours")) {
          t.estimateHours = new BigDecimal(a.get("estimate_hours"));
        }
      }
      case "assign_task" -> task(a).assignee = a.get("assignee");
      case "add_labels" -> task(a).labels.addAll(a.list("labels"));
      case "notify_assignee" -> {
        TaskboardStore.Task t = task(a);
        if (t.assignee.isEmpty()) {
          throw new Rejected(
              409, "unassigned", "task " + t.id + " has no assignee to notify; assign it first");
        }
        store.notifications.add(
            a.get("channel") + " to " + t.assignee + " about " + t.id + ": " + a.get("message"));
      }
      case "publish_goal" -> {
        TaskboardStore.Goal g = store.goals.get(a.get("goal_id"));
        if (g == null) {
          throw unknown("goal", a.get("goal_id"), store.goals.keySet());
        }
        JsonNode target;
        try {
          target = JSON.readTree(a.get("target"));
        } catch (JsonProcessingException e) {
          target = null;
        }
        if (target == null || !target.isObject()) {
          throw new Rejected(
              400, "bad_json", "publish_goal.target must be a JSON object such as {\"metric\": …}");
        }
        g.target = target;
        g.audience = a.get("audience");
      }
      case "archive_project" -> project(a.get("project_id")).state = "archived";
      case "delete_task" -> store.tasks.remove(task(a).id);
      case "create_project" -> result.put("created", store.project(a.get("name")).id);
      default ->
          throw new Rejected(
              501, "not_implemented", "op " + opcode + " is in the contract but not implemented");
    }
    return result;
  }

  private TaskboardStore.Task task(Args a) throws Rejected {
    String id = a.get("task_id");
    TaskboardStore.Task t = store.tasks.get(id);
    if (t == null) {
      throw unknown("task", id, store.tasks.keySet());
    }
    return t;
  }

  private TaskboardStore.Project project(String id) throws Rejected {
    TaskboardStore.Project p = store.projects.get(id);
    if (p == null) {
      throw unknown("project", id, store.projects.keySet());
    }
    return p;
  }

  private TaskboardStore.Project activeProject(String id) throws Rejected {
    TaskboardStore.Project p = project(id);
    if (p.state.equals("archived")) {
      throw new Rejected(409, "archived", "project " + id + " is archived and takes no tasks");
    }
    return p;
  }

  private static Rejected unknown(String kind, String id, Iterable<String> known) {
    return new Rejected(
        404,
        "unknown_" + kind,
        "there is no "
            + kind
            + " \""
            + id
            + "\"; the "
            + kind
            + "s are: "
            + String.join(", ", known));
  }
}
