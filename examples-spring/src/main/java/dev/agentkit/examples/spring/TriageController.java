package dev.agentkit.examples.spring;

import java.util.List;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /triage} asks the model to triage the board: its tool calls are guarded, gated and
 * run or proposed (to the agent's inbox) by the agentkit tools; the answer is the model's last
 * message and the proposals waiting for a person, as {@code GET /proposals} lists them.
 */
@RestController
class TriageController {
  /** What {@code POST /triage} answers. */
  record Triage(String answer, List<ProposalsController.Waiting> proposals) {}

  private final ChatClient chat;
  private final ProposalsController proposals;

  TriageController(ChatClient chat, ProposalsController proposals) {
    this.chat = chat;
    this.proposals = proposals;
  }

  @PostMapping("/triage")
  Triage triage() {
    String answer = chat.prompt().user("Triage the board.").call().content();
    return new Triage(answer, proposals.pending());
  }
}
