package it;

import java.util.HashMap;
import java.util.Map;

/** The task board as the agents see it: each task's due date. */
public final class Board {
  final Map<String, String> dueDates = new HashMap<>();

  String dueDate(String taskId) {
    return dueDates.getOrDefault(taskId, "");
  }
}
