package dev.agentkit.springai;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * A chat model that replays a script of assistant messages, one per request, and records every
 * prompt it was sent; once the script is spent it answers "done". No network.
 */
final class ScriptedChatModel implements ChatModel {
  private final List<AssistantMessage> script;
  final List<Prompt> prompts = new CopyOnWriteArrayList<>();

  ScriptedChatModel(AssistantMessage... script) {
    this.script = new ArrayList<>(Arrays.asList(script));
  }

  /** A message of tool calls, each {@code {id, name, arguments}}. */
  static AssistantMessage calls(String[]... calls) {
    List<AssistantMessage.ToolCall> out = new ArrayList<>();
    for (String[] c : calls) {
      out.add(new AssistantMessage.ToolCall(c[0], "function", c[1], c[2]));
    }
    return AssistantMessage.builder().content("").toolCalls(out).build();
  }

  static String[] call(String id, String name, String arguments) {
    return new String[] {id, name, arguments};
  }

  @Override
  public synchronized ChatResponse call(Prompt prompt) {
    int turn = prompts.size();
    prompts.add(prompt);
    AssistantMessage reply = turn < script.size() ? script.get(turn) : new AssistantMessage("done");
    return new ChatResponse(List.of(new Generation(reply)));
  }

  @Override
  public ChatOptions getOptions() {
    return ToolCallingChatOptions.builder().build();
  }

  /**
   * Plays one conversation ("go") through a {@code ChatClient} whose defaults are agentkit's
   * advisor and these callbacks; returns this model, to read what it was sent.
   */
  ScriptedChatModel converse(List<ToolCallback> callbacks) {
    ChatClient.builder(this)
        .defaultAdvisors(AgentkitToolCallingManager.advisor())
        .defaultToolCallbacks(callbacks)
        .build()
        .prompt()
        .user("go")
        .call()
        .content();
    return this;
  }

  /** What the tools answered to the model's turn {@code turn} (0 for the first message). */
  List<String> answersTo(int turn) {
    List<Message> sent = prompts.get(turn + 1).getInstructions();
    Message last = sent.get(sent.size() - 1);
    List<String> out = new ArrayList<>();
    for (ToolResponseMessage.ToolResponse r : ((ToolResponseMessage) last).getResponses()) {
      out.add(r.id() + " " + r.name() + ": " + r.responseData());
    }
    return out;
  }
}
