package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.AgentPausedException;
import dev.agentkit.LiveAgent;
import dev.agentkit.LiveAgentPauses;
import dev.agentkit.testing.BaseDir;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every sentence the tool adapters tell a model, and every tag among them in the catalogue. */
class ToolRepliesTest {
  @Test
  void ranWithAndWithoutAResult() {
    assertThat(ToolReplies.ran("create_task", "")).isEqualTo("Done: create_task ran.");
    assertThat(ToolReplies.ran("create_task", "{\"id\":\"t9\"}"))
        .isEqualTo("Done: create_task ran. Result: {\"id\":\"t9\"}");
  }

  @Test
  void proposedUnchangedAndNotSent() {
    assertThat(ToolReplies.proposed("archive_project"))
        .isEqualTo("archive_project was sent to the user for approval; it has not happened yet.");
    assertThat(ToolReplies.unchanged("set_status", true))
        .isEqualTo(
            "Nothing to do: set_status would change nothing as things stand, so it did not run.");
    assertThat(ToolReplies.unchanged("set_status", false))
        .isEqualTo(
            "Nothing to do: set_status would change nothing as things stand, so it was not sent"
                + " to the user.");
    assertThat(ToolReplies.notSent("archive_project"))
        .isEqualTo(
            "archive_project could not be sent to the user for approval, so it has not happened.");
  }

  @Test
  void runFailures() {
    assertThat(ToolReplies.runFailed("set_status"))
        .isEqualTo("set_status failed while running and may not have taken effect.");
    assertThat(ToolReplies.runFailed("set_status", "the board is read-only today"))
        .isEqualTo("set_status failed: the board is read-only today");
  }

  @Test
  void correctionsWithTheirTags() {
    assertThat(ToolReplies.inexactName("Set_Status", "set_status"))
        .isEqualTo(
            "[UnknownTool] there is no tool \"Set_Status\"; call the tool by its exact name,"
                + " \"set_status\"");
    assertThat(ToolReplies.otherCallsInvalid("set_status", List.of("set_priority")))
        .isEqualTo(
            "[OtherCallsInvalid] set_status did not run: the tool calls of one message run all or"
                + " none, and set_priority was not valid; correct it and send all the calls again");
    assertThat(ToolReplies.otherCallsInvalid("set_status", List.of("a", "b")))
        .isEqualTo(
            "[OtherCallsInvalid] set_status did not run: the tool calls of one message run all or"
                + " none, and a, b were not valid; correct them and send all the calls again");
    assertThat(ToolReplies.unknownObject("set_status", "task", "t404"))
        .isEqualTo(
            "[UnknownObject] set_status acts on task \"t404\", but there is no such task; check"
                + " the id and call again");
  }

  @Test
  void pausedQuotesThePausesExplanationWithoutItsTag() {
    AgentPausedException pause = LiveAgentPauses.stale("triage", "set_status was not run");
    assertThat(pause.getMessage()).startsWith("[AgentPaused] set_status was not run: ");
    assertThat(ToolReplies.paused("set_status", pause))
        .isEqualTo(
            "[PausedForReview] set_status is paused for review, so it was sent to the user for"
                + " approval and has not happened yet: "
                + pause.explanation());
    assertThat(pause.explanation()).startsWith("triage is paused because its contract source");
    assertThat(pause.state()).isEqualTo(LiveAgent.State.SOURCE_STALE);
  }

  @Test
  void everyTagIsInTheCatalogue() throws Exception {
    String replies =
        Files.readString(
            BaseDir.resolve("src", "main", "java", "dev", "agentkit", "tool", "ToolReplies.java"));
    String catalogue = Files.readString(BaseDir.resolve("..", "docs", "errors.md"));
    List<String> tags = new ArrayList<>();
    Matcher m = Pattern.compile("\"\\[(\\w+)\\] ").matcher(replies);
    while (m.find()) {
      tags.add(m.group(1));
    }
    assertThat(tags)
        .containsExactlyInAnyOrder(
            "PausedForReview", "UnknownTool", "OtherCallsInvalid", "UnknownObject");
    for (String tag : tags) {
      assertThat(catalogue).as("docs/errors.md names " + tag).contains("| `" + tag + "` |");
    }
  }
}
