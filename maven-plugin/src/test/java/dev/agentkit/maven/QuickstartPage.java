package dev.agentkit.maven;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code docs/quickstart.md} as the quickstart IT reads it: the files the page gives, and the
 * blocks it says a reader will see. A file is a fenced block whose info string is a language and a
 * path ({@code ```xml pom.xml}); any other block is named by its whole info string ({@code ```text
 * output}).
 */
public final class QuickstartPage {
  private static final Pattern FENCE =
      Pattern.compile("(?ms)^```([\\w-]+)(?: ([^\\s`]+))?\\n(.*?)^```$");

  private QuickstartPage() {}

  /**
   * The page, found by walking up from {@code dir}: the IT runs in a copy of its folder under
   * {@code maven-plugin/target/it}, so the page is some levels up, however the build is laid out.
   */
  public static File find(File dir) {
    for (File d = dir.getAbsoluteFile(); d != null; d = d.getParentFile()) {
      File page = new File(d, "docs/quickstart.md");
      if (page.isFile()) {
        return page;
      }
    }
    throw new IllegalStateException("no docs/quickstart.md in " + dir + " or any folder above it");
  }

  /** The page's text. */
  public static String read(File page) throws IOException {
    return Files.readString(page.toPath(), StandardCharsets.UTF_8);
  }

  /** Every file the page gives, by path, in page order, each ending in a line break. */
  public static Map<String, String> files(String page) {
    Map<String, String> files = new LinkedHashMap<>();
    Matcher m = FENCE.matcher(page);
    while (m.find()) {
      String path = m.group(2);
      if (path != null && (path.contains("/") || path.contains("."))) {
        if (files.put(path, m.group(3)) != null) {
          throw new IllegalStateException("docs/quickstart.md gives " + path + " twice");
        }
      }
    }
    return files;
  }

  /** The lines of the one block whose info string is {@code info}, such as {@code text output}. */
  public static List<String> block(String page, String info) {
    List<List<String>> found = new ArrayList<>();
    Matcher m = FENCE.matcher(page);
    while (m.find()) {
      String name = m.group(1) + (m.group(2) == null ? "" : " " + m.group(2));
      if (name.equals(info)) {
        found.add(List.of(m.group(3).split("\n")));
      }
    }
    if (found.size() != 1) {
      throw new IllegalStateException(
          "docs/quickstart.md has " + found.size() + " blocks marked ```" + info + ", not one");
    }
    return found.get(0);
  }
}
