package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ActDeclaration;
import dev.agentkit.internal.ActDeclaration.Handler;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Use} and {@link Premise}: the agent's use of an op, and what it becomes for the rules. */
class UseTest {
  private static final Op NOTE =
      Op.builder("leave_note").description("Leave a note.").tier(Tier.READ_ONLY).build();

  @Test
  void aBuilderFillsThePremiseAndTheHandlers() {
    RunHandler<Object> run = (s, c) -> null;
    StateReader<Object> reader = (s, c) -> "";
    Object extra = new Object();
    Use<Object> u =
        Use.<Object>of("set_status", ChangeCategory.TERMINAL)
            .input("status")
            .terminalStates("done", "archived")
            .structured("meta")
            .extra(extra)
            .assertTier(Tier.REVERSIBLE)
            .reader(reader)
            .run(run)
            .build();
    assertThat(u.opcode()).isEqualTo("set_status");
    assertThat(u.isLocal()).isFalse();
    assertThat(u.local()).isNull();
    assertThat(u.premise())
        .isEqualTo(
            new Premise(
                ChangeCategory.TERMINAL,
                "status",
                List.of("done", "archived"),
                List.of("meta"),
                extra));
    assertThat(u.assertTier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(u.run()).isSameAs(run);
    assertThat(u.reader()).isSameAs(reader);
    assertThat(u.ask()).isNull();
    assertThat(u.fieldReader()).isNull();
  }

  @Test
  void aLocalUseTakesItsOpcodeFromItsOp() {
    Use<Object> u = Use.<Object>local(NOTE, ChangeCategory.MERGE).build();
    assertThat(u.isLocal()).isTrue();
    assertThat(u.opcode()).isEqualTo("leave_note");
    assertThat(u.local()).isSameAs(NOTE);
    assertThat(u.premise()).isEqualTo(Premise.of(ChangeCategory.MERGE));
    assertThatThrownBy(() -> Use.local(null, ChangeCategory.MERGE))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("op");
  }

  @Test
  void aLocalOpMustHaveTheUsesOpcode() {
    assertThatThrownBy(
            () ->
                new Use<Object>(
                    "leave_a_note",
                    NOTE,
                    Premise.of(ChangeCategory.MERGE),
                    null,
                    null,
                    null,
                    null,
                    null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the use is of \"leave_a_note\" but its local op is \"leave_note\"");
    assertThat(
            new Use<Object>(
                    "leave_note",
                    NOTE,
                    Premise.of(ChangeCategory.MERGE),
                    null,
                    null,
                    null,
                    null,
                    null)
                .isLocal())
        .isTrue();
  }

  @Test
  void aUseNeedsAnOpcodeAndAPremise() {
    assertThatThrownBy(
            () ->
                new Use<Object>(
                    null, null, Premise.of(ChangeCategory.MERGE), null, null, null, null, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("opcode");
    assertThatThrownBy(
            () -> new Use<Object>("set_status", null, null, null, null, null, null, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("premise");
  }

  @Test
  void aPremiseCopiesItsListsAndDefaultsToEmpty() {
    Premise p = new Premise(ChangeCategory.MERGE, null, null, null, null);
    assertThat(p.input()).isEmpty();
    assertThat(p.terminalStates()).isEmpty();
    assertThat(p.structured()).isEmpty();
    assertThat(p.extra()).isNull();
    assertThat(Premise.of(ChangeCategory.SCALAR_SET))
        .isEqualTo(new Premise(ChangeCategory.SCALAR_SET, "", List.of(), List.of(), null));
    assertThatThrownBy(() -> Premise.of(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("category");
  }

  @Test
  void aHandBuiltSetHoldsOnlyLocalUses() {
    Use<Object> backend =
        Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
            .input("status")
            .reader((s, c) -> "")
            .build();
    Use<Object> local = Use.<Object>local(NOTE, ChangeCategory.MERGE).build();
    assertThatThrownBy(() -> ActionSet.of(List.of(local, backend)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "set_status is a use of a backend op: a hand-built set holds only local uses"
                + " (Use.local), so bind backend ops with ActionSet.bind");
    ActionSet<Object> set = ActionSet.of(List.of(local));
    assertThat(set.contract()).isEmpty();
    assertThat(set.ops()).containsExactly(NOTE);
    assertThat(set.op("leave_note")).containsSame(NOTE);
    assertThat(set.premise("leave_note")).contains(Premise.of(ChangeCategory.MERGE));
    assertThat(set.op("set_status")).isEmpty();
    assertThat(set.premise("set_status")).isEmpty();
    assertThat(set.canRun("leave_note")).isFalse();
  }

  @Test
  void theDeclarationNamesExactlyTheHandlersTheUseHas() {
    Use.Builder<Object> none = Use.<Object>of("set_status", ChangeCategory.SCALAR_SET);
    assertThat(none.build().declaration().handlers()).isEmpty();

    ActDeclaration all =
        Use.<Object>of("edit_task", ChangeCategory.MULTI_FIELD)
            .run((s, c) -> null)
            .ask(c -> "Edit?")
            .reader((s, c) -> "")
            .fieldReader((s, c, f) -> "")
            .build()
            .declaration();
    assertThat(all.handlers()).containsExactlyInAnyOrder(Handler.values());

    ActDeclaration runAndAsk =
        Use.<Object>of("archive_project", ChangeCategory.MERGE)
            .run((s, c) -> null)
            .ask(c -> "Archive?")
            .build()
            .declaration();
    assertThat(runAndAsk.handlers()).containsExactlyInAnyOrder(Handler.RUN, Handler.ASK);
    assertThat(runAndAsk.has(Handler.RUN)).isTrue();
    assertThat(runAndAsk.has(Handler.ASK)).isTrue();
    assertThat(runAndAsk.has(Handler.READER)).isFalse();
    assertThat(runAndAsk.has(Handler.FIELD_READER)).isFalse();

    ActDeclaration readers =
        Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
            .reader((s, c) -> "")
            .build()
            .declaration();
    assertThat(readers.handlers()).containsExactly(Handler.READER);
  }

  @Test
  void theDeclarationCarriesThePremiseAndTheLocalOp() {
    ActDeclaration d =
        Use.<Object>of("set_status", ChangeCategory.TERMINAL)
            .input("status")
            .terminalStates("done")
            .structured("meta")
            .assertTier(Tier.REVERSIBLE)
            .build()
            .declaration();
    assertThat(d.opcode()).isEqualTo("set_status");
    assertThat(d.op()).as("a backend use is not bound yet").isNull();
    assertThat(d.category()).isEqualTo(ChangeCategory.TERMINAL);
    assertThat(d.input()).isEqualTo("status");
    assertThat(d.terminalStates()).containsExactly("done");
    assertThat(d.structured()).containsExactly("meta");
    assertThat(d.assertTier()).isEqualTo(Tier.REVERSIBLE);

    ActDeclaration local = Use.<Object>local(NOTE, ChangeCategory.MERGE).build().declaration();
    assertThat(local.op()).isSameAs(NOTE);
    assertThat(local.opcode()).isEqualTo("leave_note");
  }

  @Test
  void anActDeclarationCopiesItsHandlerSet() {
    Set<Handler> handlers = EnumSet.of(Handler.RUN);
    ActDeclaration d =
        new ActDeclaration("x", null, ChangeCategory.MERGE, null, null, null, null, handlers);
    handlers.add(Handler.ASK);
    assertThat(d.handlers()).containsExactly(Handler.RUN);
    assertThat(d.has(Handler.ASK)).isFalse();
    assertThatThrownBy(() -> d.handlers().add(Handler.READER))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(d.input()).isEmpty();
    assertThat(d.terminalStates()).isEmpty();
    assertThat(d.structured()).isEmpty();
    assertThat(
            new ActDeclaration("y", null, null, "", List.of(), List.of(), null, Set.of())
                .handlers())
        .isEmpty();
  }
}
