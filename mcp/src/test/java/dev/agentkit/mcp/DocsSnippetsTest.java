package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ```java} snippet of docs/mcp.md compiles against this module, by the rules the
 * examples' {@code DocsSnippetsTest} compiles the other pages with: the page's {@code ```java
 * imports} block gives the imports and the names the snippets use (as fields), and each snippet is
 * the body of a method that may throw {@code Exception}.
 */
class DocsSnippetsTest {
  private static final Path PAGE =
      Path.of(System.getProperty("basedir", "."), "..", "docs", "mcp.md");

  record Block(int line, String info, List<String> lines) {}

  static List<Block> blocks() throws IOException {
    List<String> lines = Files.readAllLines(PAGE, StandardCharsets.UTF_8);
    List<Block> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("```java")) {
        int end = i + 1;
        while (!lines.get(end).equals("```")) {
          end++;
        }
        out.add(new Block(i + 2, lines.get(i).substring(3).trim(), lines.subList(i + 1, end)));
        i = end;
      }
    }
    return out;
  }

  @Test
  void everySnippetCompiles(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    List<Block> blocks = blocks();
    Block prelude =
        blocks.stream().filter(b -> b.info().equals("java imports")).findFirst().orElseThrow();
    List<String> imports = new ArrayList<>();
    List<String> members = new ArrayList<>();
    for (String l : prelude.lines()) {
      (l.startsWith("import ") ? imports : members).add(l);
    }
    List<Block> snippets = blocks.stream().filter(b -> b.info().equals("java")).toList();
    assertThat(snippets).hasSize(3);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    for (Block b : snippets) {
      String source =
          "package docsnippets;\n"
              + String.join("\n", imports)
              + "\nclass Snippet {\n"
              + members.stream().map(m -> "  " + m).reduce("", (x, y) -> x + y + "\n")
              + "  void run() throws Exception {\n"
              + String.join("\n", b.lines())
              + "\n  }\n}\n";
      Path file = dir.resolve("Snippet.java");
      Files.writeString(file, source);
      StringWriter errors = new StringWriter();
      int status =
          javac.run(
              null,
              null,
              new java.io.PrintStream(
                  new java.io.OutputStream() {
                    @Override
                    public void write(int c) {
                      errors.write(c);
                    }
                  }),
              "-proc:none",
              "-Xlint:none",
              "-d",
              dir.resolve("out").toString(),
              "-cp",
              StdioServers.classPath(),
              file.toString());
      assertThat(status)
          .as("docs/mcp.md, the snippet at line " + b.line() + ":\n" + errors)
          .isZero();
    }
  }
}
