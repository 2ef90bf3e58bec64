package dev.agentkit.maven;

import static dev.agentkit.maven.ConsumerFixtures.asks;
import static dev.agentkit.maven.ConsumerFixtures.live;
import static dev.agentkit.maven.ConsumerFixtures.taskboard;
import static dev.agentkit.maven.ConsumerFixtures.tier;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.UsesManifest;
import dev.agentkit.source.ContractSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole verification, without Maven: consumers resolved from a real repository and a directory,
 * the proposed contract graded against each agent, reports per consumer, and a failure naming every
 * consumer, agent and act broken.
 */
class VerifyConsumersGoalTest {
  @TempDir Path dir;
  ConsumerRepository repo;
  Path baseline;
  final List<String> lines = new ArrayList<>();

  final GoalLog log =
      new GoalLog() {
        @Override
        public void debug(String line) {}

        @Override
        public void info(String line) {
          lines.add("[INFO] " + line);
        }

        @Override
        public void warn(String line) {
          lines.add("[WARNING] " + line);
        }

        @Override
        public void error(String line) {
          lines.add("[ERROR] " + line);
        }
      };

  @BeforeEach
  void deploy() throws Exception {
    repo = new ConsumerRepository(dir);
    repo.deploy("com.acme", "live-agent", "1.0", live());
    repo.deploy("com.acme", "asking-agent", "1.0", asks());
    baseline = dir.resolve("contract-snapshots/taskboard.json");
    Files.createDirectories(baseline.getParent());
    ContractSnapshot.writeAtomically(baseline, taskboard());
  }

  private List<VerifyConsumersGoal.Consumer> consumers(List<Path> dirs, String... specs)
      throws Exception {
    List<ConsumerSpec> parsed = new ArrayList<>();
    for (String s : specs) {
      parsed.add(ConsumerSpec.parse(s, "<consumers> entry"));
    }
    return VerifyConsumersGoal.consumers(parsed, repo.resolver(), dirs);
  }

  private void verify(Contract proposed, List<VerifyConsumersGoal.Consumer> consumers)
      throws GoalException {
    ContractSource source =
        new ContractSource() {
          @Override
          public Contract fetch() {
            return proposed;
          }

          @Override
          public String describe() {
            return "src/main/openapi/taskboard.yaml";
          }
        };
    new VerifyConsumersGoal(
            log,
            dir.resolve("reports"),
            FailOn.BREAKING,
            "breaking",
            List.of(),
            LocalDate.parse("2026-12-01"))
        .run(
            List.of(
                new VerifyConsumersGoal.Target(
                    "taskboard", SourceFactory.Configured.plain(source), baseline)),
            consumers);
  }

  @Test
  void aRaisedTierFailsNamingTheAgentThatRunsItAndPassesTheOneThatAsks() throws Exception {
    List<VerifyConsumersGoal.Consumer> consumers =
        consumers(List.of(), "com.acme:live-agent:RELEASE", "com.acme:asking-agent:[1.0,)");

    assertThatThrownBy(() -> verify(tier("set_task_due_date", Tier.IRREVERSIBLE), consumers))
        .isInstanceOf(GoalException.class)
        .hasMessage(
            "agentkit: the proposed contract breaks 1 of 2 consumers (failOn=breaking):\n"
                + "  - com.acme:live-agent:1.0: it.LiveAgent (set_task_due_date)\n"
                + "See the report above and in "
                + dir.resolve("reports")
                + ". Keep the change compatible with them, or agree it with their teams and"
                + " acknowledge it until a date (<acknowledgements>, docs/consumers.md).");

    String what = "(proposed: src/main/openapi/taskboard.yaml; baseline: " + baseline + ")";
    assertThat(lines)
        .containsExactly(
            "[ERROR] agentkit: taskboard: consumer com.acme:live-agent:1.0: 1 of 1 agents broken by"
                + " the proposed contract "
                + what,
            "[ERROR]   it.LiveAgent breaks:",
            "[ERROR]     - tier-raised: the backend raised the tier of set_task_due_date from"
                + " reversible to irreversible, which LiveAgent uses; its run handler can never run"
                + " now, so the act must be asked instead",
            "[INFO] agentkit: taskboard: consumer com.acme:asking-agent:1.0 passes (1 agent) "
                + what,
            "[INFO]   it.AskingAgent passes:",
            "[INFO]     - compatible tier-raised: the backend raised the tier of set_task_due_date"
                + " from reversible to irreversible, which AskingAgent uses; it is now proposed to"
                + " a human instead of running");

    String xml =
        Files.readString(
            dir.resolve("reports/TEST-agentkit-consumers-taskboard-com.acme_live-agent_1.0.xml"));
    assertThat(xml)
        .contains(
            "<testsuite name=\"agentkit.consumers.taskboard.com.acme:live-agent:1.0\" tests=\"1\""
                + " failures=\"1\"")
        .contains(
            "<testcase classname=\"agentkit.consumers.taskboard.com.acme:live-agent:1.0\""
                + " name=\"it.LiveAgent\">")
        .contains("<failure message=\"the proposed contract breaks this agent (1 problem)\"");
    assertThat(
            Files.readString(
                dir.resolve(
                    "reports/TEST-agentkit-consumers-taskboard-com.acme_asking-agent_1.0.xml")))
        .contains("tests=\"1\" failures=\"0\"");
    assertThat(dir.resolve("reports/agentkit-consumers-taskboard-com.acme_asking-agent_1.0.txt"))
        .content()
        .startsWith("agentkit: taskboard: consumer com.acme:asking-agent:1.0 passes (1 agent)");
  }

  @Test
  void aCompatibleChangePassesEveryConsumer() throws Exception {
    Path manifests = Files.createDirectories(dir.resolve("manifests"));
    Files.writeString(manifests.resolve("live.json"), live().encode());

    verify(
        tier("archive_project", Tier.EXTERNAL_REVERSIBLE),
        consumers(List.of(manifests), "com.acme:asking-agent:LATEST"));

    assertThat(lines)
        .contains(
            "[INFO]   it.AskingAgent passes: nothing it uses changed",
            "[INFO]   it.LiveAgent passes: nothing it uses changed")
        .noneMatch(l -> l.startsWith("[ERROR]"));
    assertThat(lines.get(2))
        .startsWith("[INFO] agentkit: taskboard: consumer " + manifests + " passes");
  }

  @Test
  void aConsumerOfAnotherContractOnlyIsAnErrorNeverAPass() throws Exception {
    UsesManifest other =
        new UsesManifest("github", "it.Maintainer", taskboard().digest(), List.of(), List.of());
    repo.deploy("com.acme", "maintainer", "2.0", other);
    List<VerifyConsumersGoal.Consumer> consumers =
        consumers(List.of(), "com.acme:maintainer:2.0", "com.acme:live-agent:1.0");

    assertThatThrownBy(() -> verify(taskboard(), consumers))
        .isInstanceOf(GoalException.class)
        .hasMessage(
            "[ConsumerManifestMissing] consumer com.acme:maintainer:2.0 has no uses manifest of"
                + " contract taskboard (only of github); it is no agent of this backend, or its"
                + " build did not compile its agents with the agentkit processor: remove it from"
                + " the consumers, or publish it again");
    assertThat(lines).isEmpty();
  }

  @Test
  void aConsumerWithNoManifestAtAllIsAnError() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    List<VerifyConsumersGoal.Consumer> consumers = consumers(List.of(empty));
    assertThatThrownBy(() -> verify(taskboard(), consumers))
        .hasMessage(
            "[ConsumerManifestMissing] consumer "
                + empty
                + " has no uses manifest of contract taskboard (it has no manifest at all); it is"
                + " no agent of this backend, or its build did not compile its agents with the"
                + " agentkit processor: remove it from the consumers, or publish it again");
  }

  @Test
  void aReportThatCannotBeWrittenIsAnErrorOfItsOwn() throws Exception {
    Files.writeString(dir.resolve("reports"), "a file where the reports go");
    List<VerifyConsumersGoal.Consumer> consumers = consumers(List.of(), "com.acme:live-agent:1.0");
    assertThatThrownBy(() -> verify(taskboard(), consumers))
        .isInstanceOf(GoalException.class)
        .hasMessageStartingWith(
            "could not write the consumers' report to " + dir.resolve("reports") + ": ")
        .satisfies(e -> assertThat(((GoalException) e).kind()).isEqualTo(GoalException.Kind.ERROR));
  }

  @Test
  void everyConsumerThatCannotBeHadIsNamedInOneError() {
    Path gone = dir.resolve("no-such-dir");
    assertThatThrownBy(() -> consumers(List.of(gone), "com.acme:nobody:1.0"))
        .isInstanceOf(GoalException.class)
        .hasMessageStartingWith(
            "[ConsumerManifestMissing] com.acme:nobody:1.0 has no agentkit-uses")
        .hasMessageContaining(
            "\n[ConsumerManifestMissing] manifest directory "
                + gone
                + " does not exist; give a directory holding uses manifests (.json) or"
                + " agentkit-uses bundles (.zip)");
  }

  @Test
  void aMissingOrUnreadableBaselineIsAnError() throws Exception {
    List<VerifyConsumersGoal.Consumer> consumers = consumers(List.of(), "com.acme:live-agent:1.0");
    Files.delete(baseline);
    assertThatThrownBy(() -> verify(taskboard(), consumers))
        .hasMessage(
            "[ConsumerBaseline] no baseline of contract taskboard at "
                + baseline
                + ": the change is graded from the contract the backend serves now, what its"
                + " consumers bind today; commit its snapshot (mvn agentkit:snapshot against the"
                + " deployed backend), or point <baselineDirectory> at the directory that holds it");
    Files.writeString(baseline, "{}");
    assertThatThrownBy(() -> verify(taskboard(), consumers))
        .hasMessageStartingWith(
            "[ConsumerBaseline] the baseline of contract taskboard at "
                + baseline
                + " is unreadable: ");
  }

  @Test
  void aConsumerNameIsMadeSafeForAFileName() {
    assertThat(VerifyConsumersGoal.fileName("com.acme:a:[1.0,2.0)"))
        .isEqualTo("com.acme_a_1.0_2.0_");
    assertThat(VerifyConsumersGoal.fileName("/tmp/x/../y")).isEqualTo("_tmp_x_.._y");
  }
}
