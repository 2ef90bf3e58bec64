package dev.agentkit.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a message lists its valid choices: in full up to ten, else the count and the nearest ten. */
class ListingTest {
  /** {@code op0000} to {@code op1222}: as many opcodes as GitHub's REST API has operations. */
  private static List<String> opcodes() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < 1_223; i++) {
      out.add(String.format("op%04d", i));
    }
    return out;
  }

  @Test
  void tenOrFewerAreListedInFullAndSorted() {
    List<String> ten = new ArrayList<>(opcodes().subList(0, 10));
    java.util.Collections.reverse(ten);
    assertThat(Names.listing("op0x12", ten))
        .isEqualTo(
            "op0000, op0001, op0002, op0003, op0004, op0005, op0006, op0007, op0008, op0009");
    assertThat(Names.listing("x", List.of())).isEqualTo("(none)");
  }

  @Test
  void moreThanTenShowTheCountAndTheTenNearestSorted() {
    // op0012, op0112, … op0912 are one substitution away; op1012 and on are two.
    assertThat(Names.listing("op0x12", opcodes()))
        .isEqualTo(
            "1,223 in all (the 10 nearest: op0012, op0112, op0212, op0312, op0412, op0512,"
                + " op0612, op0712, op0812, op0912)");
  }

  @Test
  void tiesGoToTheFirstInSortedOrder() {
    // Every choice is one edit from "b"; the first ten in sorted order win.
    List<String> choices = new ArrayList<>();
    for (char c = 'z'; c >= 'a'; c--) {
      choices.add("b" + c);
    }
    assertThat(Names.listing("b", choices))
        .isEqualTo("26 in all (the 10 nearest: ba, bb, bc, bd, be, bf, bg, bh, bi, bj)");
  }

  @Test
  void nearIsCaseInsensitiveAndCountsEachChoiceOnce() {
    List<String> choices = new ArrayList<>(opcodes().subList(0, 20));
    choices.addAll(opcodes().subList(0, 20));
    choices.add("OP0X12");
    assertThat(Names.listing("op0x12", choices))
        .isEqualTo(
            "21 in all (the 10 nearest: OP0X12, op0002, op0010, op0011, op0012, op0013, op0014,"
                + " op0015, op0016, op0017)");
    // Duplicates alone do not make a list long.
    assertThat(Names.listing("b", List.of("c", "a", "b", "a", "c", "a", "b", "a", "c", "a", "b")))
        .isEqualTo("a, b, c");
  }

  @Test
  void withoutANameToBeNearTheFirstTenAreShown() {
    String first =
        "1,223 in all (the first 10: op0000, op0001, op0002, op0003, op0004, op0005, op0006,"
            + " op0007, op0008, op0009)";
    assertThat(Names.listing(opcodes())).isEqualTo(first);
    assertThat(Names.listing("", opcodes())).isEqualTo(first);
    assertThat(Names.listing("x".repeat(Names.MAX_SUGGESTED + 1), opcodes())).isEqualTo(first);
  }

  @Test
  void aChoiceTooLongToSuggestIsRankedLastAndShownCut() {
    String huge = "a".repeat(100_000);
    List<String> choices = new ArrayList<>(List.of(huge));
    for (int i = 0; i < 9; i++) {
      choices.add("zz" + i);
    }
    choices.add("zzz");
    String shown = "a".repeat(Names.MAX_SUGGESTED - 3) + "...";
    // Eleven choices, ten shown: the long one is the farthest however near its text is.
    assertThat(Names.listing("a", choices))
        .isEqualTo("11 in all (the 10 nearest: zz0, zz1, zz2, zz3, zz4, zz5, zz6, zz7, zz8, zzz)");
    choices.remove("zzz");
    choices.add(huge + "b");
    assertThat(Names.listing("a", choices))
        .isEqualTo(
            "11 in all (the 10 nearest: "
                + shown
                + ", zz0, zz1, zz2, zz3, zz4, zz5, zz6, zz7, zz8)");
  }
}
