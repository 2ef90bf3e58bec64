package dev.agentkit.examples.spring;

import dev.agentkit.examples.Board;
import dev.agentkit.proposal.QuestionTokens;
import java.util.List;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /triage} asks the model to triage the board: its tool calls are guarded, gated and
 * run or proposed by the agentkit tools; the answer is the model's last message and the proposals
 * waiting for a person, each question shown with the backend's names for its objects.
 */
@RestController
class TriageController {
  /** What {@code POST /triage} answers. */
  record Triage(String answer, List<Waiting> proposals) {}

  /** A proposal waiting for a person: its ask key and its question as shown. */
  record Waiting(String askKey, String question) {}

  private final ChatClient chat;
  private final ProposalDesk desk;
  private final Board board;

  TriageController(ChatClient chat, ProposalDesk desk, Board board) {
    this.chat = chat;
    this.desk = desk;
    this.board = board;
  }

  @PostMapping("/triage")
  Triage triage() {
    String answer = chat.prompt().user("Triage the board.").call().content();
    List<Waiting> waiting =
        desk.pending().stream()
            .map(p -> new Waiting(p.askKey(), QuestionTokens.render(p.question(), board.labeler())))
            .toList();
    return new Triage(answer, waiting);
  }
}
