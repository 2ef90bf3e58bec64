package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Oversight as a value: what it holds, how its changed copies differ, and how it reads. */
class OversightTest {
  private final Oversight twoOfThree =
      Oversight.approvers(2, "carol", " ann ", "bob", "", null).deadline(Duration.ofHours(24));

  @Test
  void theApproversAreTrimmedSortedAndACopy() {
    Set<String> names = twoOfThree.approvers();
    assertThat(names).containsExactly("ann", "bob", "carol");
    names.clear();
    assertThat(twoOfThree.approvers()).containsExactly("ann", "bob", "carol");
    assertThat(Oversight.anyone().approvers()).isEmpty();
    assertThat(Oversight.anyone().mayDecide("anybody")).isTrue();
    assertThat(twoOfThree.mayDecide("dave")).isFalse();
  }

  @Test
  void eachExpiryPolicyIsACopyAndDeclineDropsTheEscalation() {
    Oversight escalating = twoOfThree.onExpiryEscalate(1, "head-of-ops");
    assertThat(escalating.expiry()).isEqualTo(Oversight.Expiry.ESCALATE);
    assertThat(escalating.escalation().orElseThrow().approvers()).containsExactly("head-of-ops");
    assertThat(escalating.escalation().orElseThrow().deadline()).contains(Duration.ofHours(24));
    Oversight declining = escalating.onExpiryDecline();
    assertThat(declining.expiry()).isEqualTo(Oversight.Expiry.DECLINE);
    assertThat(declining.escalation()).isEmpty();
    assertThat(declining).isEqualTo(twoOfThree).isNotSameAs(twoOfThree);
    assertThat(escalating.onExpiryKeep().expiry()).isEqualTo(Oversight.Expiry.KEEP);
    assertThat(escalating.current(true)).isEqualTo(escalating.escalation().orElseThrow());
    assertThat(escalating.current(false)).isSameAs(escalating);
    assertThat(declining.current(true)).isSameAs(declining);
  }

  @Test
  void twoOversightsAreEqualExactlyWhenEveryPartIs() {
    Oversight same = Oversight.approvers(2, "ann", "bob", "carol").deadline(Duration.ofHours(24));
    assertThat(twoOfThree).isEqualTo(same).hasSameHashCodeAs(same);
    assertThat(twoOfThree)
        .isNotEqualTo(Oversight.approvers(1, "ann", "bob", "carol").deadline(Duration.ofHours(24)))
        .isNotEqualTo(Oversight.approvers(2, "ann", "bob", "dave").deadline(Duration.ofHours(24)))
        .isNotEqualTo(Oversight.approvers(2, "ann", "bob", "carol").deadline(Duration.ofHours(1)))
        .isNotEqualTo(Oversight.approvers(2, "ann", "bob", "carol"))
        .isNotEqualTo(twoOfThree.onExpiryKeep())
        .isNotEqualTo(twoOfThree.onExpiryEscalate(1, "dave"))
        .isNotEqualTo("2 approvals from ann, bob, carol");
    assertThat(twoOfThree.onExpiryEscalate(1, "dave"))
        .isEqualTo(same.onExpiryEscalate(1, "dave"))
        .isNotEqualTo(same.onExpiryEscalate(1, "erin"));
    assertThat(twoOfThree.hashCode())
        .isNotEqualTo(Oversight.approvers(1, "ann", "bob", "carol").hashCode());
  }

  @Test
  void itReadsAsWhoMustApproveAndWhen() {
    assertThat(twoOfThree)
        .hasToString(
            "Oversight[2 approvals from ann, bob, carol, deadline PT24H, on expiry DECLINE]");
    assertThat(Oversight.anyone())
        .hasToString("Oversight[1 approval from anyone, deadline null, on expiry DECLINE]");
    assertThat(Oversight.anyone().deadline()).isEqualTo(Optional.empty());
    assertThat(twoOfThree.required()).isEqualTo(2);
  }

  @Test
  void aDeadlineMustBePositive() {
    assertThatThrownBy(() -> twoOfThree.deadline(Duration.ofSeconds(-1)))
        .hasMessage(
            "[InboxArgument] the oversight deadline is PT-1S: give a positive duration, such as"
                + " PT48H");
    assertThatThrownBy(() -> twoOfThree.deadline(null))
        .hasMessage(
            "[InboxArgument] the oversight deadline is null: give a positive duration, such as"
                + " PT48H");
  }
}
