package dev.agentkit.examples.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * A chat model that replays a fixed program, one assistant message per request, so the example runs
 * with no network and no key. It records what the tools answered to each message; once the program
 * is spent it answers {@link #DONE}. A real service declares its provider's model instead (a Spring
 * AI starter), and nothing else changes.
 */
public final class ScriptedChatModel implements ChatModel {
  /** The model's last answer, once its program is spent. */
  public static final String DONE =
      "Triaged: t1 is high priority and due 2026-04-03; p2 awaits approval.";

  private final List<AssistantMessage> program;
  private final List<Prompt> prompts = new CopyOnWriteArrayList<>();

  private ScriptedChatModel(List<AssistantMessage> program) {
    this.program = List.copyOf(program);
  }

  /**
   * The triage program: a message with a fabricated priority ({@code critical}) beside a valid
   * call, so the agent runs neither and corrects the first; the corrected message, whose two
   * reversible calls run; and a message archiving a project, an irreversible act that is withheld
   * and proposed to a person.
   */
  public static ScriptedChatModel triage() {
    return new ScriptedChatModel(
        List.of(
            message(
                call(
                    "c1", "set_task_priority", "{\"task_id\": \"t1\", \"priority\": \"critical\"}"),
                call(
                    "c2",
                    "set_task_due_date",
                    "{\"task_id\": \"t1\", \"due_date\": \"2026-04-03\"}")),
            message(
                call("c3", "set_task_priority", "{\"task_id\": \"t1\", \"priority\": \"high\"}"),
                call(
                    "c4",
                    "set_task_due_date",
                    "{\"task_id\": \"t1\", \"due_date\": \"2026-04-03\"}")),
            message(
                call(
                    "c5",
                    "archive_project",
                    "{\"project_id\": \"p2\", \"reason\": \"the legacy site is retired\"}"))));
  }

  private static AssistantMessage message(AssistantMessage.ToolCall... calls) {
    return AssistantMessage.builder().content("").toolCalls(List.of(calls)).build();
  }

  private static AssistantMessage.ToolCall call(String id, String name, String arguments) {
    return new AssistantMessage.ToolCall(id, "function", name, arguments);
  }

  @Override
  public synchronized ChatResponse call(Prompt prompt) {
    int turn = prompts.size();
    prompts.add(prompt);
    AssistantMessage reply = turn < program.size() ? program.get(turn) : new AssistantMessage(DONE);
    return new ChatResponse(List.of(new Generation(reply)));
  }

  @Override
  public ChatOptions getOptions() {
    return ToolCallingChatOptions.builder().build();
  }

  /**
   * What the tools answered to each message of the program so far, one list per message, each
   * answer as {@code <call id> <tool>: <text>}.
   */
  public synchronized List<List<String>> answers() {
    List<List<String>> out = new ArrayList<>();
    for (Prompt p : prompts) {
      List<Message> sent = p.getInstructions();
      if (sent.get(sent.size() - 1) instanceof ToolResponseMessage tools) {
        List<String> answers = new ArrayList<>();
        for (ToolResponseMessage.ToolResponse r : tools.getResponses()) {
          answers.add(r.id() + " " + r.name() + ": " + r.responseData());
        }
        out.add(answers);
      }
    }
    return out;
  }
}
