package dev.agentkit.inbox;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.inbox.ProposeReport.Disposition;
import dev.agentkit.internal.Choices;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.Proposals;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The withheld half of an agent, on a database: proposals stored by ask key, listed for people,
 * declined, or accepted exactly once against the live contract. Thread-safe; any number of inbox
 * instances (in any number of processes) may share one database.
 *
 * <p>Built by {@link #builder(DataSource)}, which applies the inbox's Flyway migrations (tables
 * {@code agentkit_proposal} and {@code agentkit_proposal_audit}, history in {@code
 * agentkit_schema_history}). Works on H2 2.x and PostgreSQL; see docs/inbox.md.
 */
public final class ProposalInbox {
  /** The flood cap when none is given: at most this many proposals per agent per batch. */
  public static final int DEFAULT_FLOOD_CAP = 20;

  /** Who the audit trail names for a decline made by the sweep at a deadline. */
  public static final String EXPIRY_ACTOR = "agentkit:expiry";

  /** How long an op may run before {@link #settle} may decide its outcome, when none is given. */
  public static final Duration DEFAULT_RUN_TIMEOUT = Duration.ofMinutes(15);

  private final Tx tx;
  private final Clock clock;
  private final int floodCap;
  private final Duration defaultCoolOff;
  private final Duration runTimeout;
  private final Map<String, InboxAgent> agents;
  private final Runs runs;

  private ProposalInbox(Builder b) {
    this.tx = new Tx(b.dataSource);
    this.clock = b.clock;
    this.floodCap = b.floodCap;
    this.defaultCoolOff = b.defaultCoolOff;
    this.runTimeout = b.runTimeout;
    this.agents = Map.copyOf(b.agents);
    this.runs = new Runs(tx, this::now);
  }

  /** Starts an inbox on the database behind the data source. */
  public static Builder builder(DataSource dataSource) {
    return new Builder(Objects.requireNonNull(dataSource, "dataSource"));
  }

  // ---------------------------------------------------------------------------------------------
  // propose

  /**
   * Stores one agent run's proposals in one transaction, after the runtime's no-op filter ({@link
   * Proposals#dropNoOps}) and flood cap ({@link Proposals#capPerAgent}, {@link Builder#floodCap}).
   * Per ask key: a new key is added as pending; a pending one is refreshed (one row, the newest
   * wording); a declined one stays declined until its agent's cool-off has passed since the
   * refusal, then is reopened; a done or failed one is reopened; an accepted one awaiting its
   * outcome is left alone. Within a batch the last proposal of a key wins.
   */
  public <S> ProposeReport propose(ProposalBatch<S> batch) {
    List<Proposal> kept = Proposals.dropNoOps(batch.actions(), batch.state(), batch.proposals());
    Proposals.Capped capped = Proposals.capPerAgent(kept, floodCap);
    checkBatchSize(capped.kept().size());
    String digest = batch.actions().contract().map(Contract::digest).orElse("");
    TreeMap<String, Store.Row> rows = new TreeMap<>();
    TreeMap<String, String> refused = new TreeMap<>();
    for (Proposal p : capped.kept()) {
      Store.Row row = Store.Row.of(p, digest, deadlineAfter(p));
      List<Limits.Problem> problems = Limits.check(p, row);
      if (problems.isEmpty()) {
        rows.put(p.askKey(), row);
        refused.remove(p.askKey());
      } else {
        rows.remove(p.askKey());
        refused.put(p.askKey(), Limits.refusal(p.askKey(), problems));
      }
    }
    Map<String, Disposition> done = new TreeMap<>();
    if (!rows.isEmpty()) {
      done.putAll(tx.run("store the proposals", c -> upsertAll(c, rows)));
    }
    refused.keySet().forEach(k -> done.put(k, Disposition.REFUSED));
    return new ProposeReport(
        done, batch.proposals().size() - kept.size(), capped.droppedByAgent(), refused);
  }

  private static void checkBatchSize(int size) {
    if (size > Limits.BATCH) {
      throw new InboxException(
          InboxException.Kind.LIMIT,
          "the batch holds "
              + Text.count(size)
              + " proposals after the no-op filter and the flood cap, over the limit of "
              + Text.count(Limits.BATCH)
              + " per propose call; nothing was stored: propose them in batches of at most "
              + Text.count(Limits.BATCH));
    }
  }

  private Map<String, Disposition> upsertAll(Connection c, TreeMap<String, Store.Row> rows)
      throws SQLException {
    Instant now = now();
    // One locking read for the batch, in key order, so concurrent batches never deadlock; then
    // one JDBC batch per statement.
    Map<String, Store.Current> found = Store.lockAll(c, new ArrayList<>(rows.keySet()));
    Writes w = new Writes();
    Map<String, Disposition> out = new LinkedHashMap<>();
    for (Store.Row row : rows.values()) {
      out.put(row.key(), upsert(c, w, row, found.get(row.key()), now));
    }
    Store.insertAll(c, w.inserts, now);
    Store.rewriteAll(c, w.refreshes, now, false);
    Store.rewriteAll(c, w.reopens, now, true);
    Store.writeContext(c, w.inserts, false);
    Store.writeContext(c, w.contextChanges, true);
    Store.auditAll(c, w.audits);
    return out;
  }

  /** The writes of one batch, gathered so that each statement runs once as a JDBC batch. */
  private static final class Writes {
    final List<Store.Row> inserts = new ArrayList<>();
    final List<Store.Rewrite> refreshes = new ArrayList<>();
    final List<Store.Rewrite> reopens = new ArrayList<>();
    final List<Store.Row> contextChanges = new ArrayList<>();
    final List<AuditEvent> audits = new ArrayList<>();
  }

  private Disposition upsert(Connection c, Writes w, Store.Row row, Store.Current cur, Instant now)
      throws SQLException {
    if (cur == null) {
      w.inserts.add(row);
      w.audits.add(event(row, 1, now, "proposed", "pending"));
      return Disposition.ADDED;
    }
    switch (cur.state()) {
      case PENDING:
        refresh(c, w, row, cur, now);
        return Disposition.REFRESHED;
      case ACCEPTED:
      case RUNNING:
        return Disposition.IN_FLIGHT;
      case DECLINED:
      case DONE:
        if (now.isBefore(cur.decidedAt().plus(coolOff(row.agent())))) {
          return Disposition.KEPT_DECIDED;
        }
        break;
      default:
        break;
    }
    w.reopens.add(new Store.Rewrite(row, cur.round() + 1, 1));
    contextChange(w, row, cur);
    w.audits.add(event(row, cur.round() + 1, now, "reopened", "pending again after " + wire(cur)));
    return Disposition.REOPENED;
  }

  /**
   * Rewrites a pending proposal with the agent's newest content. A change of what it runs is a new
   * version, and the audit says what changed and whose approvals no longer count.
   */
  private static void refresh(Connection c, Writes w, Store.Row row, Store.Current cur, Instant now)
      throws SQLException {
    List<String> changes = Versions.changes(cur.ops(), cur.slots(), row);
    int version = changes.isEmpty() ? cur.version() : cur.version() + 1;
    w.refreshes.add(new Store.Rewrite(row, cur.round(), version));
    contextChange(w, row, cur);
    if (!changes.isEmpty()) {
      List<Store.Approved> given =
          Store.approvals(
              c, new Store.Stage(row.key(), cur.round(), cur.version(), cur.escalated()));
      String lost =
          given.isEmpty()
              ? ""
              : ", so the approvals of version "
                  + cur.version()
                  + " ("
                  + names(given)
                  + ") no longer count";
      w.audits.add(
          event(
              row,
              cur.round(),
              now,
              "refreshed",
              "pending, now version "
                  + version
                  + ": the agent changed "
                  + Versions.describe(changes)
                  + lost));
    } else if (!row.question().equals(cur.question())) {
      w.audits.add(
          event(
              row,
              cur.round(),
              now,
              "refreshed",
              "pending, reworded; still version " + version + ", so its approvals still count"));
    }
  }

  private static String names(List<Store.Approved> approvals) {
    List<String> names = new ArrayList<>(approvals.size());
    approvals.forEach(a -> names.add(a.approver()));
    return String.join(", ", names);
  }

  private static void contextChange(Writes w, Store.Row row, Store.Current cur) {
    if (!row.contextJson().equals(cur.context())) {
      w.contextChanges.add(row);
    }
  }

  private static String wire(Store.Current cur) {
    return cur.state().wireName() + " (round " + cur.round() + ")";
  }

  private static AuditEvent event(
      Store.Row row, int round, Instant now, String action, String outcome) {
    return new AuditEvent(row.key(), round, now, row.agent(), action, outcome, row.digest());
  }

  /** The deadline of a new round of the proposal, from its agent's oversight; null for none. */
  private Duration deadlineAfter(Proposal p) {
    InboxAgent a = agents.get(p.agent());
    return a == null ? null : a.oversightFor(p.ops().get(0).opcode()).deadline().orElse(null);
  }

  private Duration coolOff(String agent) {
    InboxAgent a = agents.get(agent);
    return a == null ? defaultCoolOff : a.coolOff();
  }

  // ---------------------------------------------------------------------------------------------
  // read

  /** One page of proposals matching the query (pending ones unless it names another state). */
  public InboxPage pending(InboxQuery query) {
    Objects.requireNonNull(query, "query");
    return tx.run("list the proposals", c -> Store.list(c, query));
  }

  /** The proposal with this ask key, in whatever state it is. */
  public Optional<InboxEntry> get(String askKey) {
    String key = key(askKey);
    return tx.run("read the proposal \"" + key + "\"", c -> Store.get(c, key));
  }

  /** The proposal's audit trail, oldest first; empty for an unknown key. */
  public List<AuditEvent> history(String askKey) {
    String key = key(askKey);
    return tx.run("read the audit trail of \"" + key + "\"", c -> Store.history(c, key));
  }

  // ---------------------------------------------------------------------------------------------
  // decide

  /**
   * Refuses a pending proposal; the agent's re-proposals of the key are ignored until its cool-off
   * has passed.
   *
   * @throws InboxException {@code [InboxNotFound]}, {@code [InboxNotPending]} when it was already
   *     decided, {@code [InboxArgument]} when {@code by} is blank
   */
  public InboxEntry decline(String askKey, String by, String reason) {
    String who = decider(by);
    String why = Objects.requireNonNullElse(reason, "").strip();
    InboxEntry entry = pendingEntry(askKey, "declined");
    InboxAgent agent = registered(entry, "check who may decline");
    checkApprover(entry, oversight(agent, entry), who, "decline");
    Instant now = now();
    int won =
        tx.run(
            "decline \"" + entry.askKey() + "\"",
            c -> {
              int n =
                  Store.decide(
                      c,
                      entry.askKey(),
                      entry.round(),
                      ProposalState.DECLINED,
                      who,
                      why,
                      null,
                      now);
              if (n == 1) {
                Store.audit(c, decision(entry, now, who, "declined", why, ""));
              }
              return n;
            });
    return decidedOrThrow(entry, won, "declined");
  }

  /**
   * Accepts a pending proposal and runs its ops, exactly once. In order: fills the slots ({@code
   * slotValues} by operand name; a drafted default fills a slot left out), binds the agent's acts
   * to the live contract and verifies every filled op against it, records the approval (of the
   * version current when this is called, with these slot values) and, when it completes the
   * oversight's set, claims the proposal (a conditional update from pending, so of concurrent
   * accepts exactly one wins), runs the ops through the agent's {@link OpRunner} in order (stopping
   * at the first failure), and records the outcome. A refused accept leaves the proposal pending
   * and is recorded in the audit trail. If the process stops after the claim and before the outcome
   * is written, the proposal stays {@link ProposalState#ACCEPTED}: visible, and never run again by
   * the inbox.
   *
   * @throws InboxException {@code [InboxNotFound]}, {@code [InboxNotPending]} (decided already, or
   *     another accept won), {@code [InboxUnknownAgent]}, {@code [InboxNotApprover]}, {@code
   *     [InboxAlreadyApproved]}, {@code [InboxExpired]} (past its deadline), {@code [InboxChanged]}
   *     (a new version or an escalation while approving), {@code [InboxSlot]} (a slot value
   *     missing, unknown or of the wrong type), {@code [InboxSourceUnavailable]}, {@code
   *     [InboxDrift]} (an op no longer verifies against the live contract; the message lists the
   *     verify sentences), {@code [InboxOutcomeUnrecorded]}
   */
  public Accepted accept(String askKey, String by, Map<String, String> slotValues) {
    String who = decider(by);
    Map<String, String> values = Map.copyOf(Objects.requireNonNull(slotValues, "slotValues"));
    return approveAndRun(pendingEntry(askKey, "accepted"), who, values);
  }

  /**
   * Accepts the proposal as it was shown to the person: as {@link #accept(String, String, Map)},
   * and refused with {@code [InboxChanged]} when the proposal is no longer the round and version
   * {@code shown} is, so an approval never counts toward content its approver did not see.
   */
  public Accepted accept(InboxEntry shown, String by, Map<String, String> slotValues) {
    Objects.requireNonNull(shown, "shown");
    String who = decider(by);
    Map<String, String> values = Map.copyOf(Objects.requireNonNull(slotValues, "slotValues"));
    InboxEntry entry = pendingEntry(shown.askKey(), "accepted");
    if (entry.round() != shown.round() || entry.version() != shown.version()) {
      Oversight base = registered(entry, "check who may approve").oversightFor(opcode(entry));
      throw refuse(
          entry,
          who,
          "",
          Approvals.changed(shown, entry.round(), entry.version(), base, who, true));
    }
    return approveAndRun(entry, who, values);
  }

  private Accepted approveAndRun(InboxEntry entry, String who, Map<String, String> values) {
    InboxAgent agent = registered(entry, "re-verify and run the ops of");
    Oversight base = agent.oversightFor(opcode(entry));
    Oversight oversight = base.current(entry.escalated());
    checkApprover(entry, oversight, who, "approve");
    if (Approvals.expired(entry.deadline().orElse(null), now())) {
      throw refuse(entry, who, "", Approvals.expired(entry, entry.deadline().get(), base));
    }
    List<Call> filled =
        refusedIfThrows(
            entry,
            who,
            "",
            () -> {
              Limits.checkSlotValues(entry.askKey(), values);
              return Slots.fill(entry, values);
            });
    ActionSet<?> live =
        refusedIfThrows(entry, who, "", () -> LiveCheck.bind(entry, agent, LiveCheck.Phase.ACCEPT));
    String digest = live.contract().map(Contract::digest).orElse("");
    List<Call> bound =
        refusedIfThrows(
            entry,
            who,
            digest,
            () -> LiveCheck.verify(entry, live, filled, LiveCheck.Phase.ACCEPT));
    Store.Approved mine = new Store.Approved(who, Versions.digest(filled), Json.strings(values));
    String token = UUID.randomUUID().toString();
    Approvals.Result approval = approve(entry, base, mine, digest, token);
    if (approval.step() == Approvals.Step.WAITING) {
      return new Accepted(approval.entry(), List.of(), approval.missing());
    }
    return start(new Runs.Plan(entry, bound, 0, false, token, "", who, digest), agent);
  }

  private static String opcode(InboxEntry entry) {
    return entry.ops().get(0).opcode();
  }

  private static Oversight oversight(InboxAgent agent, InboxEntry entry) {
    return agent.oversightFor(opcode(entry)).current(entry.escalated());
  }

  private static void checkApprover(InboxEntry entry, Oversight o, String who, String verb) {
    if (!o.mayDecide(who)) {
      throw new InboxException(
          InboxException.Kind.NOT_APPROVER,
          who
              + " may not "
              + verb
              + " \""
              + entry.askKey()
              + "\": its oversight needs "
              + o.describe()
              + (entry.escalated() ? " (escalated)" : ""));
    }
  }

  private <T> T refusedIfThrows(InboxEntry entry, String who, String digest, Supplier<T> step) {
    try {
      return step.get();
    } catch (InboxException e) {
      throw refuse(entry, who, digest, e);
    }
  }

  /** Records a refused accept in the audit trail and returns the exception to throw. */
  private InboxException refuse(InboxEntry entry, String who, String digest, InboxException e) {
    Instant now = now();
    tx.run(
        "record the refused accept of \"" + entry.askKey() + "\"",
        c -> {
          Store.audit(c, decision(entry, now, who, "refused", e.getMessage(), digest));
          return null;
        });
    return e;
  }

  /** Records the approval, and claims the proposal when it completes the set (see Approvals). */
  private Approvals.Result approve(
      InboxEntry entry, Oversight base, Store.Approved mine, String digest, String token) {
    Instant now = now();
    Oversight o = base.current(entry.escalated());
    Approvals.Result r;
    try {
      r =
          tx.run(
              "accept \"" + entry.askKey() + "\"",
              c -> Approvals.approve(c, entry, o, mine, digest, token, now));
    } catch (InboxException e) {
      r = claimedAnyway(entry, token, e);
    }
    String who = mine.approver();
    switch (r.step()) {
      case NOT_PENDING:
        throw notPending(get(entry.askKey()).orElseThrow(), "accepted");
      case ALREADY_APPROVED:
        throw Approvals.already(entry, o, who);
      case CHANGED:
        throw refuse(
            entry,
            who,
            digest,
            Approvals.changed(entry, r.locked().round(), r.locked().version(), base, who, false));
      case EXPIRED:
        throw refuse(entry, who, digest, Approvals.expired(entry, r.locked().deadline(), base));
      default:
        return r;
    }
  }

  /**
   * The claim's commit failed: reads back whether it was written (the connection can be lost after
   * the server committed). Claimed: the accept goes on. Not claimed: the failure stands, nothing
   * ran. Not readable: the failure stands, saying how to find out.
   */
  private Approvals.Result claimedAnyway(InboxEntry entry, String token, InboxException e) {
    if (e.kind() != InboxException.Kind.DATABASE) {
      throw e;
    }
    String key = entry.askKey();
    Optional<RunStore.Run> run;
    try {
      run = tx.run("read back the claim of \"" + key + "\"", c -> RunStore.read(c, key));
    } catch (InboxException unreadable) {
      throw e.followedBy(
          "; whether the claim was written could not be read back, and nothing ran: if get(\""
              + key
              + "\") shows it accepted, recover(\""
              + key
              + "\", by) runs it");
    }
    if (run.isPresent() && run.get().heldBy(token)) {
      return new Approvals.Result(Approvals.Step.CLAIMED, 0, entry, null);
    }
    throw e;
  }

  /** Marks the claimed run started (accepted to running), then runs the ops. */
  private Accepted start(Runs.Plan p, InboxAgent agent) {
    String key = p.entry().askKey();
    int round = p.entry().round();
    Instant at = now();
    Runs.Written w =
        runs.write(
            key,
            "start the ops",
            c -> RunStore.start(c, key, round, p.token(), at),
            run -> run.heldBy(p.token()) && run.state() == ProposalState.RUNNING);
    switch (w.how()) {
      case WRITTEN:
        return runs.execute(p, agent.runner());
      case TAKEN:
        throw notPending(get(key).orElseThrow(), "accepted");
      case FAILED:
        throw w.failure()
            .followedBy(
                "; it is accepted and none of its ops ran: recover(\"" + key + "\", by) runs them");
      default:
        throw w.failure()
            .followedBy(
                "; whether its run was marked started could not be read back, and none of its ops"
                    + " was sent: if get(\""
                    + key
                    + "\") shows it accepted, recover(\""
                    + key
                    + "\", by) runs them; if running, settle(\""
                    + key
                    + "\", by, Settlement.NOT_APPLIED or RUN_AGAIN, note) decides op 0");
    }
  }

  private static AuditEvent decision(
      InboxEntry entry, Instant now, String who, String action, String outcome, String digest) {
    return new AuditEvent(entry.askKey(), entry.round(), now, who, action, outcome, digest);
  }

  // ---------------------------------------------------------------------------------------------
  // in flight

  /**
   * Runs the ops of an accepted proposal none of whose ops has started: one whose accept stopped
   * after the claim (the process died, or its connection was lost). Re-verifies them against the
   * live contract and sends them with their idempotency keys; since nothing had been sent, this is
   * never a second run. Of concurrent recoveries exactly one runs them.
   *
   * @throws InboxException {@code [InboxOutcomeUnknown]} for a running proposal, whose op in doubt
   *     only {@link #settle} decides; {@code [InboxNotInFlight]} for one not accepted; {@code
   *     [InboxNotFound]}, {@code [InboxUnknownAgent]}, {@code [InboxDrift]}, {@code
   *     [InboxSourceUnavailable]} (it stays accepted), {@code [InboxChanged]} (another recovery
   *     took it), {@code [InboxOutcomeUnrecorded]}
   */
  public Accepted recover(String askKey, String by) {
    String who = decider(by);
    InboxEntry entry = existing(askKey);
    RunStore.Run seen = run(entry);
    if (entry.state() == ProposalState.RUNNING) {
      throw Recovery.outcomeUnknown(entry, seen);
    }
    if (entry.state() != ProposalState.ACCEPTED) {
      throw Recovery.notInFlight(entry);
    }
    InboxAgent agent = registered(entry, "run the ops of");
    String said = who + ": none of its ops had started; running them now";
    Resumed r = resume(entry, seen, agent, who, "recovered", said, true);
    return runs.execute(
        new Runs.Plan(entry, r.ops(), 0, false, r.token(), "", who, r.digest()), agent.runner());
  }

  /**
   * A person's word on the op in doubt of a proposal in flight (running: the op handed to the
   * runner whose outcome is not recorded; accepted: its first op), recorded with their name and
   * note: {@link Settlement#APPLIED} records it done and runs the ops after it, {@link
   * Settlement#NOT_APPLIED} records it failed, {@link Settlement#RUN_AGAIN} sends it again with its
   * idempotency key and runs the rest. An op handed to the runner less than the run timeout ago may
   * still be running, so it is not settled yet.
   *
   * @throws InboxException {@code [InboxStillRunning]}, {@code [InboxNotInFlight]}, {@code
   *     [InboxNotFound]}, {@code [InboxUnknownAgent]}, {@code [InboxDrift]} and {@code
   *     [InboxSourceUnavailable]} (for ops still to run; nothing is recorded), {@code
   *     [InboxChanged]} (someone else settled it first), {@code [InboxOutcomeUnrecorded]}
   */
  public Accepted settle(String askKey, String by, Settlement how, String note) {
    String who = decider(by);
    Objects.requireNonNull(how, "how");
    String why = note == null ? "" : note.strip();
    InboxEntry entry = existing(askKey);
    if (!entry.state().inFlight()) {
      throw Recovery.notInFlight(entry);
    }
    InboxAgent agent = registered(entry, "settle");
    RunStore.Run seen = run(entry);
    if (seen.state() == ProposalState.RUNNING
        && seen.opStartedAt() != null
        && now().isBefore(seen.opStartedAt().plus(runTimeout))) {
      throw Recovery.stillRunning(entry, seen, runTimeout);
    }
    int doubt = seen.opsDone();
    String said = Recovery.words(how, entry, doubt, who, why);
    Resumed r = resume(entry, seen, agent, who, "settled", said, how != Settlement.NOT_APPLIED);
    if (how == Settlement.RUN_AGAIN) {
      Runs.Plan p =
          new Runs.Plan(entry, r.ops(), doubt, true, r.token(), seen.outcome(), who, r.digest());
      return runs.execute(p, agent.runner());
    }
    String part = Recovery.settledPart(how, entry, doubt, who, why);
    String before = Outcomes.join(seen.outcome(), part);
    Runs.Plan p =
        new Runs.Plan(entry, r.ops(), doubt + 1, false, r.token(), before, who, r.digest());
    if (how == Settlement.APPLIED && doubt + 1 < r.ops().size()) {
      return runs.execute(p, agent.runner());
    }
    String outcome = Outcomes.join(before, Outcomes.notRun(r.ops(), doubt + 1));
    runs.finish(p, doubt, how == Settlement.APPLIED, outcome);
    return new Accepted(get(entry.askKey()).orElseThrow(), List.of(), 0);
  }

  /** How many proposals are in each state (every state present); for health checks. */
  public Map<ProposalState, Long> counts() {
    return tx.run("count the proposals", RunStore::counts);
  }

  /** The ops a resumed run sends (bound to the live contract when any is sent), and its token. */
  private record Resumed(List<Call> ops, String token, String digest) {}

  /**
   * Takes the run over with a new token, recording why in the same transaction; first, when ops are
   * to be sent, binds them to the live contract (refused, nothing is recorded).
   */
  private Resumed resume(
      InboxEntry entry,
      RunStore.Run seen,
      InboxAgent agent,
      String who,
      String action,
      String said,
      boolean sends) {
    Map<String, String> values = entry.decision().map(d -> d.slotValues()).orElse(Map.of());
    LiveCheck.Phase phase = LiveCheck.Phase.resume(entry.state());
    List<Call> ops = Slots.fill(entry, values);
    String digest = "";
    if (sends) {
      ActionSet<?> live =
          refusedIfThrows(entry, who, "", () -> LiveCheck.bind(entry, agent, phase));
      digest = live.contract().map(Contract::digest).orElse("");
      List<Call> filled = ops;
      ops = refusedIfThrows(entry, who, digest, () -> LiveCheck.verify(entry, live, filled, phase));
    }
    String token = UUID.randomUUID().toString();
    String key = entry.askKey();
    Instant at = now();
    AuditEvent event = new AuditEvent(key, entry.round(), at, who, action, said, digest);
    Runs.Written w =
        runs.write(
            key,
            "take over the run",
            c -> {
              int n = RunStore.takeOver(c, key, seen, token, at);
              if (n == 1) {
                Store.audit(c, event);
              }
              return n;
            },
            run -> run.heldBy(token));
    switch (w.how()) {
      case WRITTEN:
        return new Resumed(ops, token, digest);
      case TAKEN:
        throw Recovery.moved(entry, who);
      case FAILED:
        throw w.failure().followedBy("; nothing was recorded and nothing ran");
      default:
        throw w.failure()
            .followedBy(
                "; whether it was taken over could not be read back, and nothing ran: read it"
                    + " again before settling it");
    }
  }

  private RunStore.Run run(InboxEntry entry) {
    String key = entry.askKey();
    return tx.run("read the run of \"" + key + "\"", c -> RunStore.read(c, key)).orElseThrow();
  }

  // ---------------------------------------------------------------------------------------------
  // expiry

  /**
   * Applies the expiry policy of every pending proposal past its deadline: declines it (as {@value
   * #EXPIRY_ACTOR}), escalates it to its oversight's escalation set with a fresh deadline (an
   * escalated one past that is declined), or keeps it pending with no deadline. Never accepts or
   * runs anything. Call it on a schedule (every minute, say); concurrent sweeps are safe. Proposals
   * of agents this inbox has no {@link InboxAgent} for are left for an inbox that has.
   */
  public SweepReport sweep() {
    Instant now = now();
    List<Store.Due> due = tx.run("find the proposals past their deadline", c -> Store.due(c, now));
    Map<String, SweepReport.Expired> out = new TreeMap<>();
    for (Store.Due d : due) {
      InboxAgent agent = agents.get(d.agent());
      if (agent != null) {
        Oversight o = agent.oversightFor(d.opcode());
        SweepReport.Expired e =
            tx.run("apply the expiry policy to \"" + d.key() + "\"", c -> expire(c, d, o, now));
        if (e != null) {
          out.put(d.key(), e);
        }
      }
    }
    return new SweepReport(out);
  }

  private SweepReport.Expired expire(Connection c, Store.Due seen, Oversight o, Instant now)
      throws SQLException {
    Optional<Store.Due> locked = Store.lockDue(c, seen.key(), now);
    if (locked.isEmpty()) {
      return null; // decided or moved on since the scan
    }
    Store.Due d = locked.get();
    Oversight.Expiry policy = d.escalated() ? Oversight.Expiry.DECLINE : o.expiry();
    switch (policy) {
      case ESCALATE:
        Oversight to = o.escalation().orElseThrow();
        Store.deadline(
            c, d.key(), now.plus(to.deadline().or(o::deadline).orElseThrow()), true, now);
        List<Store.Approved> before =
            Store.approvals(c, new Store.Stage(d.key(), d.round(), d.version(), false));
        String lost =
            before.isEmpty()
                ? ""
                : "; the approvals given before (" + names(before) + ") do not count toward it";
        Store.audit(
            c,
            expiryEvent(
                d, now, "escalated", "past its deadline; now needs " + to.describe() + lost));
        return SweepReport.Expired.ESCALATED;
      case KEEP:
        Store.deadline(c, d.key(), null, false, now);
        Store.audit(c, expiryEvent(d, now, "kept", "past its deadline; kept pending, no deadline"));
        return SweepReport.Expired.KEPT;
      default:
        String reason = "no decision before the deadline";
        Store.decide(
            c, d.key(), d.round(), ProposalState.DECLINED, EXPIRY_ACTOR, reason, null, now);
        Store.audit(c, expiryEvent(d, now, "expired", reason));
        return SweepReport.Expired.DECLINED;
    }
  }

  private static AuditEvent expiryEvent(Store.Due d, Instant now, String action, String outcome) {
    return new AuditEvent(d.key(), d.round(), now, EXPIRY_ACTOR, action, outcome, "");
  }

  // ---------------------------------------------------------------------------------------------
  // checks

  private InboxEntry existing(String askKey) {
    String key = key(askKey);
    return get(key)
        .orElseThrow(
            () ->
                new InboxException(
                    InboxException.Kind.NOT_FOUND,
                    "no proposal has the ask key \""
                        + key
                        + "\": list the pending ones with pending(InboxQuery.pending())"));
  }

  private InboxEntry pendingEntry(String askKey, String verb) {
    InboxEntry entry = existing(askKey);
    if (entry.state() != ProposalState.PENDING) {
      throw notPending(entry, verb);
    }
    return entry;
  }

  /** The entry after a conditional update from pending; throws when another decision won. */
  private InboxEntry decidedOrThrow(InboxEntry before, int won, String verb) {
    InboxEntry now = get(before.askKey()).orElseThrow();
    if (won == 1) {
      return now;
    }
    throw notPending(now, verb);
  }

  private static InboxException notPending(InboxEntry entry, String verb) {
    String by =
        entry
            .decision()
            .map(d -> " by " + d.by() + " at " + d.at().truncatedTo(ChronoUnit.SECONDS))
            .orElse("");
    return new InboxException(
        InboxException.Kind.NOT_PENDING,
        "the proposal \""
            + entry.askKey()
            + "\" is "
            + entry.state().wireName()
            + by
            + ", so it cannot be "
            + verb
            + "; only a pending proposal can be accepted or declined"
            + inFlightHint(entry));
  }

  private static String inFlightHint(InboxEntry entry) {
    String key = "\"" + entry.askKey() + "\"";
    if (entry.state() == ProposalState.ACCEPTED) {
      return "; none of its ops has started: recover(" + key + ", by) runs them";
    }
    if (entry.state() == ProposalState.RUNNING) {
      int i = entry.opsDone();
      return "; "
          + Outcomes.name(i, entry.ops().get(i))
          + " was handed to the runner and its outcome is not recorded: if it stays so, settle("
          + key
          + ", by, settlement, note) decides it";
    }
    return "";
  }

  /** The proposal's agent; refused when unregistered, since its oversight is not known here. */
  private InboxAgent registered(InboxEntry entry, String cannot) {
    InboxAgent agent = agents.get(entry.agent());
    if (agent == null) {
      throw new InboxException(
          InboxException.Kind.UNKNOWN_AGENT,
          "the inbox has no agent \""
              + entry.agent()
              + "\", so it cannot "
              + cannot
              + " \""
              + entry.askKey()
              + "\"; register it with ProposalInbox.builder(dataSource).agent(InboxAgent.bind(...))"
              + registeredNames(entry.agent()));
    }
    return agent;
  }

  private String registeredNames(String agent) {
    return agents.isEmpty() ? "" : " (registered: " + Choices.listing(agent, agents.keySet()) + ")";
  }

  private static String decider(String by) {
    if (by == null || by.isBlank()) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "who decided is blank: pass the person's name or id, which the audit trail records for"
              + " every accept and refusal");
    }
    String who = by.strip();
    Limits.checkDecider(who);
    return who;
  }

  private static String key(String askKey) {
    if (askKey == null || askKey.isBlank()) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "the ask key is blank: pass a proposal's askKey(), such as"
              + " \"triage:project:p1:archive_project\"");
    }
    return askKey.strip();
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  /** Collects the inbox's settings; {@link #build()} migrates the schema. Not thread-safe. */
  public static final class Builder {
    private final DataSource dataSource;
    private final Map<String, InboxAgent> agents = new HashMap<>();
    private Clock clock = Clock.systemUTC();
    private int floodCap = DEFAULT_FLOOD_CAP;
    private Duration defaultCoolOff = InboxAgent.DEFAULT_COOL_OFF;
    private Duration runTimeout = DEFAULT_RUN_TIMEOUT;

    private Builder(DataSource dataSource) {
      this.dataSource = dataSource;
    }

    /**
     * Registers an agent: accepts of its proposals re-verify against its live acts and run through
     * its runner; its cool-off applies to its refusals. A later registration of a name replaces the
     * earlier.
     */
    public Builder agent(InboxAgent agent) {
      agents.put(agent.name(), agent);
      return this;
    }

    /** The clock for timestamps and cool-offs; the system UTC clock by default. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** At most this many proposals per agent per batch ({@value #DEFAULT_FLOOD_CAP} default). */
    public Builder floodCap(int floodCap) {
      if (floodCap < 1) {
        throw new InboxException(
            InboxException.Kind.ARGUMENT,
            "the flood cap is "
                + floodCap
                + ": a cap below 1 would drop every ask; give at least 1");
      }
      this.floodCap = floodCap;
      return this;
    }

    /** The cool-off of agents proposing without being registered (a week by default). */
    public Builder defaultCoolOff(Duration coolOff) {
      if (coolOff.isNegative()) {
        throw new InboxException(
            InboxException.Kind.ARGUMENT,
            "the default cool-off is negative ("
                + coolOff
                + "): give zero to let agents re-ask at once, or a positive duration");
      }
      this.defaultCoolOff = coolOff;
      return this;
    }

    /**
     * How long an op handed to the runner may still be running: {@link #settle} refuses to decide
     * its outcome before ({@link #DEFAULT_RUN_TIMEOUT}, 15 minutes, by default). Give at least the
     * longest an op can take, the runner's own timeouts included; zero lets a person settle at
     * once.
     */
    public Builder runTimeout(Duration runTimeout) {
      if (runTimeout.isNegative()) {
        throw new InboxException(
            InboxException.Kind.ARGUMENT,
            "the run timeout is negative ("
                + runTimeout
                + "): give the longest an op can take, or zero to let a person settle at once");
      }
      this.runTimeout = runTimeout;
      return this;
    }

    /**
     * Applies the inbox's migrations, then builds the inbox.
     *
     * @throws InboxException {@code [InboxMigration]} when the schema cannot be migrated
     */
    public ProposalInbox build() {
      migrate(dataSource);
      return new ProposalInbox(this);
    }
  }

  static void migrate(DataSource dataSource) {
    try {
      Flyway.configure(ProposalInbox.class.getClassLoader())
          .dataSource(dataSource)
          .locations("classpath:db/migration/agentkit")
          .table("agentkit_schema_history")
          .baselineOnMigrate(true)
          .baselineVersion("0")
          .load()
          .migrate();
    } catch (FlywayException e) {
      throw new InboxException(
          InboxException.Kind.MIGRATION,
          "the inbox's schema could not be migrated: "
              + Redact.secrets(firstLine(e.getMessage()))
              + "; check that the DataSource reaches the database and its user may create tables",
          List.of(),
          e);
    }
  }

  private static String firstLine(String text) {
    String t = text == null ? "" : text.strip();
    int nl = t.indexOf('\n');
    return nl < 0 ? t : t.substring(0, nl).strip();
  }
}
