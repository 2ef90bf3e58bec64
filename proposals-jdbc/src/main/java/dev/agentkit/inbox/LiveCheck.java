package dev.agentkit.inbox;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.BindException;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.contract.Problem;
import dev.agentkit.drift.DriftException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The check every run of a proposal's ops makes first: its agent's acts bound to the live contract,
 * and every filled op verified against them. A refusal says what was not done and what the proposal
 * stays, which differs between an accept and the resumption of one in flight.
 */
final class LiveCheck {
  /**
   * What a refusal says: what was not done, what the proposal stays, and the fixes for drift and
   * for a contract that could not be had.
   */
  record Phase(String notDone, String stays, String driftFix, String sourceFix, boolean slots) {
    static final Phase ACCEPT =
        new Phase(
            "was not accepted",
            "it stays pending",
            "decline it, or let the agent propose it again against the new contract",
            "accept it again once the contract source answers",
            true);

    static Phase resume(ProposalState state) {
      return new Phase(
          "was not run",
          "it stays " + state.wireName(),
          "settle it with Settlement.NOT_APPLIED, or restore what the op needs in the backend",
          "recover or settle it again once the contract source answers",
          false);
    }
  }

  private LiveCheck() {}

  /** The agent's live acts. */
  static ActionSet<?> bind(InboxEntry entry, InboxAgent agent, Phase phase) {
    try {
      return agent.live();
    } catch (BindException e) {
      if (e.problems().stream().anyMatch(p -> p.kind() == Problem.Kind.CONTRACT_UNAVAILABLE)) {
        throw unavailable(entry, sentences(e.problems()), phase);
      }
      throw drift(entry, "its agent's acts no longer bind", sentences(e.problems()), phase);
    } catch (DriftException e) {
      String sentence = e.getMessage() == null ? "breaking drift" : e.getMessage().strip();
      throw drift(entry, "its agent's acts no longer bind", sentence.lines().toList(), phase);
    } catch (AgentPausedException e) {
      // A live agent's acts, withheld while it is paused: stale is no contract, drift is drift.
      List<String> why = e.explanation().strip().lines().toList();
      if (e.state() == LiveAgent.State.SOURCE_STALE) {
        throw unavailable(entry, why, phase);
      }
      throw drift(entry, "its agent is paused: its acts no longer bind", why, phase);
    } catch (RuntimeException e) {
      String threw =
          "the agent's binding threw "
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + Redact.secrets(e.getMessage()));
      throw unavailable(entry, List.of(threw), phase);
    }
  }

  /**
   * The filled ops, each bound to the live op it verified against. A problem with an operand the
   * person filled is a slot problem while accepting ({@code [InboxSlot]}), drift otherwise.
   */
  static List<Call> verify(InboxEntry entry, ActionSet<?> live, List<Call> filled, Phase phase) {
    List<String> drifted = new ArrayList<>();
    List<String> slotProblems = new ArrayList<>();
    for (int i = 0; i < filled.size(); i++) {
      Set<String> fills = Set.copyOf(entry.ops().get(i).userFills());
      for (Problem p : live.verify(filled.get(i))) {
        if (phase.slots() && fills.contains(p.subject())) {
          slotProblems.add("op " + i + " (" + p.opcode() + "): " + p.message());
        } else {
          drifted.add(p.message());
        }
      }
    }
    if (!drifted.isEmpty()) {
      throw drift(entry, "an op no longer verifies", drifted, phase);
    }
    if (!slotProblems.isEmpty()) {
      throw new InboxException(
          InboxException.Kind.SLOT,
          "the proposal \""
              + entry.askKey()
              + "\" cannot be accepted with these slot values; it stays pending",
          slotProblems,
          null);
    }
    List<Call> bound = new ArrayList<>(filled.size());
    for (Call c : filled) {
      bound.add(live.verified(c));
    }
    return bound;
  }

  private static List<String> sentences(List<Problem> problems) {
    List<String> sentences = new ArrayList<>(problems.size());
    for (Problem p : problems) {
      sentences.add(p.message());
    }
    return sentences;
  }

  private static InboxException drift(
      InboxEntry entry, String what, List<String> sentences, Phase phase) {
    return new InboxException(
        InboxException.Kind.DRIFT,
        "the proposal \""
            + entry.askKey()
            + "\" "
            + phase.notDone()
            + ": "
            + what
            + " against the live contract, so nothing ran and "
            + phase.stays()
            + "; "
            + phase.driftFix(),
        sentences,
        null);
  }

  private static InboxException unavailable(InboxEntry entry, List<String> sentences, Phase phase) {
    return new InboxException(
        InboxException.Kind.SOURCE_UNAVAILABLE,
        "the proposal \""
            + entry.askKey()
            + "\" "
            + phase.notDone()
            + ": its agent's live contract could not be had, so nothing was verified and nothing"
            + " ran; "
            + phase.stays()
            + ": "
            + phase.sourceFix(),
        sentences,
        null);
  }
}
