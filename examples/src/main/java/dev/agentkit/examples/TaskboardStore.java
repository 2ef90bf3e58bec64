package dev.agentkit.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The task board's data: tasks, projects, goals and the notifications sent. The backend's own
 * store, changed only by {@link TaskboardBackend}'s {@code POST /apply} after the request was
 * validated. Not thread-safe on its own; the backend serialises access.
 */
final class TaskboardStore {
  /** A task. Mutable: the store is the backend's private state. */
  static final class Task {
    final String id;
    String title;
    String projectId = "";
    String status = "todo";
    String priority = "normal";
    String dueDate = "";
    BigDecimal estimateHours;
    String assignee = "";
    final LinkedHashSet<String> labels = new LinkedHashSet<>();
    final List<ChecklistItem> checklist = new ArrayList<>();

    Task(String id, String title) {
      this.id = id;
      this.title = title;
    }
  }

  /** One step of a task's checklist. */
  record ChecklistItem(String text, boolean done) {}

  /** A project: active or archived. */
  static final class Project {
    final String id;
    final String name;
    String state = "active";

    Project(String id, String name) {
      this.id = id;
      this.name = name;
    }
  }

  /** A goal, with its published target and audience once published. */
  static final class Goal {
    final String id;
    final String title;
    JsonNode target;
    String audience = "";

    Goal(String id, String title) {
      this.id = id;
      this.title = title;
    }
  }

  final Map<String, Task> tasks = new LinkedHashMap<>();
  final Map<String, Project> projects = new LinkedHashMap<>();
  final Map<String, Goal> goals = new LinkedHashMap<>();
  final List<String> notifications = new ArrayList<>();
  private int nextTask;
  private int nextProject;

  /** The board the demo starts from. */
  static TaskboardStore seeded() {
    TaskboardStore s = new TaskboardStore();
    s.project("Website relaunch");
    s.project("Legacy site");
    s.project("Mobile app");
    Task t1 = s.task("Write launch announcement");
    t1.projectId = "p1";
    t1.dueDate = "2026-03-27";
    t1.assignee = "dana";
    Task t2 = s.task("Fix checkout crash");
    t2.projectId = "p1";
    t2.status = "doing";
    t2.priority = "high";
    t2.assignee = "lee";
    t2.labels.add("billing");
    Task t3 = s.task("Update privacy policy");
    t3.priority = "low";
    Task t4 = s.task("Migrate old blog posts");
    t4.projectId = "p2";
    t4.status = "done";
    t4.assignee = "lee";
    s.goals.put("g1", new Goal("g1", "Relaunch the website by April"));
    return s;
  }

  Task task(String title) {
    String id = "t" + ++nextTask;
    Task t = new Task(id, title);
    tasks.put(id, t);
    return t;
  }

  Project project(String name) {
    String id = "p" + ++nextProject;
    Project p = new Project(id, name);
    projects.put(id, p);
    return p;
  }

  /** The whole board as {@code GET /state} serves it. */
  ObjectNode toJson(ObjectMapper json) {
    ObjectNode root = json.createObjectNode();
    ArrayNode ts = root.putArray("tasks");
    for (Task t : tasks.values()) {
      ObjectNode n = ts.addObject();
      n.put("id", t.id);
      n.put("title", t.title);
      n.put("project_id", t.projectId);
      n.put("status", t.status);
      n.put("priority", t.priority);
      n.put("due_date", t.dueDate);
      if (t.estimateHours == null) {
        n.putNull("estimate_hours");
      } else {
        n.put("estimate_hours", t.estimateHours);
      }
      n.put("assignee", t.assignee);
      ArrayNode ls = n.putArray("labels");
      t.labels.forEach(ls::add);
      ArrayNode cs = n.putArray("checklist");
      t.checklist.forEach(c -> cs.addObject().put("text", c.text()).put("done", c.done()));
    }
    ArrayNode ps = root.putArray("projects");
    for (Project p : projects.values()) {
      ps.addObject().put("id", p.id).put("name", p.name).put("state", p.state);
    }
    ArrayNode gs = root.putArray("goals");
    for (Goal g : goals.values()) {
      ObjectNode n = gs.addObject().put("id", g.id).put("title", g.title);
      n.set("target", g.target == null ? json.nullNode() : g.target);
      n.put("audience", g.audience);
    }
    ArrayNode ns = root.putArray("notifications");
    notifications.forEach(ns::add);
    return root;
  }
}
