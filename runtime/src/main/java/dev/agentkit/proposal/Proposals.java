package dev.agentkit.proposal;

import dev.agentkit.ActionSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Passes over a batch of proposals before they are sent: the no-op filter and the flood cap. */
public final class Proposals {
  private Proposals() {}

  /**
   * The proposals whose ops would change something, in their order. A proposal is dropped only when
   * every one of its ops would change nothing in {@code state}, by {@link ActionSet#willChange}; a
   * state reader that fails, or an opcode the set does not declare, counts as a change, so an ask
   * is never dropped because state could not be read.
   */
  public static <S> List<Proposal> dropNoOps(
      ActionSet<S> actions, S state, List<Proposal> proposals) {
    List<Proposal> kept = new ArrayList<>(proposals.size());
    for (Proposal p : proposals) {
      for (ProposalOp op : p.ops()) {
        if (actions.willChange(state, op.call())) {
          kept.add(p);
          break;
        }
      }
    }
    return List.copyOf(kept);
  }

  /**
   * At most {@code max} proposals per agent: each agent's first {@code max}, in the order given
   * (rank them first), with the order of the kept ones unchanged. The rest come back on the next
   * pass, since the ask key makes re-proposing free.
   *
   * @throws IllegalArgumentException when {@code max} is less than 1
   */
  public static Capped capPerAgent(List<Proposal> proposals, int max) {
    if (max < 1) {
      throw new IllegalArgumentException(
          "the flood cap is " + max + ": a cap below 1 would drop every ask; pass at least 1");
    }
    Map<String, Integer> seen = new HashMap<>();
    SortedMap<String, Integer> dropped = new TreeMap<>();
    List<Proposal> kept = new ArrayList<>(Math.min(proposals.size(), 16));
    for (Proposal p : proposals) {
      int n = seen.merge(p.agent(), 1, Integer::sum);
      if (n <= max) {
        kept.add(p);
      } else {
        dropped.merge(p.agent(), 1, Integer::sum);
      }
    }
    return new Capped(kept, dropped);
  }

  /**
   * The outcome of {@link #capPerAgent}.
   *
   * @param kept the proposals kept, in their order
   * @param droppedByAgent how many were dropped for each agent, sorted by agent; agents with none
   *     dropped are absent
   */
  public record Capped(List<Proposal> kept, SortedMap<String, Integer> droppedByAgent) {
    /** Copies both. */
    public Capped {
      kept = List.copyOf(kept);
      droppedByAgent = Collections.unmodifiableSortedMap(new TreeMap<>(droppedByAgent));
    }

    /** How many were dropped in all. */
    public int dropped() {
      int n = 0;
      for (int d : droppedByAgent.values()) {
        n += d;
      }
      return n;
    }
  }
}
