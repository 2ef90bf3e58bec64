package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.source.ContractSource;
import dev.agentkit.spring.AgentkitProperties.Acknowledgement;
import dev.agentkit.spring.AgentkitProperties.ContractProperties;
import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** Each mistake in {@code agentkit.contracts.<name>.*} gets its own tagged sentence and fix. */
class ContractSettingsTest {
  static final UnaryOperator<String> NO_ENV = name -> null;

  static ContractProperties withUrl() {
    ContractProperties p = new ContractProperties();
    p.setUrl(URI.create("http://127.0.0.1:9/contract"));
    return p;
  }

  static StandardEnvironment environment(Map<String, Object> properties) {
    StandardEnvironment env = new StandardEnvironment();
    env.getPropertySources().addFirst(new MapPropertySource("test", properties));
    return env;
  }

  static AbstractThrowableAssert<?, ? extends Throwable> assertSource(ContractProperties p) {
    return assertThatThrownBy(
            () -> new ContractSettings("taskboard", p).source(environment(Map.of()), NO_ENV))
        .isInstanceOf(AgentkitStartupException.class);
  }

  @Test
  void aContractWithNoSourceSaysWhichToSet() {
    assertSource(new ContractProperties())
        .hasMessage(
            "[AgentkitContractSource] agentkit.contracts.taskboard names no source; set"
                + " agentkit.contracts.taskboard.url to the URL the backend serves its contract at,"
                + " or agentkit.contracts.taskboard.openapi to its OpenAPI document");
  }

  @Test
  void aContractWithTwoSourcesSaysToKeepOne() {
    ContractProperties p = withUrl();
    p.setOpenapi(URI.create("http://127.0.0.1:9/openapi.json"));
    assertSource(p)
        .hasMessage(
            "[AgentkitContractSource] agentkit.contracts.taskboard gives both url and openapi;"
                + " keep the one the backend serves its contract at");
  }

  @Test
  void anOpenApiDocumentWithoutTheOpenApiModuleSaysWhatToAdd() {
    ContractProperties p = new ContractProperties();
    p.setOpenapi(URI.create("http://127.0.0.1:9/openapi.json"));
    ClassLoader withoutOpenApi = new ClassLoader(null) {};
    assertThatThrownBy(
            () ->
                new ContractSettings("taskboard", p, withoutOpenApi)
                    .source(environment(Map.of()), NO_ENV))
        .hasMessage(
            "[AgentkitOpenApiMissing] agentkit.contracts.taskboard.openapi is set, but"
                + " agentkit-openapi is not on the classpath; add the dependency"
                + " dev.agentkit:agentkit-openapi, or set agentkit.contracts.taskboard.url to the"
                + " backend's native contract instead");
  }

  @Test
  void anOpenApiDocumentWithTheModuleMakesAnOpenApiSource() {
    ContractProperties p = new ContractProperties();
    p.setOpenapi(URI.create("http://127.0.0.1:9/openapi.json"));
    ContractSource source =
        new ContractSettings("taskboard", p).source(environment(Map.of()), NO_ENV);
    assertThat(source.getClass().getName()).isEqualTo(ContractSettings.OPENAPI_SOURCE);
  }

  @Test
  void aUrlTheSourceCannotFetchIsNamedWithoutItsQuery() {
    ContractProperties p = new ContractProperties();
    p.setUrl(URI.create("ftp://backend.example/contract?key=hidden"));
    assertSource(p)
        .hasMessage(
            "[AgentkitBadProperty] agentkit.contracts.taskboard: the contract URL"
                + " ftp://backend.example/contract uses the scheme \"ftp\"; HttpContractSource"
                + " fetches over http or https only; correct it");
  }

  @Test
  void anEmptyDurationIsNamed() {
    ContractProperties p = withUrl();
    p.setRequestTimeout(null);
    assertSource(p)
        .hasMessage(
            "[AgentkitBadProperty] agentkit.contracts.taskboard.request-timeout is empty; give a"
                + " duration, such as 10s or 5m, or remove it to use the default");
  }

  @Test
  void aMaxStalenessShorterThanTheTtlIsRefused() {
    ContractProperties p = withUrl();
    p.setTtl(Duration.ofMinutes(10));
    p.setMaxStaleness(Duration.ofMinutes(1));
    ContractSettings s = new ContractSettings("taskboard", p);
    ContractSource source = s.source(environment(Map.of()), NO_ENV);
    assertThatThrownBy(() -> s.cache(source))
        .hasMessageStartingWith(
            "[AgentkitBadProperty] agentkit.contracts.taskboard: the maxStaleness of a"
                + " CachedContract (1m) is shorter than its ttl (10m)")
        .hasMessageEndingWith(
            "; correct agentkit.contracts.taskboard.ttl or agentkit.contracts.taskboard.max-staleness");
  }

  @Test
  void aCredentialFromAnEnvironmentVariableIsSentAndItsAbsenceNamed() {
    ContractProperties p = withUrl();
    p.getCredentials().setEnv("TASKBOARD_TOKEN");
    ContractSource source =
        new ContractSettings("taskboard", p)
            .source(
                environment(Map.of()),
                name -> name.equals("TASKBOARD_TOKEN") ? "tok-123456789" : null);
    assertThat(source.toString()).contains("headers [Authorization]").doesNotContain("tok-");
    assertSource(p)
        .hasMessage(
            "[AgentkitCredentialMissing] agentkit.contracts.taskboard.credentials.env names"
                + " environment variable TASKBOARD_TOKEN, which is not set or is blank, so the"
                + " contract cannot be fetched with its credential; set environment variable"
                + " TASKBOARD_TOKEN where the application runs, or remove"
                + " agentkit.contracts.taskboard.credentials if the backend needs no credential");
  }

  @Test
  void aCredentialFromAPropertyThatIsNotSetIsNamed() {
    ContractProperties p = withUrl();
    p.getCredentials().setProperty("taskboard.token");
    assertSource(p)
        .hasMessageStartingWith(
            "[AgentkitCredentialMissing] agentkit.contracts.taskboard.credentials.property names"
                + " property taskboard.token, which is not set or is blank");
  }

  @Test
  void twoPlacesForOneCredentialAreRefused() {
    ContractProperties p = withUrl();
    p.getCredentials().setProperty("taskboard.token");
    p.getCredentials().setEnv("TASKBOARD_TOKEN");
    assertSource(p)
        .hasMessage(
            "[AgentkitCredentialConflict] agentkit.contracts.taskboard.credentials names both an"
                + " environment variable (env) and a property (property); keep the one that holds"
                + " the credential");
  }

  @Test
  void aCredentialWithNoHeaderIsRefused() {
    ContractProperties p = withUrl();
    p.getCredentials().setEnv("TASKBOARD_TOKEN");
    p.getCredentials().setHeader(" ");
    assertSource(p)
        .hasMessage(
            "[AgentkitBadProperty] agentkit.contracts.taskboard.credentials.header is blank, so the"
                + " credential has no header to go in; name the header, such as Authorization");
  }

  @Test
  void anAcknowledgementNeedsARuleATargetAndAnExpiry() {
    for (String missing : new String[] {"rule", "target", "expires"}) {
      Acknowledgement a = new Acknowledgement();
      a.setRule(missing.equals("rule") ? null : "enum-value-removed");
      a.setTarget(missing.equals("target") ? " " : "set_task_priority.priority=urgent");
      a.setExpires(missing.equals("expires") ? null : LocalDate.of(2031, 1, 1));
      ContractProperties p = withUrl();
      p.getDrift().getAcknowledgements().add(a);
      assertThatThrownBy(() -> new ContractSettings("taskboard", p).policy())
          .hasMessage(
              "[AgentkitAcknowledgementIncomplete] agentkit.contracts.taskboard.drift"
                  + ".acknowledgements[0] has no "
                  + missing
                  + "; an acknowledgement names a drift rule, a target and the last day it holds;"
                  + " set agentkit.contracts.taskboard.drift.acknowledgements[0]."
                  + missing
                  + ", as the failure analysis of the drift prints it");
    }
  }

  @Test
  void anUnknownDriftRuleListsTheRulesAndTheNearest() {
    Acknowledgement a = new Acknowledgement();
    a.setRule("enum-value-remove");
    a.setTarget("set_task_priority.priority=urgent");
    a.setExpires(LocalDate.of(2031, 1, 1));
    ContractProperties p = withUrl();
    p.getDrift().getAcknowledgements().add(a);
    assertThatThrownBy(() -> new ContractSettings("taskboard", p).policy())
        .hasMessageStartingWith(
            "[AgentkitBadDriftRule] agentkit.contracts.taskboard.drift.acknowledgements[0].rule:"
                + " unknown drift rule \"enum-value-remove\": use one of 28 in all (the 10 nearest:"
                + " alternative-removed, bounds-loosened, enum-value-added, enum-value-removed,"
                + " op-added, op-removed, operand-removed, property-removed, tier-lowered,"
                + " tier-raised); did you mean \"enum-value-removed\"?")
        .hasMessageEndingWith(
            "; did you mean \"enum-value-removed\"?; use the rule id the drift report prints");
  }

  @Test
  void theModeAndTheAcknowledgementsMakeThePolicy() {
    ContractProperties p = withUrl();
    p.getDrift().setMode(AgentkitProperties.DriftMode.WARN_ONLY);
    Acknowledgement a = new Acknowledgement();
    a.setRule(" enum-value-removed ");
    a.setTarget("set_task_priority.priority=urgent");
    a.setExpires(LocalDate.of(2031, 1, 1));
    a.setReason("no agent sets urgent");
    p.getDrift().getAcknowledgements().add(a);
    DriftPolicy policy = new ContractSettings("taskboard", p).policy();
    assertThat(policy.acknowledgements())
        .containsExactly(
            new DriftPolicy.Acknowledgement(
                DriftRule.ENUM_VALUE_REMOVED,
                "set_task_priority.priority=urgent",
                LocalDate.of(2031, 1, 1),
                "no agent sets urgent"));
  }
}
