package dev.agentkit.mcp;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolReplies;
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
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

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
 * neither runs nor is proposed. Nothing a client sends makes it throw. Thread-safe as far as the
 * handlers, the state supplier and the callback are.
 *
 * @param <S> the agent's state type
 */
public final class McpAgentServer<S> {
  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  /** The annotations each tier is served with; read back by {@link McpContractSource} as is. */
  static final Map<Tier, McpSchema.ToolAnnotations> TIER_HINTS =
      Map.of(
          Tier.READ_ONLY, hints(true, false, false),
          Tier.REVERSIBLE, hints(false, false, false),
          Tier.EXTERNAL_REVERSIBLE, hints(false, false, true),
          Tier.IRREVERSIBLE, hints(false, true, true));

  private final ActionSet<S> fixed;
  private final LiveAgent<S> live;
  private final String agent;
  private final AutonomyRung ceiling;
  private final Supplier<S> state;
  private final Function<? super Call, ObjectRef> anchor;
  private final Labeler labeler;
  private final Consumer<Proposal> proposals;
  private final String name;
  private final String version;
  private final List<McpSyncServer> served = new CopyOnWriteArrayList<>();
  private volatile View<S> view;

  /** One bound set, with its guard and the tools it is served as. */
  private record View<S>(ActionSet<S> acts, ToolCallGuard guard, List<McpSchema.Tool> tools) {
    static <S> View<S> of(ActionSet<S> acts) {
      return new View<>(acts, ToolCallGuard.of(acts), McpAgentServer.tools(acts));
    }
  }

  /** The set to judge a call against now, and why the agent is paused (null while it acts live). */
  private record Now<S>(View<S> view, AgentPausedException paused) {}

  private McpAgentServer(Builder<S> b) {
    this.fixed = b.actions;
    this.live = b.live;
    this.agent = b.agent;
    this.ceiling = b.ceiling;
    this.state = b.state;
    this.anchor = b.anchor;
    this.labeler = b.labeler;
    this.proposals = b.proposals;
    this.name = b.name;
    this.version = b.version;
    this.view = View.of(b.acts());
    if (live != null) {
      // A rebinding noticed by any user of the agent refreshes the tools served here too.
      live.listen(event -> viewOf(live.lastBound().acts()));
    }
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
    return now().view().tools();
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
    for (McpSchema.Tool tool : now().view().tools()) {
      specs.add(specification(tool));
    }
    return spec.serverInfo(name, version)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
        // The guard answers every call, so its corrections are the only rules a client meets.
        .validateToolInputs(false)
        .tools(specs);
  }

  private McpServerFeatures.SyncToolSpecification specification(McpSchema.Tool tool) {
    return new McpServerFeatures.SyncToolSpecification(
        tool, (exchange, request) -> call(request.name(), request.arguments()));
  }

  /** The acts now: a bound set's, or a live agent's newest (the last that bound while paused). */
  private Now<S> now() {
    if (live == null) {
      return new Now<>(view, null);
    }
    try {
      return new Now<>(viewOf(live.acts()), null);
    } catch (AgentPausedException e) {
      return new Now<>(viewOf(live.lastBound().acts()), e);
    }
  }

  /**
   * The view of {@code acts}, the current one when it is the same set. A new set (the agent
   * rebound) is served at once by every server; its clients are told the list changed.
   */
  private View<S> viewOf(ActionSet<S> acts) {
    View<S> v = view;
    if (v.acts() == acts) {
      return v;
    }
    synchronized (served) {
      v = view;
      if (v.acts() != acts) {
        View<S> before = v;
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
    String json;
    try {
      json = JSON.writeValueAsString(arguments == null ? Map.of() : arguments);
    } catch (IOException e) {
      json = "null"; // not an object: the guard says so in its own words
    }
    Now<S> now = now();
    ActionSet<S> acts = now.view().acts();
    GuardResult checked = now.view().guard().check(tool, json);
    if (checked instanceof GuardResult.Correction c) {
      return error(c.message());
    }
    Call call = ((GuardResult.Accepted) checked).call();
    if (now.paused() != null) {
      // A paused live agent withholds every valid call: proposed, never run.
      return propose(acts, call, now.paused());
    }
    Plan plan = acts.gate(List.of(call), ceiling);
    boolean apply = !plan.apply().isEmpty();
    S s = state.get();
    if (!acts.willChange(s, call)) {
      return text(ToolReplies.unchanged(call.opcode(), apply));
    }
    return apply ? run(acts, s, plan.apply().get(0)) : propose(acts, plan.propose().get(0), null);
  }

  private McpSchema.CallToolResult run(ActionSet<S> acts, S s, Call call) {
    Outcome outcome;
    try {
      // A live agent's run re-checks the newest contract, and refuses while paused.
      outcome = live == null ? acts.run(s, call) : live.run(s, call);
    } catch (AgentPausedException e) {
      return propose(acts, call, e);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return error(ToolReplies.runFailed(call.opcode()));
    }
    if (!outcome.done()) {
      return error(ToolReplies.runFailed(call.opcode(), outcome.failure()));
    }
    Object value = outcome.value().orElse(null);
    String result;
    try {
      result =
          value == null
              ? ""
              : value instanceof CharSequence cs ? cs.toString() : JSON.writeValueAsString(value);
    } catch (IOException | RuntimeException e) {
      result = "(the result could not be shown)";
    }
    return text(ToolReplies.ran(call.opcode(), result));
  }

  private McpSchema.CallToolResult propose(
      ActionSet<S> acts, Call call, AgentPausedException paused) {
    String opcode = call.opcode();
    Proposal proposal;
    try {
      proposal =
          Proposal.builder(agent)
              .labeler(labeler)
              .anchor(Objects.requireNonNull(anchor.apply(call), "anchor"))
              .question(acts.ask(call))
              .op(acts, call)
              .build();
      proposals.accept(proposal);
    } catch (RuntimeException e) {
      // The anchor, the ask wording, the proposal's checks or the callback failed: the operator's.
      return error(ToolReplies.notSent(opcode));
    }
    return text(paused == null ? ToolReplies.proposed(opcode) : ToolReplies.paused(opcode, paused));
  }

  private static List<McpSchema.Tool> tools(ActionSet<?> actions) {
    List<McpSchema.Tool> out = new ArrayList<>();
    for (ToolDeclaration d : ToolSchemas.declarations(actions)) {
      Op op = actions.op(d.name()).orElseThrow();
      Map<String, Object> meta = new LinkedHashMap<>();
      meta.put(ToolMapping.TIER_KEY, op.tier().wireName());
      if (!op.objectType().isEmpty()) {
        meta.put(ToolMapping.OBJECT_TYPE_KEY, op.objectType());
      }
      out.add(
          McpSchema.Tool.builder(d.name(), schema(d.parametersJson()))
              .description(d.description())
              .annotations(TIER_HINTS.get(op.tier()))
              .meta(meta)
              .build());
    }
    return List.copyOf(out);
  }

  /**
   * The tool schema as the SDK's tool takes it. Read with agentkit's own JSON reader, so numbers
   * stay exact (a bound of 0.1 or 1E+400 is not rounded through a double) and keys keep their
   * order.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> schema(String json) {
    try {
      return (Map<String, Object>) JsonTree.parse(json, SCHEMA_DEPTH);
    } catch (JsonTree.Malformed e) {
      throw new IllegalStateException(
          "ToolSchemas wrote a schema that could not be read back: " + e.getMessage(), e);
    }
  }

  /** Deep enough for any tree a contract may hold: a few JSON levels per level of the tree. */
  private static final int SCHEMA_DEPTH = 1024;

  private static McpSchema.ToolAnnotations hints(
      boolean readOnly, boolean destructive, boolean openWorld) {
    return new McpSchema.ToolAnnotations(null, readOnly, destructive, null, openWorld, null);
  }

  private static McpSchema.CallToolResult text(String text) {
    return McpSchema.CallToolResult.builder().addTextContent(text).isError(false).build();
  }

  private static McpSchema.CallToolResult error(String text) {
    return McpSchema.CallToolResult.builder().addTextContent(text).isError(true).build();
  }

  @Override
  public String toString() {
    return "McpAgentServer["
        + agent
        + ", "
        + ceiling
        + ", "
        + (live == null ? fixed.opcodes().toString() : live.toString())
        + "]";
  }

  /** Configures a {@link McpAgentServer}. Not thread-safe. */
  public static final class Builder<S> {
    private final ActionSet<S> actions;
    private final LiveAgent<S> live;
    private final String agent;
    private AutonomyRung ceiling = AutonomyRung.ASK;
    private Supplier<S> state = () -> null;
    private Function<? super Call, ObjectRef> anchor;
    private Labeler labeler = Labeler.none();
    private Consumer<Proposal> proposals;
    private String name;
    private String version = "1";

    private Builder(ActionSet<S> actions, LiveAgent<S> live, String agent) {
      this.actions = actions;
      this.live = live;
      this.agent = Objects.requireNonNullElse(agent, "").strip();
      this.name = this.agent;
    }

    /**
     * The highest rung the agent may use. {@link AutonomyRung#ASK}, the default, proposes every
     * call; {@link AutonomyRung#AUTO} runs the calls whose tier allows running live and whose act
     * has a run handler.
     */
    public Builder<S> ceiling(AutonomyRung ceiling) {
      this.ceiling = Objects.requireNonNull(ceiling, "ceiling");
      return this;
    }

    /** The agent's state, read for each call by premises and run handlers; default null. */
    public Builder<S> state(Supplier<S> state) {
      this.state = Objects.requireNonNull(state, "state");
      return this;
    }

    /** Names the object a withheld call acts on. Needed when any call can be withheld. */
    public Builder<S> anchor(Function<? super Call, ObjectRef> anchor) {
      this.anchor = Objects.requireNonNull(anchor, "anchor");
      return this;
    }

    /** Resolves the live labels of the objects proposals name; the default knows none. */
    public Builder<S> labeler(Labeler labeler) {
      this.labeler = Objects.requireNonNull(labeler, "labeler");
      return this;
    }

    /** Receives each proposal, to put in the inbox. Needed when any call can be withheld. */
    public Builder<S> proposals(Consumer<Proposal> proposals) {
      this.proposals = Objects.requireNonNull(proposals, "proposals");
      return this;
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
     * @throws IllegalStateException when the agent has no name, or when a call can be withheld and
     *     no anchor function or proposal callback is set
     */
    public McpAgentServer<S> build() {
      if (agent.isEmpty()) {
        throw new IllegalStateException(
            "an McpAgentServer needs the agent's name: it namespaces the ask keys of the agent's"
                + " proposals; pass it to McpAgentServer.builder(actions, agent)");
      }
      List<String> withheld = withheld();
      if (!withheld.isEmpty() && (anchor == null || proposals == null)) {
        throw new IllegalStateException(
            "the MCP server of agent \""
                + agent
                + "\" needs "
                + (anchor == null ? "an anchor function" : "a proposal callback")
                + ": "
                + String.join(", ", withheld)
                + (withheld.size() == 1 ? " is" : " are")
                + " sent to the user for approval"
                + (live == null ? "" : " while the live agent is paused")
                + ", as a proposal naming the object it acts on; pass"
                + " anchor(call -> ObjectRef.of(...)) and proposals(inbox::add)");
      }
      return new McpAgentServer<>(this);
    }

    /** The acts served first: the bound set, or the live agent's last bound. */
    private ActionSet<S> acts() {
      return actions != null ? actions : live.lastBound().acts();
    }

    /** The acts a call of which can be withheld: for a live agent, every act (while paused). */
    private List<String> withheld() {
      ActionSet<S> acts = acts();
      List<String> out = new ArrayList<>();
      for (String opcode : acts.opcodes()) {
        Tier tier = acts.op(opcode).orElseThrow().tier();
        if (live != null
            || ceiling != AutonomyRung.AUTO
            || AutonomyRung.maxRungFor(tier) != AutonomyRung.AUTO
            || !acts.canRun(opcode)) {
          out.add(opcode);
        }
      }
      return out;
    }
  }
}
