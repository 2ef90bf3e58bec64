package dev.agentkit.langchain4j;

import dev.agentkit.tool.ToolCallFlow;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.observability.api.event.AiServiceResponseReceivedEvent;
import dev.langchain4j.observability.api.listener.AiServiceResponseReceivedListener;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The acts of an {@link AgentkitTools} as a LangChain4j {@code ToolProvider}, for {@code
 * AiServices}:
 *
 * <pre>{@code
 * AgentkitToolProvider<Board> agentkitTools = AgentkitToolProvider.of(tools, memoryId -> boards.get(memoryId));
 * Assistant assistant =
 *     agentkitTools.configure(AiServices.builder(Assistant.class))
 *         .chatModel(model)
 *         .chatMemoryProvider(memoryId -> MessageWindowChatMemory.withMaxMessages(20))
 *         .build();
 * }</pre>
 *
 * <p>{@link #configure} sets three things on the service: this provider as its {@code
 * toolProvider}; {@link AgentkitTools#unknownTool} as its {@code hallucinatedToolNameStrategy}, so
 * a tool name no act has is answered with the guard's correction instead of an exception; and this
 * provider as a listener of the model's responses, so that the tool calls of one model message are
 * judged as one program, as {@link AgentkitTools#executeAll} judges them: when any call is not
 * valid, none runs. A service given only {@code .toolProvider(agentkitTools)} works too, but then
 * judges each call alone.
 *
 * <p>Each call's state is found by {@link StateResolver} from the chat memory id of the invocation.
 * The provider is thread-safe, also under {@code executeToolsConcurrently()}: a message is judged
 * once, whichever of its calls comes first, and the calls that share a state object run one at a
 * time. What happened to each call reaches the tools' {@link ToolCallListener} (deliver {@code
 * proposed} results' proposals from there) and the SLF4J log.
 *
 * @param <S> the agent's state type
 */
public final class AgentkitToolProvider<S>
    implements ToolProvider, AiServiceResponseReceivedListener {
  private final AgentkitTools<S> tools;
  private final StateResolver<S> states;
  private final ToolExecutor executor = new Executor();
  private volatile Offer offer;
  private final Map<UUID, Message> messages = new ConcurrentHashMap<>();

  private AgentkitToolProvider(AgentkitTools<S> tools, StateResolver<S> states) {
    this.tools = tools;
    this.states = states;
    this.offer = offer(tools.specifications());
  }

  /**
   * The provider of these tools.
   *
   * @param states finds each conversation's state by its chat memory id; use {@link
   *     StateResolver#of} for one state
   */
  public static <S> AgentkitToolProvider<S> of(AgentkitTools<S> tools, StateResolver<S> states) {
    return new AgentkitToolProvider<>(
        Objects.requireNonNull(tools, "tools"), Objects.requireNonNull(states, "states"));
  }

  /**
   * Sets this provider, the unknown-tool answer and the whole-message listener on a service
   * builder, and returns the builder.
   */
  public <T> AiServices<T> configure(AiServices<T> services) {
    return services
        .toolProvider(this)
        .hallucinatedToolNameStrategy(tools::unknownTool)
        .registerListener(this);
  }

  /**
   * The tools these acts offer: one per act, each executed through {@link AgentkitTools}; over a
   * live agent, the newest contract's.
   */
  @Override
  public ToolProviderResult provideTools(ToolProviderRequest request) {
    List<ToolSpecification> specifications = tools.specifications();
    Offer o = offer;
    if (o.specifications() != specifications) {
      o = offer(specifications);
      offer = o;
    }
    return o.result();
  }

  /** The specifications of one contract, and the result offering them. */
  private record Offer(List<ToolSpecification> specifications, ToolProviderResult result) {}

  private Offer offer(List<ToolSpecification> specifications) {
    ToolProviderResult.Builder b = ToolProviderResult.builder();
    for (ToolSpecification spec : specifications) {
      b.add(spec, executor);
    }
    return new Offer(specifications, b.build());
  }

  /** Keeps the model's latest message of each invocation, so its calls are judged together. */
  @Override
  public void onEvent(AiServiceResponseReceivedEvent event) {
    UUID id = event.invocationContext() == null ? null : event.invocationContext().invocationId();
    if (id == null || event.response() == null) {
      return;
    }
    AiMessage reply = event.response().aiMessage();
    if (reply != null && reply.hasToolExecutionRequests()) {
      messages.put(id, new Message(reply.toolExecutionRequests()));
    } else {
      messages.remove(id);
    }
  }

  /** Guards, gates and runs or proposes one call, judged with the other calls of its message. */
  ToolCallResult execute(ToolExecutionRequest request, InvocationContext context) {
    UUID id = context == null ? null : context.invocationId();
    Message message = id == null ? null : messages.get(id);
    ToolCallFlow.Step step = message == null ? null : message.take(request);
    if (step == null) {
      step = tools.judge(List.of(request)).get(0);
    } else if (message.finished()) {
      messages.remove(id, message);
    }
    Object memoryId = context == null ? null : context.chatMemoryId();
    S state = states.resolve(memoryId == null ? "default" : memoryId);
    Objects.requireNonNull(state, "the state resolver gave no state for memory id " + memoryId);
    return tools.finish(request, step, () -> state);
  }

  @Override
  public String toString() {
    return "AgentkitToolProvider[" + tools + "]";
  }

  /** Runs every act's calls; a result that is a correction or a failure is marked as an error. */
  private final class Executor implements ToolExecutor {
    @Override
    public String execute(ToolExecutionRequest request, Object memoryId) {
      InvocationContext context =
          InvocationContext.builder()
              .invocationId(UUID.randomUUID())
              .chatMemoryId(memoryId)
              .build();
      return AgentkitToolProvider.this.execute(request, context).text();
    }

    @Override
    public ToolExecutionResult executeWithContext(
        ToolExecutionRequest request, InvocationContext context) {
      ToolCallResult r = AgentkitToolProvider.this.execute(request, context);
      return ToolExecutionResult.builder()
          .isError(Boolean.TRUE.equals(r.message().isError()))
          .resultText(r.text())
          .build();
    }
  }

  /** One model message's calls, judged once, on the first call's arrival, for all of them. */
  private final class Message {
    private final List<ToolExecutionRequest> requests;
    private List<ToolCallFlow.Step> steps;
    private final boolean[] taken;
    private int left;

    Message(List<ToolExecutionRequest> requests) {
      this.requests = List.copyOf(requests);
      this.taken = new boolean[requests.size()];
      this.left = requests.size();
    }

    /** The judged step of this request, or null when the message has no such call left. */
    synchronized ToolCallFlow.Step take(ToolExecutionRequest request) {
      int i = indexOf(request);
      if (i < 0) {
        return null;
      }
      if (steps == null) {
        steps = tools.judge(requests);
      }
      taken[i] = true;
      left--;
      return steps.get(i);
    }

    synchronized boolean finished() {
      return left == 0;
    }

    /** The same object first, else an equal one, among the calls not yet taken. */
    private int indexOf(ToolExecutionRequest request) {
      for (int i = 0; i < requests.size(); i++) {
        if (!taken[i] && requests.get(i) == request) {
          return i;
        }
      }
      for (int i = 0; i < requests.size(); i++) {
        if (!taken[i] && requests.get(i).equals(request)) {
          return i;
        }
      }
      return -1;
    }
  }
}
