package dev.agentkit.spring;

import java.util.Collection;

/** The nearest name at typo distance, for "did you mean" in configuration messages. */
final class Typos {
  private Typos() {}

  /**
   * The choice nearest to {@code name} when it is at most 2 edits away and under a third of the
   * name's length; else null. Ties go to the first in sorted order.
   */
  static String nearest(String name, Collection<String> choices) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : choices) {
      int d = distance(name, c);
      boolean near = d <= 2 && d * 3 < Math.max(name.length(), 1);
      if (near && (d < bestDistance || (d == bestDistance && c.compareTo(best) < 0))) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
