package dev.agentkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.cli.AgentkitProcess.Result;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.WiringStamp;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged {@code agentkit} jar, started as a process the way a Gradle build or a CI step
 * starts it: each command with a config file and flags, its lines, its reports and its exit code.
 */
class CommandLineIT {
  @TempDir Path dir;

  @Test
  void helpListsTheCommandsAndTheExitCodesAndNoCommandIsAUsageError() throws Exception {
    Result help = AgentkitProcess.run(dir, "--help");
    assertThat(help.exit()).as(help.toString()).isZero();
    assertThat(help.out())
        .contains("snapshot", "check", "diff", "recheck", "verify-consumers")
        .contains("Exit codes:", "2   a configuration or usage error");
    Result version = AgentkitProcess.run(dir, "--version");
    assertThat(version.out()).startsWith("agentkit 0.");
    Result none = AgentkitProcess.run(dir);
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err())
        .startsWith("[ERROR] give a command: snapshot, check, diff, recheck or verify-consumers");
  }

  @Test
  void snapshotThenCheckAsTheGoalsDoWithTheirReportsAndExitCodes() throws Exception {
    Path project = Fixtures.project(dir);
    Result first = AgentkitProcess.run(project, "snapshot");
    assertThat(first.exit()).as(first.toString()).isZero();
    Contract v1 = Fixtures.contract("taskboard-v1.yaml");
    Path snapshot = project.resolve("contract-snapshots/taskboard.json");
    assertThat(first.out())
        .contains(
            "[INFO] agentkit: wrote the first snapshot of taskboard (2 ops, "
                + v1.digest()
                + ") from api/taskboard.yaml to "
                + snapshot);
    assertThat(ContractSnapshot.read(snapshot).digest()).isEqualTo(v1.digest());
    assertThat(Files.readString(snapshot)).contains("\"source\": \"api/taskboard.yaml\"");
    assertThat(AgentkitProcess.run(project, "snapshot").out())
        .contains("[INFO] agentkit: taskboard is up to date (" + v1.digest() + ", 2 ops)");

    Fixtures.propose(project, "taskboard-tier-raised.yaml");
    Result check = AgentkitProcess.run(project, "check");
    assertThat(check.exit()).as(check.toString()).isEqualTo(1);
    assertThat(check.err())
        .contains(
            "[ERROR] agentkit: taskboard: 1 breaking, 0 compatible, 0 informational (check of ")
        .contains(
            "[ERROR]     - tier-raised: the backend raised the tier of set_task_due_date from"
                + " reversible to irreversible; an act with a run handler for it could never run"
                + " now")
        .contains(
            "[ERROR] agentkit: contract drift fails the check (failOn=breaking) for taskboard; see"
                + " the report above and in "
                + project.resolve("build/agentkit-reports")
                + ". Regenerate the snapshot with agentkit snapshot, rebuild, and fix the agents"
                + " the compiler then points at.");
    assertThat(project.resolve("build/agentkit-reports/TEST-agentkit-taskboard.xml"))
        .content()
        .contains("<testsuite name=\"agentkit.drift\" tests=\"1\" failures=\"1\"");
    assertThat(AgentkitProcess.run(project, "check", "--fail-on", "none").exit()).isZero();
  }

  @Test
  void diffComparesTwoFilesOfflineAndFailsOnlyAsAsked() throws Exception {
    ContractSnapshot.writeAtomically(dir.resolve("a.json"), Fixtures.contract("taskboard-v1.yaml"));
    ContractSnapshot.writeAtomically(
        dir.resolve("b.json"), Fixtures.contract("taskboard-tier-raised.yaml"));

    Result report = AgentkitProcess.run(dir, "diff", "--from", "a.json", "--to", "b.json");
    assertThat(report.exit()).as(report.toString()).isZero();
    assertThat(report.out()).contains("[INFO] agentkit: taskboard: 1 breaking");
    Result failing =
        AgentkitProcess.run(
            dir, "diff", "--from", "a.json", "--to", "b.json", "--fail-on", "breaking");
    assertThat(failing.exit()).isEqualTo(1);
    assertThat(failing.err())
        .contains(
            "[ERROR] agentkit: the drift from "
                + dir.resolve("a.json")
                + " to "
                + dir.resolve("b.json")
                + " fails the diff (failOn=breaking)");
    Files.writeString(dir.resolve("b.json"), "{");
    Result unreadable = AgentkitProcess.run(dir, "diff", "--from", "a.json", "--to", "b.json");
    assertThat(unreadable.exit()).isEqualTo(3);
    assertThat(unreadable.err()).startsWith("[ERROR] agentkit diff cannot read a snapshot: ");
  }

  @Test
  void recheckForgetsWiringGeneratedFromASnapshotThatChangedSince() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("build/classes/java/main"));
    Path snapshot = dir.resolve("contract-snapshots/taskboard.json");
    ContractSnapshot.writeAtomically(snapshot, Fixtures.contract("taskboard-v1.yaml"));
    WiringStamp stamp =
        new WiringStamp(
            "taskboard",
            snapshot.toString(),
            "sha256:" + "0".repeat(64),
            Map.of(),
            "it.Agent_Wiring",
            Map.of());
    Path stampFile = classes.resolve(WiringStamp.path("it.Agent"));
    Files.createDirectories(stampFile.getParent());
    Files.writeString(stampFile, stamp.encode());
    Path wiring = Files.createDirectories(classes.resolve("it")).resolve("Agent_Wiring.class");
    Files.write(wiring, new byte[] {(byte) 0xca, (byte) 0xfe});

    Result r = AgentkitProcess.run(dir, "recheck", "--classes", "build/classes/java/main");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out())
        .contains("[INFO] agentkit: snapshot " + snapshot + " changed since the wiring of it.Agent")
        .contains("; the module is recompiled to check it again");
    assertThat(wiring).doesNotExist();
    assertThat(stampFile).exists();
    Result noClasses = AgentkitProcess.run(dir, "recheck");
    assertThat(noClasses.exit()).isEqualTo(2);
    assertThat(noClasses.err())
        .startsWith(
            "[ERROR] agentkit configuration: [ConfigFile] recheck needs the one class output the"
                + " processor");
  }

  private Path backendWithConsumers() throws Exception {
    Path project = Fixtures.project(Files.createDirectories(dir.resolve("backend")));
    Fixtures.baseline(project);
    Path repo = Files.createDirectories(dir.resolve("repo"));
    Fixtures.deploy(
        repo,
        "live-agent",
        "1.0",
        Fixtures.bundle(dir.resolve("live.zip"), Fixtures.agent("it.LiveAgent", true)));
    Fixtures.deploy(
        repo,
        "asking-agent",
        "1.0",
        Fixtures.bundle(dir.resolve("asks.zip"), Fixtures.agent("it.AskingAgent", false)));
    return project;
  }

  private Result verify(Path project, String repositoryUrl, String... more) throws Exception {
    String[] args =
        new String[] {
          "verify-consumers",
          "--consumer",
          "com.acme:live-agent:RELEASE",
          "--consumer",
          "com.acme:asking-agent:[1.0,)",
          "--repository",
          "agents=" + repositoryUrl,
          "--local-repository",
          dir.resolve("local").toString()
        };
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return AgentkitProcess.run(project, all);
  }

  @Test
  void verifyConsumersFailsTheAgentARaisedTierBreaksAndPassesACompatibleChange() throws Exception {
    Path project = backendWithConsumers();
    String repo = dir.resolve("repo").toUri().toString();

    Fixtures.propose(project, "taskboard-tier-raised.yaml");
    Result raised = verify(project, repo);
    assertThat(raised.exit()).as(raised.toString()).isEqualTo(1);
    assertThat(raised.err())
        .contains(
            "[ERROR] agentkit: taskboard: consumer com.acme:live-agent:1.0: 1 of 1 agents broken")
        .contains(
            "[ERROR]     - tier-raised: the backend raised the tier of set_task_due_date from"
                + " reversible to irreversible, which LiveAgent uses; its run handler can never run"
                + " now, so the act must be asked instead")
        .contains(
            "[ERROR] agentkit: the proposed contract breaks 1 of 2 consumers (failOn=breaking):")
        .contains("[ERROR]   - com.acme:live-agent:1.0: it.LiveAgent (set_task_due_date)");
    assertThat(raised.out())
        .contains(
            "[INFO] agentkit: taskboard: consumer com.acme:asking-agent:1.0 passes (1 agent)");
    assertThat(
            project.resolve(
                "build/agentkit-reports/TEST-agentkit-consumers-taskboard-com.acme_live-agent_1.0.xml"))
        .content()
        .contains("failures=\"1\"");

    Fixtures.propose(project, "taskboard-compatible.yaml");
    Result compatible = verify(project, repo);
    assertThat(compatible.exit()).as(compatible.toString()).isZero();
    assertThat(compatible.out())
        .contains("[INFO] agentkit: taskboard: consumer com.acme:live-agent:1.0 passes (1 agent)")
        .contains("consumer com.acme:asking-agent:1.0 passes (1 agent)");
  }

  @Test
  void aRepositoryThatDoesNotAnswerIsAnErrorAndItsCredentialsAreNeverShown() throws Exception {
    Path project = backendWithConsumers();
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Result down = verify(project, "http://127.0.0.1:" + port + "/repo");
    assertThat(down.exit()).as(down.toString()).isEqualTo(3);
    assertThat(down.err())
        .contains(
            "[ERROR] [ConsumerRepository] could not read agents (http://127.0.0.1:"
                + port
                + "/repo) for consumer com.acme:live-agent:RELEASE: ");

    Result inUrl = verify(project, "http://deployer:s3cret@127.0.0.1:" + port + "/repo");
    assertThat(inUrl.exit()).isEqualTo(2);
    assertThat(inUrl.err())
        .contains(
            "[ERROR] agentkit configuration: [ConfigFile] repositories entry 1 (agents): its url"
                + " has credentials in it;"
                + " give them in environment variables named by usernameEnv and passwordEnv")
        .doesNotContain("s3cret");
    assertThat(inUrl.out()).doesNotContain("s3cret");
  }

  @Test
  void aDirectoryOfManifestsIsAConsumerWithNoRepository() throws Exception {
    Path project = Fixtures.project(Files.createDirectories(dir.resolve("backend")));
    Fixtures.baseline(project);
    Path manifests = Files.createDirectories(dir.resolve("manifests"));
    Files.writeString(
        manifests.resolve("live.json"), Fixtures.agent("it.LiveAgent", true).encode());
    Fixtures.propose(project, "taskboard-tier-raised.yaml");

    Result r =
        AgentkitProcess.run(
            project, "verify-consumers", "--manifest-directory", manifests.toString());

    assertThat(r.exit()).as(r.toString()).isEqualTo(1);
    assertThat(r.err()).contains("[ERROR]   - " + manifests + ": it.LiveAgent (set_task_due_date)");

    Result offline =
        AgentkitProcess.run(
            project, "verify-consumers", "--offline", "--manifest-directory", manifests.toString());
    assertThat(offline.err())
        .startsWith(
            "[WARNING] agentkit: offline, so the consumers are read from the local repository"
                + " only: a newer version published since is not seen\n");
  }

  @Test
  void configurationErrorsAreOneSentenceAndExitTwo() throws Exception {
    Path project = Fixtures.project(dir);
    Files.writeString(
        project.resolve("agentkit.json"),
        "{\"contracts\": [{\"name\": \"taskboard\", \"opnapi\": \"api/taskboard.yaml\"}]}");
    Result unknownKey = AgentkitProcess.run(project, "snapshot");
    assertThat(unknownKey.exit()).isEqualTo(2);
    assertThat(unknownKey.err())
        .isEqualTo(
            "[ERROR] agentkit configuration: [ConfigFile] "
                + project.resolve("agentkit.json")
                + ": contracts[0] has the unknown key \"opnapi\"; its keys are authorizationEnv,"
                + " connectTimeoutMillis, headers, maxAliasExpansion, maxDocumentBytes,"
                + " maxDocumentDepth, maxDocumentNodes, maxEnumValues, maxResponseBytes,"
                + " maxYamlAliases, maxYamlLineChars, mcp, name, openapi, requestTimeoutMillis,"
                + " serverId, sourceClass, tiers, url; did you mean \"openapi\"?\n");

    Result option = AgentkitProcess.run(project, "check", "--fial-on=secret");
    assertThat(option.exit()).isEqualTo(2);
    assertThat(option.err())
        .isEqualTo(
            "[ERROR] Unknown option: '--fial-on=***'; did you mean \"--fail-on\"?\n"
                + "[ERROR] see: agentkit check --help\n")
        .doesNotContain("secret");

    Files.writeString(
        project.resolve("agentkit.json"),
        "{\"contracts\": [{\"name\": \"taskboard\", \"url\": \"${env.BOARD_URL}\"}]}");
    Result unset = AgentkitProcess.run(project, "check");
    assertThat(unset.exit()).isEqualTo(2);
    assertThat(unset.err())
        .contains(
            "contracts[0].url names ${env.BOARD_URL}, which is not set; export it before running"
                + " agentkit");
  }
}
