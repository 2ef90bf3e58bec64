package dev.agentkit.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
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
  void hugeNamesAndChoicesAreNeverCompared() {
    String huge = "done".repeat(100_000);
    assertThat(Names.nearest(huge, List.of("done", "todo"))).isNull();
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
