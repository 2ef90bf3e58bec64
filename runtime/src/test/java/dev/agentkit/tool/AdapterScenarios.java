package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CompiledAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.LoopbackBackend;
import dev.agentkit.Outcome;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.proposal.Proposal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One behaviour, written once, that every tool adapter shows through its own framework's types: a
 * subclass per adapter serves {@link Notes} and sends it the model's messages. Each scenario checks
 * the replies, the proposals delivered and the listener's events, which are the same sequence on
 * every adapter.
 */
public abstract class AdapterScenarios {
  /** The agent's name in every adapter. */
  protected static final String AGENT = "notes";

  private static final Clock TODAY =
      Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC);

  /** One tool call as a model makes it. */
  public record ToolCall(String name, String arguments) {}

  /**
   * What the adapter answered one call with.
   *
   * @param error whether the framework marks the reply as an error; null when it has no such mark
   */
  public record Answer(String text, Boolean error) {}

  /** The agent's tools as the adapter serves them. */
  protected interface Served extends AutoCloseable {
    /** Sends one model message's calls and returns the answers, in order. */
    List<Answer> send(List<ToolCall> message) throws Exception;

    @Override
    default void close() throws Exception {}
  }

  /**
   * What an adapter is built over: a bound set or a live agent, the state, and where proposals and
   * events go.
   */
  public static final class Setup {
    private final ActionSet<Notes> acts;
    private final LiveAgent<Notes> live;
    private final Notes notes = new Notes();
    private final List<Proposal> proposals = Collections.synchronizedList(new ArrayList<>());
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean inboxDown;

    private Setup(ActionSet<Notes> acts, LiveAgent<Notes> live) {
      this.acts = acts;
      this.live = live;
    }

    /** The bound set, or null for a live agent. */
    public ActionSet<Notes> acts() {
      return acts;
    }

    /** The live agent, or null for a bound set. */
    public LiveAgent<Notes> live() {
      return live;
    }

    /** The state every call acts on. */
    public Notes notes() {
      return notes;
    }

    /**
     * The adapter's builder, of the bound set or the live agent, set as every adapter is built: an
     * AUTO ceiling, the anchor, the labeler and the proposal sink.
     */
    public <B extends ToolCallFlow.Builder<Notes, B>> B configure(
        Function<ActionSet<Notes>, B> ofActs, Function<LiveAgent<Notes>, B> ofLive) {
      B builder = live == null ? ofActs.apply(acts) : ofLive.apply(live);
      return builder
          .ceiling(AutonomyRung.AUTO)
          .anchor(Notes::anchor)
          .labeler(notes)
          .proposals(
              proposal -> {
                if (inboxDown) {
                  throw new IllegalStateException("the inbox is down");
                }
                proposals.add(proposal);
              });
    }

    /** Records one listener event, as {@code "<event> <tool>"}. */
    public void hear(String event, String tool) {
      events.add(event + " " + tool);
    }

    /** A listener that records every event. */
    public ToolCallListener listener() {
      return new ToolCallListener() {
        @Override
        public void verified(Call call, Duration took) {
          hear("verified", call.opcode());
        }

        @Override
        public void rejected(GuardResult.Correction correction, Duration took) {
          hear("rejected", correction.tool());
        }

        @Override
        public void ran(Outcome outcome, Duration took) {
          hear("ran", outcome.call().opcode());
        }

        @Override
        public void proposed(Call call, Proposal proposal, boolean paused, Duration took) {
          hear("proposed", call.opcode());
        }

        @Override
        public void unchanged(Call call, boolean applied, Duration took) {
          hear("unchanged", call.opcode());
        }

        @Override
        public void failed(Call call, boolean applied, Exception failure, Duration took) {
          hear("failed", call.opcode());
        }
      };
    }
  }

  /** Serves the setup's agent through the adapter. */
  protected abstract Served serve(Setup setup) throws Exception;

  /** Whether the adapter judges the calls of one model message as one program (MCP has none). */
  protected boolean judgesMessages() {
    return true;
  }

  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private Served served(Setup setup) throws Exception {
    Served s = serve(setup);
    open.add(s);
    return s;
  }

  private static Setup bound() {
    return new Setup(Notes.actions(), null);
  }

  private static ToolCall call(String name, String arguments) {
    return new ToolCall(name, arguments);
  }

  private static String correction(String name, String arguments) {
    return ((GuardResult.Correction) ToolCallGuard.of(Notes.actions()).check(name, arguments))
        .message();
  }

  private static final String ADD = "{\"title\": \"Call Bo\", \"priority\": \"high\"}";

  @Test
  void aRunActExecutes() throws Exception {
    Setup setup = bound();
    List<Answer> answers = served(setup).send(List.of(call("add_note", ADD)));

    assertThat(answers).extracting(Answer::text).containsExactly("Done: add_note ran. Result: n2");
    assertThat(answers.get(0).error()).isNotEqualTo(Boolean.TRUE);
    assertThat(setup.notes().notes).containsEntry("n2", "Call Bo");
    assertThat(setup.events).containsExactly("verified add_note", "ran add_note");
  }

  @Test
  void aWithheldActBecomesAProposalDeliveredToTheSink() throws Exception {
    Setup setup = bound();
    List<Answer> answers =
        served(setup).send(List.of(call("delete_note", "{\"note_id\": \"n1\"}")));

    assertThat(answers)
        .extracting(Answer::text)
        .containsExactly("delete_note was sent to the user for approval; it has not happened yet.");
    assertThat(setup.proposals).extracting(Proposal::askKey).hasSize(1);
    assertThat(setup.proposals.get(0).anchor().key()).isEqualTo("note:n1");
    assertThat(setup.notes().notes).containsKey("n1");
    assertThat(setup.events).containsExactly("verified delete_note", "proposed delete_note");
  }

  @Test
  void aProposalTheSinkCannotTakeIsAFailureForTheOperator() throws Exception {
    Setup setup = bound();
    setup.inboxDown = true;
    List<Answer> answers =
        served(setup).send(List.of(call("delete_note", "{\"note_id\": \"n1\"}")));

    assertThat(answers)
        .extracting(Answer::text)
        .containsExactly(ToolReplies.notSent("delete_note"));
    assertThat(setup.events).containsExactly("verified delete_note", "failed delete_note");
  }

  @Test
  void anInvalidArgumentGetsTheGuardsSentence() throws Exception {
    Setup setup = bound();
    String args = "{\"title\": \"Call Bo\", \"priority\": \"urgent\"}";
    List<Answer> answers = served(setup).send(List.of(call("add_note", args)));

    assertThat(answers).extracting(Answer::text).containsExactly(correction("add_note", args));
    assertThat(answers.get(0).error()).isNotEqualTo(Boolean.FALSE);
    assertThat(setup.notes().notes).hasSize(1);
    assertThat(setup.events).containsExactly("rejected add_note");
  }

  @Test
  void anUnknownToolGetsUnknownToolWithANearName() throws Exception {
    Setup setup = bound();
    List<Answer> answers = served(setup).send(List.of(call("add_notes", ADD)));

    String expected = correction("add_notes", ADD);
    assertThat(expected).startsWith("[UnknownTool] ").contains("add_note");
    assertThat(answers).extracting(Answer::text).containsExactly(expected);
    assertThat(answers.get(0).error()).isNotEqualTo(Boolean.FALSE);
    assertThat(setup.events).containsExactly("rejected add_notes");
  }

  @Test
  void aPausedAgentRunsNothingAndProposesTheCall() throws Exception {
    LoopbackBackend backend = new LoopbackBackend(Notes.CONTRACT);
    open.add(backend);
    LiveAgent<Notes> live =
        LiveAgent.bind(
            new CompiledAgent(AGENT, Notes.CONTRACT, Notes.CONTRACT.digest()),
            backend.cache(Duration.ofMillis(20), Duration.ofMinutes(1)),
            Notes.uses(),
            DriftPolicy.failOnBreaking(),
            TODAY);
    Setup setup = new Setup(null, live);
    Served served = served(setup);
    backend.serve(
        Contract.of(
            "taskboard",
            List.of(
                Notes.ADD_NOTE.toBuilder().tier(Tier.IRREVERSIBLE).build(), Notes.DELETE_NOTE)));
    LiveBoard.until(live, () -> live.state() == LiveAgent.State.PAUSED_ON_DRIFT);

    List<Answer> answers = served.send(List.of(call("add_note", ADD)));

    assertThat(answers.get(0).text())
        .startsWith(
            "[PausedForReview] add_note is paused for review, so it was sent to the user for"
                + " approval and has not happened yet: notes is paused");
    assertThat(setup.notes().notes).hasSize(1);
    assertThat(setup.proposals).extracting(p -> p.anchor().key()).containsExactly("board:notes");
    assertThat(setup.events).containsExactly("verified add_note", "proposed add_note");
  }

  @Test
  void twoCallsOfOneMessageAreOneProgram() throws Exception {
    Setup setup = bound();
    String bad = "{\"title\": \"Call Bo\", \"priority\": \"urgent\"}";
    List<Answer> answers =
        served(setup).send(List.of(call("add_note", ADD), call("add_note", bad)));

    if (judgesMessages()) {
      assertThat(answers.get(0).text())
          .isEqualTo(ToolReplies.otherCallsInvalid("add_note", List.of("add_note")));
      assertThat(answers.get(1).text()).isEqualTo(correction("add_note", bad));
      assertThat(setup.notes().notes).hasSize(1);
      assertThat(setup.events)
          .containsExactly("verified add_note", "rejected add_note", "rejected add_note");
    } else {
      // Each tools/call is a message of its own: the valid call runs, the other is corrected.
      assertThat(answers)
          .extracting(Answer::text)
          .containsExactly("Done: add_note ran. Result: n2", correction("add_note", bad));
      assertThat(setup.events)
          .containsExactly("verified add_note", "ran add_note", "rejected add_note");
    }
  }
}
