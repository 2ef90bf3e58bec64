package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftItem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JUnit XML the drift goals write beside their text report, byte for byte. */
class JUnitReportTest {
  @TempDir Path dir;

  /** The drift items of raising the tier of {@code n} ops. */
  private static List<DriftItem> raised(int n) {
    List<Op> before = new ArrayList<>();
    List<Op> after = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      before.add(Op.builder("op" + i).description("An op.").tier(Tier.REVERSIBLE).build());
      after.add(Op.builder("op" + i).description("An op.").tier(Tier.IRREVERSIBLE).build());
    }
    return DriftSummary.of(
            "board", Contract.of("board", before), Contract.of("board", after), Map.of())
        .failing(FailOn.ANY);
  }

  private String written(List<JUnitReport.Case> cases) throws IOException {
    Path file = dir.resolve("reports/TEST-agentkit.xml");
    JUnitReport.write(file, "agentkit.drift", cases);
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  @Test
  void aPassingCaseIsAnEmptyTestCase() throws IOException {
    assertThat(written(List.of(new JUnitReport.Case("board", false, List.of(), "no drift"))))
        .isEqualTo(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="agentkit.drift" tests="1" failures="0" errors="0" skipped="0">
              <testcase classname="agentkit.drift" name="board"/>
            </testsuite>
            """);
  }

  @Test
  void aFailingCaseCountsItsItemsAndCarriesTheDetailEscaped() throws IOException {
    List<JUnitReport.Case> cases =
        List.of(
            new JUnitReport.Case("board", true, raised(1), "breaking <1> & \"more\""),
            new JUnitReport.Case("mail", false, List.of(), ""),
            new JUnitReport.Case("a<b", true, raised(2), "two\nlines"));
    assertThat(written(cases))
        .isEqualTo(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="agentkit.drift" tests="3" failures="2" errors="0" skipped="0">
              <testcase classname="agentkit.drift" name="board">
                <failure message="1 drift item fails the check" type="agentkit.drift">\
            breaking &lt;1&gt; &amp; &quot;more&quot;</failure>
              </testcase>
              <testcase classname="agentkit.drift" name="mail"/>
              <testcase classname="agentkit.drift" name="a&lt;b">
                <failure message="2 drift items fail the check" type="agentkit.drift">two
            lines</failure>
              </testcase>
            </testsuite>
            """);
  }

  @Test
  void charactersXmlForbidsAreShownEscapedButLineBreaksAndTabsStay() {
    assertThat(JUnitReport.escape("a\u0000b\u001fc\td\ne\rf\u007fg\uffffh\ud800i\ud83d\ude00"))
        .isEqualTo("a\\u0000b\\u001fc\td\ne\rf\u007fg\\uffffh\\ud800i\ud83d\ude00");
    assertThat(JUnitReport.attribute("a\nb\tc")).isEqualTo("a\\nb\\tc");
    assertThat(JUnitReport.escape("")).isEmpty();
  }

  @Test
  void theSuiteNameIsEscapedToo() throws IOException {
    Path file = dir.resolve("TEST-x.xml");
    JUnitReport.write(file, "a&b", List.of());
    assertThat(Files.readString(file))
        .isEqualTo(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="a&amp;b" tests="0" failures="0" errors="0" skipped="0">
            </testsuite>
            """);
  }
}
