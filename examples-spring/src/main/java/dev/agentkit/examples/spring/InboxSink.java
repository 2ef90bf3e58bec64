package dev.agentkit.examples.spring;

import dev.agentkit.LiveAgent;
import dev.agentkit.examples.Board;
import dev.agentkit.inbox.ProposalBatch;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.inbox.ProposeReport;
import dev.agentkit.proposal.Proposal;
import java.util.List;
import java.util.function.Consumer;

/**
 * The tools' proposal sink: each withheld call's proposal goes to the agent's inbox, where it waits
 * for a person. One the inbox refuses (over a limit, or text it cannot store) throws with the
 * inbox's sentence, so the model is told the call was not sent.
 */
final class InboxSink implements Consumer<Proposal> {
  private final ProposalInbox inbox;
  private final LiveAgent<Board> agent;
  private final Board board;

  InboxSink(ProposalInbox inbox, LiveAgent<Board> agent, Board board) {
    this.inbox = inbox;
    this.agent = agent;
    this.board = board;
  }

  @Override
  public void accept(Proposal proposal) {
    ProposeReport report =
        inbox.propose(ProposalBatch.of(agent.lastBound().acts(), board, List.of(proposal)));
    String refused = report.refused().get(proposal.askKey());
    if (refused != null) {
      throw new IllegalStateException(refused);
    }
  }
}
