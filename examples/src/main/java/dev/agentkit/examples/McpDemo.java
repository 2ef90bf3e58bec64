package dev.agentkit.examples;

import dev.agentkit.ActionSet;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.examples.TriageDemo.ToolCall;
import dev.agentkit.mcp.McpActions;
import dev.agentkit.mcp.McpContractSource;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.QuestionTokens;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The demo's MCP mode ({@code -Dagentkit.demo=mcp}): the same backend served as an MCP server, and
 * {@link McpTriageAgent} bound to it. Startup re-verifies the live {@code tools/list} against the
 * snapshot the agent was compiled against; the guard corrects a bad call; the gate runs the
 * reversible acts through {@code tools/call} and withholds the rest as proposals; a person accepts
 * one, which runs through {@code tools/call} too; a call the backend refuses fails with its text.
 */
final class McpDemo {
  /** The model's program; call 1 carries a fabricated enum value, call 4 a task that is not. */
  static final List<ToolCall> PROGRAM =
      List.of(
          new ToolCall("set_task_priority", "{\"task_id\": \"t2\", \"priority\": \"critical\"}"),
          new ToolCall("assign_task", "{\"task_id\": \"t3\", \"assignee\": \"maya\"}"),
          new ToolCall("add_labels", "{\"task_id\": \"t2\", \"labels\": [\"safari\", \"p0\"]}"),
          new ToolCall("add_labels", "{\"task_id\": \"t9\", \"labels\": [\"qa\"]}"),
          new ToolCall(
              "notify_assignee",
              "{\"task_id\": \"t3\", \"message\": \"The privacy policy is yours now.\","
                  + " \"channel\": \"chat\"}"),
          new ToolCall(
              "archive_project",
              "{\"project_id\": \"p2\", \"reason\": \"replaced by the relaunch\"}"));

  /** What the model sends after reading the correction of call 1. */
  static final ToolCall CORRECTED =
      new ToolCall("set_task_priority", "{\"task_id\": \"t2\", \"priority\": \"urgent\"}");

  private final PrintStream out;

  McpDemo(PrintStream out) {
    this.out = out;
  }

  void run() throws Exception {
    heading("1. Start the task-board backend and serve it as an MCP server too (loopback)");
    try (TaskboardBackend backend = TaskboardBackend.start();
        TaskboardMcpServer server = TaskboardMcpServer.start(backend);
        McpContractSource source =
            McpContractSource.http(server.url())
                .contractName(McpTriageAgent_Wiring.CONTRACT)
                .build()) {
      out.println("backend at " + backend.baseUri() + " (GET /state)");
      out.println("MCP server at " + server.url() + " (Streamable HTTP: tools/list, tools/call)");
      McpActions mcp = McpActions.builder(source).timeout(Duration.ofSeconds(30)).build();

      heading("2. Bind McpTriageAgent to the live MCP server (startup re-verification)");
      out.println("compiled against " + McpTriageAgent_Wiring.CONTRACT_DIGEST);
      BoundAgent<Board> bound = McpTriageAgent_Wiring.bind(new McpTriageAgent(mcp), source);
      out.println(bound);
      ActionSet<Board> acts = bound.acts();
      out.println("tiers read from the tools' annotations:");
      for (String opcode : acts.opcodes()) {
        out.println("  " + opcode + ": " + acts.op(opcode).orElseThrow().tier().wireName());
      }
      Board board = Board.connect(backend.baseUri());

      heading("3. The model's program (tool calls as it wrote them)");
      for (int i = 0; i < PROGRAM.size(); i++) {
        out.println("  " + (i + 1) + ". " + PROGRAM.get(i));
      }

      heading("4. Output guard (ToolCallGuard) against the live tools");
      List<Call> program = guarded(ToolCallGuard.of(acts));

      heading("5. Gate (ActionSet.gate, agent ceiling auto)");
      Plan plan = acts.gate(program, AutonomyRung.AUTO);
      out.println("  apply now: " + opcodes(plan.apply()));
      out.println("  propose:   " + opcodes(plan.propose()));

      heading("6. Apply the auto half through MCP (run handlers -> McpActions -> tools/call)");
      for (Call call : plan.apply()) {
        apply(acts, board, call);
      }
      printBoard(board);

      heading("7. Propose the withheld half (nothing ran on the board)");
      Labeler labels = board.labeler();
      List<Proposal> proposals = propose(acts, labels, plan.propose());
      printBoard(board);

      heading("8. A person accepts the archive proposal; it runs through tools/call");
      Proposal archive = proposals.get(proposals.size() - 1);
      Call accepted = acts.verified(archive.ops().get(0).call());
      out.println("  " + archive.askKey() + " -> " + mcp.run(accepted));
      board.refresh();
      printBoard(board);
    }
    heading("MCP server and backend stopped.");
  }

  /** Step 4: every call through the guard; the rejected one is corrected as the model would. */
  private List<Call> guarded(ToolCallGuard guard) {
    List<Call> program = new ArrayList<>();
    for (int i = 0; i < PROGRAM.size(); i++) {
      GuardResult result = guard.check(PROGRAM.get(i).tool(), PROGRAM.get(i).json());
      if (result instanceof GuardResult.Accepted accepted) {
        program.add(accepted.call());
        continue;
      }
      out.println("  call " + (i + 1) + " rejected; correction sent back to the model:");
      out.println("      " + ((GuardResult.Correction) result).message().replace("\n", "\n      "));
      out.println("    the model answers: " + CORRECTED);
      GuardResult again = guard.check(CORRECTED.tool(), CORRECTED.json());
      out.println("    " + (again.accepted() ? "accepted" : "still rejected"));
      program.add(((GuardResult.Accepted) again).call());
    }
    out.println("  all " + program.size() + " calls accepted");
    return program;
  }

  private void apply(ActionSet<Board> acts, Board board, Call call) throws Exception {
    String what = call.opcode() + " " + describe(call);
    if (!acts.willChange(board, call)) {
      out.println("  skip  " + what + " — would change nothing");
      return;
    }
    Outcome outcome = acts.run(board, call);
    out.println(
        outcome.done()
            ? "  done  " + what + outcome.value().map(v -> " → " + v).orElse("")
            : "  fail  " + what + " — the model reads: " + outcome.failure());
  }

  private List<Proposal> propose(ActionSet<Board> acts, Labeler labels, List<Call> calls) {
    List<Proposal> proposals = new ArrayList<>();
    for (Call call : calls) {
      String kind = call.op().objectType();
      Proposal p =
          Proposal.builder("mcp-triage")
              .labeler(labels)
              .anchor(kind, call.arg(kind + "_id"))
              .question(acts.ask(call))
              .op(acts, call)
              .build();
      proposals.add(p);
      out.println("  [" + p.askKey() + "]");
      out.println("    shown: " + QuestionTokens.render(p.question(), labels));
    }
    return proposals;
  }

  /** What the board says now ({@code GET /state}), about the objects the program touched. */
  private void printBoard(Board board) {
    Board.Task t2 = board.task("t2").orElseThrow();
    Board.Task t3 = board.task("t3").orElseThrow();
    out.println(
        "  board: t2 priority "
            + t2.priority()
            + ", labels "
            + t2.labels()
            + "; t3 assignee "
            + (t3.assignee().isEmpty() ? "(none)" : t3.assignee())
            + "; project p2 "
            + board.project("p2").orElseThrow().state());
  }

  private static String describe(Call call) {
    return call.args().entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> e.getKey() + "=" + e.getValue())
        .reduce((a, b) -> a + ", " + b)
        .orElse("");
  }

  private static String opcodes(List<Call> calls) {
    return String.join(", ", calls.stream().map(Call::opcode).toList());
  }

  private void heading(String title) {
    out.println();
    out.println("== " + title);
  }
}
