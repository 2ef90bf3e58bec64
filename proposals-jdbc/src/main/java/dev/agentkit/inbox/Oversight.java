package dev.agentkit.inbox;

import java.time.Duration;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Who must approve an agent's proposals before they run, by when, and what happens when nobody
 * decides in time. Set per agent or per opcode on an {@link InboxAgent}. Immutable.
 *
 * <p>Nothing expiry does ever runs an op: a proposal runs only when its approvals are complete,
 * each one a recorded human decision.
 */
public final class Oversight {
  /** What the {@linkplain ProposalInbox#sweep() sweep} does with a proposal past its deadline. */
  public enum Expiry {
    /** Decline it, recorded as declined by {@value ProposalInbox#EXPIRY_ACTOR}. */
    DECLINE,
    /** Hand it to the escalation set with a fresh deadline; declined if that passes too. */
    ESCALATE,
    /** Keep it pending with no deadline; the sweep records that it passed once. */
    KEEP
  }

  private static final Oversight ANYONE = new Oversight(1, Set.of(), null, Expiry.DECLINE, null);

  private final int required;
  private final Set<String> approvers;
  private final Duration deadline;
  private final Expiry expiry;
  private final Oversight escalation;

  private Oversight(
      int required, Set<String> approvers, Duration deadline, Expiry expiry, Oversight escalation) {
    this.required = required;
    this.approvers = approvers;
    this.deadline = deadline;
    this.expiry = expiry;
    this.escalation = escalation;
  }

  /** One approval from anyone, no deadline: the default. */
  public static Oversight anyone() {
    return ANYONE;
  }

  /**
   * {@code required} approvals from the named people.
   *
   * @throws InboxException {@code [InboxArgument]} when the set is empty or smaller than the number
   *     of approvals it must give
   */
  public static Oversight approvers(int required, String... names) {
    return new Oversight(checked(required, names), names(names), null, Expiry.DECLINE, null);
  }

  private static int checked(int required, String... names) {
    Set<String> set = names(names);
    if (set.isEmpty() || required < 1 || required > set.size()) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "the oversight asks for "
              + required
              + (required == 1 ? " approval" : " approvals")
              + " from a set of "
              + set.size()
              + (set.isEmpty() ? "" : " (" + String.join(", ", set) + ")")
              + ": give at least 1 approval, and no more than there are approvers");
    }
    return required;
  }

  private static Set<String> names(String... names) {
    TreeSet<String> set = new TreeSet<>();
    for (String n : names) {
      if (n != null && !n.isBlank()) {
        set.add(n.strip());
      }
    }
    return Collections.unmodifiableSortedSet(set);
  }

  /**
   * This oversight with a deadline: a proposal not decided within it (from when it was proposed) is
   * handled by the expiry policy at the next sweep.
   */
  public Oversight deadline(Duration deadline) {
    if (deadline == null || deadline.isZero() || deadline.isNegative()) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "the oversight deadline is " + deadline + ": give a positive duration, such as PT48H");
    }
    return new Oversight(required, approvers, deadline, expiry, escalation);
  }

  /** At the deadline, decline (the default). */
  public Oversight onExpiryDecline() {
    return new Oversight(required, approvers, deadline, Expiry.DECLINE, null);
  }

  /** At the deadline, keep it pending. */
  public Oversight onExpiryKeep() {
    return new Oversight(required, approvers, deadline, Expiry.KEEP, null);
  }

  /**
   * At the deadline, hand it to {@code required} of these people, with the same deadline again;
   * when that passes too, it is declined.
   */
  public Oversight onExpiryEscalate(int required, String... names) {
    Oversight to =
        new Oversight(checked(required, names), names(names), deadline, Expiry.DECLINE, null);
    return new Oversight(this.required, approvers, deadline, Expiry.ESCALATE, to);
  }

  /** How many approvals a proposal needs. */
  public int required() {
    return required;
  }

  /** Who may approve or decline, sorted; empty means anyone. */
  public Set<String> approvers() {
    return new TreeSet<>(approvers);
  }

  /** The deadline, if there is one. */
  public Optional<Duration> deadline() {
    return Optional.ofNullable(deadline);
  }

  /** What happens at the deadline. */
  public Expiry expiry() {
    return expiry;
  }

  /** Who decides after an escalation, when the expiry is {@link Expiry#ESCALATE}. */
  public Optional<Oversight> escalation() {
    return Optional.ofNullable(escalation);
  }

  /** The oversight in force: the escalation set once the proposal has been escalated. */
  Oversight current(boolean escalated) {
    return escalated && escalation != null ? escalation : this;
  }

  boolean mayDecide(String person) {
    return approvers.isEmpty() || approvers.contains(person);
  }

  String describe() {
    String who = approvers.isEmpty() ? "anyone" : String.join(", ", new TreeSet<>(approvers));
    return required + (required == 1 ? " approval" : " approvals") + " from " + who;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Oversight x
        && required == x.required
        && approvers.equals(x.approvers)
        && Objects.equals(deadline, x.deadline)
        && expiry == x.expiry
        && Objects.equals(escalation, x.escalation);
  }

  @Override
  public int hashCode() {
    return Objects.hash(required, approvers, deadline, expiry, escalation);
  }

  @Override
  public String toString() {
    return "Oversight[" + describe() + ", deadline " + deadline + ", on expiry " + expiry + "]";
  }
}
