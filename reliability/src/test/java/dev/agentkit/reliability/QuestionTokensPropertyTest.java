package dev.agentkit.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.QuestionTokens;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The question tokenizer: tokenizing twice changes nothing, and no labelled ref goes unnamed. */
class QuestionTokensPropertyTest {
  private static final ObjectRef ANCHOR = new ObjectRef("task", "T-42", "Fix the login page");
  private static final ObjectRef OTHER = new ObjectRef("project", "P-7", "Website");
  private static final Labeler LABELS =
      Labeler.of((kind, id) -> kind.equals("task") ? "Fix the login page" : "Website");

  @Property(tries = 2_000)
  void tokenizingIsIdempotent(@ForAll("questions") String question) {
    String once = QuestionTokens.tokenize(question, ANCHOR, List.of(OTHER), LABELS);
    String twice = QuestionTokens.tokenize(once, ANCHOR, List.of(OTHER), LABELS);
    assertThat(twice).isEqualTo(once);
  }

  @Property(tries = 2_000)
  void everyLabelledRefIsNamedOnce(@ForAll("questions") String question) {
    String out = QuestionTokens.tokenize(question, ANCHOR, List.of(OTHER), LABELS);
    assertThat(out).contains(QuestionTokens.token(ANCHOR), QuestionTokens.token(OTHER));
  }

  @Provide
  Arbitrary<String> questions() {
    Arbitrary<String> piece =
        Arbitraries.oneOf(
            Arbitraries.of(
                "Close this task?",
                " it ",
                "\"Fix the login page\"",
                "T-42",
                "P-7",
                "{{",
                "}}",
                "{{task:T-42|Old}}",
                "{{project:P-7|}}",
                "{{task:",
                "|",
                " this item ",
                " this project ",
                "“Website”",
                "Move ",
                " to ",
                "?"),
            Arbitraries.strings().ofMaxLength(6));
    return piece.list().ofMaxSize(8).map(l -> String.join("", l));
  }
}
