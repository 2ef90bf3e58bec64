package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.proposal.Proposal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A listener that is also a {@link ToolCallTracer} gets one span per call, opened before the guard
 * and ended once with the call's outcome, with the run handler called inside {@link
 * ToolCallTracer.Span#running}; a tracer that throws changes nothing the model is told.
 */
class ToolCallTracerTest {
  private static final String ADD = "{\"title\": \"Call Bo\", \"priority\": \"high\"}";

  /** Records the span events, each as {@code "<event> <tool>"}, and the thread of each run. */
  static final class Recorder implements ToolCallListener, ToolCallTracer {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    volatile boolean inRun;
    volatile boolean ranInside;
    final boolean throwing;

    Recorder(boolean throwing) {
      this.throwing = throwing;
    }

    @Override
    public void ran(Outcome outcome, Duration took) {
      events.add("listener ran " + outcome.call().opcode());
    }

    @Override
    public void proposed(Call call, Proposal proposal, boolean paused, Duration took) {
      events.add("listener proposed " + call.opcode());
    }

    @Override
    public Span start(String agent, String tool) {
      events.add("start " + agent + " " + tool);
      if (throwing) {
        throw new IllegalStateException("a broken tracer");
      }
      return new Span() {
        @Override
        public void judged(Call call, boolean apply) {
          events.add("judged " + call.opcode() + (apply ? " apply" : " withhold"));
        }

        @Override
        public Outcome running(Call call, Callable<Outcome> run) throws Exception {
          events.add("running " + call.opcode());
          inRun = true;
          try {
            return run.call();
          } finally {
            inRun = false;
          }
        }

        @Override
        public void ended(ToolCallOutcome outcome) {
          events.add("ended " + outcome.getClass().getSimpleName());
        }
      };
    }
  }

  private static final class Builder extends ToolCallFlow.Builder<Notes, Builder> {
    Builder(Recorder listener) {
      super(Notes.actions(), null, "notes");
      ceiling(AutonomyRung.AUTO);
      anchor(Notes::anchor);
      labeler(new Notes());
      proposals(p -> {});
      flowListener(listener);
    }

    ToolCallFlow<Notes> build() {
      return flow(String::valueOf, LoggerFactory.getLogger(ToolCallTracerTest.class));
    }
  }

  @Test
  void eachCallIsOneSpanAroundItsJudgingAndItsRun() {
    Recorder r = new Recorder(false);
    ToolCallFlow<Notes> flow = new Builder(r).build();
    Notes notes = new Notes();

    flow.finish(flow.judge("add_note", ADD), notes);
    assertThat(r.events)
        .containsExactly(
            "start notes add_note",
            "judged add_note apply",
            "running add_note",
            "listener ran add_note",
            "ended Ran");

    r.events.clear();
    flow.finish(flow.judge("delete_note", "{\"note_id\": \"n1\"}"), notes);
    assertThat(r.events)
        .containsExactly(
            "start notes delete_note",
            "judged delete_note withhold",
            "listener proposed delete_note",
            "ended Proposed");

    r.events.clear();
    flow.finish(flow.judge("add_note", "{\"title\": \"x\", \"priority\": \"urgent\"}"), notes);
    assertThat(r.events).containsExactly("start notes add_note", "ended Corrected");
  }

  @Test
  void aCallHeldBackByItsMessageAndAnUnknownToolEachEndTheirOwnSpan() {
    Recorder r = new Recorder(false);
    ToolCallFlow<Notes> flow = new Builder(r).build();
    Notes notes = new Notes();
    List<ToolCallFlow.Step> steps =
        ToolCallFlow.program(
            List.of(flow.judge("add_note", ADD), flow.unknownTool(" add_note ", ADD)));
    for (ToolCallFlow.Step s : steps) {
      flow.finish(s, notes);
    }
    assertThat(r.events)
        .containsExactly(
            "start notes add_note",
            "judged add_note apply",
            "start notes  add_note ",
            "ended Corrected",
            "ended Corrected");
    assertThat(notes.notes).hasSize(1);
  }

  @Test
  void aTracerThatThrowsChangesNothingTheModelIsTold() {
    Recorder r = new Recorder(true);
    ToolCallFlow<Notes> flow = new Builder(r).build();
    Notes notes = new Notes();
    ToolCallOutcome out = flow.finish(flow.judge("add_note", ADD), notes);
    assertThat(out.text()).isEqualTo("Done: add_note ran. Result: n2");
    assertThat(r.events).containsExactly("start notes add_note", "listener ran add_note");
  }
}
