package dev.agentkit.spring;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The test agent's state: task priorities and project states, in memory. */
public final class Desk {
  private final Map<String, String> priorities = new ConcurrentHashMap<>();
  private final Map<String, String> projects = new ConcurrentHashMap<>();

  /** A desk with task t1 at normal priority and project p1 active. */
  public static Desk sample() {
    Desk d = new Desk();
    d.priorities.put("t1", "normal");
    d.projects.put("p1", "active");
    return d;
  }

  String priority(String task) {
    return priorities.getOrDefault(task, "");
  }

  void setPriority(String task, String priority) {
    priorities.put(task, priority);
  }

  String projectState(String project) {
    return projects.getOrDefault(project, "");
  }

  /** Archives a project: what an accepted archive_project does to the backend. */
  void archive(String project) {
    projects.put(project, "archived");
  }

  /** A proposal's name for a project this desk has; empty for anything else. */
  Optional<String> label(String kind, String id) {
    return kind.equals("project") && projects.containsKey(id)
        ? Optional.of("project " + id)
        : Optional.empty();
  }
}
