package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.WiringStamp;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The goals' own messages that need no Maven run to trigger. */
class GoalMessagesTest {
  @TempDir Path dir;

  private static ContractSource failing(Exception e) {
    return new ContractSource() {
      @Override
      public Contract fetch() throws ContractSourceException {
        if (e instanceof ContractSourceException c) {
          throw c;
        }
        throw (RuntimeException) e;
      }

      @Override
      public String describe() {
        return "http://127.0.0.1:9/contract";
      }
    };
  }

  @Test
  void anUnknownTierIsOneWarningNamingTheContractTheOpAndTheTier() throws Exception {
    Contract served =
        ContractSnapshot.parseWire(
            ("{\"contract\": \"taskboard\", \"ops\": [{\"opcode\": \"launch\","
                    + " \"description\": \"Launch.\", \"tier\": \"quantum\"}]}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8),
            "test",
            "taskboard");
    ContractSource source =
        new ContractSource() {
          @Override
          public Contract fetch() {
            return served;
          }

          @Override
          public String describe() {
            return "http://127.0.0.1:9/contract";
          }
        };
    Contract live = SourceFetch.fetch(source, "taskboard");
    assertThat(SourceFetch.warningLines(live, List.of()))
        .containsExactly(
            "agentkit: taskboard: [UnknownTier] launch: tier \"quantum\" is not one this agentkit"
                + " knows (external_reversible, irreversible, read_only, reversible), so the op is"
                + " treated as irreversible: always proposed to a human, never run live; upgrade"
                + " agentkit to use the tier as the backend means it");
  }

  @Test
  void fetchFailures() {
    assertThatThrownBy(
            () -> SourceFetch.fetch(failing(new ContractSourceException("refused")), "taskboard"))
        .isInstanceOf(GoalException.class)
        .hasMessage("could not fetch contract taskboard from http://127.0.0.1:9/contract: refused");
    assertThatThrownBy(
            () -> SourceFetch.fetch(failing(new IllegalStateException("boom")), "taskboard"))
        .hasMessage(
            "could not fetch contract taskboard from http://127.0.0.1:9/contract: the source"
                + " failed with java.lang.IllegalStateException: boom");
    ContractSource missingClass =
        new ContractSource() {
          @Override
          public Contract fetch() {
            throw new NoClassDefFoundError("jakarta/servlet/http/HttpServlet");
          }

          @Override
          public String describe() {
            return "http://127.0.0.1:9/contract";
          }
        };
    assertThatThrownBy(() -> SourceFetch.fetch(missingClass, "taskboard"))
        .hasMessage(
            "could not fetch contract taskboard from http://127.0.0.1:9/contract: a class the"
                + " source needs is missing or does not match (java.lang.NoClassDefFoundError:"
                + " jakarta/servlet/http/HttpServlet); add the dependency that has it to the"
                + " module, with compile scope");
    assertThatThrownBy(() -> SourceFetch.fetch(() -> null, "taskboard"))
        .hasMessageEndingWith(": the source returned no contract");
  }

  @Test
  void committedSnapshotMissingOrUnreadable() throws Exception {
    Path missing = dir.resolve("taskboard.json");
    assertThatThrownBy(
            () ->
                SourceFetch.readSnapshot(
                    missing,
                    "taskboard",
                    MavenGoals.log(new org.apache.maven.plugin.logging.SystemStreamLog())))
        .hasMessage(
            "no committed snapshot of contract taskboard at "
                + missing
                + "; create it with mvn agentkit:snapshot and commit it");
    Files.writeString(missing, "{\"format\": 1,");
    assertThatThrownBy(
            () ->
                SourceFetch.readSnapshot(
                    missing,
                    "taskboard",
                    MavenGoals.log(new org.apache.maven.plugin.logging.SystemStreamLog())))
        .hasMessageStartingWith("the snapshot of contract taskboard is unreadable: " + missing);
  }

  @Test
  void noContractsConfigured() {
    CheckMojo check = new CheckMojo();
    assertThatThrownBy(check::selected)
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "<contracts> is empty: configure at least one <contract> with a <name> and a <url>,"
                + " <openapi>, <mcp> or <sourceClass> in the agentkit-maven-plugin's <configuration>");
  }

  @Test
  void diffNeedsTwoFiles() throws Exception {
    DiffMojo diff = new DiffMojo();
    diff.failOn = "none";
    diff.reportDirectory = dir.resolve("reports").toFile();
    assertThatThrownBy(diff::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(
            "agentkit configuration: agentkit:diff needs two snapshot files: pass"
                + " -Dagentkit.from=<file> and -Dagentkit.to=<file>");
    diff.from = dir.resolve("a.json").toFile();
    assertThatThrownBy(diff::execute).hasMessageEndingWith(" (agentkit.to is missing)");
    diff.to = dir.resolve("b.json").toFile();
    assertThatThrownBy(diff::execute)
        .hasMessageStartingWith("mvn agentkit:diff cannot read a snapshot: " + diff.from);
    diff.failOn = "sometimes";
    assertThatThrownBy(diff::execute)
        .hasMessage(
            "agentkit configuration: <failOn> (agentkit.failOn) is \"sometimes\"; use one of any,"
                + " breaking, none");
  }

  @Test
  void recheckReasons() throws Exception {
    WiringStamp p = new WiringStamp("taskboard", "", "d", Map.of());
    assertThat(RecheckGoal.staleness(new ActIndex.Stamp("a.Triage", null, p)))
        .isEqualTo("the wiring of a.Triage names no snapshot");
    Path gone = dir.resolve("gone.json");
    assertThat(RecheckGoal.staleness(new ActIndex.Stamp("a.Triage", gone, p)))
        .isEqualTo("snapshot " + gone + " of a.Triage is gone");
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "not json");
    assertThat(RecheckGoal.staleness(new ActIndex.Stamp("a.Triage", bad, p)))
        .isEqualTo("snapshot " + bad + " of a.Triage is unreadable");
  }

  @Test
  void recheckReasonsOfTheCompiledWiring() throws Exception {
    Path out = Files.createDirectories(dir.resolve("classes"));
    WiringStamp earlier = new WiringStamp("taskboard", "", "sha256:d1", Map.of());
    assertThat(RecheckGoal.compiledStaleness(new ActIndex.Stamp("a.Triage", null, earlier), out))
        .isEqualTo("the wiring of a.Triage was stamped by an earlier agentkit");
    WiringStamp p =
        new WiringStamp("taskboard", "", "sha256:d1", Map.of(), "a.Triage_Wiring", Map.of());
    Path file = out.resolve("a/Triage_Wiring.class");
    assertThat(RecheckGoal.compiledStaleness(new ActIndex.Stamp("a.Triage", null, p), out))
        .isEqualTo("the compiled wiring of a.Triage (" + file + ") is missing");
    Files.createDirectories(file.getParent());
    Files.write(file, new byte[] {(byte) 0xca, (byte) 0xfe, 's', 'h', 'a', '2', '5', '6', ':'});
    assertThat(RecheckGoal.compiledStaleness(new ActIndex.Stamp("a.Triage", null, p), out))
        .isEqualTo(
            "the compiled wiring of a.Triage ("
                + file
                + ") was not compiled from snapshot sha256:d1");
    Files.write(file, "\u0001\u0000\u0009sha256:d1;".getBytes(StandardCharsets.US_ASCII));
    assertThat(RecheckGoal.compiledStaleness(new ActIndex.Stamp("a.Triage", null, p), out))
        .isNull();
  }

  @Test
  void snapshotRefusesEmptyAndInvalidContracts() {
    Path file = dir.resolve("taskboard.json");
    assertThat(SnapshotGoal.refusal(Contract.of("taskboard", List.of()), "http://x/c", file))
        .isEqualTo(
            "http://x/c served contract taskboard with no op at all; an empty contract never"
                + " replaces a snapshot, so "
                + file
                + " is left untouched");
    Contract noTier =
        Contract.of(
            "taskboard", List.of(dev.agentkit.contract.Op.builder("x").description("d").build()));
    assertThat(SnapshotGoal.refusal(noTier, "http://x/c", file))
        .isEqualTo(
            "http://x/c served an invalid contract taskboard; "
                + file
                + " is left untouched:\n"
                + "  - [UnsetTier] x: no tier; an unset tier is never taken as read-only, so the"
                + " backend must serve one of external_reversible, irreversible, read_only,"
                + " reversible");
    assertThat(
            SnapshotGoal.refusal(
                Contract.of(
                    "taskboard",
                    List.of(
                        dev.agentkit.contract.Op.builder("x")
                            .description("d")
                            .tier(dev.agentkit.contract.Tier.READ_ONLY)
                            .build())),
                "http://x/c",
                file))
        .isNull();
  }

  @Test
  void theDefaultSnapshotDirectoryIsTheMultiModuleRoots() throws Exception {
    org.apache.maven.project.MavenProject root = new org.apache.maven.project.MavenProject();
    root.setFile(dir.resolve("pom.xml").toFile());
    org.apache.maven.project.MavenProject module = new org.apache.maven.project.MavenProject();
    module.setFile(dir.resolve("examples/pom.xml").toFile());
    module.setParent(root);
    assertThat(ContractGoal.rootOf(module)).isEqualTo(dir);
    org.apache.maven.project.MavenProject alone = new org.apache.maven.project.MavenProject();
    alone.setFile(dir.resolve("alone/pom.xml").toFile());
    assertThat(ContractGoal.rootOf(alone)).isEqualTo(dir.resolve("alone"));
  }

  @Test
  void junitXmlEscapes() {
    assertThat(JUnitReport.escape("a<b & \"c\"\u0001"))
        .isEqualTo("a&lt;b &amp; &quot;c&quot;\\u0001");
    assertThat(List.of(FailOn.values())).hasSize(3);
  }
}
