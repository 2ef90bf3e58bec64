package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Call;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.UserSlot;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The inbox's words that need no database: what a new version changed, what a SQL state means, how
 * text is cut and escaped, and a proposal refused for several problems at once.
 */
class WordsTest {
  private final Desk desk = new Desk();

  private Store.Row row(Proposal p) {
    return Store.Row.of(p, "", null);
  }

  private Proposal archive(Map<String, String> args, UserSlot... slots) {
    Proposal.Builder b =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("project", "p1")
            .question("Archive this project?")
            .op(desk.actions(), Call.of("archive_project", args));
    for (UserSlot s : slots) {
      b.slot(s);
    }
    return b.build();
  }

  @Test
  void aPageHoldsOneToFiveHundredProposals() {
    assertThat(InboxQuery.pending().limit(1).limit()).isEqualTo(1);
    assertThat(InboxQuery.pending().limit(InboxQuery.MAX_LIMIT).limit()).isEqualTo(500);
    InboxException over =
        org.junit.jupiter.api.Assertions.assertThrows(
            InboxException.class, () -> InboxQuery.pending().limit(501));
    assertThat(over.getMessage())
        .isEqualTo(
            "[InboxArgument] the page size is 501: give a limit from 1 to 500 and page on with"
                + " after(page.next())");
  }

  @Test
  void aNewVersionSaysWhatChangedInTheCallsAndTheSlots() {
    Store.Row before =
        row(
            archive(
                Map.of("project_id", "p1", "until", "2027-01-01"),
                UserSlot.optional("note", "old")));
    Store.Row after =
        row(
            archive(
                Map.of("project_id", "p1", "note", "x"), UserSlot.required("until", "2027-02-01")));
    assertThat(Versions.changes(before.ops(), before.slots(), after))
        .containsExactly(
            "note of op 0 (archive_project) from nothing to \"x\"",
            "until of op 0 (archive_project) from \"2027-01-01\" to nothing",
            "the slots of op 0 (archive_project) are now [until]",
            "slot \"until\" of op 0 is new",
            "slot \"note\" of op 0 is gone");
    Store.Row redrafted =
        row(
            archive(
                Map.of("project_id", "p1", "until", "2027-01-01"),
                UserSlot.optional("note", "new")));
    assertThat(Versions.changes(before.ops(), before.slots(), redrafted))
        .containsExactly("slot \"note\" of op 0 drafted \"new\", was \"old\"");
    assertThat(Versions.changes(after.ops(), after.slots(), after)).isEmpty();
  }

  @Test
  void aNewVersionSaysWhenTheOpsOrASlotsFormChanged() {
    Proposal one = desk.priority("triage", "t1", "urgent");
    Proposal two =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("task", "t1")
            .question("Make this task urgent?")
            .op(
                desk.actions(),
                Call.of("archive_project", Map.of("project_id", "p1", "until", "2027-01-01")))
            .op(desk.actions(), Call.of("set_priority", Map.of("task_id", "t1", "priority", "low")))
            .build();
    assertThat(Versions.changes(row(one).ops(), row(one).slots(), row(two)))
        .containsExactly(
            "the ops went from 1 to 2", "op 0 is now archive_project, was set_priority");
    Store.Row optional =
        row(
            archive(
                Map.of("project_id", "p1", "until", "2027-01-01"), UserSlot.optional("note", "n")));
    Store.Row labelled =
        row(
            archive(
                Map.of("project_id", "p1", "until", "2027-01-01"),
                UserSlot.optional("note", "n").withLabel("Why")));
    assertThat(Versions.changes(optional.ops(), optional.slots(), labelled))
        .containsExactly(
            "slot \"note\" of op 0 changed its form (required, label, type or options)");
    Store.Row bare = row(archive(Map.of("project_id", "p1", "until", "2027-01-01")));
    assertThat(Versions.changes(bare.ops(), bare.slots(), optional))
        .containsExactly(
            "the slots of op 0 (archive_project) are now [note]", "slot \"note\" of op 0 is new");
    assertThat(Versions.changes("not json", "[]", bare))
        .containsExactly("the stored ops or slots could not be read");
  }

  @Test
  void aLongListOfChangesEndsWithHowManyMore() {
    List<String> seven = List.of("a", "b", "c", "d", "e", "f", "g");
    assertThat(Versions.describe(seven)).isEqualTo("a; b; c; d; e; and 2 more changes");
    assertThat(Versions.describe(seven.subList(0, 5))).isEqualTo("a; b; c; d; e");
  }

  @Test
  void aChangedValueIsShownCut() {
    Store.Row before = row(archive(Map.of("project_id", "p1", "until", "2027-01-01", "note", "a")));
    Store.Row after =
        row(archive(Map.of("project_id", "p1", "until", "2027-01-01", "note", "b".repeat(500))));
    assertThat(Versions.changes(before.ops(), before.slots(), after).get(0))
        .isEqualTo(
            "note of op 0 (archive_project) from \"a\" to \""
                + "b".repeat(80 - " … [500 characters in all; the rest not recorded]".length())
                + " … [500 characters in all; the rest not recorded]\"");
  }

  @Test
  void theCallsDigestIgnoresArgumentOrderAndNothingElse() {
    Call a = Call.of("x", Map.of("a", "1", "b", "2"));
    Call b = Call.of("x", new java.util.TreeMap<>(Map.of("b", "2", "a", "1")));
    assertThat(Versions.digest(List.of(a)))
        .isEqualTo(Versions.digest(List.of(b)))
        .startsWith("sha256:");
    assertThat(Versions.digest(List.of(a)))
        .isNotEqualTo(Versions.digest(List.of(Call.of("x", Map.of("a", "1", "b", "3")))))
        .isNotEqualTo(Versions.digest(List.of(a, a)));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "57P01 | the database server ended the connection",
        "90067 | the connection to the database was broken",
        "90121 | the connection to the database was closed",
        "08006 | the connection to the database failed or was lost",
        "22001 | a value is longer than its column allows",
        "22021 | a value holds a character the database cannot store",
        "22003 | a value does not fit its column",
        "23505 | a constraint on the inbox's tables refused a row",
        "28P01 | the database refused the credentials",
        "3D000 | the database does not exist",
        "40001 | the database rolled the transaction back",
        "42P01 | a table or column the inbox needs is missing or different",
        "53300 | the database ran out of resources",
        "55P03 | a lock or object was not available",
        "HYT00 | a lock was not granted in time",
        "XX000 | the database refused the statement"
      })
  void eachSqlStateHasItsWords(String state, String words) {
    assertThat(SqlFailure.describe(state)).isEqualTo(words);
  }

  @Test
  void aFailureKeepsTheStateFromTheBatchChainAndNoDriverText() {
    SQLException batch =
        new java.sql.BatchUpdateException("INSERT ... '4111 1111'", null, 0, new int[0]);
    batch.setNextException(new SQLException("ERROR: value too long '4111 1111'", "22001"));
    SqlFailure f = SqlFailure.of("insert proposals", batch);
    assertThat(f.getMessage())
        .isEqualTo(
            "a value is longer than its column allows (SQL state 22001, statement \"insert"
                + " proposals\")");
    assertThat(f.getSQLState()).isEqualTo("22001");
    assertThat(f.getCause()).isNull();
    assertThat(List.of(f.getStackTrace())).isEqualTo(List.of(batch.getStackTrace()));
    assertThat((Object) SqlFailure.of("other", f)).isSameAs(f); // named once, by the statement
    assertThat(SqlFailure.of("", new SQLException("no state")).getMessage())
        .isEqualTo("the database refused the statement (SQL state unknown)");
    assertThat(Tx.retryable(new SQLException("x", "40001"))).isTrue();
    assertThat(Tx.retryable(new SQLException("x", "57P01"))).isFalse();
  }

  @Test
  void textIsCutNeverInsideAPairAndEscapedOnlyWhereItMustBe() {
    assertThat(Text.cut("abc", 3)).isEqualTo("abc");
    String pair = "x".repeat(9) + "\uD83D\uDE00" + "y".repeat(100);
    String cut = Text.cut(pair, 10 + " … [111 characters in all; the rest not recorded]".length());
    assertThat(cut).isEqualTo("x".repeat(9) + " … [111 characters in all; the rest not recorded]");
    assertThat(Text.cut("x".repeat(100), 10))
        .isEqualTo(" … [100 characters in all; the rest not recorded]"); // the marker alone
    assertThat(Text.escaped("a\uD83D\uDE00b")).isEqualTo("a\uD83D\uDE00b");
    assertThat(Text.escaped("\uDE00\uD83D")).isEqualTo("\\uDE00\\uD83D");
    assertThat(Text.recordable(null, 10)).isEmpty();
    assertThat(Text.unstorable("a\u0000", false)).isEqualTo(-1);
    assertThat(Text.unstorable("a\u0000", true)).isEqualTo(1);
    assertThat(Text.count(1_048_576)).isEqualTo("1,048,576");
  }

  @Test
  void aMigrationFailureShowsTheFirstLineOfFlywaysWords() {
    assertThat(ProposalInbox.firstLine(null)).isEmpty();
    assertThat(ProposalInbox.firstLine("  Unable to obtain connection  "))
        .isEqualTo("Unable to obtain connection");
    assertThat(ProposalInbox.firstLine("\n Validate failed: \nMigration checksum mismatch"))
        .isEqualTo("Validate failed:");
  }

  @Test
  void aProposalWithSeveralProblemsListsThemAll() {
    Proposal p =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("project", "p1")
            .question("Archive\u0000 this project?")
            .op(
                desk.actions(),
                Call.of(
                    "archive_project",
                    Map.of("project_id", "p1", "until", "2027-01-01", "note", "\uDC00")))
            .build();
    assertThat(Limits.refusal(p.askKey(), Limits.DEFAULTS.check(p, row(p))))
        .startsWith(
            "[InboxUnstorable] the proposal \"triage:project:p1:archive_project\" was not stored"
                + " (the rest of its batch was): 2 problems; correct the text the agent produced;"
                + " the inbox never stores or runs a changed copy\n  - the question holds a NUL"
                + " character (at index 7), which PostgreSQL cannot store\n  - argument \"note\" of"
                + " op 0 (archive_project) holds a lone surrogate (\\uDC00 at index 0)");
  }
}
