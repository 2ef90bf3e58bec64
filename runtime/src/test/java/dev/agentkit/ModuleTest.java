package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime as a JPMS module: a user's module that requires it reaches every exported package,
 * generated wiring's {@code dev.agentkit.internal} among them, and never the unexported {@code
 * dev.agentkit.internal.text}.
 */
class ModuleTest {
  @TempDir Path dir;

  /**
   * The runtime's classes (with module-info.class), jackson-core and slf4j-api, as a module path.
   */
  private static String modulePath() {
    List<String> path = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      boolean runtime =
          entry.replace('\\', '/').endsWith("runtime/target/classes")
              && Files.exists(Path.of(entry, "module-info.class"));
      // Jackson 2's core, which the runtime requires; the validator tests bring Jackson 3's too.
      boolean jackson =
          entry.replace('\\', '/').contains("/com/fasterxml/jackson/core/jackson-core/");
      boolean slf4j = entry.replace('\\', '/').contains("/org/slf4j/slf4j-api/");
      if (runtime || jackson || slf4j) {
        path.add(entry);
      }
    }
    assertThat(path)
        .as("the runtime's classes, jackson-core and slf4j-api on the class path")
        .hasSize(3);
    return String.join(File.pathSeparator, path);
  }

  private List<String> compile(String body) throws Exception {
    Path src = dir.resolve("src");
    Files.createDirectories(src.resolve("app"));
    Files.writeString(
        src.resolve("module-info.java"), "module app {\n  requires dev.agentkit.runtime;\n}\n");
    Path java = src.resolve("app/App.java");
    Files.writeString(java, "package app;\n\n" + body);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, null)) {
      List<String> options =
          List.of(
              "-proc:none",
              // An empty class path: javac would otherwise take this JVM's, runtime included.
              "--class-path",
              Files.createDirectories(dir.resolve("empty")).toString(),
              "--module-path",
              modulePath(),
              "-d",
              Files.createDirectories(dir.resolve("out")).toString());
      javac
          .getTask(
              null,
              files,
              diagnostics,
              options,
              null,
              files.getJavaFileObjects(src.resolve("module-info.java").toFile(), java.toFile()))
          .call();
    }
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        errors.add(d.getMessage(Locale.ROOT));
      }
    }
    return errors;
  }

  @Test
  void aModuleThatRequiresTheRuntimeReachesItsExportedPackages() throws Exception {
    List<String> errors =
        compile(
            "import dev.agentkit.*;\n"
                + "import dev.agentkit.annotation.*;\n"
                + "import dev.agentkit.contract.*;\n"
                + "import dev.agentkit.drift.*;\n"
                + "import dev.agentkit.internal.ArgValues;\n"
                + "import dev.agentkit.proposal.*;\n"
                + "import dev.agentkit.source.*;\n"
                + "import dev.agentkit.tool.*;\n"
                + "import java.util.Map;\n\n"
                + "public final class App {\n"
                + "  static Call call = Call.of(\"x\", Map.of());\n"
                + "  static Tier tier = Tier.REVERSIBLE;\n"
                + "  static Class<?>[] used = {ActionSet.class, Agent.class, DriftPolicy.class,\n"
                + "      ArgValues.class, Proposal.class, HttpContractSource.class,\n"
                + "      ToolSchemas.class};\n"
                + "}\n");

    assertThat(errors).isEmpty();
  }

  @Test
  void theTextInternalsAreNotExported() throws Exception {
    List<String> errors =
        compile(
            "import dev.agentkit.internal.text.Names;\n\n"
                + "public final class App {\n"
                + "  static String s = Names.listing(java.util.List.of());\n"
                + "}\n");

    assertThat(errors).hasSize(1);
    assertThat(errors.get(0)).contains("dev.agentkit.internal.text").contains("does not export it");
  }
}
