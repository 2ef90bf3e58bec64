package dev.agentkit.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentkit.Call;
import dev.agentkit.contract.Operand;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.source.ArgumentJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The agent's view of the task board: the last {@code GET /state} it read, and the way to change
 * the board ({@code POST /apply}). It is the agent's state type: state readers read it, run
 * handlers apply through it. Each successful apply re-reads the state, so readers always see what
 * the backend has. Local triage notes (the agent's own act) are kept here, not in the backend.
 */
public final class Board {
  /** A task as the backend serves it. */
  public record Task(
      String id,
      String title,
      String projectId,
      String status,
      String priority,
      String dueDate,
      String estimateHours,
      String assignee,
      List<String> labels,
      List<ChecklistItem> checklist) {}

  /** One step of a task's checklist, as the backend serves it. */
  public record ChecklistItem(String text, boolean done) {}

  /** A project as the backend serves it. */
  public record Project(String id, String name, String state) {}

  /** A goal as the backend serves it; {@code target} is empty until it is published. */
  public record Goal(String id, String title, String target, String audience) {}

  /** The backend refused a call, with its status and {@code {"error", "message"}} body. */
  public static final class ApplyException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;

    ApplyException(int status, String message) {
      super(message);
      this.status = status;
    }

    /** The HTTP status the backend answered. */
    public int status() {
      return status;
    }
  }

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final URI base;
  private final List<String> notes = new ArrayList<>();
  private volatile Map<String, Task> tasks = Map.of();
  private volatile Map<String, Project> projects = Map.of();
  private volatile Map<String, Goal> goals = Map.of();

  private Board(URI base) {
    this.base = base;
  }

  /** A board reading and changing the backend at {@code base}; reads the state once. */
  public static Board connect(URI base) throws IOException, InterruptedException {
    Board b = new Board(base);
    b.refresh();
    return b;
  }

  /** Reads the backend's state again. */
  public void refresh() throws IOException, InterruptedException {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(base.resolve("/state")).GET().build(),
            HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    if (r.statusCode() != 200) {
      throw new IOException("GET /state answered " + r.statusCode() + ": " + r.body());
    }
    JsonNode root = TaskboardBackend.JSON.readTree(r.body());
    Map<String, Task> ts = new LinkedHashMap<>();
    for (JsonNode t : root.path("tasks")) {
      List<String> labels = new ArrayList<>();
      t.path("labels").forEach(l -> labels.add(l.asText()));
      List<ChecklistItem> checklist = new ArrayList<>();
      t.path("checklist")
          .forEach(
              c ->
                  checklist.add(
                      new ChecklistItem(c.path("text").asText(), c.path("done").asBoolean())));
      JsonNode estimate = t.path("estimate_hours");
      ts.put(
          t.path("id").asText(),
          new Task(
              t.path("id").asText(),
              t.path("title").asText(),
              t.path("project_id").asText(),
              t.path("status").asText(),
              t.path("priority").asText(),
              t.path("due_date").asText(),
              estimate.isNumber() ? estimate.decimalValue().toPlainString() : "",
              t.path("assignee").asText(),
              List.copyOf(labels),
              List.copyOf(checklist)));
    }
    Map<String, Project> ps = new LinkedHashMap<>();
    for (JsonNode p : root.path("projects")) {
      ps.put(
          p.path("id").asText(),
          new Project(p.path("id").asText(), p.path("name").asText(), p.path("state").asText()));
    }
    Map<String, Goal> gs = new LinkedHashMap<>();
    for (JsonNode g : root.path("goals")) {
      JsonNode target = g.path("target");
      gs.put(
          g.path("id").asText(),
          new Goal(
              g.path("id").asText(),
              g.path("title").asText(),
              target.isObject() ? target.toString() : "",
              g.path("audience").asText()));
    }
    tasks = Map.copyOf(ts);
    projects = Map.copyOf(ps);
    goals = Map.copyOf(gs);
  }

  /**
   * Applies a call on the backend ({@code POST /apply}) and re-reads the state. A call bound to its
   * op sends each argument as the JSON its operand's schema says ({@link ArgumentJson}): numbers as
   * numbers, lists as arrays, a checklist as its array of objects; an unbound call sends text.
   *
   * @return the backend's answer, e.g. {@code {"ok":true,"created":"t5"}}
   * @throws ApplyException when the backend refused the call
   */
  public String apply(Call call) throws ApplyException, IOException, InterruptedException {
    ObjectNode body = TaskboardBackend.JSON.createObjectNode().put("opcode", call.opcode());
    ObjectNode args = body.putObject("args");
    for (Map.Entry<String, String> e : new TreeMap<>(call.args()).entrySet()) {
      args.set(e.getKey(), json(call, e.getKey(), e.getValue()));
    }
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(base.resolve("/apply"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build(),
            HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    if (r.statusCode() != 200) {
      JsonNode err = TaskboardBackend.JSON.readTree(r.body());
      throw new ApplyException(
          r.statusCode(),
          r.statusCode() + " " + err.path("error").asText() + ": " + err.path("message").asText());
    }
    refresh();
    return r.body();
  }

  private static JsonNode json(Call call, String name, String text) {
    Optional<Operand> operand = call.isBound() ? call.op().operand(name) : Optional.empty();
    if (operand.isPresent()) {
      try {
        return TaskboardBackend.JSON.valueToTree(ArgumentJson.of(operand.get(), text));
      } catch (ArgumentJson.Unsendable e) {
        // Verify accepted it, so only a text the schema's JSON type cannot hold: send the text.
      }
    }
    return TextNode.valueOf(text);
  }

  /** The task with this id. */
  public Optional<Task> task(String id) {
    return Optional.ofNullable(tasks.get(id));
  }

  /** The project with this id. */
  public Optional<Project> project(String id) {
    return Optional.ofNullable(projects.get(id));
  }

  /** The goal with this id. */
  public Optional<Goal> goal(String id) {
    return Optional.ofNullable(goals.get(id));
  }

  /** Every task, in id order of creation. */
  public List<Task> tasks() {
    return List.copyOf(tasks.values());
  }

  /** Keeps a triage note (the agent's local act); returns how many there are. */
  public synchronized int note(String note) {
    notes.add(note);
    return notes.size();
  }

  /** The triage notes kept so far. */
  public synchronized List<String> notes() {
    return List.copyOf(notes);
  }

  /**
   * Labels objects by what the backend calls them now: a task by its title, a project by its name,
   * a goal by its title. Proposals name their objects through it, never through the model's words.
   */
  public Labeler labeler() {
    return Labeler.of(
        (kind, id) ->
            switch (kind) {
              case "task" -> task(id).map(Task::title).orElse(null);
              case "project" -> project(id).map(Project::name).orElse(null);
              case "goal" -> goal(id).map(Goal::title).orElse(null);
              default -> null;
            });
  }
}
