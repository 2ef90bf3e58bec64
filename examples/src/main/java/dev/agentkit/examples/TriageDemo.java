package dev.agentkit.examples;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.inbox.Accepted;
import dev.agentkit.inbox.AuditEvent;
import dev.agentkit.inbox.InboxAgent;
import dev.agentkit.inbox.InboxException;
import dev.agentkit.inbox.InboxQuery;
import dev.agentkit.inbox.ProposalBatch;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.inbox.ProposeReport;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.Proposals;
import dev.agentkit.proposal.QuestionTokens;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.HttpContractSource;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolSchemas;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The demo's steps, printing a transcript: start the backend, bind the agent live, guard and gate a
 * model's program, apply the auto half, propose the rest, run again through the no-op filter, then
 * watch startup re-verification refuse a drifted backend, and a live agent withhold an act whose
 * tier the backend raised while it ran. {@link Main} runs it on stdout; the end-to-end test runs it
 * on a buffer.
 */
final class TriageDemo {
  /** One tool call as a model emits it: the tool's name and its arguments as JSON text. */
  record ToolCall(String tool, String json) {
    @Override
    public String toString() {
      return tool + " " + json;
    }
  }

  /** The model's first program; calls 2, 3 and 7 carry mistakes models make. */
  static final List<ToolCall> PROGRAM =
      List.of(
          new ToolCall("set_task_due_date", "{\"task_id\": \"t1\", \"due_date\": \"2026-04-03\"}"),
          new ToolCall("set_task_priority", "{\"task_id\": \"t2\", \"priority\": \"critical\"}"),
          new ToolCall(
              "add_to_project",
              "{\"task_id\": \"t3\", \"project_id\": \"p1\", \"position\": \"top\"}"),
          new ToolCall("assign_task", "{\"task_id\": \"t3\", \"assignee\": \"maya\"}"),
          new ToolCall(
              "update_task",
              "{\"task_id\": \"t2\", \"title\": \"Fix checkout crash on Safari\", \"estimate_hours\": 3}"),
          new ToolCall("add_labels", "{\"task_id\": \"t2\", \"labels\": [\"safari\", \"p0\"]}"),
          new ToolCall(
              "create_task",
              "{\"title\": \"Write a Safari regression test\", \"project_id\": \"p1\","
                  + " \"priority\": \"high\", \"due_date\": \"2026-04-01\", \"labels\": [\"qa\"],"
                  + " \"checklist\": [{\"step\": \"Reproduce the crash on Safari 17\"},"
                  + " {\"text\": \"Run the checkout suite\", \"done\": true}]}"),
          new ToolCall("complete_task", "{\"task_id\": \"t4\"}"),
          new ToolCall(
              "leave_triage_note",
              "{\"task_id\": \"t2\", \"note\": \"Crash only on Safari 17.\", \"tone\": \"warning\"}"),
          new ToolCall(
              "notify_assignee",
              "{\"task_id\": \"t2\", \"message\": \"The checkout crash is urgent now.\","
                  + " \"channel\": \"chat\"}"),
          new ToolCall(
              "publish_goal",
              "{\"goal_id\": \"g1\", \"target\": {\"metric\": \"pages_live\", \"value\": 40},"
                  + " \"audience\": \"company\"}"),
          new ToolCall(
              "archive_project",
              "{\"project_id\": \"p2\", \"reason\": \"replaced by the relaunch\"}"));

  /** What the model sends after reading the corrections, by position in {@link #PROGRAM}. */
  static final Map<Integer, ToolCall> CORRECTED =
      Map.of(
          1, new ToolCall("set_task_priority", "{\"task_id\": \"t2\", \"priority\": \"urgent\"}"),
          2, new ToolCall("add_to_project", "{\"task_id\": \"t3\", \"project_id\": \"p1\"}"),
          6,
              new ToolCall(
                  "create_task",
                  "{\"title\": \"Write a Safari regression test\", \"project_id\": \"p1\","
                      + " \"priority\": \"high\", \"due_date\": \"2026-04-01\","
                      + " \"labels\": [\"qa\"], \"checklist\": [{\"text\": \"Reproduce the crash"
                      + " on Safari 17\"}, {\"text\": \"Run the checkout suite\", \"done\": true}]}"));

  /** The model's next pass over the board: it repeats some of what it already asked for. */
  static final List<ToolCall> SECOND_PROGRAM =
      List.of(PROGRAM.get(0), CORRECTED.get(1), PROGRAM.get(9), PROGRAM.get(11));

  private final PrintStream out;

  TriageDemo(PrintStream out) {
    this.out = out;
  }

  void run() throws Exception {
    heading("1. Start the task-board backend (in-process HTTP server, loopback, ephemeral port)");
    try (TaskboardBackend backend = TaskboardBackend.start()) {
      out.println("backend at " + backend.baseUri() + " (GET /contract, GET /state, POST /apply)");
      HttpContractSource source =
          HttpContractSource.builder(backend.contractUri())
              .contractName(TriageAgent_Wiring.CONTRACT)
              .build();
      TriageAgent agent = new TriageAgent();

      heading("2. Bind TriageAgent to the live contract (startup re-verification)");
      out.println("compiled against " + TriageAgent_Wiring.CONTRACT_DIGEST);
      BoundAgent<Board> bound = TriageAgent_Wiring.bind(agent, source);
      out.println(bound);
      ActionSet<Board> acts = bound.acts();
      out.println(
          "tools offered to the model (from the live contract): "
              + ToolSchemas.declarations(acts).size()
              + " — "
              + String.join(", ", acts.opcodes()));

      Board board = Board.connect(backend.baseUri());
      Labeler labels = board.labeler();

      heading("3. The model's program (tool calls as it wrote them)");
      for (int i = 0; i < PROGRAM.size(); i++) {
        out.println("  " + (i + 1) + ". " + PROGRAM.get(i));
      }

      heading("4. Output guard (ToolCallGuard): check every call before anything runs");
      ToolCallGuard guard = ToolCallGuard.of(acts);
      List<Call> program = guarded(guard);
      out.println("  all " + program.size() + " calls accepted");

      heading("5. Gate (ActionSet.gate, agent ceiling auto)");
      Plan plan = acts.gate(program, AutonomyRung.AUTO);
      out.println("  apply now: " + opcodes(plan.apply()));
      out.println("  propose:   " + opcodes(plan.propose()));

      heading("6. Apply the auto half against the backend (run handlers -> POST /apply)");
      applyAuto(acts, board, plan);
      out.println("  triage notes kept locally: " + board.notes());

      heading("7. Propose the withheld half (questions name objects by labels from GET /state)");
      List<Proposal> proposals = propose(acts, labels, plan.propose());
      print(proposals, labels);

      heading("8. A person accepts the archive proposal; the backend applies it");
      Proposal archive = proposals.get(proposals.size() - 1);
      out.println("  " + archive.askKey() + " -> " + board.apply(archive.ops().get(0).call()));

      heading("9. Run the agent again: the no-op filter drops asks that would change nothing");
      runAgain(acts, board, labels, guard);

      heading("10. The proposal inbox (agentkit-proposals-jdbc, H2 in file mode)");
      inbox(backend, source, agent, acts, board, labels, plan.propose());

      heading(
          "11. The backend changes its contract: enum value \"urgent\" of set_task_priority.priority is removed");
      backend.serve(
          TaskboardContract.withoutEnumValue(
              backend.contract(), "set_task_priority", "priority", "urgent"));
      try {
        TriageAgent_Wiring.bind(agent, source);
        out.println("  bound (unexpected)");
      } catch (DriftException e) {
        out.println("  startup re-verification refused to bind:");
        out.println(indent(e.getMessage(), "  "));
      }
      runLive(backend, source, agent, board);
    }
    heading("Backend stopped.");
  }

  /**
   * Step 12: a live agent, bound once; the backend raises a tier while it runs, and the next
   * program's act is withheld, not applied.
   */
  private void runLive(
      TaskboardBackend backend, HttpContractSource source, TriageAgent agent, Board board)
      throws Exception {
    heading(
        "12. Run live: the backend raises set_task_due_date to irreversible while the agent runs");
    backend.serve(TaskboardContract.initial());
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMillis(50))
            .maxStaleness(Duration.ofMinutes(5))
            .build();
    LiveAgent<Board> live =
        TriageAgent_Wiring.live(agent, cache, DriftPolicy.failOnBreaking())
            .listen(e -> out.println("  event " + e.kind() + ", now " + e.state()));
    out.println("  " + live);
    backend.serve(
        TaskboardContract.withOp(
            TaskboardContract.initial(),
            "set_task_due_date",
            op -> op.toBuilder().tier(Tier.IRREVERSIBLE).build()));
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (live.state() == LiveAgent.State.BOUND && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    Call due = Call.of("set_task_due_date", Map.of("task_id", "t1", "due_date", "2026-04-05"));
    Plan plan = live.gate(List.of(due), AutonomyRung.AUTO);
    out.println("  apply now: " + (plan.apply().isEmpty() ? "(nothing)" : opcodes(plan.apply())));
    out.println("  propose:   " + opcodes(plan.propose()));
    try {
      live.run(board, due);
      out.println("  ran (unexpected)");
    } catch (AgentPausedException e) {
      out.println("  run refused:");
      out.println(indent(e.getMessage(), "  "));
    }
  }

  /** Step 4: every call through the guard; a rejected one is corrected as the model would. */
  private List<Call> guarded(ToolCallGuard guard) {
    List<Call> program = new ArrayList<>();
    for (int i = 0; i < PROGRAM.size(); i++) {
      GuardResult result = guard.check(PROGRAM.get(i).tool(), PROGRAM.get(i).json());
      if (result instanceof GuardResult.Accepted accepted) {
        program.add(accepted.call());
        continue;
      }
      GuardResult.Correction correction = (GuardResult.Correction) result;
      out.println("  call " + (i + 1) + " rejected; correction sent back to the model:");
      out.println(indent(correction.message(), "      "));
      ToolCall retry = CORRECTED.get(i);
      out.println("    the model answers: " + retry);
      GuardResult again = guard.check(retry.tool(), retry.json());
      out.println("    " + (again.accepted() ? "accepted" : "still rejected"));
      program.add(((GuardResult.Accepted) again).call());
    }
    return program;
  }

  /** Step 9: a second program, gated and applied; asks that would change nothing are dropped. */
  private void runAgain(ActionSet<Board> acts, Board board, Labeler labels, ToolCallGuard guard)
      throws Exception {
    for (ToolCall c : SECOND_PROGRAM) {
      out.println("  " + c);
    }
    List<Call> second = new ArrayList<>();
    for (ToolCall c : SECOND_PROGRAM) {
      second.add(((GuardResult.Accepted) guard.check(c.tool(), c.json())).call());
    }
    Plan plan2 = acts.gate(second, AutonomyRung.AUTO);
    applyAuto(acts, board, plan2);
    List<Proposal> asked = propose(acts, labels, plan2.propose());
    List<Proposal> kept = Proposals.dropNoOps(acts, board, asked);
    for (Proposal p : asked) {
      if (!kept.contains(p)) {
        out.println(
            "  dropped "
                + p.askKey()
                + ": \""
                + QuestionTokens.render(p.question(), labels)
                + "\" would change nothing");
      }
    }
    out.println("  still asked:");
    print(kept, labels);
  }

  /**
   * Step 10: the withheld half in the inbox. Two runs propose the same asks and leave one row each;
   * a person accepts one by key and the backend applies it; a contract change between propose and
   * accept refuses the other with the verify sentence.
   */
  private void inbox(
      TaskboardBackend backend,
      HttpContractSource source,
      TriageAgent agent,
      ActionSet<Board> acts,
      Board board,
      Labeler labels,
      List<Call> withheld)
      throws Exception {
    JdbcDataSource db = new JdbcDataSource();
    db.setURL("jdbc:h2:file:" + Files.createTempDirectory("agentkit-demo-inbox").resolve("inbox"));
    ProposalInbox inbox =
        ProposalInbox.builder(db)
            .agent(
                InboxAgent.live(
                    "triage",
                    () -> TriageAgent_Wiring.bind(agent, source, DriftPolicy.warnOnly()).acts(),
                    board::apply))
            .build();
    for (String run : List.of("first run: ", "second run:")) {
      ProposeReport r =
          inbox.propose(ProposalBatch.of(acts, board, propose(acts, labels, withheld)));
      out.println("  " + run + " " + r.byKey() + "; dropped as no-ops: " + r.droppedNoOps());
    }
    out.println(
        "  pending rows: "
            + inbox.pending(InboxQuery.pending()).entries().size()
            + " (one per key)");
    Accepted goal = inbox.accept("triage:goal:g1:publish_goal", "maya", Map.of());
    out.println("  maya accepts triage:goal:g1:publish_goal -> " + goal.entry().outcome());
    Contract before = backend.contract();
    backend.serve(TaskboardContract.withoutEnumValue(before, "notify_assignee", "channel", "chat"));
    out.println("  the backend drops channel \"chat\" of notify_assignee; maya accepts the other:");
    try {
      inbox.accept("triage:task:t2:notify_assignee", "maya", Map.of());
      out.println("  accepted (unexpected)");
    } catch (InboxException e) {
      out.println(indent(e.getMessage(), "  "));
    } finally {
      backend.serve(before);
    }
    out.println(
        "  still "
            + inbox.get("triage:task:t2:notify_assignee").orElseThrow().state().wireName()
            + "; trail: "
            + inbox.history("triage:task:t2:notify_assignee").stream()
                .map(AuditEvent::action)
                .toList());
  }

  private void applyAuto(ActionSet<Board> acts, Board board, Plan plan) throws Exception {
    for (Call call : plan.apply()) {
      String what = call.opcode() + " " + describe(call);
      if (!acts.willChange(board, call)) {
        out.println("  skip  " + what + " — would change nothing");
        continue;
      }
      Outcome outcome = acts.run(board, call);
      out.println("  done  " + what + outcome.value().map(v -> " → " + v).orElse(""));
    }
  }

  private static List<Proposal> propose(ActionSet<Board> acts, Labeler labels, List<Call> calls) {
    List<Proposal> out = new ArrayList<>();
    for (Call call : calls) {
      String kind = call.op().objectType();
      out.add(
          Proposal.builder("triage")
              .labeler(labels)
              .anchor(kind, call.arg(kind + "_id"))
              .question(acts.ask(call))
              .op(acts, call)
              .build());
    }
    return out;
  }

  private void print(List<Proposal> proposals, Labeler labels) {
    for (Proposal p : proposals) {
      out.println(
          "  [" + p.askKey() + "] " + p.archetype().name().toLowerCase(java.util.Locale.ROOT));
      out.println("    tokenized: " + p.question());
      out.println("    shown:     " + QuestionTokens.render(p.question(), labels));
    }
  }

  private static String describe(Call call) {
    return call.args().entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> e.getKey() + "=" + e.getValue())
        .reduce((a, b) -> a + ", " + b)
        .orElse("");
  }

  private static String opcodes(List<Call> calls) {
    List<String> names = new ArrayList<>();
    calls.forEach(c -> names.add(c.opcode()));
    return String.join(", ", names);
  }

  private static String indent(String text, String prefix) {
    return prefix + text.replace("\n", "\n" + prefix);
  }

  private void heading(String title) {
    out.println();
    out.println("== " + title);
  }
}
