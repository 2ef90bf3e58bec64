package dev.agentkit.inbox;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.inbox.ProposeReport.Disposition;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.Proposals;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
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

  private final Context ctx;
  private final int floodCap;
  private final Limits limits;
  private final Duration defaultCoolOff;
  private final Upserts upserts;
  private final InFlight inFlight;
  private final AcceptObserver acceptObserver;

  private ProposalInbox(Builder b) {
    this.ctx = new Context(new Tx(b.dataSource, b.transientRetry), b.clock, b.agents, b.runTimeout);
    this.floodCap = b.floodCap;
    this.limits = new Limits(b.maxQuestionChars, b.maxValueChars, b.maxJsonChars, b.maxBatchSize);
    this.defaultCoolOff = b.defaultCoolOff;
    this.upserts = new Upserts(this::coolOff);
    this.inFlight = new InFlight(ctx);
    this.acceptObserver = b.acceptObserver;
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
   * wording; a new version when what it runs changed); a declined or done one stays so until its
   * agent's cool-off has passed since the decision, then is reopened; a failed one is reopened; one
   * in flight (accepted or running) is left alone; one over a limit is refused on its own. Within a
   * batch the last proposal of a key wins.
   */
  public <S> ProposeReport propose(ProposalBatch<S> batch) {
    List<Proposal> kept = Proposals.dropNoOps(batch.actions(), batch.state(), batch.proposals());
    Proposals.Capped capped = Proposals.capPerAgent(kept, floodCap);
    limits.checkBatch(capped.kept().size());
    String digest = batch.actions().contract().map(Contract::digest).orElse("");
    TreeMap<String, Store.Row> rows = new TreeMap<>();
    TreeMap<String, String> refused = new TreeMap<>();
    for (Proposal p : capped.kept()) {
      Store.Row row = Store.Row.of(p, digest, deadlineAfter(p));
      List<Limits.Problem> problems = limits.check(p, row);
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
      Instant now = ctx.now();
      done.putAll(
          ctx.tx.write(
              "store the proposals",
              c -> upserts.upsertAll(c, rows, now),
              ReadBacks.proposed(rows)));
    }
    refused.keySet().forEach(k -> done.put(k, Disposition.REFUSED));
    return new ProposeReport(
        done, batch.proposals().size() - kept.size(), capped.droppedByAgent(), refused);
  }

  /** The deadline of a new round of the proposal, from its agent's oversight; null for none. */
  private Duration deadlineAfter(Proposal p) {
    InboxAgent a = ctx.agents.get(p.agent());
    return a == null ? null : a.oversightFor(p.ops().get(0).opcode()).deadline().orElse(null);
  }

  private Duration coolOff(String agent) {
    InboxAgent a = ctx.agents.get(agent);
    return a == null ? defaultCoolOff : a.coolOff();
  }

  // ---------------------------------------------------------------------------------------------
  // read

  /** One page of proposals matching the query (pending ones unless it names another state). */
  public InboxPage pending(InboxQuery query) {
    Objects.requireNonNull(query, "query");
    return ctx.tx.read("list the proposals", c -> Store.list(c, query));
  }

  /** The proposal with this ask key, in whatever state it is. */
  public Optional<InboxEntry> get(String askKey) {
    String key = Refusals.key(askKey);
    return ctx.tx.read("read the proposal \"" + key + "\"", c -> Store.get(c, key));
  }

  /** The proposal's audit trail, oldest first; empty for an unknown key. */
  public List<AuditEvent> history(String askKey) {
    String key = Refusals.key(askKey);
    return ctx.tx.read("read the audit trail of \"" + key + "\"", c -> Store.history(c, key));
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
    String who = Refusals.decider(by);
    String why = Objects.requireNonNullElse(reason, "").strip();
    InboxEntry entry = ctx.pendingEntry(askKey, "declined");
    InboxAgent agent = ctx.registered(entry, "check who may decline");
    Refusals.checkApprover(entry, oversight(agent, entry), who, "decline");
    Instant now = ctx.now();
    int won =
        ctx.tx.write(
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
                Store.audit(c, Context.decision(entry, now, who, "declined", why, ""));
              }
              return n;
            },
            ReadBacks.decided(entry.askKey(), entry.round(), who, now));
    return ctx.decidedOrThrow(entry, won, "declined");
  }

  /**
   * Accepts a pending proposal and runs its ops, exactly once. In order: fills the slots ({@code
   * slotValues} by operand name; a drafted default fills a slot left out), binds the agent's acts
   * to the live contract and verifies every filled op against it, records the approval (of the
   * version current when this is called, with these slot values) and, when it completes the
   * oversight's set, claims the proposal (a conditional update from pending, so of concurrent
   * accepts exactly one wins), runs the ops through the agent's {@link OpRunner} in order (stopping
   * at the first failure), and records the outcome. A refused accept leaves the proposal pending
   * and is recorded in the audit trail. If the accept stops after the claim (the process dies, or a
   * connection is lost and what it wrote cannot be read back), the proposal stays {@link
   * ProposalState#ACCEPTED} when none of its ops was handed to the runner ({@link #recover} runs
   * them) or {@link ProposalState#RUNNING} with the op in doubt ({@link #settle} decides it): both
   * visible, and the inbox never sends an op that may have reached the backend again on its own.
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
    String who = Refusals.decider(by);
    Map<String, String> values = Map.copyOf(Objects.requireNonNull(slotValues, "slotValues"));
    InboxEntry entry = ctx.pendingEntry(askKey, "accepted");
    return acceptObserver.accepting(entry, who, () -> approveAndRun(entry, who, values));
  }

  /**
   * Accepts the proposal as it was shown to the person: as {@link #accept(String, String, Map)},
   * and refused with {@code [InboxChanged]} when the proposal is no longer the round and version
   * {@code shown} is, so an approval never counts toward content its approver did not see.
   */
  public Accepted accept(InboxEntry shown, String by, Map<String, String> slotValues) {
    Objects.requireNonNull(shown, "shown");
    String who = Refusals.decider(by);
    Map<String, String> values = Map.copyOf(Objects.requireNonNull(slotValues, "slotValues"));
    InboxEntry entry = ctx.pendingEntry(shown.askKey(), "accepted");
    return acceptObserver.accepting(
        entry,
        who,
        () -> {
          if (entry.round() != shown.round() || entry.version() != shown.version()) {
            Oversight base =
                ctx.registered(entry, "check who may approve").oversightFor(opcode(entry));
            throw ctx.refuse(
                entry,
                who,
                "",
                Approvals.changed(shown, entry.round(), entry.version(), base, who, true));
          }
          return approveAndRun(entry, who, values);
        });
  }

  private Accepted approveAndRun(InboxEntry entry, String who, Map<String, String> values) {
    InboxAgent agent = ctx.registered(entry, "re-verify and run the ops of");
    Oversight base = agent.oversightFor(opcode(entry));
    Oversight oversight = base.current(entry.escalated());
    Refusals.checkApprover(entry, oversight, who, "approve");
    if (Approvals.expired(entry.deadline().orElse(null), ctx.now())) {
      throw ctx.refuse(entry, who, "", Approvals.expired(entry, entry.deadline().get(), base));
    }
    List<Call> filled =
        ctx.refusedIfThrows(
            entry,
            who,
            "",
            () -> {
              limits.checkSlotValues(entry.askKey(), values);
              return Slots.fill(entry, values);
            });
    ActionSet<?> live =
        ctx.refusedIfThrows(
            entry, who, "", () -> LiveCheck.bind(entry, agent, LiveCheck.Phase.ACCEPT));
    String digest = live.contract().map(Contract::digest).orElse("");
    List<Call> bound =
        ctx.refusedIfThrows(
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
    return inFlight.start(new Runs.Plan(entry, bound, 0, false, token, "", who, digest), agent);
  }

  private static String opcode(InboxEntry entry) {
    return entry.ops().get(0).opcode();
  }

  private static Oversight oversight(InboxAgent agent, InboxEntry entry) {
    return agent.oversightFor(opcode(entry)).current(entry.escalated());
  }

  /** Records the approval, and claims the proposal when it completes the set (see Approvals). */
  private Approvals.Result approve(
      InboxEntry entry, Oversight base, Store.Approved mine, String digest, String token) {
    Instant now = ctx.now();
    Oversight o = base.current(entry.escalated());
    Approvals.Result r;
    try {
      r =
          ctx.tx.write(
              "accept \"" + entry.askKey() + "\"",
              c -> Approvals.approve(c, entry, o, mine, digest, token, now),
              ReadBacks.approved(entry.askKey(), mine, token));
    } catch (InboxException e) {
      r = inFlight.claimedAnyway(entry, token, e);
    }
    String who = mine.approver();
    switch (r.step()) {
      case NOT_PENDING:
        throw Refusals.notPending(get(entry.askKey()).orElseThrow(), "accepted");
      case ALREADY_APPROVED:
        throw Approvals.already(entry, o, who);
      case CHANGED:
        throw ctx.refuse(
            entry,
            who,
            digest,
            Approvals.changed(entry, r.locked().round(), r.locked().version(), base, who, false));
      case EXPIRED:
        throw ctx.refuse(entry, who, digest, Approvals.expired(entry, r.locked().deadline(), base));
      default:
        return r;
    }
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
    return inFlight.recover(askKey, by);
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
    return inFlight.settle(askKey, by, how, note);
  }

  /** How many proposals are in each state (every state present); for health checks. */
  public Map<ProposalState, Long> counts() {
    return ctx.tx.read("count the proposals", RunStore::counts);
  }

  /**
   * What waits in the inbox, for every agent: the counts by state, since when the oldest pending
   * proposal has waited, and the accepts stranded in flight for longer than the run timeout.
   */
  public InboxBacklog backlog() {
    return ctx.tx.read(
        "read the backlog", c -> RunStore.backlog(c, null, ctx.now(), ctx.runTimeout));
  }

  /** As {@link #backlog()}, for the proposals of one agent (by the name they were built with). */
  public InboxBacklog backlog(String agent) {
    String name = Objects.requireNonNull(agent, "agent").strip();
    return ctx.tx.read(
        "read the backlog of agent \"" + name + "\"",
        c -> RunStore.backlog(c, name, ctx.now(), ctx.runTimeout));
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
    Instant now = ctx.now();
    List<Store.Due> due =
        ctx.tx.read("find the proposals past their deadline", c -> Store.due(c, now));
    Map<String, SweepReport.Expired> out = new TreeMap<>();
    for (Store.Due d : due) {
      InboxAgent agent = ctx.agents.get(d.agent());
      if (agent != null) {
        Oversight o = agent.oversightFor(d.opcode());
        SweepReport.Expired e =
            ctx.tx.write(
                "apply the expiry policy to \"" + d.key() + "\"",
                c -> Sweeps.expire(c, d, o, now),
                ReadBacks.swept(d.key(), d.round(), now));
        if (e != null) {
          out.put(d.key(), e);
        }
      }
    }
    return new SweepReport(out);
  }

  // ---------------------------------------------------------------------------------------------
  // building

  /** Collects the inbox's settings; {@link #build()} migrates the schema. Not thread-safe. */
  public static final class Builder {
    private final DataSource dataSource;
    private final Map<String, InboxAgent> agents = new HashMap<>();
    private Clock clock = Clock.systemUTC();
    private int floodCap = DEFAULT_FLOOD_CAP;
    private Duration defaultCoolOff = InboxAgent.DEFAULT_COOL_OFF;
    private Duration runTimeout = DEFAULT_RUN_TIMEOUT;
    private int maxQuestionChars = Limits.QUESTION;
    private int maxValueChars = Limits.ARGUMENT;
    private int maxJsonChars = Limits.JSON;
    private int maxBatchSize = Limits.BATCH;
    private boolean migrate = true;
    private TransientRetry transientRetry = TransientRetry.DEFAULT;
    private AcceptObserver acceptObserver = AcceptObserver.NONE;

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
     * The longest question a proposal may have: 20,000 characters by default, at most 1,000,000
     * (its column's width). A proposal with a longer one is refused on its own ({@code
     * [InboxLimit]} in {@link ProposeReport#refused()}).
     *
     * @throws InboxException {@code [InboxArgument]} outside 1 to 1,000,000
     */
    public Builder maxQuestionChars(int chars) {
      this.maxQuestionChars =
          Limits.setting("maxQuestionChars", chars, Limits.COLUMN, ", the width of its column");
      return this;
    }

    /**
     * The longest value a proposal or an accept may hold: an argument, a slot's drafted value or
     * option, a metadata value, a slot value given on accept. 20,000 characters by default, at most
     * 1,000,000; the values also count toward {@link #maxJsonChars} of what holds them.
     *
     * @throws InboxException {@code [InboxArgument]} outside 1 to 1,000,000
     */
    public Builder maxValueChars(int chars) {
      this.maxValueChars =
          Limits.setting(
              "maxValueChars", chars, Limits.COLUMN, ", the width of the columns that hold them");
      return this;
    }

    /**
     * The most characters a proposal's ops, slots, refs, context and metadata may each take as
     * stored (as JSON), and an accept's slot values: 100,000 by default, at most 1,000,000 (their
     * columns' width).
     *
     * @throws InboxException {@code [InboxArgument]} outside 1 to 1,000,000
     */
    public Builder maxJsonChars(int chars) {
      this.maxJsonChars =
          Limits.setting("maxJsonChars", chars, Limits.COLUMN, ", the width of their columns");
      return this;
    }

    /**
     * The most proposals one {@link ProposalInbox#propose} stores, after the no-op filter and the
     * flood cap: 1,000 by default. A bigger batch is refused before anything is written ({@code
     * [InboxLimit]}); one transaction holds the row locks of the whole batch.
     *
     * @throws InboxException {@code [InboxArgument]} below 1
     */
    public Builder maxBatchSize(int proposals) {
      if (proposals < 1) {
        throw new InboxException(
            InboxException.Kind.ARGUMENT,
            "maxBatchSize is "
                + proposals
                + ": a batch limit below 1 would refuse every batch;"
                + " give at least 1");
      }
      this.maxBatchSize = proposals;
      return this;
    }

    /**
     * How a transaction the database failed for a transient reason (a connection lost or refused,
     * the server shutting down) is retried: {@link TransientRetry#DEFAULT} (five attempts) unless
     * given; {@link TransientRetry#off()} reports the first such failure. A commit whose
     * acknowledgement was lost is read back before any retry, never run again blindly.
     */
    public Builder transientRetry(TransientRetry retry) {
      this.transientRetry = Objects.requireNonNull(retry, "retry");
      return this;
    }

    /** Wraps each accept, for tracing and metrics ({@link AcceptObserver}); none by default. */
    public Builder acceptObserver(AcceptObserver observer) {
      this.acceptObserver = Objects.requireNonNull(observer, "observer");
      return this;
    }

    /**
     * Whether {@link #build()} applies the inbox's migrations: true by default. Give false when the
     * host runs them itself, with {@link ProposalInbox#migrate(DataSource)} or a Flyway of its own
     * over {@link ProposalInbox#MIGRATIONS} and the history table {@value
     * ProposalInbox#HISTORY_TABLE}, as the Spring Boot starter does once for all its inboxes.
     */
    public Builder migrate(boolean migrate) {
      this.migrate = migrate;
      return this;
    }

    /**
     * Applies the inbox's migrations (unless {@link #migrate(boolean)} said not to), then builds
     * the inbox.
     *
     * @throws InboxException {@code [InboxMigration]} when the schema cannot be migrated
     */
    public ProposalInbox build() {
      if (migrate) {
        ProposalInbox.migrate(dataSource);
      }
      return new ProposalInbox(this);
    }
  }

  /**
   * Where the inbox's Flyway migrations are on the classpath, for a host that runs them with a
   * Flyway of its own (with the history table {@code agentkit_schema_history}). Not under {@code
   * db/migration}, so that a host's Flyway, which scans its default location recursively, never
   * takes them for its own.
   */
  public static final String MIGRATIONS = "classpath:dev/agentkit/inbox/migration";

  /** The table in which Flyway records the inbox's migrations, apart from the host's own. */
  public static final String HISTORY_TABLE = "agentkit_schema_history";

  /**
   * Applies the inbox's migrations to the database behind the data source, as {@link
   * Builder#build()} does: {@link #MIGRATIONS}, history in {@value #HISTORY_TABLE}; a database
   * whose schema is current is left as it is.
   *
   * @throws InboxException {@code [InboxMigration]} when the schema cannot be migrated
   */
  public static void migrate(DataSource dataSource) {
    Objects.requireNonNull(dataSource, "dataSource");
    try {
      Flyway.configure(ProposalInbox.class.getClassLoader())
          .dataSource(dataSource)
          .locations(MIGRATIONS)
          .table(HISTORY_TABLE)
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

  /** The first line of the text, stripped; empty for null. */
  static String firstLine(String text) {
    String t = text == null ? "" : text.strip();
    int nl = t.indexOf('\n');
    return nl < 0 ? t : t.substring(0, nl).strip();
  }
}
