package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.drift.DriftRule;
import dev.agentkit.source.ContractSource;
import dev.agentkit.spring.AgentkitProperties.Acknowledgement;
import dev.agentkit.spring.AgentkitProperties.ContractProperties;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Over generated hostile input: a credential value (line breaks, control characters, non-Latin-1,
 * quotes, escapes) is either sent or refused, and in no case appears in a message, an action or the
 * source's description; an acknowledgement's rule is either a rule or refused with every rule id.
 */
class CredentialPropertiesTest {

  @Property(tries = 300)
  void aCredentialNeverAppearsInWhatTheSettingsSay(
      @ForAll("secrets") String secret, @ForAll boolean fromEnv) {
    ContractProperties p = ContractSettingsTest.withUrl();
    if (fromEnv) {
      p.getCredentials().setEnv("TOKEN");
    } else {
      p.getCredentials().setProperty("backend.token");
    }
    ContractSettings settings = new ContractSettings("taskboard", p);
    String said;
    try {
      ContractSource source =
          settings.source(
              ContractSettingsTest.environment(Map.of("backend.token", secret)), name -> secret);
      said = source.describe() + source + settings.cache(source);
    } catch (AgentkitStartupException e) {
      said = e.getMessage() + e.action();
    }
    String core = secret.strip();
    assertThat(said).doesNotContain(core);
  }

  @Provide
  Arbitrary<String> secrets() {
    Arbitrary<String> tricky =
        Arbitraries.strings()
            .withChars("\n\r\t\u0000\u007f\"\\/é€ :=#")
            .withCharRange('a', 'z')
            .withCharRange('0', '9')
            .ofMinLength(1)
            .ofMaxLength(6);
    // Long enough to be a credential, with a distinctive core the redaction must never show.
    return tricky.map(t -> "Zq9" + t + "xK7wP");
  }

  @Property(tries = 300)
  void aRuleIsARuleOrRefusedWithEveryRuleId(@ForAll("rules") String rule) {
    Acknowledgement a = new Acknowledgement();
    a.setRule(rule);
    a.setTarget("set_task_priority.priority=urgent");
    a.setExpires(LocalDate.of(2031, 1, 1));
    ContractProperties p = ContractSettingsTest.withUrl();
    p.getDrift().getAcknowledgements().add(a);
    List<String> ids = Arrays.stream(DriftRule.values()).map(DriftRule::id).sorted().toList();
    try {
      new ContractSettings("taskboard", p).policy();
      assertThat(ids).contains(rule.trim());
    } catch (AgentkitStartupException e) {
      assertThat(rule.isBlank() ? "[AgentkitAcknowledgementIncomplete]" : "[AgentkitBadDriftRule]")
          .isEqualTo(e.getMessage().substring(0, e.getMessage().indexOf(']') + 1));
      if (!rule.isBlank()) {
        assertListsTheRules(e.getMessage(), rule.trim(), ids);
      }
    }
  }

  /**
   * Ten ids or fewer are listed in full; more as their count and the ten nearest, which hold the id
   * a one-character slip was made in.
   */
  private static void assertListsTheRules(String message, String rule, List<String> ids) {
    if (ids.size() <= 10) {
      assertThat(message).contains("use one of " + String.join(", ", ids));
      return;
    }
    // A rule that trims to nothing has no name to be near: the first ten are listed.
    String lead =
        "use one of "
            + ids.size()
            + " in all (the "
            + (rule.isEmpty() ? "first 10" : "10 nearest")
            + ": ";
    assertThat(message).contains(lead);
    int from = message.indexOf(lead) + lead.length();
    List<String> shown =
        Arrays.asList(message.substring(from, message.indexOf(')', from)).split(", "));
    assertThat(shown).hasSize(10).isSorted().doesNotHaveDuplicates();
    assertThat(ids).containsAll(shown);
    if (rule.isEmpty()) {
      assertThat(shown).isEqualTo(ids.subList(0, 10));
    }
    for (String id : ids) {
      for (int i = 0; i < id.length(); i++) {
        if (rule.equals(id.substring(0, i) + id.substring(i + 1))) {
          assertThat(shown).as("%s is listed for %s", id, rule).contains(id);
        }
      }
    }
  }

  @Provide
  Arbitrary<String> rules() {
    Arbitrary<String> ids = Arbitraries.of(DriftRule.values()).map(DriftRule::id);
    Arbitrary<String> mangled =
        ids.flatMap(
            id ->
                Arbitraries.integers()
                    .between(0, id.length() - 1)
                    .map(i -> id.substring(0, i) + id.substring(i + 1)));
    return Arbitraries.oneOf(ids, mangled, Arbitraries.strings().ofMaxLength(30));
  }
}
