package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ContractRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every message of {@link ContractRules#validate}, asserted in full. */
class ValidationTest {
  private static final StateReader<Object> READER = (s, a) -> "";
  private static final FieldReader<Object> FIELDS = (s, a, f) -> "";
  private static final RunHandler<Object> RUN = (s, c) -> null;
  private static final AskWording ASK = a -> "Go?";

  private static List<String> messages(List<Use<Object>> uses) {
    return ActionSet.validate(uses).stream().map(Problem::message).toList();
  }

  /** A local use of {@code op} with the given premise category. */
  private static Use.Builder<Object> local(Op op, ChangeCategory category) {
    return Use.<Object>local(op, category);
  }

  private static Use<Object> valid(Use.Builder<Object> use) {
    return use.run(RUN).reader(READER).build();
  }

  @Test
  void aValidSetHasNoProblem() {
    Use.Builder<Object> a = local(Fixtures.setStatus(), ChangeCategory.SCALAR_SET).input("status");
    assertThat(messages(List.of(valid(a)))).isEmpty();
    assertThat(ActionSet.of(List.of(valid(a))).opcodes()).containsExactly("set_status");
  }

  @Test
  void emptyOpcode() {
    Use<Object> a =
        local(Op.builder("").description("d").tier(Tier.REVERSIBLE).build(), ChangeCategory.MERGE)
            .build();
    assertThat(messages(List.of(a)))
        .containsExactly(
            "[EmptyOpcode] an act has an empty opcode; every act needs the opcode its backend"
                + " knows it by");
  }

  @Test
  void duplicateOpcodeReportedOnce() {
    Use<Object> a = local(Fixtures.createTask(), ChangeCategory.ALWAYS_MINTS).build();
    assertThat(messages(List.of(a, a, a)))
        .containsExactly(
            "[DuplicateOpcode] create_task: declared 3 times; an opcode names one act, so keep"
                + " one declaration");
  }

  @Test
  void blankDescription() {
    Use<Object> a =
        local(
                Fixtures.createTask().toBuilder().description("  ").build(),
                ChangeCategory.ALWAYS_MINTS)
            .build();
    assertThat(messages(List.of(a)))
        .containsExactly(
            "[BlankDescription] create_task: the description is blank; it is the prompt the"
                + " model reads, so describe what the act does");
  }

  @Test
  void unsetCategoryAndTierAreErrorsNotDefaults() {
    Use<Object> a = local(Fixtures.createTask().toBuilder().tier(null).build(), null).build();
    assertThat(messages(List.of(a)))
        .containsExactly(
            "[UnsetCategory] create_task: no change category; say how to tell whether the act"
                + " would change anything, with one of always_mints, fills_slot, membership,"
                + " merge, multi_field, scalar_set, terminal",
            "[UnsetTier] create_task: no tier; an unset tier is never taken as read-only, so"
                + " give one of external_reversible, irreversible, read_only, reversible");
  }

  @Test
  void withheldWithoutAskAndWithRun() {
    Op a = Fixtures.archiveProject();
    assertThat(messages(List.of(local(a, ChangeCategory.MERGE).run(RUN).build())))
        .containsExactly(
            "[WithheldWithoutAsk] archive_project: tier irreversible is always withheld for a"
                + " human, but the act has no ask wording, so the user would never be asked and"
                + " the act would vanish; add ask wording (@Ask)",
            "[WithheldWithRun] archive_project: has a run handler, but tier irreversible can"
                + " never run live, so the handler is dead code that reads as live; remove it"
                + " (@Run) and let the user accept the proposal");
    assertThat(messages(List.of(local(a, ChangeCategory.MERGE).ask(ASK).build()))).isEmpty();
  }

  @Test
  void readersMustFitTheCategory() {
    Use<Object> multi =
        local(Fixtures.editTask(), ChangeCategory.MULTI_FIELD).reader(READER).build();
    assertThat(messages(List.of(multi)))
        .containsExactly(
            "[MissingFieldReader] edit_task: category multi_field compares each argument with"
                + " its field's current value, so it needs a field reader (state, call, field"
                + " name)",
            "[UnexpectedReader] edit_task: has a state reader, but category multi_field reads"
                + " each field through a field reader (state, call, field name) instead;"
                + " change the category or remove the reader");
    Use<Object> scalar =
        local(Fixtures.setDueDate(), ChangeCategory.SCALAR_SET)
            .input("due_date")
            .fieldReader(FIELDS)
            .build();
    assertThat(messages(List.of(scalar)))
        .containsExactly(
            "[UnexpectedFieldReader] set_task_due_date: has a field reader, but category"
                + " scalar_set never reads fields; use multi_field or remove the field reader",
            "[MissingReader] set_task_due_date: category scalar_set compares against the current"
                + " state, so it needs a state reader");
    Use<Object> mint =
        local(Fixtures.createTask(), ChangeCategory.ALWAYS_MINTS).reader(READER).build();
    assertThat(messages(List.of(mint)))
        .containsExactly(
            "[UnexpectedReader] create_task: has a state reader, but category always_mints reads"
                + " no state, so the reader would never be called; change the category or remove"
                + " the reader");
  }

  @Test
  void inputMustBePresentAndNameAnOperand() {
    Use.Builder<Object> missing = local(Fixtures.setStatus(), ChangeCategory.FILLS_SLOT);
    assertThat(messages(List.of(valid(missing))))
        .containsExactly(
            "[MissingInput] set_status: category fills_slot compares the proposed value of one"
                + " operand with the current one, so name that operand as the input; operands:"
                + " status, task_id");
    Use.Builder<Object> typo =
        local(Fixtures.setStatus(), ChangeCategory.SCALAR_SET).input("stauts");
    assertThat(messages(List.of(valid(typo))))
        .containsExactly(
            "[UnknownInput] set_status: input \"stauts\" names no operand of this op; operands:"
                + " status, task_id; did you mean \"status\"?");
  }

  @Test
  void terminalNeedsStatesFromTheInputsEnum() {
    Use.Builder<Object> none = local(Fixtures.setStatus(), ChangeCategory.TERMINAL);
    assertThat(messages(List.of(valid(none))))
        .containsExactly(
            "[MissingTerminalStates] set_status: category terminal needs the terminal states"
                + " after which the act changes nothing (e.g. done, archived)");
    Use.Builder<Object> wrong =
        local(Fixtures.setStatus(), ChangeCategory.TERMINAL)
            .input("status")
            .terminalStates("Done", "archivd", "closed");
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
    Use<Object> a =
        local(Fixtures.tagTask(), ChangeCategory.MERGE)
            .structured("notes", "note")
            .ask(ASK)
            .build();
    assertThat(messages(List.of(a)))
        .containsExactly(
            "[UnknownStructured] tag_task: structured operand \"notes\" names no operand of this"
                + " op; operands: labels, note, task_id; did you mean \"note\"?");
  }

  @Test
  void terminalStatesOnAnotherCategoryAreAnError() {
    Use.Builder<Object> scalar =
        local(Fixtures.setStatus(), ChangeCategory.SCALAR_SET)
            .input("status")
            .terminalStates("done");
    assertThat(ActionSet.validate(List.of(valid(scalar))))
        .extracting(p -> p.kind().attribute(), Problem::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "terminalStates",
                "[UnexpectedTerminalStates] set_status: terminalStates are given, but category"
                    + " scalar_set never reads them (only terminal does), so they would be"
                    + " silently ignored; remove terminalStates, or use category terminal if the"
                    + " act changes nothing once the state is one of them"));
  }

  @Test
  void terminalStatesAgainstAnInputThatIsNotAnEnumAreAWarningNotAnError() {
    Use<Object> due =
        valid(
            local(Fixtures.setDueDate(), ChangeCategory.TERMINAL)
                .input("task_id")
                .terminalStates("done", "archived"));
    assertThat(ActionSet.validate(List.of(due))).isEmpty();
    ContractRules.Binding binding = ContractRules.bind(null, List.of(), List.of(due.declaration()));
    assertThat(binding.ok()).isTrue();
    assertThat(binding.warnings())
        .extracting(p -> p.kind().isWarning(), p -> p.kind().attribute(), Problem::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                true,
                "terminalStates",
                "[TerminalStatesUnchecked] set_task_due_date: input \"task_id\" has type string,"
                    + " not enum, so the terminal states (archived, done) cannot be checked"
                    + " against the values the backend allows: a misspelled state would never"
                    + " match the current state, and the act would never be recognised as done;"
                    + " check their spelling against the states the backend uses, or name the"
                    + " enum operand that holds the state as the input"));
    // Without an input there is nothing to check against, and nothing to warn about; an enum
    // input checks the states.
    Use<Object> noInput =
        valid(local(Fixtures.setDueDate(), ChangeCategory.TERMINAL).terminalStates("done"));
    Use<Object> enumInput =
        valid(
            local(Fixtures.setStatus(), ChangeCategory.TERMINAL)
                .input("status")
                .terminalStates("done"));
    assertThat(
            ContractRules.bind(
                    null, List.of(), List.of(noInput.declaration(), enumInput.declaration()))
                .warnings())
        .isEmpty();
    assertThat(ActionSet.of(List.of(due)).opcodes()).containsExactly("set_task_due_date");
  }

  @Test
  void structuredMustBeAStringOperand() {
    // An enum: its values would vanish from the tool schema and "done" be refused as not JSON.
    // A string and an operand of a type this version does not know may be structured.
    Use<Object> status =
        local(Fixtures.setStatus(), ChangeCategory.MERGE).structured("status").build();
    assertThat(messages(List.of(status)))
        .containsExactly(
            "[StructuredNotString] set_status: structured operand \"status\" has type enum, but"
                + " structured is for a string operand whose text is JSON: the model would be"
                + " offered a string of JSON in place of one of its values (archived, done,"
                + " in_progress, todo), and a plain value would be refused as not valid JSON;"
                + " remove \"status\" from structured, since its type already says how its value"
                + " is written");
    Op counted =
        Op.builder("set_count")
            .description("Set a count.")
            .tier(Tier.REVERSIBLE)
            .operands(
                List.of(
                    Operand.of("count", OperandType.INTEGER),
                    new Operand("labels", "", OperandType.ENUM, false, List.of("a", "b"), true),
                    Operand.of("meta", OperandType.STRING),
                    Operand.opaque("shape", "object")))
            .build();
    Use<Object> count =
        local(counted, ChangeCategory.MERGE).structured("meta", "count", "shape", "labels").build();
    assertThat(ActionSet.validate(List.of(count)))
        .extracting(Problem::subject, Problem::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "count",
                "[StructuredNotString] set_count: structured operand \"count\" has type integer,"
                    + " but structured is for a string operand whose text is JSON: the model would"
                    + " be offered a string of JSON in place of a whole number, and a plain value"
                    + " would be refused as not valid JSON; remove \"count\" from structured,"
                    + " since its type already says how its value is written"),
            org.assertj.core.groups.Tuple.tuple(
                "labels",
                "[StructuredNotString] set_count: structured operand \"labels\" has type enum,"
                    + " but structured is for a string operand whose text is JSON: the model would"
                    + " be offered a string of JSON in place of a list of its values (a, b), and a"
                    + " plain value would be refused as not valid JSON; remove \"labels\" from"
                    + " structured, since its type already says how its value is written"));
  }

  @Test
  void operandsOfALocalActAreChecked() {
    Op a =
        Op.builder("local_thing")
            .description("Do a local thing.")
            .tier(Tier.READ_ONLY)
            .operand(Operand.of("", OperandType.STRING))
            .operand(Operand.of("x", OperandType.STRING))
            .operand(Operand.of("x", OperandType.NUMBER))
            .operand(Operand.of("kind", OperandType.ENUM))
            .build();
    assertThat(messages(List.of(local(a, ChangeCategory.ALWAYS_MINTS).build())))
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
    List<Use<Object>> acts = everyProblemOfEveryAct();
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
        .hasMessageContaining(" (6 problems)\n  - [WithheldWithoutAsk]")
        .satisfies(e -> assertThat(((BindException) e).problems()).hasSize(6));
  }

  private static List<Use<Object>> everyProblemOfEveryAct() {
    Use<Object> a = local(Fixtures.archiveProject(), ChangeCategory.SCALAR_SET).run(RUN).build();
    Use<Object> b = local(Fixtures.createTask().toBuilder().description("").build(), null).build();
    return List.of(a, b);
  }

  @Test
  void aHandBuiltSetNamesItselfInTheHeadline() {
    assertThatThrownBy(() -> ActionSet.of(everyProblemOfEveryAct()))
        .isInstanceOf(BindException.class)
        .hasMessageStartingWith(
            "the acts are not a valid set (6 problems)\n  - [WithheldWithoutAsk]");
  }

  @Test
  void problemsCarryOpcodeSubjectAndAttribute() {
    Use.Builder<Object> typo =
        local(Fixtures.setStatus(), ChangeCategory.SCALAR_SET).input("stauts");
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
                Op.builder("").description("d").tier(Tier.READ_ONLY).build(),
                Op.builder("no_tier").description("d").build()));
    assertThat(c.problems())
        .extracting(Problem::message)
        .containsExactly(
            "[EmptyOpcode] an op has an empty opcode; every op needs the opcode clients call it"
                + " by",
            "[UnsetTier] no_tier: no tier; an unset tier is never taken as read-only, so the"
                + " backend must serve one of external_reversible, irreversible, read_only,"
                + " reversible");
    assertThat(Fixtures.taskboard().problems()).isEmpty();
  }
}
