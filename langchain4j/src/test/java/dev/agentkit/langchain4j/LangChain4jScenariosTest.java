package dev.agentkit.langchain4j;

import dev.agentkit.Call;
import dev.agentkit.tool.AdapterScenarios;
import dev.agentkit.tool.Notes;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The adapters' behaviour suite, driven through LangChain4j's tool execution requests. */
class LangChain4jScenariosTest extends AdapterScenarios {
  @Override
  protected Served serve(Setup setup) {
    AgentkitTools<Notes> tools =
        setup
            .configure(a -> AgentkitTools.builder(a, AGENT), l -> AgentkitTools.builder(l, AGENT))
            .listener(new Heard(setup))
            .build();
    return message -> {
      List<ToolExecutionRequest> requests = new ArrayList<>();
      for (ToolCall c : message) {
        requests.add(
            ToolExecutionRequest.builder()
                .id("call_" + requests.size())
                .name(c.name())
                .arguments(c.arguments())
                .build());
      }
      List<Answer> out = new ArrayList<>();
      for (ToolCallResult r : tools.executeAll(AiMessage.from(requests), setup.notes())) {
        out.add(new Answer(r.text(), Boolean.TRUE.equals(r.message().isError())));
      }
      return out;
    };
  }

  /** LangChain4j's listener, heard as the suite hears every adapter's. */
  private record Heard(Setup setup) implements ToolCallListener {
    @Override
    public void verified(ToolExecutionRequest request, Call call, Duration took) {
      setup.hear("verified", call.opcode());
    }

    @Override
    public void rejected(ToolCallResult.Corrected result, Duration took) {
      setup.hear("rejected", result.correction().tool());
    }

    @Override
    public void ran(ToolCallResult.Ran result, Duration took) {
      setup.hear("ran", result.call().opcode());
    }

    @Override
    public void proposed(ToolCallResult.Proposed result, Duration took) {
      setup.hear("proposed", result.request().name());
    }

    @Override
    public void unchanged(ToolCallResult.Unchanged result, Duration took) {
      setup.hear("unchanged", result.call().opcode());
    }

    @Override
    public void failed(ToolCallResult.Failed result, Duration took) {
      setup.hear("failed", result.call().opcode());
    }
  }
}
