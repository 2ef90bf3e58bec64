package dev.agentkit.examples;

/**
 * Changes what the embedded backend serves, as a deploy of it would; in the examples' package
 * because {@link TaskboardBackend#serve} and {@link TaskboardContract}'s edits are package-private.
 */
public final class Deploys {
  private Deploys() {}

  /** The backend stops accepting priority {@code urgent}: breaking for TriageAgent. */
  public static void dropUrgentPriority(TaskboardBackend backend) {
    backend.serve(
        TaskboardContract.withoutEnumValue(
            backend.contract(), "set_task_priority", "priority", "urgent"));
  }
}
