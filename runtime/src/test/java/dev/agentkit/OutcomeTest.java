package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.ChangeCategory;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Outcome}, and {@link ActionSet#run} returning one: a value, a model-safe failure. */
class OutcomeTest {
  record Created(String id, String title) {}

  /** What the run handler of create_task does, chosen per test. */
  @FunctionalInterface
  interface Behaviour {
    Object run(Call call) throws Exception;
  }

  private static ActionSet<Behaviour> set() {
    return ActionSet.bind(
        Fixtures.taskboard(),
        List.of(
            Use.<Behaviour>of("create_task", ChangeCategory.ALWAYS_MINTS)
                .run((behaviour, call) -> behaviour.run(call))
                .build()));
  }

  private static final Call CREATE = Call.of("create_task", Map.of("title", "Write"));

  @Test
  void aDoneOutcomeCarriesTheValue() {
    Call call = Call.of("create_task", Map.of("title", "Write"));
    Outcome o = Outcome.done(call, "t9");
    assertThat(o.done()).isTrue();
    assertThat(o.call()).isSameAs(call);
    assertThat(o.value()).contains("t9");
    assertThat(o.value(String.class)).contains("t9");
    assertThat(o.value(Integer.class)).isEmpty();
    assertThat(o.value(Object.class)).contains("t9");
    assertThat(o.failure()).isEmpty();
    assertThat(o.exception()).isEmpty();
    assertThat(o).hasToString("create_task done: t9");
  }

  @Test
  void aDoneOutcomeMayHaveNoValue() {
    Outcome o = Outcome.done(CREATE, null);
    assertThat(o.done()).isTrue();
    assertThat(o.value()).isEmpty();
    assertThat(o.value(String.class)).isEmpty();
    assertThat(o.failure()).isEmpty();
    assertThat(o).hasToString("create_task done");
  }

  @Test
  void aFailedOutcomeCarriesTheModelMessageAndNoValue() {
    Outcome o = Outcome.failed(CREATE, "the board is read-only today");
    assertThat(o.done()).isFalse();
    assertThat(o.value()).isEmpty();
    assertThat(o.value(String.class)).isEmpty();
    assertThat(o.failure()).isEqualTo("the board is read-only today");
    assertThat(o.exception()).isEmpty();
    assertThat(o).hasToString("create_task failed: the board is read-only today");
    assertThatThrownBy(() -> Outcome.failed(CREATE, (String) null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("modelMessage");
    assertThatThrownBy(() -> Outcome.done(null, "x"))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("call");
  }

  @Test
  void runReturnsDoneWithTheHandlersValue() throws Exception {
    ActionSet<Behaviour> set = set();
    Outcome o = set.run(call -> new Created("t9", call.arg("title")), CREATE);
    assertThat(o.done()).isTrue();
    assertThat(o.value(Created.class)).contains(new Created("t9", "Write"));
    assertThat(o.value(String.class)).isEmpty();
    assertThat(o.failure()).isEmpty();
    assertThat(o.call().opcode()).isEqualTo("create_task");
    assertThat(o.call().args()).isEqualTo(CREATE.args());
    assertThat(o.call().isBound()).isTrue();
    assertThat(o.call().op()).isSameAs(set.op("create_task").orElseThrow());

    Outcome text = set().run(call -> "created t9", CREATE);
    assertThat(text.value(String.class)).contains("created t9");
    Outcome nothing = set().run(call -> null, CREATE);
    assertThat(nothing.done()).isTrue();
    assertThat(nothing.value()).isEmpty();
  }

  @Test
  void aCallFailedExceptionBecomesAFailedOutcomeWithItsMessage() throws Exception {
    CallFailedException thrown =
        new CallFailedException("task t9 is closed; reopen it first", new IOException("HTTP 409"));
    Outcome o =
        set()
            .run(
                call -> {
                  throw thrown;
                },
                CREATE);
    assertThat(o.done()).isFalse();
    assertThat(o.failure()).isEqualTo("task t9 is closed; reopen it first");
    assertThat(o.exception()).containsSame(thrown);
    assertThat(o).hasToString("create_task failed: task t9 is closed; reopen it first");
    Outcome direct = Outcome.failed(CREATE, thrown);
    assertThat(direct.failure()).isEqualTo("task t9 is closed; reopen it first");
    assertThat(direct.exception()).containsSame(thrown);
    assertThat(o.value()).isEmpty();
    assertThat(o.call().isBound()).isTrue();
    assertThat(o.call().opcode()).isEqualTo("create_task");
  }

  @Test
  void anyOtherExceptionPropagatesUnchanged() {
    IOException io = new IOException("connection reset by 10.0.0.7");
    assertThatThrownBy(
            () ->
                set()
                    .run(
                        call -> {
                          throw io;
                        },
                        CREATE))
        .isSameAs(io);
    IllegalStateException bug = new IllegalStateException("a bug in the handler");
    assertThatThrownBy(
            () ->
                set()
                    .run(
                        call -> {
                          throw bug;
                        },
                        CREATE))
        .isSameAs(bug);
  }

  @Test
  void callFailedExceptionNeedsAMessage() {
    assertThatThrownBy(() -> new CallFailedException(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("modelMessage");
    CallFailedException e = new CallFailedException("try again", new IOException("x"));
    assertThat(e).hasMessage("try again").hasCauseInstanceOf(IOException.class);
  }
}
