package dev.agentkit.proposal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProposalTest {
  final Board board = new Board();
  final ActionSet<Board> actions = Board.actions();

  Proposal.Builder dueDate(String question, String due) {
    return Proposal.builder("triage")
        .labeler(board)
        .anchor("task", "t1")
        .question(question)
        .op(actions, Call.of("set_task_due_date", Map.of("task_id", "t1", "due_date", due)));
  }

  static List<String> problems(Proposal.Builder b) {
    try {
      b.build();
    } catch (InvalidProposalException e) {
      return e.problems();
    }
    throw new AssertionError("built");
  }

  @Test
  void buildsANamedDraft() {
    Proposal p = dueDate("Move this task to Friday?", "2026-04-10").build();
    assertThat(p.question()).isEqualTo("Move {{task:t1|Write report}} to Friday?");
    assertThat(p.anchor()).isEqualTo(new ObjectRef("task", "t1", "Write report"));
    assertThat(p.askKey()).isEqualTo("triage:task:t1:set_task_due_date");
    assertThat(p.archetype()).isEqualTo(Archetype.DRAFT);
    assertThat(p.ops()).hasSize(1);
    assertThat(p.ops().get(0).op().description()).isEqualTo("Set or move a task's due date.");
    assertThat(p.ops().get(0).op()).isSameAs(actions.op("set_task_due_date").orElseThrow());
    assertThat(p.ops().get(0).opcode()).isEqualTo("set_task_due_date");
    assertThat(p.ops().get(0).call().isBound()).isTrue();
    assertThat(p.ops().get(0).call().arg("due_date")).isEqualTo("2026-04-10");
    assertThat(QuestionTokens.render(p.question(), board))
        .isEqualTo("Move Write report to Friday?");
    assertThat(p).isEqualTo(dueDate("Move this task to Friday?", "2026-04-10").build());
    assertThat(p.toString())
        .isEqualTo(
            "Proposal[triage:task:t1:set_task_due_date, draft, Move {{task:t1|Write report}} to"
                + " Friday?]");
  }

  @Test
  void theAskKeyIgnoresTheQuestionAndTakesADiscriminator() {
    Proposal a = dueDate("Move this task to Friday?", "2026-04-10").build();
    Proposal b = dueDate("Friday would be better for it.", "2026-04-10").build();
    assertThat(b.askKey()).isEqualTo(a.askKey());
    assertThat(dueDate("Move it?", "2026-04-10").discriminator("reply").build().askKey())
        .isEqualTo("triage:task:t1:set_task_due_date:reply");
    assertThat(Proposal.askKey("ops", "task", "t1", "ask_user", ""))
        .isEqualTo("ops:task:t1:ask_user");
  }

  @Test
  void theLabelerWinsOverAStaleLabelAndRefsAreNamed() {
    Proposal p =
        Proposal.builder("triage")
            .labeler(board)
            .anchor(new ObjectRef("task", "t2", "Old title"))
            .ref("project", "p1")
            .ref("task", "t2")
            .question("Add it to this project?")
            .op(actions, Call.of("add_to_project", Map.of("task_id", "t2", "project_id", "p1")))
            .build();
    assertThat(p.anchor().label()).isEqualTo("Draft the launch checklist");
    assertThat(p.refs()).containsExactly(new ObjectRef("project", "p1", "Launch"));
    assertThat(p.question())
        .isEqualTo("Add {{task:t2|Draft the launch checklist}} to {{project:p1|Launch}}?");
  }

  @Test
  void archetypeFollowsTheSlots() {
    Proposal input =
        Proposal.builder("triage")
            .labeler(board)
            .anchor("task", "t2")
            .question("When is this task due?")
            .op(actions, Call.of("set_task_due_date", Map.of("task_id", "t2")))
            .slot(UserSlot.required("due_date", ""))
            .build();
    assertThat(input.archetype()).isEqualTo(Archetype.INPUT);
    assertThat(input.ops().get(0).call().userFills()).containsExactly("due_date");
    assertThat(input.ops().get(0).call().args()).isEqualTo(Map.of("task_id", "t2"));

    Proposal drafted =
        Proposal.builder("triage")
            .labeler(board)
            .anchor("task", "t2")
            .question("Due on Friday?")
            .op(actions, Call.of("set_task_due_date", Map.of("task_id", "t2")))
            .slot(UserSlot.required("due_date", "2026-04-10"))
            .build();
    assertThat(drafted.archetype()).isEqualTo(Archetype.DRAFT);

    Proposal optional =
        Proposal.builder("triage")
            .labeler(board)
            .anchor("task", "t2")
            .question("Create a follow-up for it?")
            .op(actions, Call.of("create_task", Map.of("title", "Follow up")))
            .slot(UserSlot.optional("project_id", ""))
            .build();
    assertThat(optional.archetype()).isEqualTo(Archetype.DRAFT);
    assertThat(Archetype.INPUT.wireName()).isEqualTo("input");
    assertThat(Archetype.DRAFT).hasToString("draft");
  }

  @Test
  void reportsEverythingMissingAtOnce() {
    assertThat(problems(Proposal.builder(" ")))
        .containsExactly(
            "[ProposalAgent] the proposal has no agent name: it namespaces the ask key, so one"
                + " agent's asks never replace another's; pass it to Proposal.builder(agent)",
            "[ProposalQuestion] the proposal has no question: give it the sentence the user"
                + " answers, such as \"Move this task to Launch?\"",
            "[ProposalAnchor] the proposal has no anchor: name the object its ops act on with"
                + " anchor(kind, id)",
            "[ProposalOps] the proposal has no op: add the call the user accepts with"
                + " op(actions, call)");
    assertThatThrownBy(() -> Proposal.builder("triage").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a proposal from triage cannot be built (3 problems)\n  - ");
  }

  @Test
  void aQuestionOfTokensAloneIsNoQuestion() {
    assertThatThrownBy(() -> dueDate("{{task:t1|Write report}}?", "2026-04-10").build())
        .isInstanceOf(InvalidProposalException.class)
        .hasMessage(
            "a proposal from triage cannot be built (1 problem)\n"
                + "  - [ProposalQuestion] the proposal has no question: give it the sentence the"
                + " user answers, such as \"Move this task to Launch?\"");
  }

  @Test
  void anOpHoldsOnlyAVerifiedCall() {
    // Was "an op pairs a call with its own act": a ProposalOp now holds one bound call, so a call
    // paired with another act's op cannot be built; an unverified call is what it rejects.
    assertThatThrownBy(() -> new ProposalOp(Call.of("set_status", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the call to \"set_status\" is not verified: a proposal holds calls an ActionSet"
                + " verified (ActionSet.verified)");
    Call verified =
        actions.verified(Call.of("set_status", Map.of("task_id", "t1", "status", "done")));
    ProposalOp op = new ProposalOp(verified);
    assertThat(op.opcode()).isEqualTo("set_status");
    assertThat(op.op()).isSameAs(actions.op("set_status").orElseThrow());
    assertThat(op.op().opcode()).isEqualTo(op.opcode());
  }

  @Test
  void rejectsAnAgentNameThatBreaksTheKey() {
    assertThat(
            problems(
                Proposal.builder("tri age")
                    .labeler(board)
                    .anchor("task", "t1")
                    .question("Move it?")
                    .op(
                        actions,
                        Call.of(
                            "set_task_due_date",
                            Map.of("task_id", "t1", "due_date", "2026-04-10")))))
        .containsExactly(
            "[ProposalAgent] the agent name \"tri age\" has a colon or a space in it: the ask key"
                + " joins its parts with colons, so use a plain name such as \"triage\"");
  }

  @Test
  void everyObjectNeedsALabel() {
    assertThat(
            problems(
                Proposal.builder("triage")
                    .anchor("task", "t1")
                    .ref("project", "p9")
                    .question("Move it?")
                    .op(
                        actions,
                        Call.of("add_to_project", Map.of("task_id", "t1", "project_id", "p9")))))
        .containsExactly(
            "[ProposalLabel] the anchor task:t1 has no label: give the builder a Labeler that"
                + " knows it, so the question names it by its live name (labels come from code,"
                + " never from the model)",
            "[ProposalLabel] the object project:p9 has no label: give the builder a Labeler that"
                + " knows it, so the question names it by its live name (labels come from code,"
                + " never from the model)");
  }

  @Test
  void opsMustVerify() {
    assertThat(
            problems(
                Proposal.builder("triage")
                    .labeler(board)
                    .anchor("task", "t1")
                    .question("Block it?")
                    .op(
                        actions,
                        Call.of("set_status", Map.of("task_id", "t1", "status", "blocked")))
                    .op(actions, Call.of("set_due", Map.of("task_id", "t1")))))
        .containsExactly(
            "[ProposalOp] op 0 (set_status) is not a valid call: [EnumValue] set_status.status:"
                + " \"blocked\" is not one of the allowed values: doing, done, todo",
            "[ProposalOp] op 1 (set_due) is not a valid call: [UndeclaredOpcode] \"set_due\" is"
                + " not an act you can use; the acts are: add_to_project, archive_project,"
                + " complete_task, create_task, set_status, set_task_due_date");
  }

  @Test
  void slotsMustNameAnOperandOfAnOpOnce() {
    assertThat(
            problems(
                Proposal.builder("triage")
                    .labeler(board)
                    .anchor("task", "t2")
                    .question("When is it due?")
                    .op(actions, Call.of("set_task_due_date", Map.of("task_id", "t2")))
                    .slot(UserSlot.required("due_dat", ""))
                    .slot(UserSlot.required("due_date", "next friday"))
                    .slot(UserSlot.required("due_date", ""))
                    .slot(UserSlot.optional("title", "").forOp(2))))
        .containsExactly(
            "[ProposalSlot] the slot \"due_date\" of op 0 is given twice: give each slot once",
            "[ProposalSlot] the slot \"title\" is for op 2, but the proposal has 1 op (numbered"
                + " from 0)",
            "[ProposalOp] op 0 (set_task_due_date) is not a valid call: [UnknownUserFill]"
                + " set_task_due_date has no operand \"due_dat\" to leave as a user-fill; its"
                + " operands are: due_date, task_id; did you mean \"due_date\"?",
            "[ProposalOp] op 0 (set_task_due_date) is not a valid call: [BadDate]"
                + " set_task_due_date.due_date: \"next friday\" is not a date; write an ISO-8601"
                + " date such as 2026-03-31 or a date-time such as 2026-03-31T17:00:00Z");
  }

  @Test
  void noOpFilterDropsOnlyProposalsThatChangeNothing() {
    Proposal sameInstant = dueDate("Due then?", "2026-04-03T00:00:00Z").build();
    Proposal later = dueDate("Due later?", "2026-04-10").build();
    Proposal complete = op("task", "t1", "complete_task", Map.of("task_id", "t1"));
    Proposal alreadyIn =
        op("task", "t1", "add_to_project", Map.of("task_id", "t1", "project_id", "p1"));
    Proposal move = op("task", "t1", "add_to_project", Map.of("task_id", "t1", "project_id", "p2"));
    Proposal flakyReader = op("project", "p1", "archive_project", Map.of("project_id", "p1"));
    Proposal create = op("task", "t1", "create_task", Map.of("title", "Follow up"));
    Proposal oneOfTwoChanges =
        Proposal.builder("triage")
            .labeler(board)
            .anchor("task", "t1")
            .question("Tidy it?")
            .op(actions, Call.of("complete_task", Map.of("task_id", "t1")))
            .op(actions, Call.of("set_status", Map.of("task_id", "t1", "status", "todo")))
            .build();
    Proposal bothNoOps =
        Proposal.builder("triage")
            .labeler(board)
            .anchor("task", "t1")
            .question("Tidy it?")
            .op(actions, Call.of("complete_task", Map.of("task_id", "t1")))
            .op(actions, Call.of("set_status", Map.of("task_id", "t1", "status", "done")))
            .build();
    Proposal unknownTask = op("task", "t2", "complete_task", Map.of("task_id", "t2"));
    board.tasks.remove("t2"); // the reader now throws: the ask is kept

    assertThat(
            Proposals.dropNoOps(
                actions,
                board,
                List.of(
                    sameInstant,
                    later,
                    complete,
                    alreadyIn,
                    move,
                    flakyReader,
                    create,
                    oneOfTwoChanges,
                    bothNoOps,
                    unknownTask)))
        .containsExactly(later, move, flakyReader, create, oneOfTwoChanges, unknownTask);
  }

  Proposal op(String kind, String id, String opcode, Map<String, String> args) {
    return Proposal.builder("triage")
        .labeler(board)
        .anchor(kind, id)
        .question("Go ahead with it?")
        .op(actions, Call.of(opcode, args))
        .build();
  }

  Proposal from(String agent, String due) {
    return Proposal.builder(agent)
        .labeler(board)
        .anchor("task", "t1")
        .question("Move it?")
        .op(actions, Call.of("set_task_due_date", Map.of("task_id", "t1", "due_date", due)))
        .build();
  }

  @Test
  void floodCapKeepsEachAgentsFirstProposals() {
    List<Proposal> batch =
        List.of(
            from("a", "2026-05-01"),
            from("b", "2026-05-02"),
            from("a", "2026-05-03"),
            from("a", "2026-05-04"),
            from("b", "2026-05-05"),
            from("a", "2026-05-06"),
            from("a", "2026-05-07"),
            from("c", "2026-05-08"));
    Proposals.Capped capped = Proposals.capPerAgent(batch, 2);
    assertThat(capped.kept())
        .containsExactly(batch.get(0), batch.get(1), batch.get(2), batch.get(4), batch.get(7));
    assertThat(capped.droppedByAgent()).containsExactly(Map.entry("a", 3));
    assertThat(capped.dropped()).isEqualTo(3);
    assertThat(Proposals.capPerAgent(batch, 10).dropped()).isZero();
    assertThatThrownBy(() -> Proposals.capPerAgent(batch, 0))
        .hasMessage("the flood cap is 0: a cap below 1 would drop every ask; pass at least 1");
  }
}
