package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every message of {@link ContractRules#validate}, asserted in full. */
class ValidationTest {
  private static final StateReader<Object> READER = (s, a) -> "";
  private static final FieldReader<Object> FIELDS = (s, a, f) -> "";
  private static final RunHandler<Object> RUN = (s, a) -> {};
  private static final AskWording ASK = a -> "Go?";

  private static List<String> messages(List<Act<Object>> acts) {
    return ActionSet.validate(acts).stream().map(Problem::message).toList();
  }

  private static Act<Object> valid(Action a) {
    return Act.<Object>of(a).withRun(RUN).withReader(READER);
  }

  @Test
  void aValidSetHasNoProblem() {
    Action a =
        Fixtures.setStatus().toBuilder()
            .category(ChangeCategory.SCALAR_SET)
            .input("status")
            .build();
    assertThat(messages(List.of(valid(a)))).isEmpty();
    assertThat(ActionSet.of(List.of(valid(a))).opcodes()).containsExactly("set_status");
  }

  @Test
  void emptyOpcode() {
    Action a =
        Action.builder("")
            .description("d")
            .tier(Tier.REVERSIBLE)
            .category(ChangeCategory.MERGE)
            .build();
    assertThat(messages(List.of(Act.of(a))))
        .containsExactly(
            "[EmptyOpcode] an act has an empty opcode; every act needs the opcode its backend"
                + " knows it by");
  }

  @Test
  void duplicateOpcodeReportedOnce() {
    Action a = Fixtures.createTask().toBuilder().category(ChangeCategory.ALWAYS_MINTS).build();
    assertThat(messages(List.of(Act.of(a), Act.of(a), Act.of(a))))
        .containsExactly(
            "[DuplicateOpcode] create_task: declared 3 times; an opcode names one act, so keep"
                + " one declaration");
  }

  @Test
  void blankDescription() {
    Action a =
        Fixtures.createTask().toBuilder()
            .description("  ")
            .category(ChangeCategory.ALWAYS_MINTS)
            .build();
    assertThat(messages(List.of(Act.of(a))))
        .containsExactly(
            "[BlankDescription] create_task: the description is blank; it is the prompt the"
                + " model reads, so describe what the act does");
  }

  @Test
  void unsetCategoryAndTierAreErrorsNotDefaults() {
    Action a = Fixtures.createTask().toBuilder().tier(null).build();
    assertThat(messages(List.of(Act.of(a))))
        .containsExactly(
            "[UnsetCategory] create_task: no change category; say how to tell whether the act"
                + " would change anything, with one of always_mints, fills_slot, membership,"
                + " merge, multi_field, scalar_set, terminal",
            "[UnsetTier] create_task: no tier; an unset tier is never taken as read-only, so"
                + " give one of external_reversible, irreversible, read_only, reversible");
  }

  @Test
  void withheldWithoutAskAndWithRun() {
    Action a = Fixtures.archiveProject().toBuilder().category(ChangeCategory.MERGE).build();
    assertThat(messages(List.of(Act.<Object>of(a).withRun(RUN))))
        .containsExactly(
            "[WithheldWithoutAsk] archive_project: tier irreversible is always withheld for a"
                + " human, but the act has no ask wording, so the user would never be asked and"
                + " the act would vanish; add ask wording (@Ask)",
            "[WithheldWithRun] archive_project: has a run handler, but tier irreversible can"
                + " never run live, so the handler is dead code that reads as live; remove it"
                + " (@Run) and let the user accept the proposal");
    assertThat(messages(List.of(Act.<Object>of(a).withAsk(ASK)))).isEmpty();
  }

  @Test
  void readersMustFitTheCategory() {
    Action multi = Fixtures.editTask().toBuilder().category(ChangeCategory.MULTI_FIELD).build();
    assertThat(messages(List.of(Act.<Object>of(multi).withReader(READER))))
        .containsExactly(
            "[MissingFieldReader] edit_task: category multi_field compares each argument with"
                + " its field's current value, so it needs a field reader (state, action, field"
                + " name)",
            "[UnexpectedReader] edit_task: has a state reader, but category multi_field reads"
                + " each field through a field reader (state, action, field name) instead;"
                + " change the category or remove the reader");
    Action scalar =
        Fixtures.setDueDate().toBuilder()
            .category(ChangeCategory.SCALAR_SET)
            .input("due_date")
            .build();
    assertThat(messages(List.of(Act.<Object>of(scalar).withFieldReader(FIELDS))))
        .containsExactly(
            "[UnexpectedFieldReader] set_task_due_date: has a field reader, but category"
                + " scalar_set never reads fields; use multi_field or remove the field reader",
            "[MissingReader] set_task_due_date: category scalar_set compares against the current"
                + " state, so it needs a state reader");
    Action mint = Fixtures.createTask().toBuilder().category(ChangeCategory.ALWAYS_MINTS).build();
    assertThat(messages(List.of(Act.<Object>of(mint).withReader(READER))))
        .containsExactly(
            "[UnexpectedReader] create_task: has a state reader, but category always_mints reads"
                + " no state, so the reader would never be called; change the category or remove"
                + " the reader");
  }

  @Test
  void inputMustBePresentAndNameAnOperand() {
    Action missing = Fixtures.setStatus().toBuilder().category(ChangeCategory.FILLS_SLOT).build();
    assertThat(messages(List.of(valid(missing))))
        .containsExactly(
            "[MissingInput] set_status: category fills_slot compares the proposed value of one"
                + " operand with the current one, so name that operand as the input; operands:"
                + " status, task_id");
    Action typo =
        Fixtures.setStatus().toBuilder()
            .category(ChangeCategory.SCALAR_SET)
            .input("stauts")
            .build();
    assertThat(messages(List.of(valid(typo))))
        .containsExactly(
            "[UnknownInput] set_status: input \"stauts\" names no operand of this op; operands:"
                + " status, task_id; did you mean \"status\"?");
  }

  @Test
  void terminalNeedsStatesFromTheInputsEnum() {
    Action none = Fixtures.setStatus().toBuilder().category(ChangeCategory.TERMINAL).build();
    assertThat(messages(List.of(valid(none))))
        .containsExactly(
            "[MissingTerminalStates] set_status: category terminal needs the terminal states"
                + " after which the act changes nothing (e.g. done, archived)");
    Action wrong =
        Fixtures.setStatus().toBuilder()
            .category(ChangeCategory.TERMINAL)
            .input("status")
            .terminalStates("Done", "archivd", "closed")
            .build();
    assertThat(messages(List.of(valid(wrong))))
        .containsExactly(
            "[TerminalStateNotInEnum] set_status: terminal state \"archivd\" is not a value of"
                + " input status, so the act could never be recognised as done; values: archived,"
                + " done, in_progress, todo; did you mean \"archived\"?",
            "[TerminalStateNotInEnum] set_status: terminal state \"closed\" is not a value of"
                + " input status, so the act could never be recognised as done; values: archived,"
                + " done, in_progress, todo");
  }

  @Test
  void structuredMustNameOperands() {
    Action a =
        Fixtures.tagTask().toBuilder()
            .category(ChangeCategory.MERGE)
            .structured("notes", "note")
            .build();
    assertThat(messages(List.of(Act.<Object>of(a).withAsk(ASK))))
        .containsExactly(
            "[UnknownStructured] tag_task: structured operand \"notes\" names no operand of this"
                + " op; operands: labels, note, task_id; did you mean \"note\"?");
  }

  @Test
  void operandsOfALocalActAreChecked() {
    Action a =
        Action.builder("local_thing")
            .description("Do a local thing.")
            .tier(Tier.READ_ONLY)
            .category(ChangeCategory.ALWAYS_MINTS)
            .operand(Operand.of("", OperandType.STRING))
            .operand(Operand.of("x", OperandType.STRING))
            .operand(Operand.of("x", OperandType.NUMBER))
            .operand(Operand.of("kind", OperandType.ENUM))
            .build();
    assertThat(messages(List.of(Act.of(a))))
        .containsExactly(
            "[EmptyOperandName] local_thing: an operand has an empty name; every operand needs a"
                + " name",
            "[DuplicateOperand] local_thing: operand x is declared more than once; an operand"
                + " name must be unique in its op",
            "[EnumWithoutValues] local_thing.kind: type enum with no values, so no value could"
                + " ever be valid; list its values or use type string");
  }

  @Test
  void everyProblemOfEveryActInOneResult() {
    Action a = Fixtures.archiveProject().toBuilder().category(ChangeCategory.SCALAR_SET).build();
    Action b = Fixtures.createTask().toBuilder().description("").build();
    List<Act<Object>> acts = List.of(Act.<Object>of(a).withRun(RUN), Act.of(b));
    assertThat(ActionSet.validate(acts))
        .extracting(p -> p.kind().tag())
        .containsExactly(
            "WithheldWithoutAsk",
            "WithheldWithRun",
            "MissingReader",
            "MissingInput",
            "BlankDescription",
            "UnsetCategory");
    assertThatThrownBy(() -> ActionSet.of(acts))
        .isInstanceOf(BindException.class)
        .hasMessageStartingWith(
            "the acts are not a valid set (6 problems)\n  - [WithheldWithoutAsk]")
        .satisfies(e -> assertThat(((BindException) e).problems()).hasSize(6));
  }

  @Test
  void problemsCarryOpcodeSubjectAndAttribute() {
    Action typo =
        Fixtures.setStatus().toBuilder()
            .category(ChangeCategory.SCALAR_SET)
            .input("stauts")
            .build();
    Problem p = ActionSet.validate(List.of(valid(typo))).get(0);
    assertThat(p.opcode()).isEqualTo("set_status");
    assertThat(p.subject()).isEqualTo("stauts");
    assertThat(p.kind().attribute()).isEqualTo("input");
    assertThat(p.toString()).isEqualTo(p.message());
  }

  @Test
  void checkContractFindsStructuralProblems() {
    Contract c =
        Contract.of(
            "x",
            List.of(
                Action.builder("").description("d").tier(Tier.READ_ONLY).build(),
                Action.builder("no_tier").description("d").build()));
    assertThat(ContractRules.checkContract(c))
        .extracting(Problem::message)
        .containsExactly(
            "[EmptyOpcode] an op has an empty opcode; every op needs the opcode clients call it"
                + " by",
            "[UnsetTier] no_tier: no tier; an unset tier is never taken as read-only, so the"
                + " backend must serve one of external_reversible, irreversible, read_only,"
                + " reversible");
    assertThat(ContractRules.checkContract(Fixtures.taskboard())).isEmpty();
  }
}
