package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs an accept's ops through the agent's runner, one at a time, recording each outcome before the
 * next op starts, every write conditional on the run's token. When a commit fails, whether it was
 * written is read back rather than guessed, so an accept whose connection was lost is either
 * carried on (the write held), or left in a state that says exactly what is known: {@code accepted}
 * (nothing started) or {@code running} (the op at {@code opsDone} may have run).
 */
final class Runs {
  private final Tx tx;
  private final Supplier<java.time.Instant> now;

  Runs(Tx tx, Supplier<java.time.Instant> now) {
    this.tx = tx;
    this.now = now;
  }

  /**
   * A run to carry out: the proposal, its ops bound to the live contract, the first op to send and
   * whether it is sent again, the token that holds the run, the outcome of the ops before, who and
   * the live contract's digest (for the audit trail).
   */
  record Plan(
      InboxEntry entry,
      List<Call> ops,
      int from,
      boolean again,
      String token,
      String before,
      String who,
      String digest) {}

  /** How a conditional write of the run ended. */
  enum Write {
    /** Written (or read back as written after its commit failed). */
    WRITTEN,
    /** Not written: another run holds the proposal. */
    TAKEN,
    /** Not written: the commit failed and reading back shows it did not land. */
    FAILED,
    /** The commit failed and reading back failed too: whether it landed is not known. */
    UNKNOWN
  }

  /** The write's end, and the database failure when there was one. */
  record Written(Write how, InboxException failure) {}

  /**
   * Commits a write of the run; when the commit fails, reads the run back and asks {@code landed}
   * whether the write is in it.
   */
  Written write(String key, String what, Tx.Work<Integer> work, Predicate<RunStore.Run> landed) {
    try {
      int n = tx.write(what + " of \"" + key + "\"", work, ReadBacks.run(key, landed));
      return new Written(n == 1 ? Write.WRITTEN : Write.TAKEN, null);
    } catch (InboxException e) {
      if (e.kind() != InboxException.Kind.DATABASE) {
        throw e;
      }
      Optional<RunStore.Run> run;
      try {
        run = tx.read("read back the run of \"" + key + "\"", c -> RunStore.read(c, key));
      } catch (InboxException unreadable) {
        return new Written(Write.UNKNOWN, e);
      }
      boolean held = run.isPresent() && landed.test(run.get());
      return new Written(held ? Write.WRITTEN : Write.FAILED, held ? null : e);
    }
  }

  /** Sends the plan's ops from its first, recording each outcome; the proposal afterwards. */
  Accepted execute(Plan p, OpRunner runner) {
    List<Outcome> outcomes = new ArrayList<>();
    String recorded = p.before();
    for (int i = p.from(); i < p.ops().size(); i++) {
      Call call = p.ops().get(i);
      Outcome o = runOne(runner, call, RunContext.of(p.entry(), i, p.again() && i == p.from()));
      outcomes.add(o);
      String part = Outcomes.part(i, call, o);
      if (!o.done() || i == p.ops().size() - 1) {
        String rest = o.done() ? "" : Outcomes.notRun(p.ops(), i + 1);
        finish(p, i, o.done(), Outcomes.join(recorded, part, rest));
        break;
      }
      recorded = Outcomes.join(recorded, part);
      progress(p, i, o.done(), recorded);
    }
    return new Accepted(entry(p), outcomes, 0);
  }

  private InboxEntry entry(Plan p) {
    String key = p.entry().askKey();
    return tx.read("read the proposal \"" + key + "\"", c -> Store.get(c, key)).orElseThrow();
  }

  private static Outcome runOne(OpRunner runner, Call call, RunContext context) {
    try {
      return Outcome.done(call, runner.run(call, context));
    } catch (CallFailedException e) {
      return Outcome.failed(call, e);
    } catch (Exception e) {
      return Outcome.failed(
          call,
          "the op runner threw "
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + Redact.secrets(e.getMessage())));
    }
  }

  /** Records op {@code i}'s outcome with the run still going. */
  private void progress(Plan p, int i, boolean done, String outcome) {
    String key = p.entry().askKey();
    int round = p.entry().round();
    java.time.Instant at = now.get();
    Written w =
        write(
            key,
            "record an op's outcome",
            c -> RunStore.progress(c, key, round, p.token(), i + 1, outcome, at),
            run -> run.heldBy(p.token()) && run.opsDone() >= i + 1);
    unrecorded(p, i, done, outcome, w);
  }

  /** Records the run's end with op {@code i} the last that ran, and its audit entry. */
  void finish(Plan p, int i, boolean done, String outcome) {
    String key = p.entry().askKey();
    int round = p.entry().round();
    ProposalState to = done ? ProposalState.DONE : ProposalState.FAILED;
    java.time.Instant at = now.get();
    AuditEvent ran =
        new AuditEvent(key, round, at, p.who(), "ran", to.wireName() + ": " + outcome, p.digest());
    Written w =
        write(
            key,
            "record the outcome",
            c -> {
              int n = RunStore.finish(c, key, round, p.token(), to, i + 1, outcome, at);
              if (n == 1) {
                Store.audit(c, ran);
              }
              return n;
            },
            run -> run.heldBy(p.token()) && run.state() == to);
    unrecorded(p, i, done, outcome, w);
  }

  private static void unrecorded(Plan p, int i, boolean done, String outcome, Written w) {
    if (w.how() == Write.WRITTEN) {
      return;
    }
    String key = p.entry().askKey();
    String op = Outcomes.name(i, p.ops().get(i));
    String head =
        "the ops of \""
            + key
            + "\" ran ("
            + Text.cut(outcome, 500)
            + ") but the outcome could not be written";
    if (w.how() == Write.TAKEN) {
      throw new InboxException(
          InboxException.Kind.OUTCOME_UNRECORDED,
          head
              + ": another run of it took over meanwhile (a recovery or a settlement), which"
              + " records its own; see history(\""
              + key
              + "\")");
    }
    throw new InboxException(
        InboxException.Kind.OUTCOME_UNRECORDED,
        head
            + ", so the proposal stays running and nothing more of it runs: settle it with"
            + " settle(\""
            + key
            + "\", by, Settlement."
            + (done ? "APPLIED" : "NOT_APPLIED")
            + ", note), since "
            + op
            + (done ? " was done" : " failed"),
        List.of(w.failure().getMessage()),
        w.failure());
  }
}
