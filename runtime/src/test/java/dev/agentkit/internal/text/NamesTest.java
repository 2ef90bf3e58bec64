package dev.agentkit.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** "Did you mean": the bounded distance agrees with the full one, and huge values cost nothing. */
class NamesTest {
  @Test
  void theBoundedDistanceAgreesWithTheFullOneWithinItsLimit() {
    Random random = new Random(20261130);
    String alphabet = "abcab_";
    for (int round = 0; round < 20_000; round++) {
      String a = word(random, alphabet, random.nextInt(12));
      String b =
          random.nextInt(4) == 0 ? swap(a, random) : word(random, alphabet, random.nextInt(12));
      int limit = random.nextInt(6);
      int full = Names.distance(a, b);
      int bounded = Names.distanceWithin(a, b, limit);
      if (full <= limit) {
        assertThat(bounded).as("%s / %s within %d", a, b, limit).isEqualTo(full);
      } else {
        assertThat(bounded).as("%s / %s within %d", a, b, limit).isEqualTo(limit + 1);
      }
    }
  }

  @Test
  void suggestionsAreTheSameAsBeforeForOrdinaryNames() {
    List<String> values = List.of("todo", "doing", "done", "blocked");
    assertThat(Names.nearest("Done", values)).isEqualTo("done");
    assertThat(Names.nearest("dnoe", values)).isEqualTo("done");
    assertThat(Names.nearest("blokced", values)).isEqualTo("blocked");
    assertThat(Names.nearest("archived", values)).isNull();
    assertThat(Names.didYouMean("todoo", values)).isEqualTo("; did you mean \"todo\"?");
  }

  @Test
  void modelFacingSuggestionsAreTyposOnly() {
    List<String> acts = List.of("complete_task", "set_status", "set_task_due_date", "tag_task");
    // A different act is not a typo: distance 4 would steer the model to another act.
    assertThat(Names.nearestTypo("delete_task", acts)).isNull();
    assertThat(Names.nearest("delete_task", acts)).isEqualTo("complete_task");
    assertThat(Names.didYouMeanTypo("delete_task", acts)).isEmpty();
    // Two edits in a long enough name (10 > 4 * 2) are a typo.
    assertThat(Names.didYouMeanTypo("sett_statu", acts))
        .isEqualTo("; did you mean \"set_status\"?");
    // Three edits never are, however long the name.
    assertThat(Names.nearestTypo("set_tsk_du_dat", acts)).isNull();
    // Under a quarter of the length: one edit needs five characters, two need nine.
    assertThat(Names.nearestTypo("tagg", List.of("tag"))).isNull();
    assertThat(Names.nearestTypo("tagss", List.of("tags"))).isEqualTo("tags");
    assertThat(Names.nearestTypo("set_statu", List.of("set_status"))).isEqualTo("set_status");
    assertThat(Names.nearestTypo("st_statu", List.of("set_status"))).isNull();
    assertThat(Names.nearestTypo("Tag", List.of("tag"))).isEqualTo("tag");
  }

  @Property
  void aTypoSuggestionIsAlwaysWithinBothBounds(
      @ForAll @StringLength(max = 20) @AlphaChars String name,
      @ForAll @Size(max = 6) List<@StringLength(max = 20) @AlphaChars String> choices) {
    String near = Names.nearestTypo(name, choices);
    if (near != null) {
      int d = Names.distance(name.toLowerCase(Locale.ROOT), near.toLowerCase(Locale.ROOT));
      assertThat(d).isLessThanOrEqualTo(2);
      assertThat(4 * d).isLessThan(name.length());
      assertThat(choices).contains(near);
    } else {
      for (String c : choices) {
        if (c.equals(name)) {
          continue;
        }
        int d = Names.distance(name.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
        assertThat(d <= 2 && 4 * d < name.length()).as("%s / %s", name, c).isFalse();
      }
    }
  }

  @Test
  void hugeNamesAndChoicesAreNeverCompared() {
    String huge = "done".repeat(100_000);
    assertThat(Names.nearest(huge, List.of("done", "todo"))).isNull();
    assertThat(Names.nearestTypo(huge, List.of("done", "todo"))).isNull();
    assertThat(Names.nearest("done", List.of(huge, "doen"))).isEqualTo("doen");
    String longChoice = "x".repeat(Names.MAX_SUGGESTED + 1);
    assertThat(Names.nearest(longChoice.substring(1) + "y", List.of(longChoice))).isNull();
  }

  private static String word(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }

  private static String swap(String a, Random random) {
    if (a.length() < 2) {
      return a;
    }
    int i = random.nextInt(a.length() - 1);
    char[] c = a.toCharArray();
    char t = c[i];
    c[i] = c[i + 1];
    c[i + 1] = t;
    return new String(c);
  }
}
