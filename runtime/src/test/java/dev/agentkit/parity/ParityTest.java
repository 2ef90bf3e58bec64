package dev.agentkit.parity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
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
 *
 * <p>Each file also accounts for the whole Go file: {@code goTests} lists its test functions,
 * {@code goCases} counts the sub-cases or table rows of those that have them (a vector names its
 * ordinal in {@code goCase}), and {@code notPorted} says, for what has no vector, what is left out
 * and why. The tests below fail when a Go test or case is neither ported nor accounted for.
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

  private static final String NOT_PORTED = "## Cases not ported";

  private static final Pattern ANCHOR = Pattern.compile("(?m)^<a id=\"([a-z0-9-]+)\"></a>");

  /** The vector file of a Go test file, read. */
  static Map<String, Object> doc(String goFile) throws IOException {
    String file = goFile.replace(".go", ".json");
    Map<String, Object> doc =
        Json.asMap(Json.read(Files.readString(DIR.resolve(file), StandardCharsets.UTF_8)));
    assertThat(Json.str(doc, "goFile")).as(file).isEqualTo(goFile);
    return doc;
  }

  static List<Vector> vectors() throws IOException {
    List<Vector> out = new ArrayList<>();
    for (String goFile : GO_FILES) {
      Map<String, Object> doc = doc(goFile);
      for (Object v : Json.list(doc, "vectors")) {
        out.add(new Vector(goFile.replace(".go", ".json"), Json.asMap(v), Json.map(doc, "sets")));
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
      if (v.has("goCase")) {
        assertThat(v.fields().get("goCase"))
            .as("%s: goCase is an ordinal", v)
            .isInstanceOf(Integer.class);
        assertThat((Integer) v.fields().get("goCase"))
            .as("%s: goCase counts from 1", v)
            .isPositive();
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

  /**
   * Every test function of every Go file, as the file lists them, has at least one vector or a
   * {@code notPorted} entry; no vector or entry names a test the file does not list.
   */
  @Test
  void everyGoTestHasAVectorOrIsNotPorted() throws IOException {
    for (String goFile : GO_FILES) {
      Map<String, Object> doc = doc(goFile);
      Set<String> covered = new TreeSet<>();
      for (Object v : Json.list(doc, "vectors")) {
        covered.add(testOf(Json.asMap(v)));
      }
      for (Object n : Json.list(doc, "notPorted")) {
        covered.add(testOf(Json.asMap(n)));
      }
      assertThat(covered)
          .as(goFile + ": Go tests with a vector or a notPorted entry")
          .containsExactlyInAnyOrderElementsOf(Json.strings(doc, "goTests"));
    }
  }

  /**
   * Every sub-case or table row of a Go test, counted in the file's {@code goCases}, has a vector
   * naming its ordinal or a {@code notPorted} entry listing it; no ordinal lies beyond the count.
   */
  @Test
  void everyGoCaseHasAVectorOrIsNotPorted() throws IOException {
    for (String goFile : GO_FILES) {
      Map<String, Object> doc = doc(goFile);
      Map<String, Set<Integer>> seen = new TreeMap<>();
      for (Object o : Json.list(doc, "vectors")) {
        Map<String, Object> v = Json.asMap(o);
        if (v.containsKey("goCase")) {
          seen.computeIfAbsent(testOf(v), t -> new TreeSet<>()).add(ordinal(v.get("goCase")));
        }
      }
      for (Object o : Json.list(doc, "notPorted")) {
        for (Object c : Json.list(Json.asMap(o), "goCases")) {
          seen.computeIfAbsent(testOf(Json.asMap(o)), t -> new TreeSet<>()).add(ordinal(c));
        }
      }
      Map<String, Object> counts = Json.map(doc, "goCases");
      assertThat(Json.strings(doc, "goTests"))
          .as(goFile + ": goCases counts only Go tests of the file")
          .containsAll(counts.keySet());
      assertThat(counts.keySet())
          .as(goFile + ": every Go test with an ordinal has its cases counted in goCases")
          .containsAll(seen.keySet());
      counts.forEach(
          (test, n) ->
              assertThat(seen.getOrDefault(test, Set.of()))
                  .as("%s %s: cases 1..%s each have a vector or a notPorted entry", goFile, test, n)
                  .containsExactlyElementsOf(
                      IntStream.rangeClosed(1, ordinal(n)).boxed().toList()));
    }
  }

  /**
   * A {@code notPorted} entry says what of the Go test is left out and why, and the section "Cases
   * not ported" of the differences page names its Go test.
   */
  @Test
  void everyNotPortedEntrySaysWhyAndIsOnThePage() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    assertThat(page).as("docs/go-differences.md").contains(NOT_PORTED);
    String section = page.substring(page.indexOf(NOT_PORTED));
    for (String goFile : GO_FILES) {
      for (Object o : Json.list(doc(goFile), "notPorted")) {
        Map<String, Object> n = Json.asMap(o);
        String test = testOf(n);
        assertThat(Json.str(n, "what")).as("%s %s: what is not ported", goFile, test).isNotBlank();
        assertThat(Json.str(n, "why")).as("%s %s: why not", goFile, test).isNotBlank();
        assertThat(section).as("%s %s is named under %s", goFile, test, NOT_PORTED).contains(test);
      }
    }
  }

  private static String testOf(Map<String, Object> entry) {
    return Json.str(entry, "go").split("/", 2)[0];
  }

  private static int ordinal(Object o) {
    assertThat(o).as("an ordinal").isInstanceOf(Integer.class);
    return (Integer) o;
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
