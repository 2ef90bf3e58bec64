package dev.agentkit.internal.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ContractNameTest {
  @Test
  void acceptsLowercaseLettersDigitsDashesAndUnderscores() {
    assertThat(ContractName.problems("taskboard")).isEmpty();
    assertThat(ContractName.problems("task-board_2")).isEmpty();
    assertThat(ContractName.problems("a".repeat(64))).isEmpty();
    assertThatCode(() -> ContractName.check("t")).doesNotThrowAnyException();
  }

  @Test
  void empty() {
    String sentence =
        "the contract name is empty — it names the snapshot file contract-snapshots/<name>.json,"
            + " so it needs at least one letter";
    assertThat(ContractName.problems("")).containsExactly(sentence);
    assertThat(ContractName.problems(null)).containsExactly(sentence);
  }

  @Test
  void doesNotStartWithALetter() {
    assertThat(ContractName.problems("9lives"))
        .containsExactly(
            "\"9lives\" does not start with a letter — a contract name starts with one");
    assertThat(ContractName.problems("-board"))
        .containsExactly(
            "\"-board\" does not start with a letter — a contract name starts with one");
  }

  @Test
  void capital() {
    assertThat(ContractName.problems("TaskBoard"))
        .containsExactly(
            "\"TaskBoard\" has a capital in it — names are lowercase, so that one typed two ways is"
                + " one contract");
  }

  @Test
  void space() {
    assertThat(ContractName.problems("task board"))
        .containsExactly(
            "\"task board\" has a space in it — a name is one word, with '-' or '_' where you want"
                + " a gap");
  }

  @Test
  void otherCharactersAreNamedOnceEachInOrder() {
    assertThat(ContractName.problems("task.board.v2/x"))
        .containsExactly(
            "\"task.board.v2/x\" has '.' in it — a name has only lowercase letters, digits, '-' and"
                + " '_'",
            "\"task.board.v2/x\" has '/' in it — a name has only lowercase letters, digits, '-' and"
                + " '_'");
  }

  @Test
  void invisibleCharactersAreNamedByCodePoint() {
    assertThat(ContractName.problems("task\tboard"))
        .containsExactly(
            "\"task\\tboard\" has the invisible character U+0009 in it — a name has only lowercase"
                + " letters, digits, '-' and '_'");
  }

  @Test
  void aNonAsciiCapitalIsACapitalAndACharacterOutsideTheRule() {
    assertThat(ContractName.problems("étude"))
        .containsExactly(
            "\"étude\" has 'é' in it — a name has only lowercase letters, digits, '-' and '_'");
    assertThat(ContractName.problems("Étude"))
        .containsExactly(
            "\"Étude\" has a capital in it — names are lowercase, so that one typed two ways is"
                + " one contract",
            "\"Étude\" has 'É' in it — a name has only lowercase letters, digits, '-' and '_'");
  }

  @Test
  void tooLong() {
    String name = "a".repeat(70);
    assertThat(ContractName.problems(name))
        .containsExactly(
            "\"" + name + "\" is 70 characters long — a name has at most 64 characters");
  }

  @Test
  void everyViolationIsItsOwnSentence() {
    String name = "9 Task." + "x".repeat(60);
    assertThat(ContractName.problems(name))
        .containsExactly(
            "\"" + name + "\" does not start with a letter — a contract name starts with one",
            "\""
                + name
                + "\" has a capital in it — names are lowercase, so that one typed two ways is one"
                + " contract",
            "\""
                + name
                + "\" has a space in it — a name is one word, with '-' or '_' where you want a gap",
            "\""
                + name
                + "\" has '.' in it — a name has only lowercase letters, digits, '-' and '_'",
            "\"" + name + "\" is 67 characters long — a name has at most 64 characters");
  }

  @Test
  void checkThrowsEverySentence() {
    assertThatThrownBy(() -> ContractName.check("Task Board"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "\"Task Board\" has a capital in it — names are lowercase, so that one typed two ways"
                + " is one contract; \"Task Board\" has a space in it — a name is one word, with"
                + " '-' or '_' where you want a gap");
  }
}
