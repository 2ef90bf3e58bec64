package dev.agentkit.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Holds a module's message catalogue (an enum of tags and templates) to the error catalogue, {@code
 * docs/errors.md}, and to the module's code: every tag is documented, and no tagged message is
 * written anywhere but in the catalogue, so adding a message edits one place.
 *
 * <pre>{@code
 * MessageCatalogue.assertDocumented(tagsOf(McpMessage.values()), "MCP");
 * MessageCatalogue.assertNoTaggedLiteralsBut("McpMessage.java");
 * }</pre>
 */
public final class MessageCatalogue {
  /** A tagged message written as a literal: {@code "[SomeTag] …}. */
  private static final Pattern TAGGED_LITERAL = Pattern.compile("\"\\[([A-Z][A-Za-z]+)\\] ");

  private MessageCatalogue() {}

  /**
   * Asserts that docs/errors.md, under the section headed {@code ## <section>}, names each tag (as
   * {@code `Tag`} or {@code `[Tag] …`}).
   *
   * @throws AssertionError naming every tag the section lacks
   */
  public static void assertDocumented(Collection<String> tags, String section) {
    String page =
        read(BaseDir.of(callerClass()).resolve("..").resolve("docs").resolve("errors.md"));
    int start = page.indexOf("\n## " + section + "\n");
    if (start < 0) {
      throw new AssertionError("docs/errors.md has no section \"## " + section + "\"");
    }
    int end = page.indexOf("\n## ", start + 1);
    String body = page.substring(start, end < 0 ? page.length() : end);
    List<String> missing = new ArrayList<>();
    for (String tag : new TreeSet<>(tags)) {
      if (!body.contains("`" + tag + "`") && !body.contains("`[" + tag + "]")) {
        missing.add(tag);
      }
    }
    if (!missing.isEmpty()) {
      throw new AssertionError(
          "docs/errors.md, section \""
              + section
              + "\", does not name "
              + String.join(", ", missing)
              + ": add a row for each (its tag, when it happens, how to fix it)");
    }
  }

  /**
   * Asserts that no Java source of the calling module's main code but the files named writes a
   * tagged message as a literal ({@code "[Tag] …"}): a message belongs in the catalogue.
   *
   * @throws AssertionError naming every file and tag found
   */
  public static void assertNoTaggedLiteralsBut(String... catalogueFiles) {
    Path main = BaseDir.of(callerClass()).resolve("src").resolve("main").resolve("java");
    List<String> allowed = List.of(catalogueFiles);
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(main)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        if (allowed.contains(f.getFileName().toString())) {
          continue;
        }
        Matcher m = TAGGED_LITERAL.matcher(read(f));
        while (m.find()) {
          found.add(main.relativize(f) + " writes [" + m.group(1) + "]");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!found.isEmpty()) {
      throw new AssertionError(
          "tagged messages outside the catalogue ("
              + String.join(", ", allowed)
              + "): "
              + String.join("; ", found)
              + "; add a constant to the catalogue and format it there");
    }
  }

  /**
   * Asserts that a catalogue constant's template, given {@code "x"} for each {@code %s}, formats
   * whole: it starts with {@code [tag] }, keeps no {@code %} and no outer white space.
   *
   * @param name the constant's name, for the failure
   * @param format the constant's format method
   * @return the arguments it was formatted with, for checks of the caller's own
   * @throws AssertionError saying what is left over
   */
  public static Object[] assertFormatsWhole(
      String name, String tag, String template, Function<Object[], String> format) {
    Object[] args = new Object[template.split("%s", -1).length - 1];
    Arrays.fill(args, "x");
    String text = format.apply(args);
    if (!text.startsWith("[" + tag + "] ") || text.contains("%") || !text.equals(text.strip())) {
      throw new AssertionError(
          name
              + " formats as \""
              + text
              + "\": a message starts with ["
              + tag
              + "], fills every %s and has no outer space");
    }
    return args;
  }

  private static Class<?> callerClass() {
    return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
        .walk(
            frames ->
                frames
                    .map(StackWalker.StackFrame::getDeclaringClass)
                    .filter(c -> c != MessageCatalogue.class)
                    .findFirst()
                    .orElseThrow());
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
