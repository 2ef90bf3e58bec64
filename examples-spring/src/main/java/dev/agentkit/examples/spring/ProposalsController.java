package dev.agentkit.examples.spring;

import dev.agentkit.Outcome;
import dev.agentkit.examples.Board;
import dev.agentkit.inbox.Accepted;
import dev.agentkit.inbox.InboxEntry;
import dev.agentkit.inbox.InboxException;
import dev.agentkit.inbox.InboxQuery;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.proposal.QuestionTokens;
import dev.agentkit.spring.MeteredAgent;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The agent's inbox over HTTP, for the person who decides: {@code GET /proposals} lists what waits,
 * {@code POST /proposals/{askKey}/accept} accepts one (the inbox re-verifies it against the live
 * contract and the op runner applies it to the backend, exactly once) and {@code POST
 * /proposals/{askKey}/decline} refuses one. A refusal of the inbox is answered with its tagged
 * sentence as a problem detail, its status by the table in {@link #STATUS}.
 */
@RestController
class ProposalsController {
  /** A proposal waiting for a person: its ask key and its question as shown. */
  record Waiting(String askKey, String question) {}

  /** A person's decision: who decides, the slot values they fill, and why (for a decline). */
  record Decision(String by, Map<String, String> slots, String reason) {}

  /** What a decision did: the proposal's state afterwards and each op's outcome. */
  record Decided(String askKey, String state, List<String> outcomes) {}

  /** The HTTP status of each refusal: who may fix it, and whether trying again can help. */
  static final Map<InboxException.Kind, HttpStatus> STATUS =
      Map.ofEntries(
          Map.entry(InboxException.Kind.NOT_FOUND, HttpStatus.NOT_FOUND),
          Map.entry(InboxException.Kind.NOT_APPROVER, HttpStatus.FORBIDDEN),
          Map.entry(InboxException.Kind.SLOT, HttpStatus.UNPROCESSABLE_CONTENT),
          Map.entry(InboxException.Kind.ARGUMENT, HttpStatus.BAD_REQUEST),
          Map.entry(InboxException.Kind.LIMIT, HttpStatus.BAD_REQUEST),
          Map.entry(InboxException.Kind.UNSTORABLE, HttpStatus.BAD_REQUEST),
          Map.entry(InboxException.Kind.SOURCE_UNAVAILABLE, HttpStatus.SERVICE_UNAVAILABLE),
          Map.entry(InboxException.Kind.DATABASE, HttpStatus.SERVICE_UNAVAILABLE),
          Map.entry(InboxException.Kind.BUSY, HttpStatus.SERVICE_UNAVAILABLE));

  private final ProposalInbox inbox;
  private final Board board;
  private final String agent;

  ProposalsController(ProposalInbox inbox, Board board, MeteredAgent<Board> agent) {
    this.inbox = inbox;
    this.board = board;
    this.agent = agent.name();
  }

  @GetMapping("/proposals")
  List<Waiting> pending() {
    return inbox.pending(InboxQuery.pending().agent(agent)).entries().stream()
        .map(e -> new Waiting(e.askKey(), QuestionTokens.render(e.question(), board.labeler())))
        .toList();
  }

  @PostMapping("/proposals/{askKey}/accept")
  Decided accept(@PathVariable("askKey") String askKey, @RequestBody Decision d) {
    Accepted a = inbox.accept(askKey, d.by(), d.slots() == null ? Map.of() : d.slots());
    return decided(a.entry(), a.outcomes());
  }

  @PostMapping("/proposals/{askKey}/decline")
  Decided decline(@PathVariable("askKey") String askKey, @RequestBody Decision d) {
    return decided(inbox.decline(askKey, d.by(), d.reason()), List.of());
  }

  @ExceptionHandler(InboxException.class)
  ProblemDetail refused(InboxException e) {
    ProblemDetail p =
        ProblemDetail.forStatusAndDetail(
            STATUS.getOrDefault(e.kind(), HttpStatus.CONFLICT), e.getMessage());
    p.setTitle(e.kind().tag());
    if (!e.problems().isEmpty()) {
      p.setProperty("problems", e.problems());
    }
    return p;
  }

  private static Decided decided(InboxEntry e, List<Outcome> outcomes) {
    List<String> shown =
        outcomes.stream()
            .map(o -> o.call().opcode() + (o.done() ? ": done" : ": failed: " + o.failure()))
            .toList();
    return new Decided(e.askKey(), e.state().wireName(), shown);
  }
}
