package dev.agentkit.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.tool.Board;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A real {@code AiServices} assistant, its model scripted (no network), its tools given only as
 * {@code agentkitTools.configure(AiServices.builder(...))}: what the model receives for each kind
 * of call it makes.
 */
class AiServicesTest {
  interface Assistant {
    String chat(@MemoryId String user, @UserMessage String text);
  }

  /** Replies with its script, one message per request, and keeps every request it got. */
  static final class ScriptedModel implements ChatModel {
    final Deque<AiMessage> script = new ArrayDeque<>();
    final List<ChatRequest> requests = new ArrayList<>();

    ScriptedModel then(ToolExecutionRequest... calls) {
      script.add(AiMessage.from(List.of(calls)));
      return this;
    }

    ScriptedModel then(String text) {
      script.add(AiMessage.from(text));
      return this;
    }

    @Override
    public synchronized ChatResponse doChat(ChatRequest request) {
      requests.add(request);
      AiMessage next = script.poll();
      return ChatResponse.builder()
          .aiMessage(next == null ? AiMessage.from("(end)") : next)
          .build();
    }

    /** The tool results the model was sent in its last request, in order. */
    synchronized List<ToolExecutionResultMessage> lastResults() {
      List<ToolExecutionResultMessage> out = new ArrayList<>();
      for (ChatMessage m : requests.get(requests.size() - 1).messages()) {
        if (m instanceof ToolExecutionResultMessage r) {
          out.add(r);
        }
      }
      return out;
    }

    synchronized List<String> lastTexts() {
      return lastResults().stream().map(ToolExecutionResultMessage::text).toList();
    }
  }

  static ToolExecutionRequest call(String id, String name, String arguments) {
    return AgentkitToolsTest.call(id, name, arguments);
  }

  final Map<Object, Board> boards = new ConcurrentHashMap<>();
  final Board labels = new Board();
  final List<String> heard = new ArrayList<>();
  final List<ToolCallResult.Proposed> inbox = new ArrayList<>();
  final AgentkitTools<Board> tools =
      AgentkitTools.builder(Board.actions(), "triage")
          .ceiling(AutonomyRung.AUTO)
          .anchor(Board::anchor)
          .labeler(labels)
          .proposals(proposal -> {}) // the listener below hears each proposal
          .listener(
              new WholeMessageTest.Recorder(heard) {
                @Override
                public void proposed(ToolCallResult.Proposed result, Duration took) {
                  super.proposed(result, took);
                  synchronized (inbox) {
                    inbox.add(result);
                  }
                }
              })
          .build();
  final AgentkitToolProvider<Board> agentkitTools =
      AgentkitToolProvider.of(
          tools, memoryId -> boards.computeIfAbsent(memoryId, id -> new Board()));
  final ScriptedModel model = new ScriptedModel();
  final ExecutorService pool = Executors.newFixedThreadPool(4);

  Assistant assistant(boolean concurrently) {
    AiServices<Assistant> b =
        agentkitTools
            .configure(AiServices.builder(Assistant.class))
            .chatModel(model)
            .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(50));
    if (concurrently) {
      b.executeToolsConcurrently(pool);
    }
    return b.build();
  }

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void aValidCallRunsAgainstTheConversationsStateAndItsResultReachesTheModel() {
    model
        .then(call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"))
        .then("Marked it done.");

    String answer = assistant(false).chat("alice", "Finish the report");

    assertThat(answer).isEqualTo("Marked it done.");
    assertThat(model.requests.get(0).toolSpecifications()).isEqualTo(tools.specifications());
    assertThat(model.lastTexts()).containsExactly("Done: set_status ran.");
    assertThat(model.lastResults().get(0).id()).isEqualTo("c1");
    assertThat(boards.get("alice").tasks.get("t1").status).isEqualTo("done");
    assertThat(boards).doesNotContainKey("bob");
  }

  @Test
  void eachConversationHasItsOwnState() {
    model
        .then(call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"))
        .then("ok")
        .then(call("c2", "set_status", "{\"task_id\": \"t1\", \"status\": \"blocked\"}"))
        .then("ok");
    Assistant assistant = assistant(false);

    assistant.chat("alice", "Finish it");
    assistant.chat("bob", "Block it");

    assertThat(boards.get("alice").tasks.get("t1").status).isEqualTo("done");
    assertThat(boards.get("bob").tasks.get("t1").status).isEqualTo("blocked");
  }

  @Test
  void aFabricatedEnumValueIsCorrectedAndTheModelCanRetry() {
    model
        .then(call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"finished\"}"))
        .then(call("c2", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"))
        .then("Done now.");

    assertThat(assistant(false).chat("alice", "Finish it")).isEqualTo("Done now.");

    List<ToolExecutionResultMessage> first = resultsOf(model.requests.get(1));
    assertThat(first)
        .extracting(ToolExecutionResultMessage::text)
        .containsExactly(
            "[EnumValue] set_status.status: \"finished\" is not one of the allowed values:"
                + " blocked, doing, done, todo");
    assertThat(first.get(0).isError()).isTrue();
    assertThat(model.lastTexts()).last().isEqualTo("Done: set_status ran.");
    assertThat(boards.get("alice").tasks.get("t1").status).isEqualTo("done");
  }

  @Test
  void anIrreversibleCallIsProposedNotRun() {
    model.then(call("c1", "archive_project", "{\"project_id\": \"p1\"}")).then("Asked.");

    assistant(false).chat("alice", "Archive the launch project");

    assertThat(model.lastTexts())
        .containsExactly(
            "archive_project was sent to the user for approval; it has not happened yet.");
    assertThat(boards.get("alice").projectStates.get("p1")).isEqualTo("active");
    assertThat(inbox)
        .singleElement()
        .satisfies(p -> assertThat(p.proposal().askKey()).contains("archive_project"));
  }

  @Test
  void aMixedMessageWithOneInvalidCallRunsNothingAndReturnsEveryCorrection() {
    mixedMessage(false);
  }

  @Test
  void aMixedMessageIsOneProgramAlsoWhenToolsRunConcurrently() {
    mixedMessage(true);
  }

  private void mixedMessage(boolean concurrently) {
    model
        .then(
            call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}"),
            call("c2", "set_task_due_date", "{\"task_id\": \"t1\", \"due_date\": \"someday\"}"),
            call("c3", "archive_project", "{\"project_id\": \"p1\"}"))
        .then("I will fix the date.");

    assistant(concurrently).chat("alice", "Start it, due someday, archive launch");

    assertThat(model.lastResults())
        .extracting(ToolExecutionResultMessage::id)
        .containsExactly("c1", "c2", "c3");
    assertThat(model.lastTexts())
        .containsExactly(
            "[OtherCallsInvalid] set_status did not run: the tool calls of one message run all or"
                + " none, and set_task_due_date was not valid; correct it and send all the calls"
                + " again",
            "[BadDate] set_task_due_date.due_date: \"someday\" is not a date; write an ISO-8601"
                + " date such as 2026-03-31 or a date-time such as 2026-03-31T17:00:00Z",
            "[OtherCallsInvalid] archive_project did not run: the tool calls of one message run"
                + " all or none, and set_task_due_date was not valid; correct it and send all the"
                + " calls again");
    assertThat(model.lastResults()).allMatch(r -> Boolean.TRUE.equals(r.isError()));
    assertThat(boards.get("alice").tasks.get("t1").status).isEqualTo("todo");
    assertThat(inbox).isEmpty();
  }

  @Test
  void aValidMessageRunsEveryCallWhenToolsRunConcurrently() {
    model
        .then(
            call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}"),
            call("c2", "set_task_due_date", "{\"task_id\": \"t1\", \"due_date\": \"2026-04-10\"}"),
            call("c3", "tag_task", "{\"task_id\": \"t2\", \"labels\": [\"urgent\"]}"))
        .then("All set.");

    assistant(true).chat("alice", "Start it, due April 10, tag t2");

    assertThat(model.lastTexts())
        .containsExactly(
            "Done: set_status ran.", "Done: set_task_due_date ran.", "Done: tag_task ran.");
    Board alice = boards.get("alice");
    assertThat(alice.tasks.get("t1").status).isEqualTo("doing");
    assertThat(alice.tasks.get("t1").due).isEqualTo("2026-04-10");
    assertThat(alice.tasks.get("t2").labels).containsExactly("[\"urgent\"]");
  }

  @Test
  void anUnknownToolIsAnsweredWithTheGuardsCorrectionInsteadOfAnException() {
    model.then(call("c1", "delete_task", "{\"task_id\": \"t1\"}")).then("Sorry.");

    assertThat(assistant(false).chat("alice", "Delete t1")).isEqualTo("Sorry.");

    assertThat(model.lastTexts())
        .containsExactly(
            "[UnknownTool] there is no tool \"delete_task\"; the tools are: "
                + AgentkitToolsTest.TOOLS);
  }

  @Test
  void malformedJsonIsCorrected() {
    model
        .then(call("c1", "set_task_due_date", "{\"task_id\": \"t1\", \"due_date\": "))
        .then("Retrying later.");

    assistant(false).chat("alice", "Due April 10");

    assertThat(model.lastTexts())
        .containsExactly(
            "[ArgumentsNotJson] the arguments to set_task_due_date are not valid JSON: send one"
                + " JSON object with the operands as keys, such as {\"task_id\": \"…\","
                + " \"due_date\": \"…\"}");
    assertThat(model.lastResults().get(0).isError()).isTrue();
    assertThat(boards.get("alice").tasks.get("t1").due).isEmpty();
  }

  @Test
  void aServiceGivenOnlyTheProviderStillRunsValidCalls() {
    model.then(call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}")).then("ok");
    Assistant plain =
        AiServices.builder(Assistant.class)
            .chatModel(model)
            .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(50))
            .toolProvider(agentkitTools)
            .build();

    plain.chat("alice", "Finish it");

    assertThat(model.lastTexts()).containsExactly("Done: set_status ran.");
  }

  private static List<ToolExecutionResultMessage> resultsOf(ChatRequest request) {
    List<ToolExecutionResultMessage> out = new ArrayList<>();
    for (ChatMessage m : request.messages()) {
      if (m instanceof ToolExecutionResultMessage r) {
        out.add(r);
      }
    }
    return out;
  }
}
