package dev.agentkit.proposal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.contract.OperandType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a proposal carries besides its ask: context, metadata, and the form of its slots. */
class ProposalFormTest {
  final Board board = new Board();
  final ActionSet<Board> actions = Board.actions();

  Proposal.Builder status() {
    return Proposal.builder("triage")
        .labeler(board)
        .anchor("task", "t2")
        .question("Which status should this task have?")
        .op(actions, Call.of("set_status", Map.of("task_id", "t2")));
  }

  Proposal.Builder draft() {
    return status().slot(UserSlot.required("status", "doing"));
  }

  Proposal.Builder due() {
    return Proposal.builder("triage")
        .labeler(board)
        .anchor("task", "t2")
        .question("When is this task due?")
        .op(actions, Call.of("set_task_due_date", Map.of("task_id", "t2")));
  }

  @Test
  void contextIsLabelledKeptInOrderOnceAndLeftOutOfTheAskKey() {
    Proposal p =
        status()
            .slot(UserSlot.required("status", "doing"))
            .context("project", "p2")
            .context("task", "t2") // the anchor
            .context(new ObjectRef("board", "b9", "Team board"))
            .context("project", "p2") // again
            .build();
    assertThat(p.context())
        .containsExactly(
            new ObjectRef("project", "p2", "Q3 Roadmap"),
            new ObjectRef("board", "b9", "Team board"));
    assertThat(p.askKey()).isEqualTo("triage:task:t2:set_status");
    assertThat(p.question()).doesNotContain("project:p2");
    assertThat(p).isNotEqualTo(status().slot(UserSlot.required("status", "doing")).build());
  }

  @Test
  void metadataIsCarriedSortedAndTakesPartInEquality() {
    Proposal p =
        status()
            .slot(UserSlot.required("status", "doing"))
            .metadata("z", "")
            .metadata(Map.of("ticket", "T-12", "format", "2"))
            .metadata("ticket", "T-13")
            .build();
    assertThat(p.metadata())
        .containsExactly(Map.entry("format", "2"), Map.entry("ticket", "T-13"), Map.entry("z", ""));
    assertThat(p.askKey()).isEqualTo("triage:task:t2:set_status");
    Proposal without = status().slot(UserSlot.required("status", "doing")).build();
    assertThat(without.metadata()).isEmpty();
    assertThat(p).isNotEqualTo(without);
    assertThat(p.hashCode()).isNotEqualTo(without.hashCode());
  }

  @Test
  void badMetadataIsRefusedInOneSentenceEach() {
    Map<String, String> bad = new HashMap<>();
    bad.put(" ", "x");
    bad.put("note", null);
    assertThat(ProposalTest.problems(draft().metadata(bad)))
        .containsExactlyInAnyOrder(
            "[ProposalMetadata] a metadata entry has a blank key: name every entry, such as"
                + " metadata(\"ticket\", \"T-12\")",
            "[ProposalMetadata] the metadata entry \"note\" has no value: give it a string (empty"
                + " is fine), or leave the entry out");
    assertThat(ProposalTest.problems(draft().metadata("blob", "x".repeat(16_381))))
        .containsExactly(
            "[ProposalMetadata] the metadata holds 16385 characters, more than the 16384 a"
                + " proposal carries: keep bulky data in the host's own store and put its id"
                + " here");
    assertThat(draft().metadata("blob", "x".repeat(16_380)).build().metadata()).hasSize(1);
  }

  @Test
  void aSlotTakesItsLabelTypeAndEnumOptionsFromTheContract() {
    Proposal p = status().slot(UserSlot.required("status", "")).build();
    UserSlot s = p.slots().get(0);
    assertThat(s.label()).isEqualTo("Status");
    assertThat(s.type()).isEqualTo(OperandType.ENUM);
    assertThat(s.options()).containsExactly("todo", "doing", "done");

    UserSlot date = due().slot(UserSlot.required("due_date", "")).build().slots().get(0);
    assertThat(date.label()).isEqualTo("Due date");
    assertThat(date.type()).isEqualTo(OperandType.DATE);
    assertThat(date.options()).isEmpty();
  }

  @Test
  void declaredLabelTypeAndOptionsAreKeptWhenTheContractAgrees() {
    UserSlot s =
        status()
            .slot(
                UserSlot.required("status", "done")
                    .withLabel("New status")
                    .withType(OperandType.ENUM)
                    .withOptions(List.of("done", "todo")))
            .build()
            .slots()
            .get(0);
    assertThat(s)
        .isEqualTo(
            new UserSlot(
                "status",
                0,
                "done",
                true,
                "New status",
                OperandType.ENUM,
                List.of("done", "todo")));
    UserSlot date =
        due()
            .slot(
                UserSlot.required("due_date", "").withOptions(List.of("2026-04-10", "2026-04-17")))
            .build()
            .slots()
            .get(0);
    assertThat(date.options()).containsExactly("2026-04-10", "2026-04-17");
  }

  @Test
  void aSlotTheContractContradictsIsRefused() {
    assertThat(
            ProposalTest.problems(
                due().slot(UserSlot.required("due_date", "").withType(OperandType.NUMBER))))
        .containsExactly(
            "[ProposalSlot] the slot \"due_date\" of op 0 (set_task_due_date) is declared number,"
                + " but the contract types the operand date: leave the type out so it follows the"
                + " contract");
    assertThat(
            ProposalTest.problems(
                status()
                    .slot(
                        UserSlot.required("status", "")
                            .withOptions(List.of("done", "blocked", "archived")))))
        .containsExactly(
            "[ProposalSlot] the slot \"status\" of op 0 (set_status) offers archived, blocked,"
                + " which the contract's enum does not have: offer some of doing, done, todo");
    assertThat(
            ProposalTest.problems(
                due().slot(UserSlot.required("due_date", "").withOptions(List.of("soon")))))
        .containsExactly(
            "[ProposalSlot] the slot \"due_date\" of op 0 (set_task_due_date) offers a value it"
                + " cannot take: [BadDate] set_task_due_date.due_date: \"soon\" is not a date;"
                + " write an ISO-8601 date such as 2026-03-31 or a date-time such as"
                + " 2026-03-31T17:00:00Z");
    assertThat(
            ProposalTest.problems(
                status().slot(UserSlot.required("status", "todo").withOptions(List.of("done")))))
        .containsExactly(
            "[ProposalSlot] the slot \"status\" of op 0 (set_status) drafts \"todo\", which is not"
                + " among its options: draft one of them, or leave the default empty");
  }

  @Test
  void operandNamesReadAsLabels() {
    assertThat(SlotForms.humanize("due_date")).isEqualTo("Due date");
    assertThat(SlotForms.humanize("dueDate")).isEqualTo("Due date");
    assertThat(SlotForms.humanize("project-id")).isEqualTo("Project id");
    assertThat(SlotForms.humanize("__")).isEqualTo("__");
    assertThat(SlotForms.humanize("x")).isEqualTo("X");
  }
}
