package dev.agentkit.source;

import dev.agentkit.contract.ContractFormatException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Blanks credentials out of text built from a response. A secret of {@value #FRAGMENT} characters
 * or more is hidden wherever any {@value #FRAGMENT}-character piece of it appears; a shorter one
 * wherever it appears whole. Matching ignores case, and also looks through JSON string escapes
 * ({@code \/}, {@code \"}, {@code \\}, {@code \n}..., a backslash, {@code u} and four hex digits in
 * either case), up to two levels deep, so a backend cannot slip a credential past it by escaping
 * it. Each run of hidden characters becomes one {@value #MARK}.
 *
 * <p>The cost is linear in the text: the secrets' {@value #FRAGMENT}-character pieces are indexed
 * once, and each window of the text is one hash lookup. Immutable and thread-safe.
 *
 * <p>Public for the sources in other modules (OpenAPI, MCP), which handle credentials the same way
 * as {@link HttpContractSource}; not otherwise part of the API.
 */
public final class Redactor {
  static final String MARK = "[redacted]";

  /** The shortest piece of a secret that is hidden on its own. */
  static final int FRAGMENT = 8;

  /** A value shorter than this is not a credential; hiding it would blank digits and words. */
  static final int MIN_SECRET = 4;

  /** How many levels of JSON escaping are looked through. */
  private static final int DECODE_LEVELS = 2;

  /** The deepest cause chain rebuilt; past it, causes are dropped. */
  private static final int MAX_CHAIN = 32;

  private final Set<String> fragments;
  private final List<String> shortSecrets;

  private Redactor(Set<String> fragments, List<String> shortSecrets) {
    this.fragments = fragments;
    this.shortSecrets = shortSecrets;
  }

  /** A redactor hiding these secrets; blank ones, and ones under four characters, are ignored. */
  public static Redactor of(Collection<String> secrets) {
    Set<String> fragments = new HashSet<>();
    List<String> shortSecrets = new ArrayList<>();
    for (String secret : secrets) {
      String s = fold(secret.trim());
      if (s.length() < MIN_SECRET) {
        continue;
      }
      if (s.length() < FRAGMENT) {
        if (!shortSecrets.contains(s)) {
          shortSecrets.add(s);
        }
        continue;
      }
      for (int i = 0; i + FRAGMENT <= s.length(); i++) {
        fragments.add(s.substring(i, i + FRAGMENT));
      }
    }
    return new Redactor(Set.copyOf(fragments), List.copyOf(shortSecrets));
  }

  /** Whether there is nothing to hide. */
  boolean isEmpty() {
    return fragments.isEmpty() && shortSecrets.isEmpty();
  }

  /**
   * A redactor hiding header values, and their parts after a scheme word ({@code Bearer abc} hides
   * {@code abc} too).
   */
  public static Redactor forHeaders(Collection<String> values) {
    List<String> out = new ArrayList<>();
    for (String value : values) {
      String trimmed = value.trim();
      if (!trimmed.isEmpty()) {
        out.add(trimmed);
      }
      int space = trimmed.indexOf(' ');
      if (space > 0) {
        String credential = trimmed.substring(space + 1).trim();
        if (credential.length() >= MIN_SECRET) {
          out.add(credential);
        }
      }
    }
    return of(out);
  }

  /** A URL as messages show it: without user-info, query string or fragment. */
  public static String url(URI uri) {
    return HttpContractSource.redact(uri);
  }

  /** The text with every appearance of a secret, or of a long enough piece of one, blanked. */
  public String redact(String text) {
    if (text == null || text.isEmpty() || isEmpty()) {
      return text;
    }
    int n = text.length();
    int[] depth = new int[n + 1]; // +1 where a hidden range starts, -1 where it ends
    boolean any = mark(text, null, null, depth);
    String level = text;
    int[] start = null;
    int[] end = null;
    for (int round = 0; round < DECODE_LEVELS && level.indexOf('\\') >= 0; round++) {
      Decoded decoded = Decoded.of(level, start, end);
      if (decoded.text.length() == level.length()) {
        break; // nothing was an escape
      }
      level = decoded.text;
      start = decoded.start;
      end = decoded.end;
      any |= mark(level, start, end, depth);
    }
    if (!any) {
      return text;
    }
    StringBuilder out = new StringBuilder(n);
    int open = 0;
    int i = 0;
    while (i < n) {
      open += depth[i];
      if (open <= 0) {
        out.append(text.charAt(i++));
        continue;
      }
      int from = i;
      while (i + 1 < n && open + depth[i + 1] > 0) {
        open += depth[++i];
      }
      int to = ++i; // the run is [from, to)
      // Blanks at a run's ends give nothing away; keeping them keeps the words apart.
      int first = from;
      int last = to;
      while (first < last && Character.isWhitespace(text.charAt(first))) {
        first++;
      }
      while (last > first && Character.isWhitespace(text.charAt(last - 1))) {
        last--;
      }
      out.append(text, from, first);
      if (first < last) {
        out.append(MARK);
      }
      out.append(text, last, to);
    }
    return out.toString();
  }

  /** Whether the text shows a secret, or a long enough piece of one. */
  boolean reveals(String text) {
    return text != null && !text.equals(redact(text));
  }

  /**
   * Marks in {@code depth} (indexed by the original text) every range of {@code s} that shows a
   * secret; {@code start}/{@code end} map each character of {@code s} to the original range it was
   * decoded from, or are null when {@code s} is the original.
   */
  private boolean mark(String s, int[] start, int[] end, int[] depth) {
    String folded = fold(s);
    boolean any = false;
    for (int i = 0; i + FRAGMENT <= folded.length() && !fragments.isEmpty(); i++) {
      if (fragments.contains(folded.substring(i, i + FRAGMENT))) {
        hide(depth, start, end, i, i + FRAGMENT);
        any = true;
      }
    }
    for (String secret : shortSecrets) {
      for (int at = folded.indexOf(secret); at >= 0; at = folded.indexOf(secret, at + 1)) {
        hide(depth, start, end, at, at + secret.length());
        any = true;
      }
    }
    return any;
  }

  private static void hide(int[] depth, int[] start, int[] end, int from, int to) {
    depth[start == null ? from : start[from]]++;
    depth[end == null ? to : end[to - 1]]--;
  }

  /** Case folded one character at a time, so offsets stay put. */
  private static String fold(String s) {
    char[] chars = s.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      chars[i] = Character.toLowerCase(Character.toUpperCase(chars[i]));
    }
    return new String(chars);
  }

  /**
   * The exception rebuilt with every message in it (its own, its causes', its suppressed ones')
   * redacted, or the exception itself when none shows a secret. A {@link ContractFormatException}
   * keeps its type and location; any other exception that must change becomes a {@link
   * RedactedException} naming the original class.
   */
  Throwable scrub(Throwable t) {
    return scrub(t, new IdentityHashMap<>(), 0);
  }

  /** {@link #scrub(Throwable)} for the codec's exception, which keeps its type. */
  ContractFormatException scrub(ContractFormatException e) {
    return (ContractFormatException) scrub(e, new IdentityHashMap<>(), 0);
  }

  private Throwable scrub(Throwable t, Map<Throwable, Throwable> done, int depth) {
    if (t == null || depth >= MAX_CHAIN) {
      return null;
    }
    Throwable seen = done.get(t);
    if (seen != null) {
      return seen;
    }
    if (!revealsAnywhere(t, new IdentityHashMap<>(), 0)) {
      done.put(t, t);
      return t;
    }
    Throwable copy;
    if (t instanceof ContractFormatException e) {
      ContractFormatException rebuilt =
          new ContractFormatException(
              redact(e.origin()), redact(e.path()), e.line(), e.column(), redact(e.problem()));
      if (reveals(rebuilt.getMessage())) {
        // A secret straddles two parts of the message: keep no location, only the redacted whole.
        rebuilt = new ContractFormatException(redact(e.origin()), "", 0, 0, redact(e.getMessage()));
      }
      copy = rebuilt;
    } else if (t instanceof ContractSourceException) {
      copy = new ContractSourceException(redact(t.getMessage()));
    } else {
      copy = new RedactedException(t.getClass().getName(), redact(t.getMessage()));
    }
    done.put(t, copy);
    copy.setStackTrace(t.getStackTrace());
    Throwable cause = scrub(t.getCause(), done, depth + 1);
    if (cause != null) {
      copy.initCause(cause);
    }
    for (Throwable suppressed : t.getSuppressed()) {
      Throwable s = scrub(suppressed, done, depth + 1);
      if (s != null) {
        copy.addSuppressed(s);
      }
    }
    return copy;
  }

  private boolean revealsAnywhere(Throwable t, Map<Throwable, Boolean> visited, int depth) {
    if (t == null || depth >= MAX_CHAIN || visited.put(t, Boolean.TRUE) != null) {
      return false;
    }
    if (reveals(t.getMessage()) || reveals(t.getLocalizedMessage()) || reveals(t.toString())) {
      return true;
    }
    if (revealsAnywhere(t.getCause(), visited, depth + 1)) {
      return true;
    }
    for (Throwable suppressed : t.getSuppressed()) {
      if (revealsAnywhere(suppressed, visited, depth + 1)) {
        return true;
      }
    }
    return false;
  }

  /** An exception whose message had to be redacted; it names the class it stands for. */
  static final class RedactedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String originalClass;

    RedactedException(String originalClass, String message) {
      super(message);
      this.originalClass = originalClass;
    }

    /** The class of the exception this one replaces. */
    String originalClass() {
      return originalClass;
    }

    @Override
    public String toString() {
      String message = getMessage();
      return message == null ? originalClass : originalClass + ": " + message;
    }
  }

  /** Text with one level of JSON escapes decoded, and where each of its characters came from. */
  private static final class Decoded {
    final String text;
    final int[] start;
    final int[] end;

    private Decoded(String text, int[] start, int[] end) {
      this.text = text;
      this.start = start;
      this.end = end;
    }

    /**
     * Decodes {@code s}; {@code baseStart}/{@code baseEnd} map {@code s} to the original text (null
     * when {@code s} is the original), and the result maps straight to the original too.
     */
    static Decoded of(String s, int[] baseStart, int[] baseEnd) {
      int n = s.length();
      StringBuilder out = new StringBuilder(n);
      int[] start = new int[n];
      int[] end = new int[n];
      int k = 0;
      int i = 0;
      while (i < n) {
        char c = s.charAt(i);
        int length = 1;
        if (c == '\\' && i + 1 < n) {
          char d = s.charAt(i + 1);
          length = 2;
          switch (d) {
            case '"', '\\', '/' -> c = d;
            case 'b' -> c = '\b';
            case 'f' -> c = '\f';
            case 'n' -> c = '\n';
            case 'r' -> c = '\r';
            case 't' -> c = '\t';
            case 'u' -> {
              int code = i + 6 <= n ? hex(s, i + 2) : -1;
              if (code >= 0) {
                c = (char) code;
                length = 6;
              } else {
                length = 1;
              }
            }
            default -> length = 1;
          }
        }
        out.append(c);
        start[k] = baseStart == null ? i : baseStart[i];
        end[k] = baseEnd == null ? i + length : baseEnd[i + length - 1];
        k++;
        i += length;
      }
      return new Decoded(out.toString(), start, end);
    }

    /** The four hex digits at {@code from} as a number, or -1. */
    private static int hex(String s, int from) {
      int value = 0;
      for (int i = from; i < from + 4; i++) {
        int digit = Character.digit(s.charAt(i), 16);
        if (digit < 0 || s.charAt(i) > 'f') {
          return -1;
        }
        value = value * 16 + digit;
      }
      return value;
    }
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "Redactor[%d fragments, %d short secrets]",
        fragments.size(),
        shortSecrets.size());
  }
}
