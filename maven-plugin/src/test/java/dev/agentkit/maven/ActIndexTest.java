package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.drift.DriftReport;
import dev.agentkit.internal.WiringStamp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stamps the goals read from the class output directories, as the processor writes them. */
class ActIndexTest {
  @TempDir Path dir;

  private static void stamp(Path classes, String agent, WiringStamp stamp) throws IOException {
    Path file = classes.resolve(WiringStamp.path(agent));
    Files.createDirectories(file.getParent());
    Files.writeString(file, stamp.encode());
  }

  private static WiringStamp board(String snapshot, Map<String, WiringStamp.Act> acts) {
    return new WiringStamp("board", snapshot, "sha256:1", acts);
  }

  @Test
  void theStampsOfEveryDirectoryAreReadSortedByAgent() throws IOException {
    Path main = dir.resolve("classes");
    Path test = dir.resolve("test-classes");
    stamp(main, "p.Triage", board("snapshots/board.json", Map.of()));
    stamp(test, "p.Archiver", board("", Map.of()));
    Files.writeString(main.resolve(WiringStamp.LOCATION).resolve("notes.txt"), "not a stamp");

    List<ActIndex.Stamp> stamps = ActIndex.stamps(List.of(main, dir.resolve("none"), test));

    assertThat(stamps).extracting(ActIndex.Stamp::agent).containsExactly("p.Archiver", "p.Triage");
    assertThat(stamps.get(0).snapshot()).isNull();
    assertThat(stamps.get(1).snapshot()).isEqualTo(Path.of("snapshots/board.json"));
    assertThat(stamps.get(1).contract()).isEqualTo("board");
    assertThat(stamps.get(1).digest()).isEqualTo("sha256:1");
  }

  @Test
  void aClassOutputWithoutStampsHasNone() throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    assertThat(ActIndex.stamps(List.of(classes))).isEmpty();
    assertThat(ActIndex.read(List.of(classes), "board")).isEmpty();
  }

  @Test
  void theUsageOfAContractIsReadFromItsAgentsOnly() throws IOException {
    Path classes = dir.resolve("classes");
    stamp(
        classes,
        "p.Triage",
        board(
            "",
            Map.of(
                "close_task", new WiringStamp.Act(true, false, ""),
                "set_due", new WiringStamp.Act(false, true, "due"))));
    stamp(classes, "Plain", board("", Map.of("close_task", new WiringStamp.Act(false, true, ""))));
    stamp(
        classes,
        "p.Mailer",
        new WiringStamp("mail", "", "", Map.of("send", new WiringStamp.Act(true, false, ""))));

    Map<String, DriftReport.Usage> usage = ActIndex.read(List.of(classes), "board");

    assertThat(usage.keySet()).containsExactly("Plain", "p.Triage");
    assertThat(usage.get("p.Triage"))
        .isEqualTo(
            new DriftReport.Usage(
                "Triage",
                Map.of(
                    "close_task", new DriftReport.ActUse(true, false, ""),
                    "set_due", new DriftReport.ActUse(false, true, "due"))));
    assertThat(usage.get("Plain").agent()).isEqualTo("Plain");
  }

  @Test
  void onlyTheDirectoriesThatExistAreKept() throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path file = Files.writeString(dir.resolve("file"), "");
    assertThat(ActIndex.existing(List.of(dir.resolve("none"), classes, file)))
        .containsExactly(classes);
  }

  @Test
  void anAgentsSimpleNameIsWhatFollowsItsLastDot() {
    assertThat(ActIndex.simpleName("p.q.Triage")).isEqualTo("Triage");
    assertThat(ActIndex.simpleName("Triage")).isEqualTo("Triage");
    assertThat(ActIndex.simpleName(".Triage")).isEqualTo("Triage");
  }
}
