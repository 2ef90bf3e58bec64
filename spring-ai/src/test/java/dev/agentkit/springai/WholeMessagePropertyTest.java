package dev.agentkit.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.Board;
import dev.agentkit.tool.GuardResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolExecutionResult;

/**
 * The whole-message rule over generated hostile messages: any mix of valid, withheld, fabricated,
 * unknown and malformed calls. One answer per call, in order, by id; when any call is not valid,
 * nothing runs, nothing is proposed, and every other call is told so. The listener hears each call
 * end exactly once, as the model was told.
 */
class WholeMessagePropertyTest {
  static final Set<String> STATUSES = Set.of("todo", "doing", "blocked", "done");
  static final Set<String> TOOLS =
      Set.of(
          "archive_project",
          "create_task",
          "set_status",
          "set_task_due_date",
          "sync_task",
          "tag_task");

  static final AgentkitToolCallingManager MANAGER = AgentkitToolCallingManager.create();

  /** A generated call, and whether the guard must reject it. */
  record Generated(String name, String arguments, boolean invalid) {}

  @Provide
  Arbitrary<List<Generated>> messages() {
    return call().list().ofMinSize(1).ofMaxSize(5);
  }

  Arbitrary<Generated> call() {
    Arbitrary<String> any = Arbitraries.strings().ofMaxLength(12);
    Arbitrary<Generated> valid =
        Arbitraries.of("t1", "t2")
            .flatMap(
                t ->
                    Arbitraries.of(STATUSES)
                        .map(
                            s ->
                                new Generated(
                                    "set_status",
                                    "{\"task_id\": \"" + t + "\", \"status\": \"" + s + "\"}",
                                    false)));
    Arbitrary<Generated> withheld =
        Arbitraries.just(new Generated("archive_project", "{\"project_id\": \"p1\"}", false));
    Arbitrary<Generated> fabricated =
        Arbitraries.strings()
            .alpha()
            .ofMinLength(1)
            .ofMaxLength(10)
            .filter(s -> !STATUSES.contains(s))
            .map(
                s ->
                    new Generated(
                        "set_status", "{\"task_id\": \"t1\", \"status\": \"" + s + "\"}", true));
    Arbitrary<Generated> unknown =
        Combinators.combine(any.filter(n -> !TOOLS.contains(n.strip())), any)
            .as((n, a) -> new Generated(n, a, true));
    Arbitrary<Generated> malformed =
        any.map(a -> new Generated("tag_task", "{\"task_id\": \"t1\", \"labels\": " + a, true));
    return Arbitraries.oneOf(valid, withheld, fabricated, unknown, malformed);
  }

  @Property(tries = 200)
  void aMessageRunsAllOrNothing(@ForAll("messages") List<Generated> calls) {
    Board board = new Board();
    List<Proposal> proposals = new ArrayList<>();
    Ends ends = new Ends();
    AgentkitToolCallbacks<Board> tools =
        board
            .triage(AgentkitToolCallbacks.builder(Board.actions(), "triage"))
            .proposals(proposals::add)
            .state(StateResolver.of(board))
            .listener(ends)
            .build();
    List<AssistantMessage.ToolCall> toolCalls = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      Generated g = calls.get(i);
      toolCalls.add(new AssistantMessage.ToolCall("c" + i, "function", g.name(), g.arguments()));
    }
    Prompt prompt =
        new Prompt(
            List.of(new UserMessage("go")),
            ToolCallingChatOptions.builder().toolCallbacks(tools.callbacks()).build());
    ChatResponse response =
        new ChatResponse(
            List.of(
                new Generation(
                    AssistantMessage.builder().content("").toolCalls(toolCalls).build())));

    ToolExecutionResult result = MANAGER.executeToolCalls(prompt, response);

    var history = result.conversationHistory();
    List<ToolResponseMessage.ToolResponse> answers =
        ((ToolResponseMessage) history.get(history.size() - 1)).getResponses();
    assertThat(answers)
        .extracting(ToolResponseMessage.ToolResponse::id)
        .containsExactlyElementsOf(toolCalls.stream().map(AssistantMessage.ToolCall::id).toList());
    boolean anyInvalid = calls.stream().anyMatch(Generated::invalid);
    for (int i = 0; i < calls.size(); i++) {
      String text = answers.get(i).responseData();
      assertThat(text).doesNotContain("Exception").doesNotContain("calendar-db");
      if (anyInvalid && !calls.get(i).invalid()) {
        assertThat(text).startsWith("[OtherCallsInvalid] ");
      } else {
        assertThat(text).doesNotStartWith("[OtherCallsInvalid]");
      }
    }
    assertThat(ends.all()).isEqualTo(calls.size());
    long withheld = calls.stream().filter(g -> g.name().equals("archive_project")).count();
    if (anyInvalid) {
      assertThat(ends.rejected).isEqualTo(calls.size());
    } else {
      assertThat(ends.proposed).isEqualTo(withheld);
      assertThat(ends.ran + ends.unchanged).isEqualTo(calls.size() - withheld);
      assertThat(ends.ran).isEqualTo(board.runs);
    }
    if (anyInvalid) {
      assertThat(board.runs).isZero();
      assertThat(proposals).isEmpty();
      assertThat(board.tasks.get("t1").status).isEqualTo("todo");
    }
  }

  /** Counts how the calls ended, by kind. */
  static final class Ends implements ToolCallListener {
    int rejected;
    int ran;
    int proposed;
    int unchanged;
    int failed;

    int all() {
      return rejected + ran + proposed + unchanged + failed;
    }

    @Override
    public void rejected(GuardResult.Correction correction, Duration took) {
      rejected++;
    }

    @Override
    public void ran(Outcome outcome, Duration took) {
      ran++;
    }

    @Override
    public void proposed(Call call, Proposal proposal, boolean paused, Duration took) {
      proposed++;
    }

    @Override
    public void unchanged(Call call, boolean applied, Duration took) {
      unchanged++;
    }

    @Override
    public void failed(Call call, boolean applied, Exception failure, Duration took) {
      failed++;
    }
  }
}
