package dev.agentkit.proposal;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.contract.Problem;
import dev.agentkit.internal.text.RuntimeMessage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An agent's drafted decision, held out for a person to accept in one move: a question that names
 * what it acts on, the ops that run on accept, and the values the user fills in.
 *
 * <p>Every proposal is made by {@link #builder(String)}, which guarantees a question, an anchor
 * object with a label, at least one op that verifies against its act set, and a question tokenized
 * so that it names the anchor and every other object (see {@link QuestionTokens#tokenize}). The
 * {@linkplain #askKey() ask key} and {@linkplain #archetype() archetype} are derived, never set.
 * Besides what it acts on, a proposal carries where it is shown ({@linkplain #context() context})
 * and what the host application needs back ({@linkplain #metadata() metadata}); neither is part of
 * the ask key. Instances are immutable and thread-safe.
 */
public final class Proposal {
  private final String agent;
  private final ObjectRef anchor;
  private final List<ObjectRef> refs;
  private final String question;
  private final List<ProposalOp> ops;
  private final List<UserSlot> slots;
  private final String discriminator;
  private final List<ObjectRef> context;
  private final SortedMap<String, String> metadata;

  private Proposal(Builder b, ObjectRef anchor, List<ObjectRef> refs, Builder.Built built) {
    this.agent = b.agent;
    this.anchor = anchor;
    this.refs = List.copyOf(refs);
    this.ops = List.copyOf(built.ops());
    this.slots = List.copyOf(built.slots());
    this.discriminator = b.discriminator;
    this.context = List.copyOf(built.context());
    this.metadata = Collections.unmodifiableSortedMap(new TreeMap<>(b.metadata));
    List<ObjectRef> all = new ArrayList<>(refs.size() + 1);
    all.add(anchor);
    all.addAll(refs);
    this.question = QuestionTokenizer.tokenize(b.question, all, b.labeler);
  }

  /** Starts a proposal from the named agent; the name namespaces its ask keys. */
  public static Builder builder(String agent) {
    return new Builder(agent);
  }

  /**
   * The ask key {@code agent:kind:id:opcode[:discriminator]}: what op on what object, and
   * deliberately not the question, so a reworded ask replaces the open one instead of piling up
   * beside it. The discriminator separates asks that share object and opcode but are different
   * asks; pass empty when the op alone identifies the ask.
   */
  public static String askKey(
      String agent, String kind, String id, String opcode, String discriminator) {
    String key = agent + ":" + kind + ":" + id + ":" + opcode;
    return discriminator == null || discriminator.isBlank() ? key : key + ":" + discriminator;
  }

  /** The agent that made the proposal. */
  public String agent() {
    return agent;
  }

  /** What the ops act on, with its label. */
  public ObjectRef anchor() {
    return anchor;
  }

  /** The other objects the question names (a move's destination...), with their labels. */
  public List<ObjectRef> refs() {
    return refs;
  }

  /** The tokenized question; {@link QuestionTokens#render} turns it into display text. */
  public String question() {
    return question;
  }

  /** The ops that run when the user accepts, in order; never empty. */
  public List<ProposalOp> ops() {
    return ops;
  }

  /** The values the user fills on accept. */
  public List<UserSlot> slots() {
    return slots;
  }

  /** The discriminator of the ask key, or empty. */
  public String discriminator() {
    return discriminator;
  }

  /**
   * The objects the proposal is also shown under, besides its anchor (the project board a task's
   * ask belongs on), in the order given, with their labels where the labeler knows them. Nothing
   * happens to them on accept.
   */
  public List<ObjectRef> context() {
    return context;
  }

  /** The host application's entries, sorted by key; carried as given, never interpreted. */
  public SortedMap<String, String> metadata() {
    return metadata;
  }

  /** {@code agent:kind:id:opcode[:discriminator]} for the anchor and the first op. */
  public String askKey() {
    return askKey(agent, anchor.kind(), anchor.id(), ops.get(0).opcode(), discriminator);
  }

  /**
   * {@link Archetype#INPUT} iff a required slot has a blank default, else {@link Archetype#DRAFT}.
   */
  public Archetype archetype() {
    return Archetype.of(slots);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Proposal p
        && agent.equals(p.agent)
        && anchor.equals(p.anchor)
        && refs.equals(p.refs)
        && question.equals(p.question)
        && ops.equals(p.ops)
        && slots.equals(p.slots)
        && discriminator.equals(p.discriminator)
        && context.equals(p.context)
        && metadata.equals(p.metadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        agent, anchor, refs, question, ops, slots, discriminator, context, metadata);
  }

  @Override
  public String toString() {
    return "Proposal[" + askKey() + ", " + archetype() + ", " + question + "]";
  }

  /**
   * Collects a proposal's parts; {@link #build()} checks them all at once. Not thread-safe. Kinds
   * and ids are checked as they are given ({@link ObjectRef}); everything else at build.
   */
  public static final class Builder {
    private final String agent;
    private Labeler labeler;
    private ObjectRef anchor;
    private final List<ObjectRef> refs = new ArrayList<>();
    private String question = "";
    private final List<PendingOp> ops = new ArrayList<>();
    private final List<UserSlot> slots = new ArrayList<>();
    private String discriminator = "";
    private final List<ObjectRef> context = new ArrayList<>();
    private final Map<String, String> metadata = new LinkedHashMap<>();

    private record PendingOp(ActionSet<?> actions, Call call) {}

    private Builder(String agent) {
      this.agent = Objects.requireNonNullElse(agent, "").trim();
    }

    /**
     * Resolves the live labels of the anchor, the refs and every token in the question; a label it
     * knows wins over one given on a ref.
     */
    public Builder labeler(Labeler labeler) {
      this.labeler = labeler;
      return this;
    }

    /** The object the ops act on. */
    public Builder anchor(ObjectRef anchor) {
      this.anchor = anchor;
      return this;
    }

    /** The object the ops act on, labelled by the labeler. */
    public Builder anchor(String kind, String id) {
      return anchor(ObjectRef.of(kind, id));
    }

    /** Another object the question names, such as the destination of a move. */
    public Builder ref(ObjectRef ref) {
      refs.add(Objects.requireNonNull(ref, "ref"));
      return this;
    }

    /** Another object the question names, labelled by the labeler. */
    public Builder ref(String kind, String id) {
      return ref(ObjectRef.of(kind, id));
    }

    /** The sentence the user answers, as the agent or model wrote it; it is tokenized at build. */
    public Builder question(String question) {
      this.question = Objects.requireNonNullElse(question, "");
      return this;
    }

    /**
     * An op that runs on accept, verified at build against {@code actions} (with the slots of this
     * op counted as user-fills).
     */
    public Builder op(ActionSet<?> actions, Call call) {
      ops.add(
          new PendingOp(
              Objects.requireNonNull(actions, "actions"), Objects.requireNonNull(call, "call")));
      return this;
    }

    /** A value the user fills on accept. */
    public Builder slot(UserSlot slot) {
      slots.add(Objects.requireNonNull(slot, "slot"));
      return this;
    }

    /**
     * An object the proposal is also shown under, such as the project a task's ask belongs on; its
     * label comes from the labeler when it knows the object. Given twice, or equal to the anchor,
     * it is kept once.
     */
    public Builder context(ObjectRef ref) {
      context.add(Objects.requireNonNull(ref, "context"));
      return this;
    }

    /** An object the proposal is also shown under, labelled by the labeler. */
    public Builder context(String kind, String id) {
      return context(ObjectRef.of(kind, id));
    }

    /**
     * An entry for the host application (its own ids, a format version...), carried with the
     * proposal and never interpreted; a later entry with the same key replaces the earlier one.
     */
    public Builder metadata(String key, String value) {
      metadata.put(key, value);
      return this;
    }

    /** Every entry of the map, as {@link #metadata(String, String)} adds one. */
    public Builder metadata(Map<String, String> entries) {
      Objects.requireNonNull(entries, "entries").forEach(metadata::put);
      return this;
    }

    /** Separates asks that share anchor and opcode; see {@link Proposal#askKey}. */
    public Builder discriminator(String discriminator) {
      this.discriminator = Objects.requireNonNullElse(discriminator, "").trim();
      return this;
    }

    /**
     * Checks every part and builds the proposal.
     *
     * @throws InvalidProposalException listing every problem: no agent name, no question, no
     *     anchor, an object without a label, no op, an op that does not verify, a slot naming no op
     *     or given twice, a slot whose type or options the contract contradicts, metadata with a
     *     blank key, a missing value or too much text
     */
    public Proposal build() {
      List<String> problems = new ArrayList<>();
      checkAgent(problems);
      if (!QuestionTokenizer.hasWords(question)) {
        problems.add(RuntimeMessage.PROPOSAL_QUESTION.format());
      }
      ObjectRef liveAnchor = null;
      if (anchor == null) {
        problems.add(RuntimeMessage.PROPOSAL_ANCHOR.format());
      } else {
        liveAnchor = labelled(anchor, "the anchor", problems);
      }
      List<ObjectRef> liveRefs = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      if (anchor != null) {
        seen.add(anchor.key());
      }
      for (ObjectRef r : refs) {
        if (seen.add(r.key())) {
          liveRefs.add(labelled(r, "the object", problems));
        }
      }
      List<UserSlot> formSlots = new ArrayList<>(slots.size());
      List<ProposalOp> built = buildOps(problems, formSlots);
      List<ObjectRef> liveContext = liveContext();
      Metadata.check(metadata, problems);
      if (!problems.isEmpty()) {
        throw new InvalidProposalException(agent, problems);
      }
      return new Proposal(this, liveAnchor, liveRefs, new Built(built, formSlots, liveContext));
    }

    private record Built(List<ProposalOp> ops, List<UserSlot> slots, List<ObjectRef> context) {}

    private List<ObjectRef> liveContext() {
      Set<String> seen = new HashSet<>();
      if (anchor != null) {
        seen.add(anchor.key());
      }
      List<ObjectRef> out = new ArrayList<>(context.size());
      for (ObjectRef r : context) {
        if (seen.add(r.key())) {
          out.add(
              labeler == null
                  ? r
                  : labeler
                      .label(r.kind(), r.id())
                      .filter(l -> !l.isBlank())
                      .map(r::withLabel)
                      .orElse(r));
        }
      }
      return out;
    }

    private void checkAgent(List<String> problems) {
      if (agent.isEmpty()) {
        problems.add(RuntimeMessage.PROPOSAL_AGENT_MISSING.format());
        return;
      }
      for (int i = 0; i < agent.length(); i++) {
        char c = agent.charAt(i);
        if (c == ':' || Character.isWhitespace(c)) {
          problems.add(RuntimeMessage.PROPOSAL_AGENT_NAME.format(agent));
          return;
        }
      }
    }

    private ObjectRef labelled(ObjectRef ref, String role, List<String> problems) {
      ObjectRef live = ref;
      if (labeler != null) {
        Optional<String> label = labeler.label(ref.kind(), ref.id());
        if (label.isPresent() && !label.get().isBlank()) {
          live = ref.withLabel(label.get());
        }
      }
      if (!live.hasLabel()) {
        problems.add(RuntimeMessage.PROPOSAL_LABEL.format(role, ref.key()));
      }
      return live;
    }

    private List<ProposalOp> buildOps(List<String> problems, List<UserSlot> formSlots) {
      if (ops.isEmpty()) {
        problems.add(RuntimeMessage.PROPOSAL_OPS.format());
      }
      Set<String> slotKeys = new HashSet<>();
      for (UserSlot s : slots) {
        if (s.opIndex() < 0 || s.opIndex() >= ops.size()) {
          problems.add(
              RuntimeMessage.PROPOSAL_SLOT_NO_OP.format(
                  s.operand(), s.opIndex(), ops.size() + (ops.size() == 1 ? " op" : " ops")));
        } else if (!slotKeys.add(s.opIndex() + ":" + s.operand())) {
          problems.add(RuntimeMessage.PROPOSAL_SLOT_TWICE.format(s.operand(), s.opIndex()));
        }
      }
      List<ProposalOp> out = new ArrayList<>(ops.size());
      for (int i = 0; i < ops.size(); i++) {
        PendingOp op = ops.get(i);
        Call call = op.call();
        Set<String> fills = new LinkedHashSet<>(call.userFills());
        Map<String, String> probeArgs = new LinkedHashMap<>(call.args());
        for (UserSlot s : slots) {
          if (s.opIndex() == i) {
            fills.add(s.operand());
            // A drafted value is checked like an argument, so a bad default is caught here.
            if (!s.blankDefault()) {
              probeArgs.putIfAbsent(s.operand(), s.defaultValue());
            }
          }
        }
        List<String> fillList = List.copyOf(fills);
        List<Problem> found = op.actions().verify(Call.of(call.opcode(), probeArgs, fillList));
        for (Problem p : found) {
          problems.add(RuntimeMessage.PROPOSAL_OP.format(i, call.opcode(), p.message()));
        }
        if (found.isEmpty()) {
          out.add(
              new ProposalOp(op.actions().verified(Call.of(call.opcode(), call.args(), fillList))));
        }
      }
      if (out.size() == ops.size()) {
        for (UserSlot s : slots) {
          if (s.opIndex() < 0 || s.opIndex() >= out.size()) {
            continue; // named above
          }
          formSlots.add(
              SlotForms.complete(
                  s, ops.get(s.opIndex()).actions(), out.get(s.opIndex()).call(), problems));
        }
      }
      return out;
    }
  }
}
