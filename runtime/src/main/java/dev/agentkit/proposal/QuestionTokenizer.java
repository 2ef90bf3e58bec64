package dev.agentkit.proposal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a question name the objects it acts on, with tokens {@code {{kind:id|fallback}}}.
 *
 * <p>A question is parsed into text and tokens once; every step then works on that list, so a step
 * can never find a title inside a token or build a token inside a half-written one. The steps:
 * sweep (malformed brace runs become plain text), repair (tokens take their live label, unknown
 * objects become plain text), substitute (a quoted title or a bare id becomes a token), anchor (a
 * deictic such as "this task" becomes a token, or the token is appended). Running it on its own
 * output changes nothing: every labelled ref is named after one run, and each step only acts on
 * refs that are not yet named.
 */
final class QuestionTokenizer {
  /** Longest fallback kept in a token; longer labels are cut and end in an ellipsis. */
  static final int FALLBACK_LIMIT = 80;

  // The grammar UIs parse tokens by: a kind starts with a letter and holds letters, digits, _ and
  // dots; the fallback after the pipe is required. Blanks around the parts are tolerated on
  // reading,
  // and every token is written back canonically.
  private static final Pattern KIND = Pattern.compile("[A-Za-z][A-Za-z0-9_.]*");
  private static final Pattern TOKEN =
      Pattern.compile(
          "\\{\\{\\s*([A-Za-z][A-Za-z0-9_.]*)\\s*:\\s*([^\\s{}|]+)\\s*\\|([^{}]*)\\}\\}");
  // A half-written run: "{{", anything without braces, and up to two closing braces.
  private static final Pattern MALFORMED = Pattern.compile("\\{\\{([^{}]*)\\}{0,2}");
  private static final Pattern MACHINE_PREFIX =
      Pattern.compile("^\\s*[A-Za-z0-9_.-]+:[^\\s|]+\\s*");
  private static final Pattern BLANKS = Pattern.compile("[ \\t]+");
  private static final Pattern FALLBACK_BLANKS = Pattern.compile("\\s+");

  private QuestionTokenizer() {}

  sealed interface Part permits Text, Token {}

  record Text(String text) implements Part {}

  record Token(String kind, String id, String fallback) implements Part {
    String key() {
      return kind + ":" + id;
    }

    @Override
    public String toString() {
      return "{{" + kind + ":" + id + "|" + fallback + "}}";
    }
  }

  static String kindProblem(String kind) {
    if (kind.isEmpty()) {
      return "an object ref needs a kind, such as \"task\"";
    }
    if (!KIND.matcher(kind).matches()) {
      return "the kind \""
          + kind
          + "\" must start with a letter and hold only letters, digits, _ and dots: it is"
          + " written into question tokens such as {{task:t1|Write report}}";
    }
    return null;
  }

  static String idProblem(String id) {
    if (id.isEmpty()) {
      return "an object ref needs the object's id";
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (Character.isWhitespace(c) || c == '{' || c == '}' || c == '|') {
        return "the id \""
            + id
            + "\" has a space, brace or pipe in it: ids are written into question tokens such as"
            + " {{task:t1|Write report}}, so use the object's plain id";
      }
    }
    return null;
  }

  /** The canonical token for a ref: its label as fallback, or its id when it has none. */
  static String token(ObjectRef ref) {
    String fallback = sanitize(ref.label());
    return new Token(ref.kind(), ref.id(), fallback.isEmpty() ? ref.id() : fallback).toString();
  }

  /**
   * A label fit to sit in a token, still reading as it did: braces become parentheses and pipes
   * slashes ({@code a|b {parser}} reads {@code a/b (parser)}), blanks and line breaks single
   * spaces, trimmed, and at most {@link #FALLBACK_LIMIT} characters.
   */
  static String sanitize(String label) {
    if (label == null) {
      return "";
    }
    String s = label.replace('{', '(').replace('}', ')').replace('|', '/');
    s = FALLBACK_BLANKS.matcher(s).replaceAll(" ").strip();
    if (s.length() > FALLBACK_LIMIT) {
      int cut = FALLBACK_LIMIT - 1;
      if (Character.isHighSurrogate(s.charAt(cut - 1))) {
        cut--;
      }
      s = s.substring(0, cut).strip() + "…";
    }
    return s;
  }

  /**
   * Tokenizes a question so that it names the anchor and every other labelled ref.
   *
   * @param refs the anchor first, then the other objects the question should name
   * @param labeler resolves live labels; consulted before the refs' own labels
   */
  static String tokenize(String question, List<ObjectRef> refs, Labeler labeler) {
    Map<String, ObjectRef> byKey = new LinkedHashMap<>();
    for (ObjectRef r : refs) {
      byKey.putIfAbsent(r.key(), r);
    }
    if (labeler != null) {
      for (Map.Entry<String, ObjectRef> e : byKey.entrySet()) {
        ObjectRef r = e.getValue();
        labeler.label(r.kind(), r.id()).ifPresent(live -> e.setValue(r.withLabel(live)));
      }
    }
    List<Part> parts = parse(question);
    parts = repair(parts, byKey, labeler);
    List<ObjectRef> labelled = new ArrayList<>();
    for (ObjectRef r : byKey.values()) {
      if (!sanitize(r.label()).isEmpty()) {
        labelled.add(r);
      }
    }
    substitute(parts, labelled);
    nameTheRest(parts, labelled);
    return join(parts);
  }

  /** The question with every token shown as the object's live label (or its fallback). */
  static String render(String question, Labeler labeler) {
    StringBuilder sb = new StringBuilder();
    for (Part p : parse(question)) {
      if (p instanceof Token t) {
        Optional<String> live = labeler.label(t.kind(), t.id());
        String shown = live.map(QuestionTokenizer::sanitize).orElse("");
        if (shown.isEmpty()) {
          shown = t.fallback().isEmpty() ? t.id() : t.fallback();
        }
        sb.append(shown);
      } else {
        sb.append(((Text) p).text());
      }
    }
    return sb.toString().strip();
  }

  /** Every token of a question, in order. */
  static List<Token> tokens(String question) {
    List<Token> out = new ArrayList<>();
    for (Part p : parse(question)) {
      if (p instanceof Token t) {
        out.add(t);
      }
    }
    return out;
  }

  /** Whether the question has a letter or digit outside its tokens and brace runs. */
  static boolean hasWords(String question) {
    for (Part p : parse(question)) {
      if (p instanceof Text t && t.text().codePoints().anyMatch(Character::isLetterOrDigit)) {
        return true;
      }
    }
    return false;
  }

  static List<Part> parse(String question) {
    List<Part> parts = new ArrayList<>();
    Matcher m = TOKEN.matcher(question == null ? "" : question);
    int last = 0;
    while (m.find()) {
      addText(parts, sweep(question.substring(last, m.start())));
      parts.add(new Token(m.group(1), m.group(2), sanitize(m.group(3))));
      last = m.end();
    }
    addText(parts, sweep(question == null ? "" : question.substring(last)));
    return parts;
  }

  /** Turns half-written brace runs into the text they meant to show, and drops stray braces. */
  private static String sweep(String text) {
    if (text.indexOf('{') < 0 && text.indexOf('}') < 0) {
      return text;
    }
    Matcher m = MALFORMED.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String inner = m.group(1);
      int pipe = inner.lastIndexOf('|');
      if (pipe >= 0) {
        inner = inner.substring(pipe + 1);
      } else {
        // A kind:id prefix is machine text, never what the sentence meant to show.
        inner = MACHINE_PREFIX.matcher(inner).replaceFirst("");
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(inner.strip()));
    }
    m.appendTail(sb);
    return sb.toString().replace("{", "").replace("}", "");
  }

  private static void addText(List<Part> parts, String text) {
    if (text.isEmpty()) {
      return;
    }
    if (!parts.isEmpty() && parts.get(parts.size() - 1) instanceof Text prev) {
      parts.set(parts.size() - 1, new Text(collapse(prev.text() + text)));
    } else {
      parts.add(new Text(collapse(text)));
    }
  }

  private static String collapse(String text) {
    return BLANKS.matcher(text).replaceAll(" ");
  }

  private static List<Part> repair(List<Part> parts, Map<String, ObjectRef> refs, Labeler labeler) {
    List<Part> out = new ArrayList<>(parts.size());
    for (Part p : parts) {
      if (p instanceof Token t) {
        String live = liveLabel(t.kind(), t.id(), refs, labeler);
        if (!live.isEmpty()) {
          out.add(new Token(t.kind(), t.id(), live));
          continue;
        }
        addText(out, t.fallback().isEmpty() ? t.id() : t.fallback());
      } else {
        addText(out, ((Text) p).text());
      }
    }
    return out;
  }

  private static String liveLabel(
      String kind, String id, Map<String, ObjectRef> refs, Labeler labeler) {
    if (labeler != null) {
      String live = labeler.label(kind, id).map(QuestionTokenizer::sanitize).orElse("");
      if (!live.isEmpty()) {
        return live;
      }
    }
    ObjectRef ref = refs.get(kind + ":" + id);
    return ref == null ? "" : sanitize(ref.label());
  }

  private static boolean named(List<Part> parts, ObjectRef ref) {
    for (Part p : parts) {
      if (p instanceof Token t && t.kind().equals(ref.kind()) && t.id().equals(ref.id())) {
        return true;
      }
    }
    return false;
  }

  /** Longest label first, so a short title never takes a quote that a longer one owns. */
  private static void substitute(List<Part> parts, List<ObjectRef> refs) {
    List<ObjectRef> ordered = new ArrayList<>(refs);
    ordered.sort(Comparator.comparingInt((ObjectRef r) -> r.label().length()).reversed());
    for (ObjectRef ref : ordered) {
      if (named(parts, ref)) {
        continue;
      }
      if (!replaceQuoted(parts, ref) && bareIdEligible(ref.id())) {
        replaceFirst(parts, ref, ref.id(), false, false);
      }
    }
  }

  // Digits-only or one-character ids read as ordinary numbers and letters in a sentence.
  private static boolean bareIdEligible(String id) {
    if (id.length() < 2) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      if (!Character.isDigit(id.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The quote pairs a title may stand in. A single quote doubles as the apostrophe ("don't",
   * "it’s", "O'Brien"), so a single-quote pair counts only at word edges: nothing that is a letter
   * or digit right before the opening quote or right after the closing one. A double quote is never
   * an apostrophe, so the double pairs count anywhere, as they always have.
   */
  private static final List<QuotePair> QUOTES =
      List.of(
          new QuotePair('"', '"', false),
          new QuotePair('“', '”', false),
          new QuotePair('\'', '\'', true),
          new QuotePair('‘', '’', true));

  private record QuotePair(char open, char close, boolean atWordEdges) {
    /** Where the quoted title starts in the text, searching from {@code from}; -1 if nowhere. */
    int find(String text, String title, int from) {
      String quoted = open + title + close;
      for (int at = text.indexOf(quoted, from); at >= 0; at = text.indexOf(quoted, at + 1)) {
        int end = at + quoted.length();
        if (!atWordEdges
            || ((at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1)))
                && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end))))) {
          return at;
        }
      }
      return -1;
    }
  }

  private static boolean replaceQuoted(List<Part> parts, ObjectRef ref) {
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i) instanceof Text t) {
        int first = -1;
        for (QuotePair q : QUOTES) {
          int at = q.find(t.text(), ref.label(), 0);
          if (at >= 0 && (first < 0 || at < first)) {
            first = at;
          }
        }
        if (first >= 0) {
          split(parts, i, first, ref.label().length() + 2, ref);
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Names each labelled ref that is still unnamed: by its first deictic found ({@link #deictics};
   * for the anchor then also "this item" and "it"), or by appending its token. Only the anchor
   * takes the generic deictics, because in "move it to this project" the "it" is what the ops act
   * on.
   */
  private static void nameTheRest(List<Part> parts, List<ObjectRef> refs) {
    for (int r = 0; r < refs.size(); r++) {
      ObjectRef ref = refs.get(r);
      if (named(parts, ref)) {
        continue;
      }
      boolean done = false;
      for (String phrase : deictics(ref.kind())) {
        if (replaceFirst(parts, ref, phrase, true, false)) {
          done = true;
          break;
        }
      }
      if (!done && r == 0) {
        done =
            replaceFirst(parts, ref, "this item", true, false)
                || replaceFirst(parts, ref, "it", true, true);
      }
      if (!done) {
        append(parts, ref);
      }
    }
  }

  /**
   * Other nouns people use for an object of a kind, after the kind's own words: a task is also a
   * todo, an email a message, a thread a conversation. Looked up by the kind's last dotted part.
   */
  private static final Map<String, List<String>> ALSO_CALLED =
      Map.of(
          "task", List.of("todo", "to-do"),
          "todo", List.of("task", "to-do"),
          "email", List.of("message", "mail"),
          "message", List.of("email", "mail"),
          "mail", List.of("email", "message"),
          "thread", List.of("conversation"),
          "conversation", List.of("thread"));

  /** The determiners of a deictic, tried in this order: "this task" before "the task". */
  private static final List<String> DETERMINERS = List.of("this", "the");

  /**
   * The phrases that point at an object of this kind, in the order they are tried: each determiner
   * with the kind's words ({@code action_item} reads "action item", {@code pm.task} also "task"),
   * then with the kind's other nouns ({@link #ALSO_CALLED}).
   */
  static List<String> deictics(String kind) {
    List<String> nouns = new ArrayList<>(4);
    String words = kind.replace('_', ' ').replace('-', ' ');
    nouns.add(words);
    String last = words.substring(words.lastIndexOf('.') + 1);
    if (!last.isEmpty() && !last.equals(words)) {
      nouns.add(last);
    }
    for (String other : ALSO_CALLED.getOrDefault(last.toLowerCase(Locale.ROOT), List.of())) {
      if (!nouns.contains(other)) {
        nouns.add(other);
      }
    }
    List<String> phrases = new ArrayList<>(nouns.size() * DETERMINERS.size());
    for (String determiner : DETERMINERS) {
      for (String noun : nouns) {
        phrases.add(determiner + " " + noun);
      }
    }
    return phrases;
  }

  private static boolean replaceFirst(
      List<Part> parts, ObjectRef ref, String phrase, boolean ignoreCase, boolean notContraction) {
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i) instanceof Text t) {
        int at = findWord(t.text(), phrase, ignoreCase, notContraction);
        if (at >= 0) {
          split(parts, i, at, phrase.length(), ref);
          return true;
        }
      }
    }
    return false;
  }

  static int findWord(String text, String phrase, boolean ignoreCase, boolean notContraction) {
    String hay = ignoreCase ? text.toLowerCase(Locale.ROOT) : text;
    String needle = ignoreCase ? phrase.toLowerCase(Locale.ROOT) : phrase;
    if (hay.length() != text.length()) {
      // Lower-casing changed the length (rare scripts); match exactly instead.
      hay = text;
      needle = phrase;
    }
    int from = 0;
    while (true) {
      int at = hay.indexOf(needle, from);
      if (at < 0) {
        return -1;
      }
      int end = at + needle.length();
      boolean startOk = at == 0 || !isWordChar(text.charAt(at - 1));
      boolean endOk = end == text.length() || !isWordChar(text.charAt(end));
      if (endOk && notContraction && end < text.length()) {
        char next = text.charAt(end);
        endOk = next != '\'' && next != '’';
      }
      if (startOk && endOk) {
        return at;
      }
      from = at + 1;
    }
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-';
  }

  private static void split(List<Part> parts, int index, int at, int length, ObjectRef ref) {
    String text = ((Text) parts.get(index)).text();
    List<Part> replacement = new ArrayList<>(3);
    if (at > 0) {
      replacement.add(new Text(text.substring(0, at)));
    }
    replacement.add(new Token(ref.kind(), ref.id(), sanitize(ref.label())));
    if (at + length < text.length()) {
      replacement.add(new Text(text.substring(at + length)));
    }
    parts.remove(index);
    parts.addAll(index, replacement);
  }

  /** Appends " (token)", before the closing punctuation of the sentence when there is some. */
  private static void append(List<Part> parts, ObjectRef ref) {
    Token token = new Token(ref.kind(), ref.id(), sanitize(ref.label()));
    int last = parts.size() - 1;
    if (last < 0) {
      parts.add(token);
      return;
    }
    if (parts.get(last) instanceof Text t) {
      String text = t.text().stripTrailing();
      int end = text.length();
      while (end > 0 && ".?!…".indexOf(text.charAt(end - 1)) >= 0) {
        end--;
      }
      String head = text.substring(0, end).stripTrailing();
      String tail = text.substring(end);
      parts.remove(last);
      if (head.isEmpty() && last == 0) {
        parts.add(token);
      } else {
        parts.add(new Text(head + " ("));
        parts.add(token);
      }
      if (head.isEmpty() && last == 0) {
        if (!tail.isEmpty()) {
          parts.add(new Text(tail));
        }
      } else {
        parts.add(new Text(")" + tail));
      }
      return;
    }
    parts.add(new Text(" ("));
    parts.add(token);
    parts.add(new Text(")"));
  }

  private static String join(List<Part> parts) {
    StringBuilder sb = new StringBuilder();
    for (Part p : parts) {
      sb.append(p instanceof Text t ? t.text() : p.toString());
    }
    return sb.toString().strip();
  }
}
