package dev.agentkit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The stamp codec reads back exactly what it wrote, whatever the strings hold: the separators and
 * comment marks of the properties format, line breaks, backslashes, surrogates and other non-ASCII.
 */
class WiringStampPropertyTest {
  @Provide
  Arbitrary<String> hostile() {
    Arbitrary<Character> specials =
        Arbitraries.of(
            ':', '=', ' ', '\\', '#', '!', '\n', '\r', '\t', '\f', '\0', 'u', ',', '-', 'é', '日',
            '\u202e', '\ud83d', '\ude00');
    return Arbitraries.oneOf(specials, Arbitraries.chars().all(), Arbitraries.chars().alpha())
        .list()
        .ofMaxSize(24)
        .map(cs -> cs.stream().map(String::valueOf).reduce("", String::concat));
  }

  /**
   * Enum constants are Java identifiers: letters, digits, underscores and dollars, never commas.
   */
  @Provide
  Arbitrary<List<String>> constants() {
    return Arbitraries.strings()
        .withChars("ABCXYZ_$019é")
        .ofMinLength(1)
        .ofMaxLength(8)
        .list()
        .ofMaxSize(5);
  }

  @Property(tries = 500)
  void everyStampReadsBackExactly(
      @ForAll("hostile") String opcode,
      @ForAll("hostile") String other,
      @ForAll("hostile") String input,
      @ForAll("hostile") String contract,
      @ForAll("hostile") String snapshot,
      @ForAll boolean run,
      @ForAll boolean ask,
      @ForAll("hostile") String enumName,
      @ForAll("constants") List<String> constants)
      throws IOException {
    WiringStamp stamp =
        new WiringStamp(
            contract,
            snapshot,
            "sha256:" + other,
            Map.of(
                opcode,
                new WiringStamp.Act(run, ask, input),
                opcode + "\n" + other,
                new WiringStamp.Act(!run, !ask, other)),
            "p." + enumName + "_Wiring",
            Map.of(enumName, constants, enumName + "$" + other, List.of()));

    String text = stamp.encode();

    assertThat(text.chars()).allMatch(c -> c == '\n' || (c >= 0x20 && c <= 0x7e));
    assertThat(WiringStamp.decode(new StringReader(text))).isEqualTo(stamp);
  }

  @Example
  void theWiringAndItsEnumsFollowTheActs() {
    WiringStamp stamp =
        new WiringStamp(
            "board",
            "",
            "sha256:ab",
            Map.of("set", new WiringStamp.Act(true, false, "status")),
            "p.T_Wiring",
            Map.of("p.T_Wiring$Set$Status", List.of("OPEN", "DONE", "UNRECOGNISED")));

    assertThat(stamp.encode())
        .isEqualTo(
            "# Written by the agentkit processor; do not edit.\n"
                + "contract=board\n"
                + "digest=sha256\\:ab\n"
                + "snapshot=\n"
                + "wiring=p.T_Wiring\n"
                + "act.set=run,-,status\n"
                + "enum.p.T_Wiring$Set$Status=OPEN,DONE,UNRECOGNISED\n");
  }

  @Example
  void theTextIsSortedAndEscapedForThePropertiesFormat() {
    WiringStamp stamp =
        new WiringStamp(
            "board",
            "/p/snap shots/board.json",
            "sha256:ab",
            Map.of(
                "z:=1", new WiringStamp.Act(true, false, "id"),
                "#a!", new WiringStamp.Act(false, true, "")));

    assertThat(stamp.encode())
        .isEqualTo(
            "# Written by the agentkit processor; do not edit.\n"
                + "contract=board\n"
                + "digest=sha256\\:ab\n"
                + "snapshot=/p/snap\\ shots/board.json\n"
                + "act.\\#a\\!=-,ask,\n"
                + "act.z\\:\\=1=run,-,id\n");
  }
}
