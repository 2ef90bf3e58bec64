package dev.agentkit.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.inbox.ProposalBatch;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.inbox.ProposeReport;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.testing.EmbeddedPostgresServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Benchmark 9: storing one agent run's {@value #BATCH} new proposals on a real PostgreSQL server
 * (embedded, started by the benchmark), through {@link ProposalInbox#propose} against a plain JDBC
 * batch insert of the same rows into the same table. The tables are emptied before every invocation
 * (not measured), so every batch is new keys. Both use one pool (HikariCP) and one transaction per
 * batch.
 *
 * <p>{@code propose} pays for what the plain insert skips: the no-op filter and flood cap, the JSON
 * of ops, slots, refs, context and metadata, one locking read of the batch's keys (the dedupe), the
 * context rows and an audit row per proposal.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class InboxBenchmark {
  /** Proposals per batch. */
  public static final int BATCH = 100;

  private HikariDataSource db;
  private ProposalInbox inbox;
  private ActionSet<Object> acts;
  private List<Proposal> proposals;
  private List<Object[]> plainRows;

  @Setup(Level.Trial)
  public void setUp() throws SQLException {
    db = pool("bench_inbox", 2);
    inbox = ProposalInbox.builder(db).floodCap(BATCH).build(); // migrates
    acts = actions();
    proposals = new ArrayList<>(BATCH);
    for (int i = 0; i < BATCH; i++) {
      proposals.add(proposal(acts, "triage", "t" + i, "urgent"));
    }
    plainRows = plainRows(proposals);
    truncate();
    ProposeReport r = inbox.propose(ProposalBatch.of(acts, new Object(), proposals));
    if (r.byKey().size() != BATCH) {
      throw new IllegalStateException("the benchmark batch did not store whole: " + r);
    }
  }

  /**
   * A new, empty database on the embedded PostgreSQL server, behind a HikariCP pool of at most
   * {@code connections} connections; close the pool when done.
   */
  public static HikariDataSource pool(String prefix, int connections) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(EmbeddedPostgresServer.freshDatabaseUrl(prefix));
    config.setMaximumPoolSize(connections);
    config.setPoolName(prefix);
    return new HikariDataSource(config);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    db.close();
  }

  /** Empties the tables before each batch, so every batch inserts new keys; not measured. */
  @Setup(Level.Invocation)
  public void truncate() throws SQLException {
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "TRUNCATE agentkit_proposal, agentkit_proposal_audit, agentkit_proposal_context,"
              + " agentkit_proposal_approval");
    }
  }

  /** The anchor: the same rows, one JDBC batch insert in one transaction. */
  @Benchmark
  public int[] plainBatchInsert() throws SQLException {
    try (Connection c = db.getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement s =
          c.prepareStatement(
              "INSERT INTO agentkit_proposal (ask_key, agent, anchor_kind, anchor_id,"
                  + " anchor_label, opcode, question, archetype, refs_json, ops_json, slots_json,"
                  + " state, round_no, proposed_digest, proposed_at, updated_at, context_json,"
                  + " metadata_json)"
                  + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        for (Object[] row : plainRows) {
          for (int i = 0; i < row.length; i++) {
            s.setObject(i + 1, row[i]);
          }
          s.setObject(15, now);
          s.setObject(16, now);
          s.addBatch();
        }
        int[] n = s.executeBatch();
        c.commit();
        return n;
      }
    }
  }

  /** The inbox: the batch upserted by ask key, with its dedupe, audit and context rows. */
  @Benchmark
  public ProposeReport propose() {
    return inbox.propose(ProposalBatch.of(acts, new Object(), proposals));
  }

  private static List<Object[]> plainRows(List<Proposal> proposals) {
    ObjectMapper json = new ObjectMapper();
    List<Object[]> rows = new ArrayList<>(proposals.size());
    for (Proposal p : proposals) {
      try {
        rows.add(
            new Object[] {
              p.askKey(),
              p.agent(),
              p.anchor().kind(),
              p.anchor().id(),
              p.anchor().label(),
              p.ops().get(0).opcode(),
              p.question(),
              p.archetype().wireName(),
              json.writeValueAsString(p.refs()),
              json.writeValueAsString(
                  List.of(
                      Map.of(
                          "opcode",
                          p.ops().get(0).opcode(),
                          "args",
                          p.ops().get(0).call().args(),
                          "userFills",
                          p.ops().get(0).call().userFills()))),
              json.writeValueAsString(p.slots()),
              "pending",
              1,
              "",
              null,
              null,
              json.writeValueAsString(p.context()),
              json.writeValueAsString(p.metadata())
            });
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalStateException(e);
      }
    }
    return rows;
  }

  /**
   * The acts the proposals are built with: {@code set_priority} of a task (an enum: low, normal,
   * urgent), withheld, whose current value always reads "low".
   */
  public static ActionSet<Object> actions() {
    return ActionSet.bind(InboxBenchmark::contract, uses());
  }

  /**
   * A proposal to set a task's priority, shown under one of seven projects, with one metadata
   * entry.
   */
  public static Proposal proposal(
      ActionSet<Object> acts, String agent, String task, String priority) {
    Call call = Call.of("set_priority", Map.of("task_id", task, "priority", priority));
    return Proposal.builder(agent)
        .labeler(LABELS)
        .anchor("task", task)
        .question(acts.ask(call))
        .op(acts, call)
        .context("project", "p" + Math.floorMod(task.hashCode(), 7))
        .metadata("run", "bench")
        .build();
  }

  private static final Labeler LABELS = Labeler.of((kind, id) -> kind + " " + id);

  private static Contract contract() {
    return Contract.of(
        "bench",
        List.of(
            Op.builder("set_priority")
                .description("Set a task's priority.")
                .objectType("task")
                .tier(Tier.EXTERNAL_REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(
                    new Operand(
                        "priority",
                        "The priority.",
                        OperandType.ENUM,
                        true,
                        List.of("low", "normal", "urgent"),
                        false))
                .build()));
  }

  private static List<Use<Object>> uses() {
    return List.of(
        Use.<Object>of("set_priority", ChangeCategory.SCALAR_SET)
            .input("priority")
            .reader((state, call) -> "low")
            .ask(call -> "Make this task " + call.arg("priority") + "?")
            .build());
  }
}
