package dev.agentkit.springai;

import dev.agentkit.tool.AdapterScenarios;
import dev.agentkit.tool.Notes;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolExecutionResult;

/**
 * The adapters' behaviour suite, driven through Spring AI's tool calling manager and callbacks, as
 * a {@code ChatClient} with the agentkit advisor hands them a model's message.
 */
class SpringAiScenariosTest extends AdapterScenarios {
  @Override
  protected Served serve(Setup setup) {
    AgentkitToolCallbacks<Notes> tools =
        setup
            .configure(
                a -> AgentkitToolCallbacks.builder(a, AGENT),
                l -> AgentkitToolCallbacks.builder(l, AGENT))
            .state(StateResolver.of(setup.notes()))
            .listener(setup.listener())
            .build();
    AgentkitToolCallingManager manager = AgentkitToolCallingManager.create();
    return message -> {
      List<AssistantMessage.ToolCall> calls = new ArrayList<>();
      for (ToolCall c : message) {
        calls.add(
            new AssistantMessage.ToolCall("c" + calls.size(), "function", c.name(), c.arguments()));
      }
      Prompt prompt =
          new Prompt(
              List.of(new UserMessage("go")),
              ToolCallingChatOptions.builder().toolCallbacks(tools.callbacks()).build());
      ChatResponse response =
          new ChatResponse(
              List.of(
                  new Generation(AssistantMessage.builder().content("").toolCalls(calls).build())));
      ToolExecutionResult result = manager.executeToolCalls(prompt, response);
      var history = result.conversationHistory();
      List<Answer> out = new ArrayList<>();
      for (ToolResponseMessage.ToolResponse r :
          ((ToolResponseMessage) history.get(history.size() - 1)).getResponses()) {
        out.add(new Answer(r.responseData(), null));
      }
      return out;
    };
  }
}
