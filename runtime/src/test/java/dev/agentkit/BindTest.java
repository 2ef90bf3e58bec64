package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Programmatic binding: every message of {@link ActionSet#bind}, asserted in full. */
class BindTest {
  private static final StateReader<Object> READER = (s, a) -> "";
  private static final RunHandler<Object> RUN = (s, c) -> null;

  private static Use<Object> statusUse() {
    return Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
        .input("status")
        .reader(READER)
        .run(RUN)
        .build();
  }

  @Test
  void theBackendSuppliesTheContractAndTheUseOnlyThePremise() {
    ActionSet<Object> set =
        ActionSet.bind(Fixtures.sourceOf(Fixtures.taskboard()), List.of(statusUse()));
    Op bound = set.op("set_status").orElseThrow();
    assertThat(bound.description()).isEqualTo("Set a task's status.");
    assertThat(bound.tier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(bound.objectType()).isEqualTo("task");
    assertThat(bound.operands()).isEqualTo(Fixtures.setStatus().operands());
    assertThat(bound).isEqualTo(Fixtures.setStatus());
    Premise premise = set.premise("set_status").orElseThrow();
    assertThat(premise.category()).isEqualTo(ChangeCategory.SCALAR_SET);
    assertThat(premise.input()).isEqualTo("status");
    assertThat(set.contract()).contains(Fixtures.taskboard());
    assertThat(set.canRun("set_status")).isTrue();
  }

  @Test
  void failsClosedWhenTheSourceFails() {
    ContractSource down =
        new ContractSource() {
          @Override
          public Contract fetch() throws ContractSourceException {
            throw new ContractSourceException("connection refused");
          }

          @Override
          public String describe() {
            return "http://127.0.0.1:9/contract";
          }
        };
    assertThatThrownBy(() -> ActionSet.bind(down, List.of(statusUse())))
        .isInstanceOf(BindException.class)
        .hasMessage(
            "the agent's acts could not be bound (1 problem)\n"
                + "  - [ContractUnavailable] cannot bind without the backend contract from"
                + " http://127.0.0.1:9/contract (connection refused); an agent that guesses its"
                + " operands loses whole programs at verify, so binding fails closed")
        .hasCauseInstanceOf(ContractSourceException.class);
  }

  @Test
  void aSourceReturningNullFailsClosedToo() {
    ContractSource broken =
        new ContractSource() {
          @Override
          public Contract fetch() {
            return null;
          }

          @Override
          public String describe() {
            return "a broken source";
          }
        };
    assertThatThrownBy(() -> ActionSet.bind(broken, List.of(statusUse())))
        .isInstanceOf(BindException.class)
        .hasMessage(
            "the agent's acts could not be bound (1 problem)\n"
                + "  - [ContractUnavailable] cannot bind without the backend contract from a"
                + " broken source (the contract source returned null); an agent that guesses its"
                + " operands loses whole programs at verify, so binding fails closed");
  }

  @Test
  void aSourceIsNeededOnlyForUses() {
    AtomicInteger fetches = new AtomicInteger();
    ContractSource counting =
        () -> {
          fetches.incrementAndGet();
          return Fixtures.taskboard();
        };
    Use<Object> local =
        Use.<Object>local(
                Op.builder("draft_note").description("Draft a note.").tier(Tier.READ_ONLY).build(),
                ChangeCategory.ALWAYS_MINTS)
            .run(RUN)
            .build();
    ActionSet<Object> set = ActionSet.bind(counting, List.of(local));
    assertThat(fetches).hasValue(0);
    assertThat(set.contract()).isEmpty();
    assertThat(set.opcodes()).containsExactly("draft_note");
    assertThatThrownBy(() -> ActionSet.bind((ContractSource) null, List.of(statusUse())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("bind needs a ContractSource to bind backend ops;");
  }

  @Test
  void aMissingSourceIsExplained() {
    assertThatThrownBy(() -> ActionSet.bind((ContractSource) null, List.of(statusUse())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "bind needs a ContractSource to bind backend ops; pass only local uses when the agent"
                + " uses no backend op");
  }

  @Test
  void unknownOpcodeListsTheBackendsOpcodesSortedWithASuggestion() {
    Use<Object> typo =
        Use.<Object>of("set_task_due_dat", ChangeCategory.SCALAR_SET)
            .input("due_date")
            .reader(READER)
            .build();
    assertThatThrownBy(() -> ActionSet.bind(Fixtures.sourceOf(Fixtures.taskboard()), List.of(typo)))
        .hasMessage(
            "the agent's acts could not be bound (1 problem)\n"
                + "  - [UnknownOpcode] set_task_due_dat: the backend does not declare this"
                + " opcode, so every program that emits it would be rejected at verify; the"
                + " backend declares: archive_project, create_task, edit_task, set_estimate,"
                + " set_status, set_task_due_date, tag_task; did you mean \"set_task_due_date\"?");
  }

  @Test
  void unknownOpcodeAgainstAnEmptyContract() {
    assertThatThrownBy(
            () ->
                ActionSet.bind(
                    Fixtures.sourceOf(Contract.of("empty", List.of())), List.of(statusUse())))
        .hasMessageContaining(
            "[UnknownOpcode] set_status: the backend does not declare this opcode, so every"
                + " program that emits it would be rejected at verify; the backend declares no"
                + " op at all");
  }

  @Test
  void aLiveContractThatMakesAStructuredOperandAnEnumFailsTheBind() {
    // Compiled when note was a string of JSON; the live backend now closes it to an enum.
    Use<Object> tag =
        Use.<Object>of("tag_task", ChangeCategory.MERGE)
            .structured("note")
            .ask(a -> "Tag?")
            .build();
    assertThat(ActionSet.bind(Fixtures.sourceOf(Fixtures.taskboard()), List.of(tag)).opcodes())
        .containsExactly("tag_task");
    Op closed =
        Fixtures.tagTask().toBuilder()
            .operands(
                List.of(
                    Fixtures.TASK_ID,
                    Fixtures.tagTask().operand("labels").orElseThrow(),
                    Operand.enumOf("note", false, "open", "closed")))
            .build();
    Contract live = Contract.of("taskboard", List.of(closed));
    assertThatThrownBy(() -> ActionSet.bind(Fixtures.sourceOf(live), List.of(tag)))
        .isInstanceOf(BindException.class)
        .hasMessage(
            "the agent's acts could not be bound (1 problem)\n"
                + "  - [StructuredNotString] tag_task: structured operand \"note\" has type enum,"
                + " but structured is for a string operand whose text is JSON: the model would be"
                + " offered a string of JSON in place of one of its values (closed, open), and a"
                + " plain value would be refused as not valid JSON; remove \"note\" from"
                + " structured, since its type already says how its value is written");
  }

  @Test
  void assertedTierMustMatchTheBackends() {
    Use<Object> understated =
        Use.<Object>of("archive_project", ChangeCategory.MERGE)
            .assertTier(Tier.REVERSIBLE)
            .ask(a -> "Archive?")
            .build();
    assertThatThrownBy(
            () -> ActionSet.bind(Fixtures.sourceOf(Fixtures.taskboard()), List.of(understated)))
        .hasMessage(
            "the agent's acts could not be bound (1 problem)\n"
                + "  - [TierMismatch] archive_project: the agent asserts tier reversible but the"
                + " backend says irreversible; an understated tier lets the gate run live what"
                + " the backend says must be asked, so fix the assertion or remove it");
    Use<Object> right =
        Use.<Object>of("archive_project", ChangeCategory.MERGE)
            .assertTier(Tier.IRREVERSIBLE)
            .ask(a -> "Archive?")
            .build();
    assertThat(
            ActionSet.bind(Fixtures.sourceOf(Fixtures.taskboard()), List.of(right))
                .op("archive_project"))
        .contains(Fixtures.archiveProject());
  }

  @Test
  void runAndAskChecksUseTheBackendsTier() {
    Use<Object> withRun = Use.<Object>of("archive_project", ChangeCategory.MERGE).run(RUN).build();
    assertThatThrownBy(
            () -> ActionSet.bind(Fixtures.sourceOf(Fixtures.taskboard()), List.of(withRun)))
        .isInstanceOf(BindException.class)
        .satisfies(
            e ->
                assertThat(((BindException) e).problems())
                    .extracting(p -> p.kind().tag())
                    .containsExactly("WithheldWithoutAsk", "WithheldWithRun"));
  }

  @Test
  void localActsKeepTheirAskWordingAndMayNotClashWithBackendOps() {
    Use<Object> local =
        Use.<Object>local(
                Op.builder("send_digest")
                    .description("Email the weekly digest.")
                    .tier(Tier.IRREVERSIBLE)
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
            .ask(c -> "Send the weekly digest?")
            .build();
    ActionSet<Object> set =
        ActionSet.bind(Fixtures.sourceOf(Fixtures.taskboard()), List.of(statusUse(), local));
    assertThat(set.ask(Call.of("send_digest", Map.of()))).isEqualTo("Send the weekly digest?");

    Use<Object> clash =
        Use.<Object>local(Fixtures.createTask(), ChangeCategory.ALWAYS_MINTS).run(RUN).build();
    assertThatThrownBy(
            () ->
                ActionSet.bind(
                    Fixtures.sourceOf(Fixtures.taskboard()), List.of(statusUse(), clash)))
        .hasMessage(
            "the agent's acts could not be bound (1 problem)\n"
                + "  - [LocalOpcodeClash] create_task: a local act uses an opcode the backend"
                + " also declares; the backend's contract would be shadowed, so bind the backend"
                + " op as a use or rename the local act");
  }

  @Test
  void allErrorsOfOneBindAreReportedTogether() {
    List<Use<Object>> uses =
        List.of(
            Use.<Object>of("set_statsu", ChangeCategory.SCALAR_SET).input("status").build(),
            Use.<Object>of("archive_project", ChangeCategory.MERGE)
                .assertTier(Tier.READ_ONLY)
                .build(),
            Use.<Object>of("set_task_due_date", ChangeCategory.SCALAR_SET)
                .input("due")
                .reader(READER)
                .build(),
            Use.<Object>of("tag_task", ChangeCategory.MERGE).build());
    assertThatThrownBy(() -> ActionSet.bind(Fixtures.sourceOf(Fixtures.taskboard()), uses))
        .isInstanceOf(BindException.class)
        .satisfies(
            e ->
                assertThat(((BindException) e).problems())
                    .extracting(p -> p.kind().tag() + " " + p.opcode())
                    .containsExactly(
                        "UnknownOpcode set_statsu",
                        "TierMismatch archive_project",
                        "UnknownInput set_task_due_date",
                        "WithheldWithoutAsk tag_task"));
  }

  @Test
  void bindingUsesTheContractsOwnDescriptionsNotTheUses() {
    Contract live =
        Contract.of(
            "taskboard",
            List.of(
                Fixtures.setStatus().toBuilder()
                    .description("Set the status (live wording).")
                    .build()));
    ActionSet<Object> set = ActionSet.bind(live, List.of(statusUse()));
    assertThat(set.op("set_status").orElseThrow().description())
        .isEqualTo("Set the status (live wording).");
  }
}
