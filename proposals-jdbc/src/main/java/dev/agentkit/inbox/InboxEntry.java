package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.proposal.Archetype;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.UserSlot;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A proposal as the inbox holds it: what was asked, and what became of it.
 *
 * @param askKey the ask key, {@code agent:kind:id:opcode[:discriminator]}
 * @param agent the agent that proposed it
 * @param anchor what the ops act on, with the label it had when last proposed
 * @param refs the other objects the question names
 * @param question the tokenized question ({@code QuestionTokens.render} displays it)
 * @param ops the calls that run on accept, unbound (they are re-verified on accept), with the
 *     operands left for the person in {@link Call#userFills()}
 * @param slots the values the person fills on accept
 * @param archetype draft or input
 * @param state where it is in its life
 * @param round 1 at first; one more each time a declined or finished proposal is reopened
 * @param proposedDigest the digest of the contract the agent verified the ops against, or empty
 * @param proposedAt when this round was first proposed
 * @param updatedAt when the row last changed
 * @param decision the person's decision in this round, if one was made
 * @param outcome what running the ops did, once they ran; empty before
 * @param deadline when the sweep applies the oversight's expiry policy, if there is a deadline
 * @param escalated whether the sweep has handed it to the escalation set
 * @param context the objects it is also shown under, besides its anchor
 * @param metadata the host application's entries, sorted by key
 * @param version 1 at first in each round; one more each time a refresh changes what the proposal
 *     runs (its ops or slots), which leaves earlier approvals behind: an approval counts only
 *     toward the version it was given to
 * @param opsDone how many of the ops have a recorded outcome; while {@link ProposalState#RUNNING},
 *     the op at this index was handed to the runner and its outcome is not known
 * @param opStartedAt when the op at {@code opsDone} was handed to the runner, while running
 */
public record InboxEntry(
    String askKey,
    String agent,
    ObjectRef anchor,
    List<ObjectRef> refs,
    String question,
    List<Call> ops,
    List<UserSlot> slots,
    Archetype archetype,
    ProposalState state,
    int round,
    String proposedDigest,
    Instant proposedAt,
    Instant updatedAt,
    Optional<Decision> decision,
    String outcome,
    Optional<Instant> deadline,
    boolean escalated,
    List<ObjectRef> context,
    SortedMap<String, String> metadata,
    int version,
    int opsDone,
    Optional<Instant> opStartedAt) {

  /** Copies the lists and the map. */
  public InboxEntry {
    context = List.copyOf(context);
    metadata = Collections.unmodifiableSortedMap(new TreeMap<>(metadata));
    refs = List.copyOf(refs);
    ops = List.copyOf(ops);
    slots = List.copyOf(slots);
  }

  /**
   * The idempotency key the inbox sends op {@code opIndex} of this round and version with (see
   * {@link RunContext}): what to look for in the backend when settling an op in doubt.
   */
  public String idempotencyKey(int opIndex) {
    return RunContext.idempotencyKey(askKey, round, version, proposedAt, opIndex);
  }

  /** An entry of version 1 with no run, as rows written before versions were stored read. */
  public InboxEntry(
      String askKey,
      String agent,
      ObjectRef anchor,
      List<ObjectRef> refs,
      String question,
      List<Call> ops,
      List<UserSlot> slots,
      Archetype archetype,
      ProposalState state,
      int round,
      String proposedDigest,
      Instant proposedAt,
      Instant updatedAt,
      Optional<Decision> decision,
      String outcome,
      Optional<Instant> deadline,
      boolean escalated,
      List<ObjectRef> context,
      SortedMap<String, String> metadata) {
    this(
        askKey,
        agent,
        anchor,
        refs,
        question,
        ops,
        slots,
        archetype,
        state,
        round,
        proposedDigest,
        proposedAt,
        updatedAt,
        decision,
        outcome,
        deadline,
        escalated,
        context,
        metadata,
        1,
        0,
        Optional.empty());
  }

  /**
   * A person's decision.
   *
   * @param by who decided
   * @param at when
   * @param reason the reason given for a refusal; empty for an accept
   * @param slotValues the values given on accept; empty for a refusal
   */
  public record Decision(String by, Instant at, String reason, Map<String, String> slotValues) {
    /** Copies the map. */
    public Decision {
      slotValues = Map.copyOf(slotValues);
    }
  }
}
