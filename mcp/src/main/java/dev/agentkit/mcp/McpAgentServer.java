package dev.agentkit.mcp;

import dev.agentkit.ActionSet;
import dev.agentkit.LiveAgent;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.ToolCallFlow;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolCallListener;
import dev.agentkit.tool.ToolCallOutcome;
import dev.agentkit.tool.ToolSchemas;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bound agent served as an MCP server, so any MCP client (an IDE, a desktop assistant) acts on
 * the backend only through the agent's checked contract. {@code tools/list} offers exactly the
 * agent's bound acts: each act's live description, its JSON Schema ({@link ToolSchemas}) and
 * annotations true to its tier (read_only: read-only; reversible: not destructive, closed world;
 * external_reversible: not destructive, open world; irreversible: destructive), with the tier and
 * object type also under {@code _meta} {@code "dev.agentkit/tier"} and {@code
 * "dev.agentkit/objectType"}, which {@link McpContractSource} reads back as they are.
 *
 * <p>{@code tools/call} goes through {@link ToolCallGuard} and the gate: an invalid call is
 * answered with the guard's correction, marked {@code isError}; a call the gate lets run runs
 * through {@link ActionSet#run} and answers with its result (a string as it is, anything else as
 * JSON); a withheld call becomes a {@link Proposal}, handed to the proposal callback, and answers
 * that it was sent for approval; a call that would change nothing ({@link ActionSet#willChange})
 * neither runs nor is proposed; a tool it does not serve is answered with the guard's {@code
 * [UnknownTool]} and a near name, as every adapter answers it. Each call takes the way of {@link
 * ToolCallFlow}, logged on this class's SLF4J logger (a proposal that cannot be delivered at WARN,
 * with its cause) and told to the builder's listener. Nothing a client sends makes it throw.
 * Thread-safe as far as the handlers, the state supplier and the callback are.
 *
 * @param <S> the agent's state type
 */
public final class McpAgentServer<S> {
  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  private static final Logger log = LoggerFactory.getLogger(McpAgentServer.class);

  private final ToolCallFlow<S> flow;
  private final Supplier<S> state;
  private final String name;
  private final String version;
  private final List<McpSyncServer> served = new CopyOnWriteArrayList<>();
  private volatile View view;

  /** One bound set and the tools it is served as. */
  private record View(ActionSet<?> acts, List<McpSchema.Tool> tools) {
    static View of(ActionSet<?> acts) {
      return new View(acts, ServedTools.of(acts));
    }
  }

  private McpAgentServer(Builder<S> b, ToolCallFlow<S> flow) {
    this.flow = flow;
    this.state = b.state;
    this.name = b.name;
    this.version = b.version;
    this.view = View.of(flow.acts());
    // A rebinding noticed by any user of the agent refreshes the tools served here too.
    flow.onRebind(this::viewOf);
  }

  /**
   * Starts serving a bound set.
   *
   * @param agent the agent's name; it namespaces the ask keys of its proposals
   */
  public static <S> Builder<S> builder(ActionSet<S> actions, String agent) {
    return new Builder<>(Objects.requireNonNull(actions, "actions"), null, agent);
  }

  /**
   * Starts serving a live agent: each call is judged against the newest contract that bound (a read
   * of the cache's current entry, no network), and when the agent rebinds to a changed contract the
   * servers this one serves offer the new descriptions and schemas and tell their clients that the
   * tool list changed. While the agent is paused (breaking drift, or a stale source), every valid
   * call is withheld and answered with {@code [PausedForReview]} and the pause's sentence.
   *
   * @param agent the agent's name; it namespaces the ask keys of its proposals
   */
  public static <S> Builder<S> builder(LiveAgent<S> live, String agent) {
    return new Builder<>(null, Objects.requireNonNull(live, "live"), agent);
  }

  /** The tools offered now, sorted by name: one per bound act. */
  public List<McpSchema.Tool> tools() {
    return viewOf(flow.acts()).tools();
  }

  /** Serves over a single-session transport, such as the SDK's stdio one. */
  public McpSyncServer serve(McpServerTransportProvider transport) {
    synchronized (served) {
      return served(configure(McpServer.sync(transport)).build());
    }
  }

  /** Serves over a Streamable HTTP transport, such as the SDK's servlet one. */
  public McpSyncServer serve(McpStreamableServerTransportProvider transport) {
    synchronized (served) {
      return served(configure(McpServer.sync(transport)).build());
    }
  }

  /** Held under {@code served}'s lock with the build, so no rebinding falls in between. */
  private McpSyncServer served(McpSyncServer server) {
    served.add(server);
    return server;
  }

  private McpServer.SyncSpecification<?> configure(McpServer.SyncSpecification<?> spec) {
    List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
    for (McpSchema.Tool tool : tools()) {
      specs.add(specification(tool));
    }
    specs.add(UnknownTools.tool(this::unknownTool));
    return spec.serverInfo(name, version)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
        // The guard answers every call, so its corrections are the only rules a client meets.
        .validateToolInputs(false)
        .jsonMapper(new UnknownTools(JSON, this::serves))
        .addToolFilter((context, tool) -> UnknownTools.visible(tool))
        .tools(specs);
  }

  private McpServerFeatures.SyncToolSpecification specification(McpSchema.Tool tool) {
    return new McpServerFeatures.SyncToolSpecification(
        tool, (exchange, request) -> call(request.name(), request.arguments()));
  }

  /**
   * The view of {@code acts}, the current one when it is the same set. A new set (the agent
   * rebound) is served at once by every server; its clients are told the list changed.
   */
  private View viewOf(ActionSet<?> acts) {
    View v = view;
    if (v.acts() == acts) {
      return v;
    }
    synchronized (served) {
      v = view;
      if (v.acts() != acts) {
        View before = v;
        v = View.of(acts);
        view = v;
        for (McpSyncServer server : served) {
          update(server, before.tools(), v.tools(), this::specification);
        }
      }
    }
    return v;
  }

  /**
   * Serves {@code after} where {@code before} was served: a tool that is gone is removed, a new one
   * added, a changed one removed and added again (the SDK's {@code addTool} logs a warning when it
   * replaces a tool of the same name), and one that is the same left alone. The SDK tells the
   * server's clients that the list changed at each step.
   */
  static void update(
      McpSyncServer server,
      List<McpSchema.Tool> before,
      List<McpSchema.Tool> after,
      Function<McpSchema.Tool, McpServerFeatures.SyncToolSpecification> specification) {
    Map<String, McpSchema.Tool> was = new LinkedHashMap<>();
    before.forEach(tool -> was.put(tool.name(), tool));
    Set<String> now = new HashSet<>();
    after.forEach(tool -> now.add(tool.name()));
    for (String name : was.keySet()) {
      if (!now.contains(name)) {
        server.removeTool(name);
      }
    }
    for (McpSchema.Tool tool : after) {
      McpSchema.Tool old = was.get(tool.name());
      if (tool.equals(old)) {
        continue;
      }
      if (old != null) {
        server.removeTool(tool.name());
      }
      server.addTool(specification.apply(tool));
    }
  }

  /**
   * Answers one {@code tools/call}: the correction, the result, or that it was sent for approval.
   */
  public McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
    return answer(flow.judge(tool, json(arguments)));
  }

  /** Whether a tool of this name is served now. */
  private boolean serves(String tool) {
    return view.tools().stream().anyMatch(t -> t.name().equals(tool));
  }

  /** Answers a call to a tool no act has: the guard's {@code [UnknownTool]}, with a near name. */
  McpSchema.CallToolResult unknownTool(String tool, Map<String, Object> arguments) {
    return answer(flow.unknownTool(tool, json(arguments)));
  }

  private McpSchema.CallToolResult answer(ToolCallFlow.Step step) {
    ToolCallOutcome out = flow.finish(step, state);
    return McpSchema.CallToolResult.builder()
        .addTextContent(out.text())
        .isError(out.isError())
        .build();
  }

  private static String json(Map<String, Object> arguments) {
    try {
      return JSON.writeValueAsString(arguments == null ? Map.of() : arguments);
    } catch (IOException e) {
      return "null"; // not an object: the guard says so in its own words
    }
  }

  @Override
  public String toString() {
    return "McpAgentServer[" + flow + "]";
  }

  /** Configures a {@link McpAgentServer}; the settings every adapter shares are inherited. */
  public static final class Builder<S> extends ToolCallFlow.Builder<S, Builder<S>> {
    private Supplier<S> state = () -> null;
    private String name;
    private String version = "1";

    private Builder(ActionSet<S> actions, LiveAgent<S> live, String agent) {
      super(actions, live, agent);
      this.name = Objects.requireNonNullElse(agent, "").strip();
    }

    /** The agent's state, read for each call by premises and run handlers; default null. */
    public Builder<S> state(Supplier<S> state) {
      this.state = Objects.requireNonNull(state, "state");
      return this;
    }

    /**
     * Hears every call's verification and end, with timings; the default hears nothing. Whatever
     * the listener, each call is also logged through SLF4J (logger {@code
     * dev.agentkit.mcp.McpAgentServer}): failures with their cause at WARN, corrections and
     * proposals at INFO, the rest at DEBUG.
     */
    public Builder<S> listener(ToolCallListener listener) {
      return flowListener(listener);
    }

    /** The server's name and version in {@code initialize}; default the agent's name and "1". */
    public Builder<S> serverInfo(String name, String version) {
      this.name = Objects.requireNonNull(name, "name");
      this.version = Objects.requireNonNull(version, "version");
      return this;
    }

    /**
     * The server.
     *
     * @throws IllegalStateException ({@code [ToolsIncomplete]}) when the agent has no name, or when
     *     a call can be withheld and no anchor function or proposal callback is set
     */
    public McpAgentServer<S> build() {
      return new McpAgentServer<>(this, flow(JSON::writeValueAsString, log));
    }
  }
}
