package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** Misconfiguration and database failures: one tagged sentence each, never a password. */
class InboxErrorsTest {
  private static final String SECRET = "hunter2-Secret";

  @Test
  void anUnreachablePostgresIsAMigrationErrorWithoutThePassword() {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setUrl("jdbc:postgresql://127.0.0.1:1/inbox?user=app&password=" + SECRET);
    ds.setConnectTimeout(2);
    InboxException e = catchInbox(() -> ProposalInbox.builder(ds).build());
    assertThat(e.kind()).isEqualTo(InboxException.Kind.MIGRATION);
    assertThat(e.getMessage())
        .startsWith("[InboxMigration] the inbox's schema could not be migrated: ")
        .endsWith("; check that the DataSource reaches the database and its user may create tables")
        .doesNotContain(SECRET)
        .doesNotContain("\tat ");
  }

  @Test
  void aWrongH2PasswordIsAMigrationErrorWithoutThePassword() throws Exception {
    String url = "jdbc:h2:mem:wrongpw;DB_CLOSE_DELAY=-1";
    JdbcDataSource owner = new JdbcDataSource();
    owner.setURL(url);
    owner.setUser("sa");
    owner.setPassword("right-one");
    try (Connection keepOpen = owner.getConnection()) {
      assertThat(keepOpen.isValid(1)).isTrue(); // the database exists, with another password
      JdbcDataSource wrong = new JdbcDataSource();
      wrong.setURL(url + ";PASSWORD=" + SECRET);
      wrong.setUser("sa");
      wrong.setPassword(SECRET);
      InboxException e = catchInbox(() -> ProposalInbox.builder(wrong).build());
      assertThat(e.kind()).isEqualTo(InboxException.Kind.MIGRATION);
      assertThat(e.getMessage()).doesNotContain(SECRET);
    }
  }

  @Test
  void aMissingTableIsADatabaseErrorNamingWhatFailed() throws Exception {
    Path dir = Files.createTempDirectory("inbox-errors");
    DataSource db = H2InboxTest.h2(dir.resolve("db"));
    ProposalInbox inbox = ProposalInbox.builder(db).build();
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE agentkit_proposal_audit");
    }
    InboxException e = catchInbox(() -> inbox.history("a:task:t1:x"));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DATABASE);
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxDatabase] the inbox could not read the audit trail of \"a:task:t1:x\": a table or"
                + " column the inbox needs is missing or different (SQL state 42S02, statement"
                + " \"read the audit trail\"); check that the DataSource reaches the database and"
                + " that the inbox's migrations ran");
  }

  @Test
  void aRefreshAndAReopenThatCannotBePreparedEachNameTheirStatement() throws Exception {
    assertRewritesFail(
        "ALTER TABLE agentkit_proposal DROP COLUMN metadata_json",
        "a table or column the inbox needs is missing or different (SQL state 42S22");
  }

  @Test
  void aRefreshAndAReopenThatTheDatabaseRefusesEachNameTheirStatement() throws Exception {
    assertRewritesFail(
        "ALTER TABLE agentkit_proposal ADD CONSTRAINT no_tasks"
            + " CHECK (anchor_label NOT IN ('Task 1', 'Task 2')) NOCHECK",
        "a constraint on the inbox's tables refused a row (SQL state 23513");
  }

  /** Refreshes t1 and reopens t2 after the statement changed the table: both fail, named apart. */
  private static void assertRewritesFail(String change, String failure) throws Exception {
    DataSource db = H2InboxTest.h2(Files.createTempDirectory("inbox-rewrite").resolve("db"));
    Desk desk = new Desk();
    InboxSuite.MutableClock clock =
        new InboxSuite.MutableClock(java.time.Instant.parse("2026-11-30T12:00:00Z"));
    ProposalInbox inbox = InboxSuite.inbox(db, desk, clock);
    ProposalBatch<Desk> t1 =
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent")));
    ProposalBatch<Desk> t2 =
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t2", "urgent")));
    inbox.propose(t1);
    inbox.propose(t2);
    inbox.decline("triage:task:t2:set_priority", "ann", "no");
    clock.advance(Duration.ofDays(2)); // past the cool-off: t2 is reopened
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute(change);
    }
    String fix =
        "); check that the DataSource reaches the database and that the inbox's migrations ran";
    assertThat(InboxSuite.catchInbox(() -> inbox.propose(t1)).getMessage())
        .isEqualTo(
            "[InboxDatabase] the inbox could not store the proposals: "
                + failure
                + ", statement \"refresh proposals\""
                + fix);
    assertThat(InboxSuite.catchInbox(() -> inbox.propose(t2)).getMessage())
        .isEqualTo(
            "[InboxDatabase] the inbox could not store the proposals: "
                + failure
                + ", statement \"reopen proposals\""
                + fix);
  }

  @Test
  void everyConnectionTheInboxOpensIsClosedAndAFailedTransactionIsRolledBack() throws Exception {
    DataSource real = H2InboxTest.h2(Files.createTempDirectory("inbox-closed").resolve("db"));
    java.util.concurrent.atomic.AtomicInteger opened =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger closed =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger rolledBack =
        new java.util.concurrent.atomic.AtomicInteger();
    DataSource counted =
        (DataSource)
            java.lang.reflect.Proxy.newProxyInstance(
                DataSource.class.getClassLoader(),
                new Class<?>[] {DataSource.class},
                (ds, m, args) -> {
                  Object out = invoke(m, real, args);
                  if (!m.getName().equals("getConnection")) {
                    return out;
                  }
                  opened.incrementAndGet();
                  return java.lang.reflect.Proxy.newProxyInstance(
                      Connection.class.getClassLoader(),
                      new Class<?>[] {Connection.class},
                      (c, cm, cargs) -> {
                        if (cm.getName().equals("close")) {
                          closed.incrementAndGet();
                        } else if (cm.getName().equals("rollback") && cargs == null) {
                          rolledBack.incrementAndGet();
                        }
                        return invoke(cm, out, cargs);
                      });
                });
    Desk desk = new Desk();
    ProposalInbox inbox =
        ProposalInbox.builder(counted)
            .agent(InboxAgent.bind("triage", desk.source, Desk.uses(), desk::apply))
            .build();
    inbox.propose(
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent"))));
    assertThat(inbox.accept("triage:task:t1:set_priority", "ann", java.util.Map.of()).done())
        .isTrue();
    assertThat(rolledBack).hasValue(0);
    try (Connection c = real.getConnection();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE agentkit_proposal_audit");
    }
    assertThat(catchInbox(() -> inbox.history("triage:task:t1:set_priority")).kind())
        .isEqualTo(InboxException.Kind.DATABASE);
    assertThat(rolledBack).hasValue(1);
    assertThat(opened.get()).isPositive();
    assertThat(closed).hasValue(opened.get());
  }

  private static Object invoke(java.lang.reflect.Method m, Object target, Object[] args)
      throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** An H2 trigger that refuses every update as a serialization failure, as a busy server would. */
  public static final class Conflict implements org.h2.api.Trigger {
    @Override
    public void fire(Connection c, Object[] before, Object[] after) throws java.sql.SQLException {
      throw new java.sql.SQLException("could not serialize access", "40001");
    }
  }

  @Test
  void aTransactionThatConflictsOnEveryAttemptIsBusy() throws Exception {
    DataSource db = H2InboxTest.h2(Files.createTempDirectory("inbox-busy").resolve("db"));
    Desk desk = new Desk();
    ProposalInbox inbox =
        ProposalInbox.builder(db)
            .agent(InboxAgent.bind("triage", desk.source, Desk.uses(), desk::apply))
            .build();
    inbox.propose(
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent"))));
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TRIGGER agentkit_conflict BEFORE UPDATE ON agentkit_proposal FOR EACH ROW CALL '"
              + Conflict.class.getName()
              + "'");
    }
    InboxException e =
        catchInbox(() -> inbox.decline("triage:task:t1:set_priority", "ann", "not now"));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxBusy] the inbox could not decline \"triage:task:t1:set_priority\": concurrent"
                + " writers conflicted on all 30 attempts (SQL state 40001); retry later, or give"
                + " the DataSource more connections");
    assertThat(e.getCause()).isNull();
    assertThat(inbox.get("triage:task:t1:set_priority").orElseThrow().state())
        .isEqualTo(ProposalState.PENDING);
  }

  @Test
  void badSettingsAreRefusedInOneSentence() throws Exception {
    DataSource db = H2InboxTest.h2(Files.createTempDirectory("inbox-settings").resolve("db"));
    assertThatThrownBy(() -> ProposalInbox.builder(db).floodCap(0))
        .hasMessage(
            "[InboxArgument] the flood cap is 0: a cap below 1 would drop every ask; give at"
                + " least 1");
    assertThatThrownBy(() -> ProposalInbox.builder(db).defaultCoolOff(Duration.ofHours(-1)))
        .hasMessage(
            "[InboxArgument] the default cool-off is negative (PT-1H): give zero to let agents"
                + " re-ask at once, or a positive duration");
    ActionSet<Object> none = ActionSet.of(List.of());
    assertThatThrownBy(() -> InboxAgent.of(" ", none, call -> null))
        .hasMessage(
            "[InboxArgument] the agent name is blank: give the name its proposals were built with"
                + " (Proposal.builder(agent))");
    assertThatThrownBy(
            () -> InboxAgent.of("triage", none, call -> null).coolOff(Duration.ofDays(-2)))
        .hasMessage(
            "[InboxArgument] the cool-off of agent triage is negative (PT-48H): give zero to let"
                + " the agent re-ask at once, or a positive duration");
  }

  @Test
  void aNegativeRunTimeoutIsRefusedInOneSentence() throws Exception {
    DataSource db = H2InboxTest.h2(Files.createTempDirectory("inbox-timeout").resolve("db"));
    assertThatThrownBy(() -> ProposalInbox.builder(db).runTimeout(Duration.ofSeconds(-1)))
        .hasMessage(
            "[InboxArgument] the run timeout is negative (PT-1S): give the longest an op can take,"
                + " or zero to let a person settle at once");
  }

  @Test
  void aLimitOutsideWhatTheColumnsHoldIsRefusedInOneSentence() throws Exception {
    DataSource db = H2InboxTest.h2(Files.createTempDirectory("inbox-limits").resolve("db"));
    ProposalInbox.Builder b = ProposalInbox.builder(db);
    assertThatThrownBy(() -> b.maxQuestionChars(0))
        .hasMessage(
            "[InboxArgument] maxQuestionChars is 0: give from 1 to 1,000,000, the width of its"
                + " column");
    assertThatThrownBy(() -> b.maxValueChars(1_000_001))
        .hasMessage(
            "[InboxArgument] maxValueChars is 1,000,001: give from 1 to 1,000,000, the width of the"
                + " columns that hold them");
    assertThatThrownBy(() -> b.maxJsonChars(-5))
        .hasMessage(
            "[InboxArgument] maxJsonChars is -5: give from 1 to 1,000,000, the width of their"
                + " columns");
    assertThatThrownBy(() -> b.maxBatchSize(0))
        .hasMessage(
            "[InboxArgument] maxBatchSize is 0: a batch limit below 1 would refuse every batch;"
                + " give at least 1");
    assertThat(b.maxQuestionChars(1).maxValueChars(1_000_000).maxJsonChars(1).maxBatchSize(1))
        .isSameAs(b);
    assertThat(b.floodCap(1).defaultCoolOff(Duration.ZERO).runTimeout(Duration.ZERO)).isSameAs(b);
  }

  @Test
  void aRunnerThatNeedsTheRunContextSaysSoWhenCalledWithout() throws Exception {
    OpRunner keyed = OpRunner.withContext((call, run) -> run.idempotencyKey());
    dev.agentkit.Call call = dev.agentkit.Call.of("x", java.util.Map.of());
    assertThatThrownBy(() -> keyed.run(call))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "this runner sends the inbox's RunContext (the op's idempotency key), so it runs only"
                + " through run(call, context), which the inbox calls");
    RunContext context = new RunContext("a:task:t1:x", 1, 1, 0, "agentkit-k-0", false);
    assertThat(keyed.run(call, context)).isEqualTo("agentkit-k-0");
    OpRunner plain = c -> "plain";
    assertThat(plain.run(call, context)).isEqualTo("plain");
  }

  @Test
  void theIdempotencyKeyIsStablePerOpRoundAndVersion() {
    java.time.Instant at = java.time.Instant.parse("2026-11-30T12:00:00Z");
    String key = RunContext.idempotencyKey("triage:task:t1:set_priority", 1, 1, at, 0);
    assertThat(key)
        .isEqualTo(RunContext.idempotencyKey("triage:task:t1:set_priority", 1, 1, at, 0))
        .matches("agentkit-[0-9a-f]{32}-0");
    assertThat(
            java.util.Set.of(
                key,
                RunContext.idempotencyKey("triage:task:t1:set_priority", 1, 1, at, 1),
                RunContext.idempotencyKey("triage:task:t1:set_priority", 2, 1, at, 0),
                RunContext.idempotencyKey("triage:task:t1:set_priority", 1, 2, at, 0),
                RunContext.idempotencyKey("triage:task:t1:set_priority", 1, 1, at.plusMillis(1), 0),
                RunContext.idempotencyKey("triage:task:t2:set_priority", 1, 1, at, 0)))
        .hasSize(6);
  }

  @Test
  void badOversightIsRefusedInOneSentence() {
    assertThatThrownBy(() -> Oversight.approvers(3, "ann", "bob"))
        .hasMessage(
            "[InboxArgument] the oversight asks for 3 approvals from a set of 2 (ann, bob): give at"
                + " least 1 approval, and no more than there are approvers");
    assertThatThrownBy(() -> Oversight.approvers(1))
        .hasMessage(
            "[InboxArgument] the oversight asks for 1 approval from a set of 0: give at least 1"
                + " approval, and no more than there are approvers");
    assertThatThrownBy(() -> Oversight.anyone().deadline(Duration.ZERO))
        .hasMessage(
            "[InboxArgument] the oversight deadline is PT0S: give a positive duration, such as"
                + " PT48H");
  }

  static InboxException catchInbox(Runnable r) {
    return InboxContractTest.catchInbox(r);
  }
}
