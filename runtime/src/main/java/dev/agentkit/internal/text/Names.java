package dev.agentkit.internal.text;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;

/** Sorting and "did you mean" suggestions for the names that appear in messages. */
public final class Names {
  private Names() {}

  public static List<String> sorted(Collection<String> names) {
    List<String> out = new ArrayList<>(names);
    out.sort(null);
    return out;
  }

  public static <E> List<String> wireNames(E[] values, Function<E, String> name) {
    List<String> out = new ArrayList<>(values.length);
    for (E v : values) {
      out.add(name.apply(v));
    }
    return out;
  }

  /**
   * Names longer than this are never suggested for, nor suggested: a typo is made in a name, not in
   * a paragraph, and a hostile value must not cost a quadratic comparison.
   */
  public static final int MAX_SUGGESTED = 128;

  /**
   * The choice nearest to {@code name} by edit distance (case-insensitive), or null when none is
   * near enough to be a plausible typo: at most a third of the longer name's length, and at least
   * one edit allowed. Ties go to the alphabetically first choice, so suggestions are stable. A
   * choice whose length alone puts it out of reach is never compared.
   */
  public static String nearest(String name, Collection<String> choices) {
    return nearestWithin(
        name, choices, (n, c) -> Math.max(1, Math.max(n.length(), c.length()) / 3));
  }

  /** The most edits a model-facing suggestion allows, whatever the name's length. */
  static final int MAX_TYPO_EDITS = 2;

  /**
   * The choice nearest to {@code name} when it is a plain typo of it, for text a model reads: the
   * edit distance (case-insensitive) is at most {@value #MAX_TYPO_EDITS} and under a quarter of
   * {@code name}'s length; otherwise null. Narrower than {@link #nearest}, because a model told
   * "did you mean" a different act calls that act: an unknown {@code delete_task} must not be
   * steered to {@code complete_task}.
   */
  public static String nearestTypo(String name, Collection<String> choices) {
    return nearestWithin(name, choices, (n, c) -> Math.min(MAX_TYPO_EDITS, (n.length() - 1) / 4));
  }

  /** {@code "; did you mean \"x\"?"} by {@link #nearestTypo}, or an empty string. */
  public static String didYouMeanTypo(String name, Collection<String> choices) {
    String near = nearestTypo(name, choices);
    return near == null ? "" : "; did you mean \"" + near + "\"?";
  }

  /** How many edits from a name to a choice still count as near. */
  private interface Allowance {
    int of(String name, String choice);
  }

  private static String nearestWithin(
      String name, Collection<String> choices, Allowance allowance) {
    if (name == null || name.isEmpty() || name.length() > MAX_SUGGESTED) {
      return null;
    }
    String lower = name.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String choice : choices) {
      if (choice.equals(name) || choice.length() > MAX_SUGGESTED) {
        continue;
      }
      int allowed = allowance.of(name, choice);
      if (allowed < 0 || Math.abs(name.length() - choice.length()) > allowed) {
        continue;
      }
      int d = distanceWithin(lower, choice.toLowerCase(Locale.ROOT), allowed);
      if (d <= allowed && (d < bestDistance || (d == bestDistance && choice.compareTo(best) < 0))) {
        best = choice;
        bestDistance = d;
      }
    }
    return best;
  }

  /** {@code "; did you mean \"x\"?"}, or an empty string when nothing is near. */
  public static String didYouMean(String name, Collection<String> choices) {
    String near = nearest(name, choices);
    return near == null ? "" : "; did you mean \"" + near + "\"?";
  }

  /** Levenshtein distance with the optimal-string-alignment transposition. */
  public static int distance(String a, String b) {
    int n = a.length();
    int m = b.length();
    int[] prev2 = new int[m + 1];
    int[] prev = new int[m + 1];
    int[] cur = new int[m + 1];
    for (int j = 0; j <= m; j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= n; i++) {
      cur[0] = i;
      for (int j = 1; j <= m; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, prev2[j - 2] + 1);
        }
        cur[j] = v;
      }
      int[] t = prev2;
      prev2 = prev;
      prev = cur;
      cur = t;
    }
    return prev[m];
  }

  /**
   * {@link #distance}, or {@code limit + 1} as soon as the distance is known to exceed {@code
   * limit}: only the cells within {@code limit} of the diagonal are computed, so the cost is
   * O(length × limit), and a row that already exceeds the limit ends the work.
   */
  static int distanceWithin(String a, String b, int limit) {
    int n = a.length();
    int m = b.length();
    int over = limit + 1;
    if (Math.abs(n - m) > limit) {
      return over;
    }
    int[] prev2 = new int[m + 1];
    int[] prev = new int[m + 1];
    int[] cur = new int[m + 1];
    for (int j = 0; j <= m; j++) {
      prev[j] = Math.min(j, over);
    }
    for (int i = 1; i <= n; i++) {
      int lo = Math.max(1, i - limit);
      int hi = Math.min(m, i + limit);
      cur[lo - 1] = lo == 1 ? Math.min(i, over) : over;
      int rowMin = cur[lo - 1];
      for (int j = lo; j <= hi; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, prev2[j - 2] + 1);
        }
        cur[j] = Math.min(v, over);
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (hi < m) {
        cur[hi + 1] = over;
      }
      if (rowMin > limit) {
        return over;
      }
      int[] t = prev2;
      prev2 = prev;
      prev = cur;
      cur = t;
    }
    return prev[m];
  }

  /** How messages name an act: its opcode, or a placeholder when the opcode is empty. */
  public static String label(String opcode) {
    return opcode.isEmpty() ? "(act with an empty opcode)" : opcode;
  }

  /** The most choices a message lists; a longer list shows its count and this many of them. */
  public static final int MAX_LISTED = 10;

  /**
   * The valid choices for a message about {@code name}, so that a line stays short however large
   * the contract: {@code (none)}; every choice, sorted and comma-separated, when there are at most
   * {@value #MAX_LISTED}; else how many there are and the {@value #MAX_LISTED} nearest to {@code
   * name}, shown sorted: {@code 1,223 in all (the 10 nearest: a, b, …)}. Nearest is the edit
   * distance {@link #nearest} uses (case-insensitive), ties in sorted order, so a "did you mean"
   * suggestion is always among them. A name {@link #nearest} would not compare (empty, or longer
   * than {@value #MAX_SUGGESTED} characters) gets the first ones in sorted order instead ({@code
   * the first 10: …}); in a cut list a choice that long is ranked last and shown cut.
   */
  public static String listing(String name, Collection<String> choices) {
    if (choices.isEmpty()) {
      return "(none)";
    }
    if (choices.size() <= MAX_LISTED) {
      return String.join(", ", sorted(choices));
    }
    List<String> distinct = new ArrayList<>(new TreeSet<>(choices));
    if (distinct.size() <= MAX_LISTED) {
      return String.join(", ", distinct);
    }
    boolean byName = name != null && !name.isEmpty() && name.length() <= MAX_SUGGESTED;
    List<String> shown = byName ? nearestFew(name, distinct) : distinct.subList(0, MAX_LISTED);
    List<String> cut = new ArrayList<>(shown.size());
    for (String s : shown) {
      cut.add(s.length() > MAX_SUGGESTED ? s.substring(0, MAX_SUGGESTED - 3) + "..." : s);
    }
    // Sorted as shown: a choice cut to "xx..." sorts before a longer one that is not cut.
    cut.sort(null);
    return String.format(Locale.ROOT, "%,d", distinct.size())
        + (byName
            ? " in all (the " + MAX_LISTED + " nearest: "
            : " in all (the first " + MAX_LISTED + ": ")
        + String.join(", ", cut)
        + ")";
  }

  /** {@link #listing(String, Collection)} with no name to be near: the first ones, sorted. */
  public static String listing(Collection<String> names) {
    return listing(null, names);
  }

  /**
   * The {@value #MAX_LISTED} choices nearest to {@code name}, in sorted order. {@code sorted} is
   * sorted and holds no duplicate, so a later choice at the same distance never displaces an
   * earlier one; each distance is computed only up to the farthest kept so far.
   */
  private static List<String> nearestFew(String name, List<String> sorted) {
    String lower = name.toLowerCase(Locale.ROOT);
    String[] kept = new String[MAX_LISTED];
    int[] distances = new int[MAX_LISTED];
    int size = 0;
    int worst = 0; // once MAX_LISTED are kept, the index of the farthest
    for (String choice : sorted) {
      boolean full = size == MAX_LISTED;
      int d = Integer.MAX_VALUE; // too long to compare, or no nearer than the farthest kept
      if (choice.length() <= MAX_SUGGESTED) {
        // Two names of at most MAX_SUGGESTED characters are at most that far apart.
        int limit = full ? Math.min(distances[worst], MAX_SUGGESTED + 1) - 1 : MAX_SUGGESTED;
        int within =
            limit < 0 ? limit + 1 : distanceWithin(lower, choice.toLowerCase(Locale.ROOT), limit);
        if (within <= limit) {
          d = within;
        }
      }
      if (!full) {
        kept[size] = choice;
        distances[size] = d;
        size++;
      } else if (d < distances[worst]) {
        kept[worst] = choice;
        distances[worst] = d;
      } else {
        continue;
      }
      if (size == MAX_LISTED) {
        worst = farthest(kept, distances);
      }
    }
    List<String> out = new ArrayList<>(List.of(kept));
    out.sort(null);
    return out;
  }

  /** The index of the farthest kept choice, the last in sorted order among equals. */
  private static int farthest(String[] kept, int[] distances) {
    int worst = 0;
    for (int i = 1; i < kept.length; i++) {
      if (distances[i] > distances[worst]
          || (distances[i] == distances[worst] && kept[i].compareTo(kept[worst]) > 0)) {
        worst = i;
      }
    }
    return worst;
  }

  /** Whether {@code values} holds {@code v}, trimmed and ignoring case. */
  public static boolean containsIgnoreCase(List<String> values, String v) {
    String t = v.trim().toLowerCase(Locale.ROOT);
    for (String x : values) {
      if (x.trim().toLowerCase(Locale.ROOT).equals(t)) {
        return true;
      }
    }
    return false;
  }
}
