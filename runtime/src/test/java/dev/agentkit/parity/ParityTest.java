package dev.agentkit.parity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.BaseDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Parity with the Go agentkit's own table tests ({@code github.com/mya-ai/agentkit}): each case of
 * its tests is a vector under {@code src/test/resources/parity/}, one file per Go test file, run
 * here through the public API.
 *
 * <p>A vector names the Go test it comes from ({@code go}), what it checks ({@code check}, see
 * {@link Checks}) and what this project does. Where this project differs from Go on purpose, the
 * vector asserts this project's behaviour and links the paragraph of {@code docs/go-differences.md}
 * that says why ({@code difference}). A vector that waits for another issue names it ({@code
 * pendingOn}) and is skipped, with the issue as the reason, until then.
 */
class ParityTest {
  static final Path DIR = BaseDir.resolve("src", "test", "resources", "parity");
  static final Path PAGE = BaseDir.resolve("..", "docs", "go-differences.md");

  /** The Go test files ported, each to {@code <name>.json}. */
  static final List<String> GO_FILES =
      List.of(
          "action_test.go",
          "bind_test.go",
          "capability_test.go",
          "proposal_question_test.go",
          "proposal_test.go",
          "tier_test.go",
          "token_test.go");

  private static final Pattern ANCHOR = Pattern.compile("(?m)^<a id=\"([a-z0-9-]+)\"></a>");

  static List<Vector> vectors() throws IOException {
    List<Vector> out = new ArrayList<>();
    for (String goFile : GO_FILES) {
      String file = goFile.replace(".go", ".json");
      Map<String, Object> doc =
          Json.asMap(Json.read(Files.readString(DIR.resolve(file), StandardCharsets.UTF_8)));
      assertThat(Json.str(doc, "goFile")).as(file).isEqualTo(goFile);
      for (Object v : Json.list(doc, "vectors")) {
        out.add(new Vector(file, Json.asMap(v), Json.map(doc, "sets")));
      }
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> everyVectorHoldsThroughThePublicApi() throws IOException {
    return vectors().stream()
        .map(
            v ->
                DynamicTest.dynamicTest(
                    v.file()
                        + " "
                        + v.name()
                        + " ("
                        + v.go()
                        + (v.has("goCase") ? " case " + v.str("goCase") : "")
                        + ")",
                    () -> {
                      if (v.has("pendingOn")) {
                        Assumptions.abort(
                            "pending on " + v.str("pendingOn") + ": " + v.str("pendingWhy"));
                      }
                      Checks.ALL.get(v.str("check")).run(v);
                    }));
  }

  @Test
  void everyVectorIsWellFormed() throws IOException {
    Set<String> anchors = anchors();
    Set<String> names = new HashSet<>();
    for (Vector v : vectors()) {
      assertThat(names.add(v.file() + " " + v.name())).as("%s is named once", v).isTrue();
      assertThat(v.go()).as("%s names its Go test", v).matches("Test\\w+(/.+)?");
      assertThat(Checks.ALL).as("%s checks something known", v).containsKey(v.str("check"));
      assertThat(v.expect()).as("%s expects something", v).isNotEmpty();
      if (v.has("difference")) {
        assertThat(v.str("difference"))
            .as("%s links the differences page", v)
            .startsWith("go-differences.md#");
        assertThat(anchors)
            .as("%s links an anchor of the page", v)
            .contains(v.str("difference").substring("go-differences.md#".length()));
      }
      if (v.has("pendingOn")) {
        assertThat(v.str("pendingWhy")).as("%s says what it waits for", v).isNotBlank();
      }
    }
  }

  @Test
  void everyDifferenceOnThePageHasAVector() throws IOException {
    Set<String> linked = new HashSet<>();
    for (Vector v : vectors()) {
      if (v.has("difference")) {
        linked.add(v.str("difference").substring("go-differences.md#".length()));
      }
    }
    assertThat(linked).as("anchors of docs/go-differences.md with a vector").containsAll(anchors());
  }

  /** Every test function of every Go file, as the file lists them, has at least one vector. */
  @Test
  void everyGoTestHasAVector() throws IOException {
    for (String goFile : GO_FILES) {
      String file = goFile.replace(".go", ".json");
      Map<String, Object> doc =
          Json.asMap(Json.read(Files.readString(DIR.resolve(file), StandardCharsets.UTF_8)));
      Set<String> ported = new TreeSet<>();
      for (Object v : Json.list(doc, "vectors")) {
        ported.add(Json.str(Json.asMap(v), "go").split("/", 2)[0]);
      }
      assertThat(ported).as(file).containsExactlyInAnyOrderElementsOf(Json.strings(doc, "goTests"));
    }
  }

  private static Set<String> anchors() throws IOException {
    Set<String> out = new HashSet<>();
    Matcher m = ANCHOR.matcher(Files.readString(PAGE, StandardCharsets.UTF_8));
    while (m.find()) {
      out.add(m.group(1));
    }
    assertThat(out).as("anchors of docs/go-differences.md").isNotEmpty();
    return out;
  }
}
