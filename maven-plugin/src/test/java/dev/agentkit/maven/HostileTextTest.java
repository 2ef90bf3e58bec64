package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * Contract text cannot forge a line of the goals' output, and cannot make their JUnit XML
 * ill-formed: every line they print is one line, and the XML parses, whatever a backend names its
 * ops and enum values.
 */
class HostileTextTest {
  private static final List<String> NASTY =
      List.of(
          "x\n[INFO] BUILD SUCCESS",
          "\r\n[ERROR] ",
          "\u2028",
          "\u2029",
          "\u0085",
          "\u001b[2K",
          "\u202e",
          "\ud800",
          "\udc00",
          "\uffff",
          "\ufffe",
          "\u0000",
          "../",
          "t\u0430sk",
          "<&\"'>",
          "]]>");

  @Provide
  Arbitrary<String> hostile() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMinLength(1).ofMaxLength(30),
        Arbitraries.of(NASTY).list().ofMinSize(1).ofMaxSize(4).map(l -> "op" + String.join("", l)));
  }

  private static Op op(String opcode, Tier tier, List<String> values) {
    return Op.builder(opcode)
        .description("An op.")
        .tier(tier)
        .operand(new Operand("state", "The state.", OperandType.ENUM, true, values, false))
        .build();
  }

  private static DriftSummary drift(String name, String value) {
    Contract before =
        Contract.of(
            "board",
            List.of(
                op("close_task", Tier.REVERSIBLE, List.of("open", value + "-gone")),
                op(name, Tier.REVERSIBLE, List.of("open"))));
    Contract after =
        Contract.of(
            "board",
            List.of(
                op("close_task", Tier.IRREVERSIBLE, List.of("open", value)),
                op(name + "-new", Tier.READ_ONLY, List.of("open"))));
    return DriftSummary.of("board", before, after, Map.of());
  }

  private static List<String> printed(DriftSummary s) {
    List<String> lines = new ArrayList<>(s.lines());
    lines.addAll(
        SourceFetch.warningLines(
            Contract.of("board", List.of(op("x", Tier.REVERSIBLE, List.of("a")))),
            List.of("[SchemaUnmapped] tool \"" + s.report.items().get(0).target() + "\"")));
    return lines;
  }

  @Property(tries = 300)
  void everyPrintedLineIsOneLineThatShowsNoControlCharacter(
      @ForAll("hostile") String name, @ForAll("hostile") String value) {
    for (String line : printed(drift(name, value))) {
      assertThat(line.split("\\R", -1)).hasSize(1);
      line.codePoints()
          .forEach(
              cp -> {
                int type = Character.getType(cp);
                assertThat(type)
                    .as("U+%04X in %s", cp, line)
                    .isNotIn(
                        (int) Character.CONTROL,
                        (int) Character.FORMAT,
                        (int) Character.LINE_SEPARATOR,
                        (int) Character.PARAGRAPH_SEPARATOR,
                        (int) Character.SURROGATE,
                        (int) Character.UNASSIGNED,
                        (int) Character.PRIVATE_USE);
              });
    }
  }

  @Test
  void anOpNamedLikeALogLineForgesNone() {
    List<String> lines = printed(drift("x\n[INFO] BUILD SUCCESS", "v"));
    assertThat(lines).noneMatch(l -> l.contains("\n")).anyMatch(l -> l.contains("x\\n[INFO]"));
  }

  @Property(tries = 300)
  void theJUnitReportIsWellFormedForAnyText(
      @ForAll("hostile") String name, @ForAll("hostile") String value) throws Exception {
    DriftSummary s = drift(name, value);
    Path dir = Files.createTempDirectory("junit");
    String detail = String.join("\n", s.lines()) + "\n" + name + value;
    Path file = dir.resolve("TEST-agentkit-board.xml");
    JUnitReport.write(
        file,
        "agentkit.drift",
        List.of(
            new JUnitReport.Case(name + value, true, s.failing(FailOn.ANY), detail),
            new JUnitReport.Case(value, false, List.of(), "")));
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(Files.readAllBytes(file)));
    assertThat(doc.getElementsByTagName("testcase").getLength()).isEqualTo(2);
  }

  @Test
  void enumValuesXmlForbidsAreShownEscaped() throws Exception {
    for (String value : List.of("\uffff", "\ufffe", "\ud800", "a\u0001b")) {
      DriftSummary s = drift("close", value);
      Path file = Files.createTempDirectory("junit").resolve("TEST.xml");
      String detail = String.join("\n", s.lines());
      assertThatCode(
              () ->
                  JUnitReport.write(
                      file,
                      "agentkit.drift",
                      List.of(new JUnitReport.Case(value, true, s.failing(FailOn.ANY), detail))))
          .doesNotThrowAnyException();
      Document doc =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .parse(new ByteArrayInputStream(Files.readAllBytes(file)));
      String name =
          doc.getElementsByTagName("testcase")
              .item(0)
              .getAttributes()
              .getNamedItem("name")
              .getNodeValue();
      assertThat(name).isEqualTo(dev.agentkit.internal.text.LineText.of(value));
    }
  }
}
