package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.processor.AgentKitProcessor;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Java snippet in {@code docs/*.md} and the README compiles against this module's test class
 * path (the runtime, the processor, and the example's {@code Board} and {@code TriageAgent}), so
 * the docs cannot drift from the API.
 *
 * <p>The rules a page is written by:
 *
 * <ul>
 *   <li>A block marked {@code ```java imports} (one per page at most) holds the page's imports,
 *       which every snippet of the page gets, and declares the names its snippets use ({@code
 *       ActionSet<Board> acts;}), which become fields of the class a snippet is compiled in.
 *   <li>A {@code ```java} snippet that declares a type (a line at column 0 that starts with an
 *       annotation, a modifier, or {@code class}, {@code record}, {@code interface} or {@code
 *       enum}) is compiled as a source file; with the annotation processor, against {@code
 *       contract-snapshots/}, when it declares an {@code @Agent}. Any other snippet is compiled as
 *       the body of a method that may throw {@code Exception}. A snippet may start with its own
 *       {@code import} lines.
 *   <li>{@code ```java <path>} is a whole file of the quickstart, which the quickstart IT of the
 *       Maven plugin builds and runs instead; {@code ```java fragment} is not compiled, for what
 *       cannot stand alone, and there are at most {@value #MAX_FRAGMENTS} of those.
 * </ul>
 */
class DocsSnippetsTest {
  static final Path DOCS = BaseDir.resolve("..", "docs");
  static final Path README = BaseDir.resolve("..", "README.md");
  static final Path SNAPSHOTS = BaseDir.resolve("..", "contract-snapshots");

  /** Blocks that opt out of compiling; kept few, so the docs stay honest. */
  static final int MAX_FRAGMENTS = 4;

  private static final Pattern IMPORT =
      Pattern.compile("^import\\s+(static\\s+)?[\\w.]+(\\.\\*)?;");
  private static final Pattern TYPE_START =
      Pattern.compile(
          "^(@\\w|((public|protected|private|abstract|final|sealed|non-sealed|static|strictfp)\\s+)*"
              + "(class|record|interface|enum|@interface)\\s)");
  private static final Pattern PUBLIC_TYPE =
      Pattern.compile(
          "(?m)^public\\s+((abstract|final|sealed|non-sealed|strictfp)\\s+)*"
              + "(class|record|interface|enum|@interface)\\s+(\\w+)");

  /** A fenced block of a page: its info string, and where its first line is. */
  record Block(String page, int line, String info, List<String> lines) {
    String where() {
      return (page.equals("README.md") ? "" : "docs/") + page + ", the snippet at line " + line;
    }
  }

  /** A page's {@code ```java imports} block, split into imports and the names it declares. */
  record Prelude(List<String> imports, List<String> members) {
    static final Prelude NONE = new Prelude(List.of(), List.of());
  }

  @TestFactory
  Stream<DynamicTest> everySnippetCompiles() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    List<Path> withReadme = new ArrayList<>(pages());
    withReadme.add(README);
    for (Path page : withReadme) {
      List<Block> blocks = javaBlocks(page);
      Prelude prelude = prelude(blocks);
      for (Block b : blocks) {
        if (b.info().equals("java")) {
          tests.add(
              DynamicTest.dynamicTest(b.page() + ":" + b.line(), () -> assertCompiles(b, prelude)));
        }
      }
    }
    return tests.stream();
  }

  @Test
  void theReadmeShowsAnAgentThatCompiles() throws IOException {
    assertThat(javaBlocks(README)).as("```java blocks in README.md").isNotEmpty();
    assertThat(javaBlocks(README).get(0).lines().stream().anyMatch(l -> l.startsWith("@Agent")))
        .as("README.md's first Java block is an agent")
        .isTrue();
  }

  @Test
  void theDocsHaveSnippetsAndFewFragments() throws IOException {
    int snippets = 0;
    int fragments = 0;
    for (Path page : pages()) {
      for (Block b : javaBlocks(page)) {
        String info = b.info();
        if (info.equals("java")) {
          snippets++;
        } else if (info.equals("java fragment")) {
          fragments++;
        } else if (!info.equals("java imports") && !isFile(info)) {
          throw new AssertionError(
              b.where()
                  + " is marked ```"
                  + info
                  + "; mark a block java, java imports, java fragment or java <path>");
        }
      }
    }
    assertThat(snippets).as("Java snippets compiled from docs/").isGreaterThanOrEqualTo(15);
    assertThat(fragments).as("```java fragment blocks in docs/").isLessThanOrEqualTo(MAX_FRAGMENTS);
  }

  @Test
  void everyPageSaysWhatItCoversAndLinksBackToTheReadme() throws IOException {
    List<Path> pages = pages();
    assertThat(pages).hasSizeGreaterThanOrEqualTo(14);
    for (Path page : pages) {
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      assertThat(lines.get(0)).as(page.getFileName() + " starts with its title").startsWith("# ");
      String opening = String.join(" ", lines.subList(1, Math.min(lines.size(), 6)));
      assertThat(opening)
          .as(page.getFileName() + " says what it covers and links back to the README")
          .contains("This page ")
          .contains("](../README.md)");
    }
  }

  private static List<Path> pages() throws IOException {
    try (Stream<Path> files = Files.list(DOCS)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".md"))
          .sorted(Comparator.comparing(Path::toString))
          .toList();
    }
  }

  /** Every {@code ```java...} block of a page, in order. */
  static List<Block> javaBlocks(Path page) throws IOException {
    List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
    List<Block> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String open = lines.get(i);
      if (!open.startsWith("```")) {
        continue;
      }
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).equals("```")) {
        end++;
      }
      String info = open.substring(3).trim();
      if (info.equals("java") || info.startsWith("java ")) {
        blocks.add(
            new Block(page.getFileName().toString(), i + 2, info, lines.subList(i + 1, end)));
      }
      i = end;
    }
    return blocks;
  }

  private static boolean isFile(String info) {
    String path = info.substring("java ".length());
    return path.contains("/") || path.endsWith(".java");
  }

  private static Prelude prelude(List<Block> blocks) {
    List<Block> preludes = blocks.stream().filter(b -> b.info().equals("java imports")).toList();
    if (preludes.isEmpty()) {
      return Prelude.NONE;
    }
    assertThat(preludes).as("```java imports blocks in docs/" + preludes.get(0).page()).hasSize(1);
    List<String> imports = new ArrayList<>();
    List<String> members = new ArrayList<>();
    for (String line : preludes.get(0).lines()) {
      if (IMPORT.matcher(line).find()) {
        imports.add(line);
      } else if (!line.isBlank()) {
        members.add(line);
      }
    }
    return new Prelude(imports, members);
  }

  /** Compiles one snippet, failing with every error at its line in the page. */
  private static void assertCompiles(Block block, Prelude prelude) throws IOException {
    List<String> body = block.lines();
    int leadingImports = 0;
    while (leadingImports < body.size()
        && (IMPORT.matcher(body.get(leadingImports)).find()
            || body.get(leadingImports).isBlank()
            || body.get(leadingImports).startsWith("//"))) {
      leadingImports++;
    }
    boolean declaresType = body.stream().anyMatch(l -> TYPE_START.matcher(l).find());
    String pkg =
        "docsnippets."
            + block.page().replace(".md", "").replaceAll("[^A-Za-z0-9]", "_")
            + ".line"
            + block.line();

    List<String> source = new ArrayList<>();
    source.add("package " + pkg + ";");
    source.addAll(prelude.imports());
    int first; // the source line (1-based) that holds the snippet's first line
    if (declaresType) {
      first = source.size() + 1;
      source.addAll(body);
    } else {
      // The snippet's own imports go before the class; blank lines keep the lines aligned.
      for (int i = 0; i < leadingImports; i++) {
        if (IMPORT.matcher(body.get(i)).find()) {
          source.add(body.get(i));
        }
      }
      source.add("final class Snippet {");
      source.addAll(prelude.members());
      source.add("void snippet() throws Exception {");
      first = source.size() + 1;
      for (int i = 0; i < body.size(); i++) {
        source.add(i < leadingImports ? "" : body.get(i));
      }
      source.add("}");
      source.add("}");
    }
    String text = String.join("\n", source) + "\n";
    Matcher publicType = PUBLIC_TYPE.matcher(String.join("\n", body));
    String name = declaresType && publicType.find() ? publicType.group(4) : "Snippet";
    boolean agent = declaresType && body.stream().anyMatch(l -> l.startsWith("@Agent("));

    List<String> errors = compile(pkg, name, text, agent);
    if (!errors.isEmpty()) {
      StringBuilder sb = new StringBuilder(block.where() + " does not compile:");
      for (String e : errors) {
        sb.append("\n  ").append(at(e, block, first));
      }
      sb.append("\nas compiled:\n").append(numbered(text));
      throw new AssertionError(sb.toString());
    }
  }

  /** The errors of compiling one source, each as {@code line|message}. */
  private static List<String> compile(String pkg, String name, String text, boolean agent)
      throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path out = Files.createTempDirectory("docs-snippet");
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
      List<String> options = new ArrayList<>();
      options.addAll(
          List.of(
              "-classpath",
              System.getProperty("java.class.path"),
              "-d",
              Files.createDirectories(out.resolve("classes")).toString(),
              "-s",
              Files.createDirectories(out.resolve("generated")).toString(),
              "--release",
              "17"));
      if (agent) {
        options.add("-Aagentkit.snapshotDir=" + SNAPSHOTS);
      } else {
        options.add("-proc:none");
      }
      URI uri = URI.create("string:///" + pkg.replace('.', '/') + "/" + name + ".java");
      JavaFileObject file =
          new SimpleJavaFileObject(uri, JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
              return text;
            }
          };
      JavaCompiler.CompilationTask task =
          javac.getTask(null, files, diagnostics, options, null, List.of(file));
      if (agent) {
        task.setProcessors(List.of(new AgentKitProcessor()));
      }
      task.call();
    } finally {
      delete(out);
    }
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        boolean inSnippet =
            d.getSource() != null && d.getSource().toUri().getScheme().equals("string");
        errors.add((inSnippet ? d.getLineNumber() : -1) + "|" + d.getMessage(Locale.ROOT));
      }
    }
    return errors;
  }

  /** An error placed at its line of the page, when it is in the snippet. */
  private static String at(String error, Block block, int first) {
    int bar = error.indexOf('|');
    long line = Long.parseLong(error.substring(0, bar));
    String message = error.substring(bar + 1);
    if (line >= first && line < first + block.lines().size()) {
      return "docs/" + block.page() + ":" + (block.line() + line - first) + ": " + message;
    }
    return (line < 0 ? "" : "(compiled source line " + line + ") ") + message;
  }

  private static String numbered(String text) {
    String[] lines = text.split("\n", -1);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < lines.length - 1; i++) {
      sb.append(String.format(Locale.ROOT, "%4d  %s%n", i + 1, lines[i]));
    }
    return sb.toString();
  }

  private static void delete(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
