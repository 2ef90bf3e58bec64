package dev.agentkit.inbox;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * An accept in flight: the claim read back when its commit failed, the run's start, and the two
 * ways to finish one that stopped, {@code recover} and {@code settle}.
 */
final class InFlight {
  private final Context ctx;

  InFlight(Context ctx) {
    this.ctx = ctx;
  }

  /**
   * The claim's commit failed: reads back whether it was written (the connection can be lost after
   * the server committed). Claimed: the accept goes on. Not claimed: the failure stands, nothing
   * ran. Not readable: the failure stands, saying how to find out.
   */
  Approvals.Result claimedAnyway(InboxEntry entry, String token, InboxException e) {
    if (e.kind() != InboxException.Kind.DATABASE) {
      throw e;
    }
    String key = entry.askKey();
    Optional<RunStore.Run> run;
    try {
      run = ctx.tx.read("read back the claim of \"" + key + "\"", c -> RunStore.read(c, key));
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
  Accepted start(Runs.Plan p, InboxAgent agent) {
    String key = p.entry().askKey();
    int round = p.entry().round();
    Instant at = ctx.now();
    Runs.Written w =
        ctx.runs.write(
            key,
            "start the ops",
            c -> RunStore.start(c, key, round, p.token(), at),
            run -> run.heldBy(p.token()) && run.state() == ProposalState.RUNNING);
    switch (w.how()) {
      case WRITTEN:
        return ctx.runs.execute(p, agent.runner());
      case TAKEN:
        throw Refusals.notPending(ctx.get(key).orElseThrow(), "accepted");
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
  Accepted recover(String askKey, String by) {
    String who = Refusals.decider(by);
    InboxEntry entry = ctx.existing(askKey);
    RunStore.Run seen = run(entry);
    if (entry.state() == ProposalState.RUNNING) {
      throw Recovery.outcomeUnknown(entry, seen);
    }
    if (entry.state() != ProposalState.ACCEPTED) {
      throw Recovery.notInFlight(entry);
    }
    InboxAgent agent = ctx.registered(entry, "run the ops of");
    String said = who + ": none of its ops had started; running them now";
    Resumed r = resume(entry, seen, agent, who, "recovered", said, true);
    return ctx.runs.execute(
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
  Accepted settle(String askKey, String by, Settlement how, String note) {
    String who = Refusals.decider(by);
    Objects.requireNonNull(how, "how");
    String why = note == null ? "" : note.strip();
    InboxEntry entry = ctx.existing(askKey);
    if (!entry.state().inFlight()) {
      throw Recovery.notInFlight(entry);
    }
    InboxAgent agent = ctx.registered(entry, "settle");
    RunStore.Run seen = run(entry);
    if (seen.state() == ProposalState.RUNNING
        && seen.opStartedAt() != null
        && ctx.now().isBefore(seen.opStartedAt().plus(ctx.runTimeout))) {
      throw Recovery.stillRunning(entry, seen, ctx.runTimeout);
    }
    int doubt = seen.opsDone();
    String said = Recovery.words(how, entry, doubt, who, why);
    boolean sends =
        how == Settlement.RUN_AGAIN
            || (how == Settlement.APPLIED && doubt + 1 < entry.ops().size());
    Resumed r = resume(entry, seen, agent, who, "settled", said, sends);
    if (how == Settlement.RUN_AGAIN) {
      Runs.Plan p =
          new Runs.Plan(entry, r.ops(), doubt, true, r.token(), seen.outcome(), who, r.digest());
      return ctx.runs.execute(p, agent.runner());
    }
    String part = Recovery.settledPart(how, entry, doubt, who, why);
    String before = Outcomes.join(seen.outcome(), part);
    Runs.Plan p =
        new Runs.Plan(entry, r.ops(), doubt + 1, false, r.token(), before, who, r.digest());
    if (how == Settlement.APPLIED && doubt + 1 < r.ops().size()) {
      return ctx.runs.execute(p, agent.runner());
    }
    String outcome = Outcomes.join(before, Outcomes.notRun(r.ops(), doubt + 1));
    ctx.runs.finish(p, doubt, how == Settlement.APPLIED, outcome);
    return new Accepted(ctx.get(entry.askKey()).orElseThrow(), List.of(), 0);
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
          ctx.refusedIfThrows(entry, who, "", () -> LiveCheck.bind(entry, agent, phase));
      digest = live.contract().map(Contract::digest).orElse("");
      List<Call> filled = ops;
      ops =
          ctx.refusedIfThrows(
              entry, who, digest, () -> LiveCheck.verify(entry, live, filled, phase));
    }
    String token = UUID.randomUUID().toString();
    String key = entry.askKey();
    Instant at = ctx.now();
    AuditEvent event = new AuditEvent(key, entry.round(), at, who, action, said, digest);
    Runs.Written w =
        ctx.runs.write(
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
    return ctx.tx.read("read the run of \"" + key + "\"", c -> RunStore.read(c, key)).orElseThrow();
  }
}
