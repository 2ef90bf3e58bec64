package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs the demo end to end against the real backend and checks the transcript's key lines. */
class TriageDemoTest {
  /**
   * Each demo in a JVM of its own, as {@code java -cp … Main <mode>}: it exits by itself (no thread
   * of a library it started keeps the JVM alive, which would hang {@code exec:java}) and prints
   * nothing to stderr: no library's routine INFO lines (Flyway migrating the inbox) or SLF4J's
   * notice that it has no provider interleave with the transcript.
   */
  @ParameterizedTest
  @ValueSource(strings = {"http", "mcp"})
  void theDemoExitsByItselfAndPrintsNoLibraryLogLines(String mode) throws Exception {
    Path err = Files.createTempFile("demo", ".err");
    Process demo =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                mode)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(err.toFile())
            .start();
    boolean exited = demo.waitFor(120, TimeUnit.SECONDS);
    demo.destroyForcibly();
    assertThat(exited).as("the %s demo's JVM exited by itself", mode).isTrue();
    assertThat(demo.exitValue()).isZero();
    assertThat(Files.readString(err)).isEmpty();
    Files.delete(err);
  }

  @Test
  void transcriptShowsEveryStepInOrder() throws Exception {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
      new TriageDemo(out).run();
    }
    String transcript =
        buffer
            .toString(StandardCharsets.UTF_8)
            .replaceAll("127\\.0\\.0\\.1:\\d+", "127.0.0.1:PORT");

    assertThat(transcript)
        .containsSubsequence(
            "backend at http://127.0.0.1:PORT (GET /contract, GET /state, POST /apply)",
            "compiled against " + TriageAgent_Wiring.CONTRACT_DIGEST,
            "bound TriageAgent: 12 acts; no contract drift",
            // the guard's corrections, in the words the model reads
            "  call 2 rejected; correction sent back to the model:\n"
                + "      [EnumValue] set_task_priority.priority: \"critical\" is not one of the"
                + " allowed values: high, low, normal, urgent\n"
                + "    the model answers: set_task_priority {\"task_id\": \"t2\", \"priority\":"
                + " \"urgent\"}\n"
                + "    accepted",
            "  call 3 rejected; correction sent back to the model:\n"
                + "      [UnknownOperand] add_to_project has no operand \"position\"; its operands"
                + " are: project_id, task_id",
            // a nested operand of the wrong shape: every problem, each naming its place
            "  call 7 rejected; correction sent back to the model:\n"
                + "      [RequiredMissing] create_task.checklist[0].text is required: give it a"
                + " string\n"
                + "      [UnknownProperty] create_task.checklist[0] has no property \"step\"; its"
                + " properties are: done, text\n"
                + "    the model answers: create_task {",
            "    accepted",
            "  all 12 calls accepted",
            // the gate
            "  apply now: set_task_due_date, set_task_priority, add_to_project, assign_task,"
                + " update_task, add_labels, create_task, complete_task, leave_triage_note",
            "  propose:   notify_assignee, publish_goal, archive_project",
            // the auto half, applied on the backend
            "  done  set_task_due_date due_date=2026-04-03, task_id=t1",
            // the checklist reached the backend as JSON, and the typed view read its records
            "  done  create_task checklist=[{\"text\":\"Reproduce the crash on Safari 17\"},"
                + "{\"text\":\"Run the checkout suite\",\"done\":true}], due_date=2026-04-01,",
            " → CreatedTask[taskId=t5, steps=[Reproduce the crash on Safari 17, Run the checkout"
                + " suite (done)]]",
            "  skip  complete_task task_id=t4 — would change nothing",
            "  triage notes kept locally: [[warning] t2: Crash only on Safari 17.]",
            // proposals named by live labels
            "  [triage:task:t2:notify_assignee] draft",
            "    shown:     Send the assignee of Fix checkout crash on Safari a chat message:",
            "  [triage:goal:g1:publish_goal] draft",
            "    shown:     Publish the new target of Relaunch the website by April to the company?",
            "  [triage:project:p2:archive_project] draft\n"
                + "    tokenized: Archive {{project:p2|Legacy site}} (replaced by the relaunch)? It"
                + " cannot be undone.\n"
                + "    shown:     Archive Legacy site (replaced by the relaunch)? It cannot be"
                + " undone.",
            "  triage:project:p2:archive_project -> {\"ok\":true}",
            // the second run and the no-op filter
            "  skip  set_task_due_date due_date=2026-04-03, task_id=t1 — would change nothing",
            "  dropped triage:project:p2:archive_project: \"Archive Legacy site (replaced by the"
                + " relaunch)? It cannot be undone.\" would change nothing",
            "  still asked:\n  [triage:task:t2:notify_assignee] draft",
            // drift at startup
            "  startup re-verification refused to bind:\n"
                + "  [DriftBreaking] TriageAgent cannot bind to the live taskboard contract: 1"
                + " breaking change since the snapshot it was compiled against\n"
                + "    - enum-value-removed: the backend removed enum value \"urgent\" of"
                + " set_task_priority.priority, which TriageAgent uses; calls with it are now"
                + " rejected",
            // a live agent: the tier raised while it runs, the next program's act withheld
            "== 12. Run live: the backend raises set_task_due_date to irreversible while the agent"
                + " runs",
            "  live TriageAgent: BOUND on cached http://127.0.0.1:PORT/contract",
            "  event PAUSED, now PAUSED_ON_DRIFT",
            "  apply now: (nothing)\n  propose:   set_task_due_date",
            "  run refused:\n"
                + "  [AgentPaused] set_task_due_date was not run: TriageAgent is paused on a live"
                + " contract it cannot act on; it proposes every call until a contract binds"
                + " again or the drift policy acknowledges the change:\n"
                + "  [DriftBreaking] TriageAgent cannot bind to the live taskboard contract: 1"
                + " breaking change since the snapshot it was compiled against\n"
                + "    - tier-raised: the backend raised the tier of set_task_due_date from"
                + " reversible to irreversible, which TriageAgent uses; its run handler can never"
                + " run now, so the act must be asked instead",
            "== Backend stopped.");
    // the inbox: one row per ask key across runs, an accept by key, a drifted accept refused
    assertThat(transcript)
        .containsSubsequence(
            "== 10. The proposal inbox (agentkit-proposals-jdbc, H2 in file mode)",
            "  first run:  {triage:goal:g1:publish_goal=ADDED,"
                + " triage:task:t2:notify_assignee=ADDED}; dropped as no-ops: 1",
            "  second run: {triage:goal:g1:publish_goal=REFRESHED,"
                + " triage:task:t2:notify_assignee=REFRESHED}; dropped as no-ops: 1",
            "  pending rows: 2 (one per key)",
            "  maya accepts triage:goal:g1:publish_goal -> op 0 (publish_goal) done:"
                + " {\"ok\":true}",
            "  [InboxDrift] the proposal \"triage:task:t2:notify_assignee\" was not accepted: an"
                + " op no longer verifies against the live contract, so nothing ran and it stays"
                + " pending",
            "    - [EnumValue] notify_assignee.channel: \"chat\" is not one of the allowed values:"
                + " email",
            "  still pending; trail: [proposed, refused]",
            "== 11. The backend changes its contract");
    assertThat(transcript).doesNotContain("Exception", "unexpected", "still rejected");
    assertThat(transcript).containsOnlyOnce("  event ");
  }
}
