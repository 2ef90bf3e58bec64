package dev.agentkit.springai;

import dev.agentkit.tool.ToolCallFlow;
import dev.agentkit.tool.ToolReplies;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.DefaultToolExecutionExceptionProcessor;
import org.springframework.ai.tool.execution.ToolExecutionException;
import org.springframework.ai.tool.execution.ToolExecutionExceptionProcessor;

/**
 * A Spring AI {@link ToolCallingManager} that judges the tool calls of one model message as one
 * program, as {@link dev.agentkit.ActionSet#gate} judges a program: when any call is not valid —
 * the guard corrected it, or it names a tool no callback has — none of the message's calls runs and
 * none is proposed, and the model gets every correction at once, each valid call being told {@code
 * [OtherCallsInvalid]}. Otherwise the calls are carried out in the order the model made them.
 *
 * <p>Install it in a {@code ChatClient} through {@link #advisor()}: Spring AI 2 runs the tool loop
 * in its {@link ToolCallingAdvisor}, which hands each assistant message to its manager whole. A
 * message that calls no agentkit tool is passed to the delegate (Spring AI's default manager,
 * unless another is given), so other tools keep their usual handling. Tools of other kinds in a
 * message that also calls agentkit tools are called by their callbacks, and held back with the rest
 * when any call is invalid. A tool name no callback has is answered with the agentkit guard's
 * correction ({@code [UnknownTool]}, listing the tools) instead of an exception.
 *
 * <p>Each agentkit call of a message reaches the {@link ToolCallListener} of the callbacks it names
 * (an unknown tool: of the first agentkit callbacks offered) exactly once, as it does when a
 * callback is called alone.
 */
public final class AgentkitToolCallingManager implements ToolCallingManager {
  private static final ToolExecutionExceptionProcessor FAILURES =
      DefaultToolExecutionExceptionProcessor.builder().build();
  private final ToolCallingManager delegate;

  private AgentkitToolCallingManager(ToolCallingManager delegate) {
    this.delegate = delegate;
  }

  /** The manager, over Spring AI's default manager for messages that call no agentkit tool. */
  public static AgentkitToolCallingManager create() {
    return new AgentkitToolCallingManager(ToolCallingManager.builder().build());
  }

  /** The manager, over another manager for messages that call no agentkit tool. */
  public static AgentkitToolCallingManager wrapping(ToolCallingManager delegate) {
    return new AgentkitToolCallingManager(Objects.requireNonNull(delegate, "delegate"));
  }

  /**
   * A tool-calling advisor running this manager, for {@code ChatClient.Builder.defaultAdvisors} or
   * a prompt's {@code advisors}; it replaces the advisor the client would register by itself.
   */
  public static ToolCallingAdvisor advisor() {
    return ToolCallingAdvisor.builder().toolCallingManager(create()).build();
  }

  @Override
  public List<ToolDefinition> resolveToolDefinitions(ToolCallingChatOptions chatOptions) {
    return delegate.resolveToolDefinitions(chatOptions);
  }

  @Override
  public ToolExecutionResult executeToolCalls(Prompt prompt, ChatResponse chatResponse) {
    Objects.requireNonNull(prompt, "prompt");
    Objects.requireNonNull(chatResponse, "chatResponse");
    AssistantMessage message =
        chatResponse.getResults().stream()
            .map(Generation::getOutput)
            .filter(AssistantMessage::hasToolCalls)
            .findFirst()
            .orElse(null);
    Tools tools = Tools.of(prompt);
    if (message == null || !tools.handles(message.getToolCalls())) {
      return delegate.executeToolCalls(prompt, chatResponse);
    }
    List<ToolResponseMessage.ToolResponse> responses = new ArrayList<>();
    List<AssistantMessage.ToolCall> calls = message.getToolCalls();
    List<Judged> judged = judge(tools, calls);
    for (int i = 0; i < calls.size(); i++) {
      AssistantMessage.ToolCall call = calls.get(i);
      String text = judged.get(i).carryOut(call, tools.context());
      responses.add(new ToolResponseMessage.ToolResponse(call.id(), call.name(), text));
    }
    List<Message> history = new ArrayList<>(prompt.getInstructions());
    history.add(message);
    history.add(ToolResponseMessage.builder().responses(responses).build());
    return ToolExecutionResult.builder().conversationHistory(history).returnDirect(false).build();
  }

  /**
   * Judges every call of the message before any runs; when any is invalid, every other one is held
   * back with the names of the invalid ones ({@link ToolCallFlow#program}).
   */
  private static List<Judged> judge(Tools tools, List<AssistantMessage.ToolCall> calls) {
    List<Judged> out = new ArrayList<>(calls.size());
    List<ToolCallFlow.Step> steps = new ArrayList<>(calls.size());
    for (AssistantMessage.ToolCall call : calls) {
      Judged j = tools.judge(call);
      out.add(j);
      steps.add(j.step());
    }
    List<String> invalid = ToolCallFlow.invalidNames(steps);
    if (invalid.isEmpty()) {
      return out;
    }
    List<Judged> held = new ArrayList<>(out.size());
    for (Judged j : out) {
      held.add(j.invalid() ? j : j.heldBack(invalid));
    }
    return held;
  }

  @Override
  public String toString() {
    return "AgentkitToolCallingManager[over " + delegate + "]";
  }

  /**
   * One call as judged: an agentkit step and its callbacks, or a call to a tool of another kind.
   */
  private record Judged(
      AgentkitToolCallbacks<?> owner, ToolCallFlow.Step step, ToolCallback other, String heldBack) {
    boolean invalid() {
      return step != null && step.invalid();
    }

    Judged heldBack(List<String> invalid) {
      if (step != null) {
        return new Judged(owner, step.heldBack(invalid), null, null);
      }
      String name = other.getToolDefinition().name();
      return new Judged(null, null, other, ToolReplies.otherCallsInvalid(name, invalid));
    }

    String carryOut(AssistantMessage.ToolCall call, ToolContext context) {
      if (heldBack != null) {
        return heldBack;
      }
      if (step != null) {
        return owner.finish(step, context);
      }
      String arguments =
          call.arguments() == null || call.arguments().isBlank() ? "{}" : call.arguments();
      String result;
      try {
        result = other.call(arguments, context);
      } catch (ToolExecutionException e) {
        // As Spring AI's own manager answers it.
        result = FAILURES.process(e);
      }
      return result == null ? "" : result;
    }
  }

  /** The tools a prompt offers, and the tool context its calls get. */
  private record Tools(List<ToolCallback> callbacks, ToolContext context) {
    static Tools of(Prompt prompt) {
      if (prompt.getOptions() instanceof ToolCallingChatOptions o) {
        List<ToolCallback> callbacks =
            o.getToolCallbacks() == null ? List.of() : o.getToolCallbacks();
        Map<String, Object> context =
            o.getToolContext() == null ? Map.of() : new HashMap<>(o.getToolContext());
        return new Tools(List.copyOf(callbacks), new ToolContext(context));
      }
      return new Tools(List.of(), new ToolContext(Map.of()));
    }

    /**
     * Whether the message calls an agentkit tool, or a tool no callback has beside agentkit ones.
     */
    boolean handles(List<AssistantMessage.ToolCall> calls) {
      AgentkitToolCallbacks<?> any = first();
      if (any == null) {
        return false;
      }
      for (AssistantMessage.ToolCall call : calls) {
        ToolCallback cb = named(call.name());
        if (cb == null || cb instanceof AgentkitToolCallback) {
          return true;
        }
      }
      return false;
    }

    Judged judge(AssistantMessage.ToolCall call) {
      ToolCallback cb = named(call.name());
      if (cb != null && !(cb instanceof AgentkitToolCallback)) {
        return new Judged(null, null, cb, null);
      }
      // No callback has this name: the first agentkit tools' guard corrects it, listing them.
      AgentkitToolCallbacks<?> owner = cb instanceof AgentkitToolCallback a ? a.owner() : first();
      return new Judged(owner, owner.judge(call.name(), call.arguments()), null, null);
    }

    private ToolCallback named(String name) {
      for (ToolCallback cb : callbacks) {
        if (cb.getToolDefinition().name().equals(name)) {
          return cb;
        }
      }
      return null;
    }

    private AgentkitToolCallbacks<?> first() {
      for (ToolCallback cb : callbacks) {
        if (cb instanceof AgentkitToolCallback a) {
          return a.owner();
        }
      }
      return null;
    }
  }
}
