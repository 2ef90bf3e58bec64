package dev.agentkit.proposal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class QuestionTokensTest {
  static final Labeler LABELS =
      Labeler.ofMap(
          Map.of(
              "task",
              Map.of(
                  "t1", "Write report",
                  "t2", "Draft the launch checklist",
                  "t3", "Launch plan",
                  "t5", "Fix {a|b}\nnow",
                  "42", "Pay invoice",
                  "t6", "Dana’s notes"),
              "project",
              Map.of("p1", "Launch", "p2", "Q3 Roadmap", "p3", "Launch"),
              "goal",
              Map.of("g1", "Grow revenue"),
              "milestone",
              Map.of("m1", "Beta"),
              "action_item",
              Map.of("a1", "Call Dana"),
              "email",
              Map.of("e1", "Quarterly numbers"),
              "thread",
              Map.of("h1", "Offsite planning"),
              "pm.task",
              Map.of("x1", "Plan offsite")));

  static ObjectRef ref(String key) {
    String[] kv = key.split(":", 2);
    return ObjectRef.of(kv[0], kv[1]);
  }

  static Arguments row(String question, String anchor, String others, String expected) {
    List<ObjectRef> refs = new ArrayList<>();
    if (!others.isEmpty()) {
      for (String o : others.split(",")) {
        refs.add(ref(o));
      }
    }
    return Arguments.of(question, ref(anchor), refs, expected);
  }

  static Stream<Arguments> table() {
    return Stream.of(
        row("Archive this project?", "project:p1", "", "Archive {{project:p1|Launch}}?"),
        row(
            "Set the due date of this task to Friday.",
            "task:t1",
            "",
            "Set the due date of {{task:t1|Write report}} to Friday."),
        row(
            "This goal looks stale — close it?",
            "goal:g1",
            "",
            "{{goal:g1|Grow revenue}} looks stale — close it?"),
        row("Mark it complete?", "task:t1", "", "Mark {{task:t1|Write report}} complete?"),
        row(
            "It's overdue; close this item?",
            "task:t1",
            "",
            "It's overdue; close {{task:t1|Write report}}?"),
        row(
            "It’s overdue — should I close it?",
            "task:t1",
            "",
            "It’s overdue — should I close {{task:t1|Write report}}?"),
        row(
            "Add \"Draft the launch checklist\" to this project?",
            "task:t2",
            "project:p1",
            "Add {{task:t2|Draft the launch checklist}} to {{project:p1|Launch}}?"),
        row(
            "Move “Write report” to “Q3 Roadmap”?",
            "task:t1",
            "project:p2",
            "Move {{task:t1|Write report}} to {{project:p2|Q3 Roadmap}}?"),
        row("Close task t1 now?", "task:t1", "", "Close task {{task:t1|Write report}} now?"),
        row("Close t12?", "task:t1", "", "Close t12 ({{task:t1|Write report}})?"),
        row("Should I archive?", "project:p1", "", "Should I archive ({{project:p1|Launch}})?"),
        row("Close {{task:t1|Old name}}?", "task:t1", "", "Close {{task:t1|Write report}}?"),
        row(
            "Also see {{task:t99|Ghost task}}. Close this task?",
            "task:t1",
            "",
            "Also see Ghost task. Close {{task:t1|Write report}}?"),
        row(
            "Merge {{task:t98|}} into this task?",
            "task:t1",
            "",
            "Merge t98 into {{task:t1|Write report}}?"),
        row(
            "Close {{task:t1|Write report today?",
            "task:t1",
            "",
            "Close Write report today ({{task:t1|Write report}})?"),
        row(
            "Archive {{the old project}}?",
            "project:p1",
            "",
            "Archive the old project ({{project:p1|Launch}})?"),
        row(
            "Archive {{project:p1|Launch}?",
            "project:p1",
            "",
            "Archive Launch ({{project:p1|Launch}})?"),
        row("Close } this task {?", "task:t1", "", "Close {{task:t1|Write report}} ?"),
        row("Close {{task:t1}}?", "task:t1", "", "Close ({{task:t1|Write report}})?"),
        row("Close {{ task : t1 | x }}?", "task:t1", "", "Close {{task:t1|Write report}}?"),
        row(
            "Add \"Launch plan\" to \"Launch\"?",
            "task:t3",
            "project:p3",
            "Add {{task:t3|Launch plan}} to {{project:p3|Launch}}?"),
        row(
            "Snooze this action item?",
            "action_item:a1",
            "",
            "Snooze {{action_item:a1|Call Dana}}?"),
        row(
            "Move it to this milestone?",
            "task:t1",
            "milestone:m1",
            "Move {{task:t1|Write report}} to {{milestone:m1|Beta}}?"),
        row(
            "Its due date passed; reschedule?",
            "task:t1",
            "",
            "Its due date passed; reschedule ({{task:t1|Write report}})?"),
        row(
            "Link these?",
            "task:t1",
            "goal:g1",
            "Link these ({{task:t1|Write report}}) ({{goal:g1|Grow revenue}})?"),
        row(
            "\"Write report\" is late; \"Write report\" blocks Beta.",
            "task:t1",
            "",
            "{{task:t1|Write report}} is late; \"Write report\" blocks Beta."),
        row("Close this task?", "task:t5", "", "Close {{task:t5|Fix (a/b) now}}?"),
        row(
            "Rename \"Old report\"?",
            "task:t1",
            "",
            "Rename \"Old report\" ({{task:t1|Write report}})?"),
        row(
            "Make this task depend on this task?",
            "task:t1",
            "task:t2",
            "Make {{task:t1|Write report}} depend on {{task:t2|Draft the launch checklist}}?"),
        row(
            "Close this task? It blocks {{project:p2|old}}.",
            "task:t1",
            "",
            "Close {{task:t1|Write report}}? It blocks {{project:p2|Q3 Roadmap}}."),
        row("Set priority to 42?", "task:42", "", "Set priority to 42 ({{task:42|Pay invoice}})?"),
        row(
            "  Close \t this   task\n now?  ",
            "task:t1",
            "",
            "Close {{task:t1|Write report}}\n now?"),
        row("{{", "task:t1", "", "{{task:t1|Write report}}"),
        // Titles in single quotes, straight and typographic.
        row(
            "Add 'Draft the launch checklist' to this project?",
            "task:t2",
            "project:p1",
            "Add {{task:t2|Draft the launch checklist}} to {{project:p1|Launch}}?"),
        row(
            "Move ‘Write report’ to ‘Q3 Roadmap’?",
            "task:t1",
            "project:p2",
            "Move {{task:t1|Write report}} to {{project:p2|Q3 Roadmap}}?"),
        row("Archive ‘Dana’s notes’?", "task:t6", "", "Archive {{task:t6|Dana’s notes}}?"),
        row(
            "Rename \"'Write report'\" to 'Launch'?",
            "task:t1",
            "project:p1",
            "Rename \"{{task:t1|Write report}}\" to {{project:p1|Launch}}?"),
        row("Don't close 'Write report'?", "task:t1", "", "Don't close {{task:t1|Write report}}?"),
        // An apostrophe inside a word never opens or closes a title.
        row(
            "Close it'Write report' now?",
            "task:t1",
            "",
            "Close it'Write report' now ({{task:t1|Write report}})?"),
        row(
            "Is 'Launch'd a word?",
            "project:p1",
            "",
            "Is 'Launch'd a word ({{project:p1|Launch}})?"),
        row(
            "Close 'Write report now?",
            "task:t1",
            "",
            "Close 'Write report now ({{task:t1|Write report}})?"),
        row(
            "Close ‘Write report' now?",
            "task:t1",
            "",
            "Close ‘Write report' now ({{task:t1|Write report}})?"),
        // Deictics per kind.
        row(
            "Add the todo to the project?",
            "task:t1",
            "project:p1",
            "Add {{task:t1|Write report}} to {{project:p1|Launch}}?"),
        row("Close this to-do?", "task:t1", "", "Close {{task:t1|Write report}}?"),
        row("Reply to this email?", "email:e1", "", "Reply to {{email:e1|Quarterly numbers}}?"),
        row("Archive this thread?", "thread:h1", "", "Archive {{thread:h1|Offsite planning}}?"),
        row(
            "Forward this message to the conversation?",
            "email:e1",
            "thread:h1",
            "Forward {{email:e1|Quarterly numbers}} to {{thread:h1|Offsite planning}}?"),
        row(
            "The project is late; archive it?",
            "project:p1",
            "",
            "{{project:p1|Launch}} is late; archive it?"),
        row("Start the task?", "pm.task:x1", "", "Start {{pm.task:x1|Plan offsite}}?"),
        row(
            "Move this task to the project, not the other task?",
            "task:t1",
            "task:t2",
            "Move {{task:t1|Write report}} to the project, not the other task"
                + " ({{task:t2|Draft the launch checklist}})?"));
  }

  @ParameterizedTest
  @MethodSource("table")
  void tokenizesRealQuestions(
      String question, ObjectRef anchor, List<ObjectRef> others, String expected) {
    String once = QuestionTokens.tokenize(question, anchor, others, LABELS);
    assertThat(once).isEqualTo(expected);
    assertThat(QuestionTokens.tokenize(once, anchor, others, LABELS)).isEqualTo(once);
  }

  @Test
  void refsLabelledByHandNeedNoLabeler() {
    assertThat(
            QuestionTokens.tokenize(
                "Archive it?",
                new ObjectRef("project", "p7", "Old site"),
                List.of(),
                Labeler.none()))
        .isEqualTo("Archive {{project:p7|Old site}}?");
  }

  @Test
  void unlabelledRefsAreNotNamed() {
    assertThat(
            QuestionTokens.tokenize(
                "Archive it?", ObjectRef.of("project", "p7"), List.of(), LABELS))
        .isEqualTo("Archive it?");
  }

  @Test
  void longLabelsAreCutInTheFallback() {
    String label = "x".repeat(100);
    String out =
        QuestionTokens.tokenize(
            "Close it?", new ObjectRef("task", "t9", label), List.of(), Labeler.none());
    assertThat(out).isEqualTo("Close {{task:t9|" + "x".repeat(79) + "…}}?");
  }

  @Test
  void rendersTokensAsLiveLabels() {
    assertThat(
            QuestionTokens.render(
                "Close {{task:t1|Old}} and {{task:t99|Ghost}} {{goal:g7|}} {{bad}}?", LABELS))
        .isEqualTo("Close Write report and Ghost g7 bad?");
  }

  @Test
  void tokenOfARef() {
    assertThat(QuestionTokens.token(new ObjectRef("task", "t1", "Write report")))
        .isEqualTo("{{task:t1|Write report}}");
    assertThat(QuestionTokens.token(ObjectRef.of("task", "t1"))).isEqualTo("{{task:t1|t1}}");
  }

  @Test
  void refsRejectKindsAndIdsThatBreakTokens() {
    assertThatThrownBy(() -> ObjectRef.of("", "t1"))
        .hasMessage("an object ref needs a kind, such as \"task\"");
    assertThatThrownBy(() -> ObjectRef.of("my task", "t1"))
        .hasMessage(
            "the kind \"my task\" must start with a letter and hold only letters, digits, _ and"
                + " dots: it is written into question tokens such as {{task:t1|Write report}}");
    assertThatThrownBy(() -> ObjectRef.of("task", " "))
        .hasMessage("an object ref needs the object's id");
    assertThatThrownBy(() -> ObjectRef.of("task", "a|b"))
        .hasMessage(
            "the id \"a|b\" has a space, brace or pipe in it: ids are written into question"
                + " tokens such as {{task:t1|Write report}}, so use the object's plain id");
  }

  @Test
  void labelerForms() {
    Labeler fn = Labeler.of((kind, id) -> kind.equals("task") ? " Label " + id : null);
    assertThat(fn.label("task", "t1")).contains("Label t1");
    assertThat(fn.label("goal", "g1")).isEmpty();
    assertThat(fn.ref("task", "t1")).isEqualTo(new ObjectRef("task", "t1", "Label t1"));
    assertThat(LABELS.ref("goal", "zz").hasLabel()).isFalse();
  }

  private static final String[] WORDS = {
    "Close",
    "archive",
    "this task",
    "this project",
    "this goal",
    "this item",
    "it",
    "It's",
    "its",
    "t1",
    "t12",
    "p1",
    "42",
    "\"Write report\"",
    "“Q3 Roadmap”",
    "\"Launch\"",
    "\"Launch plan\"",
    "{{task:t1|Old}}",
    "{{task:t99|Ghost}}",
    "{{project:p2|}}",
    "{{",
    "}}",
    "{",
    "}",
    "|",
    "{{bad run}}",
    "{{task:t2|half",
    "{{ goal : g1 }}",
    "?",
    ".",
    "\n",
    "\t",
    "  ",
    "now",
    "to",
    "this milestone",
    "this action item",
    "it’s",
    "{{:x|y}}"
  };

  private static final String[] REFS = {
    "task:t1",
    "task:t2",
    "task:t3",
    "task:t5",
    "task:42",
    "project:p1",
    "project:p2",
    "project:p3",
    "goal:g1",
    "milestone:m1",
    "action_item:a1",
    "task:t404"
  };

  @Test
  void tokenizingIsIdempotent() {
    Random random = new Random(20260331L);
    for (int i = 0; i < 2000; i++) {
      StringBuilder q = new StringBuilder();
      int n = random.nextInt(12);
      for (int w = 0; w < n; w++) {
        q.append(WORDS[random.nextInt(WORDS.length)]);
        q.append(random.nextInt(4) == 0 ? "" : " ");
      }
      ObjectRef anchor = ref(REFS[random.nextInt(REFS.length)]);
      List<ObjectRef> others = new ArrayList<>();
      for (int r = random.nextInt(3); r > 0; r--) {
        others.add(ref(REFS[random.nextInt(REFS.length)]));
      }
      String once = QuestionTokens.tokenize(q.toString(), anchor, others, LABELS);
      String twice = QuestionTokens.tokenize(once, anchor, others, LABELS);
      assertThat(twice).as("case %d: %s", i, q).isEqualTo(once);
      assertThat(QuestionTokens.render(once, LABELS)).as("case %d", i).doesNotContain("{", "}");
      if (LABELS.label(anchor.kind(), anchor.id()).isPresent()) {
        assertThat(once).as("case %d: %s", i, q).contains("{{" + anchor.key() + "|");
      }
    }
  }
}
