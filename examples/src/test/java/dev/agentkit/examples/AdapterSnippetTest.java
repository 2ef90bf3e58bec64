package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.langchain4j.AgentkitTools;
import dev.agentkit.langchain4j.ToolCallResult;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.source.HttpContractSource;
import dev.agentkit.testing.BaseDir;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The tools snippet of {@code docs/adapters.md} runs as written against the task-board backend, for
 * withheld ops whose object is a task, a goal and a project; and the snippet here is the page's.
 */
class AdapterSnippetTest {
  private static final String START = "// adapters.md: start";
  private static final String END = "// adapters.md: end";

  @Test
  void theSnippetProposesEveryWithheldOpOnItsOwnObject() throws Exception {
    try (TaskboardBackend backend = TaskboardBackend.start()) {
      HttpContractSource source =
          HttpContractSource.builder(backend.contractUri())
              .contractName(TriageAgent_Wiring.CONTRACT)
              .build();
      ActionSet<Board> acts = TriageAgent_Wiring.bind(new TriageAgent(), source).acts();
      Board board = Board.connect(backend.baseUri());
      List<Proposal> proposals = new ArrayList<>();
      Consumer<Proposal> inbox = proposals::add;

      // adapters.md: start
      AgentkitTools<Board> tools =
          AgentkitTools.builder(acts, "triage")
              .ceiling(AutonomyRung.AUTO)
              .anchor(
                  call -> {
                    String kind = call.op().objectType(); // task, goal or project
                    return ObjectRef.of(kind, call.arg(kind + "_id"));
                  })
              .labeler(board.labeler())
              .proposals(inbox) // each withheld call's Proposal, for a person (proposals.md)
              .build();
      // adapters.md: end

      AiMessage reply =
          AiMessage.from(
              List.of(
                  call("c1", TriageDemo.PROGRAM.get(9)),
                  call("c2", TriageDemo.PROGRAM.get(10)),
                  call("c3", TriageDemo.PROGRAM.get(11))));
      List<ToolCallResult> results = tools.executeAll(reply, board);

      assertThat(results)
          .extracting(ToolCallResult::text)
          .containsExactly(
              "notify_assignee was sent to the user for approval; it has not happened yet.",
              "publish_goal was sent to the user for approval; it has not happened yet.",
              "archive_project was sent to the user for approval; it has not happened yet.");
      assertThat(proposals)
          .extracting(Proposal::askKey)
          .containsExactly(
              "triage:task:t2:notify_assignee",
              "triage:goal:g1:publish_goal",
              "triage:project:p2:archive_project");
    }
  }

  @Test
  void theSnippetAboveIsTheOneOnThePage() throws IOException {
    List<String> mine =
        between(
            Files.readAllLines(
                BaseDir.resolve("src/test/java/dev/agentkit/examples/AdapterSnippetTest.java"),
                StandardCharsets.UTF_8));
    String page = String.join("\n", dedent(mine));
    List<String> blocks = new ArrayList<>();
    for (DocsSnippetsTest.Block b :
        DocsSnippetsTest.javaBlocks(BaseDir.resolve("..", "docs", "adapters.md"))) {
      if (b.info().equals("java")) {
        blocks.add(String.join("\n", b.lines()));
      }
    }
    assertThat(blocks).as("the java snippets of docs/adapters.md").contains(page);
  }

  private static ToolExecutionRequest call(String id, TriageDemo.ToolCall call) {
    return ToolExecutionRequest.builder().id(id).name(call.tool()).arguments(call.json()).build();
  }

  private static List<String> between(List<String> lines) {
    int from = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals(START) && from < 0) {
        from = i + 1;
      } else if (lines.get(i).strip().equals(END) && from >= 0) {
        return lines.subList(from, i);
      }
    }
    throw new AssertionError("AdapterSnippetTest has no " + START + " … " + END + " region");
  }

  private static List<String> dedent(List<String> lines) {
    int indent = Integer.MAX_VALUE;
    for (String l : lines) {
      if (!l.isBlank()) {
        indent = Math.min(indent, l.length() - l.stripLeading().length());
      }
    }
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      out.add(l.isBlank() ? "" : l.substring(indent));
    }
    return out;
  }
}
