package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.drift.DriftRule;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each way a consumer or an acknowledgement can be written wrong has its sentence. */
class ConsumerConfigTest {
  private static ConsumerSpec spec(String text) throws ConfigException {
    return ConsumerSpec.parse(text, "<consumers> entry 2");
  }

  @Test
  void coordinatesAreReadWithEveryKindOfVersion() throws ConfigException {
    assertThat(spec(" com.acme:triage-agent:1.4 "))
        .isEqualTo(
            new ConsumerSpec("com.acme:triage-agent:1.4", "com.acme", "triage-agent", "1.4"));
    assertThat(spec("com.acme:triage-agent:[1.4,)").isRange()).isTrue();
    assertThat(spec("com.acme:triage-agent:(1.4,2.0]").isRange()).isTrue();
    assertThat(spec("com.acme:triage-agent:LATEST").isMeta()).isTrue();
    assertThat(spec("com.acme:triage-agent:RELEASE").isMeta()).isTrue();
    assertThat(spec("com.acme:triage-agent:1.0-SNAPSHOT").isMeta()).isFalse();
  }

  @Test
  void coordinatesWrittenWrongAreRefusedInOneSentence() {
    assertThatThrownBy(() -> spec("com.acme:triage-agent"))
        .hasMessage(
            "[ConsumerCoordinates] <consumers> entry 2 \"com.acme:triage-agent\" is not"
                + " groupId:artifactId:version; give the agent's coordinates, such as"
                + " com.acme:triage-agent:RELEASE (a version, a range such as [1.4,), LATEST or"
                + " RELEASE)");
    assertThatThrownBy(() -> spec("com.acme::1.0"))
        .hasMessage(
            "[ConsumerCoordinates] <consumers> entry 2 \"com.acme::1.0\": the artifactId \"\" is"
                + " empty");
    assertThatThrownBy(() -> spec("com acme:a:1.0"))
        .hasMessage(
            "[ConsumerCoordinates] <consumers> entry 2 \"com acme:a:1.0\": the groupId \"com"
                + " acme\" may hold only letters, digits, '.', '-' and '_'");
    assertThatThrownBy(() -> spec("com.acme:a: "))
        .hasMessage(
            "[ConsumerCoordinates] <consumers> entry 2 \"com.acme:a:\": the version is empty; give"
                + " a version, a range such as [1.4,), LATEST or RELEASE");
    assertThatThrownBy(() -> spec("com.acme:a:1.0/../2"))
        .hasMessage(
            "[ConsumerCoordinates] <consumers> entry 2 \"com.acme:a:1.0/../2\": the version"
                + " \"1.0/../2\" is not one; give a version, a range such as [1.4,), LATEST or"
                + " RELEASE");
  }

  @Test
  void noConsumerAtAllIsAConfigurationError() throws ConfigException {
    assertThat(VerifyConsumersGoal.specs(List.of("com.acme:a:1.0"), List.of())).hasSize(1);
    assertThat(VerifyConsumersGoal.specs(List.of(), List.of(java.nio.file.Path.of("m")))).isEmpty();
    assertThatThrownBy(() -> VerifyConsumersGoal.specs(List.of(), List.of()))
        .hasMessage(
            "[ConsumersMissing] verify-consumers has no consumer to verify: give each agent that"
                + " uses the contract as groupId:artifactId:version in consumers (<consumers> in"
                + " the POM, --consumer on the command line), or a manifest directory");
    assertThatThrownBy(() -> VerifyConsumersGoal.specs(List.of("a:b"), List.of()))
        .hasMessageStartingWith("[ConsumerCoordinates] consumers entry 1 \"a:b\" is not");
  }

  private static AcknowledgementConfig ack(String rule, String target, String expires) {
    AcknowledgementConfig a = new AcknowledgementConfig();
    a.rule = rule;
    a.target = target;
    a.expires = expires;
    a.reason = " agreed with the triage team ";
    return a;
  }

  @Test
  void anAcknowledgementIsCheckedAndScopedToItsAgent() throws ConfigException {
    AcknowledgementConfig forOne = ack("tier-raised", "set_task_due_date", "2027-01-31");
    forOne.agent = "it.LiveAgent";
    List<AcknowledgementConfig.Checked> acks =
        AcknowledgementConfig.check(List.of(forOne, ack("op-removed", "old_op", "2027-02-01")));

    assertThat(acks)
        .containsExactly(
            new AcknowledgementConfig.Checked(
                DriftRule.TIER_RAISED,
                "set_task_due_date",
                LocalDate.parse("2027-01-31"),
                "agreed with the triage team",
                "it.LiveAgent"),
            new AcknowledgementConfig.Checked(
                DriftRule.OP_REMOVED,
                "old_op",
                LocalDate.parse("2027-02-01"),
                "agreed with the triage team",
                ""));
    assertThat(AcknowledgementConfig.policyFor("it.LiveAgent", acks).acknowledgements()).hasSize(2);
    assertThat(AcknowledgementConfig.policyFor("it.AskingAgent", acks).acknowledgements())
        .hasSize(1);
  }

  @Test
  void anAcknowledgementWrittenWrongIsRefusedInOneSentence() {
    assertThatThrownBy(() -> AcknowledgementConfig.check(List.of(ack("tier-raised", " ", "x"))))
        .hasMessage(
            "[Acknowledgement] <acknowledgements> entry 1 has no <target>; an acknowledgement"
                + " names a drift <rule> and a <target> as the report prints them, and the last"
                + " day it holds (<expires>, such as 2027-01-31)");
    assertThatThrownBy(() -> AcknowledgementConfig.check(List.of(ack(null, "op", "x"))))
        .hasMessageStartingWith("[Acknowledgement] <acknowledgements> entry 1 has no <rule>;");
    assertThatThrownBy(() -> AcknowledgementConfig.check(List.of(ack("tier-raised", "op", null))))
        .hasMessageStartingWith("[Acknowledgement] <acknowledgements> entry 1 has no <expires>;");
    assertThatThrownBy(
            () -> AcknowledgementConfig.check(List.of(ack("tier-rased", "op", "2027-01-31"))))
        .hasMessage(
            "[Acknowledgement] <acknowledgements> entry 1: <rule>: unknown drift rule"
                + " \"tier-rased\": use one of "
                + dev.agentkit.internal.text.Names.listing(
                    "tier-rased",
                    dev.agentkit.internal.text.Names.wireNames(DriftRule.values(), DriftRule::id))
                + "; did you mean \"tier-raised\"?");
    assertThatThrownBy(
            () -> AcknowledgementConfig.check(List.of(ack("tier-raised", "op", "31/01/2027"))))
        .hasMessage(
            "[Acknowledgement] <acknowledgements> entry 1: <expires> \"31/01/2027\" is not a date;"
                + " write it as yyyy-mm-dd, such as 2027-01-31");
  }
}
