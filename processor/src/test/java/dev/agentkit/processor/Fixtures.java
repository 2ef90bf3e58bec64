package dev.agentkit.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** The test contract, snapshot files and compiler set-up shared by the processor tests. */
final class Fixtures {
  private Fixtures() {}

  /** The contract every test agent is written against. */
  static Contract taskboard() {
    return Contract.of(
        "taskboard",
        List.of(
            Op.builder("set_task_due_date")
                .description("Set a task's due date.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(Operand.of("due_date", OperandType.DATE).withDescription("The new date."))
                .build(),
            Op.builder("set_status")
                .description("Move a task to another status.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(Operand.enumOf("status", true, "todo", "doing", "done", "blocked"))
                .build(),
            Op.builder("archive_project")
                .description("Archive a project.")
                .objectType("project")
                .tier(Tier.IRREVERSIBLE)
                .operand(Operand.requiredString("project_id", "The project."))
                .build(),
            Op.builder("add_to_project")
                .description("Add a task to a project.")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(Operand.requiredString("project_id", "The project."))
                .build(),
            Op.builder("create_task")
                .description("Create a task.")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("title", "The title."))
                .operand(Operand.of("estimate", OperandType.NUMBER))
                .operand(Operand.of("labels", OperandType.STRING).withList(true))
                .operand(Operand.enumOf("priority", false, "low", "high", "class").withList(true))
                .build(),
            Op.builder("update_task")
                .description("Update a task's fields.")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(Operand.of("title", OperandType.STRING))
                .operand(Operand.of("estimate", OperandType.NUMBER))
                .build(),
            Op.builder("send_digest")
                .description("Email a digest to the team.")
                .tier(Tier.EXTERNAL_REVERSIBLE)
                .build()));
  }

  /** Snapshot files in a directory, and failures to inject when one is read. */
  static final class Snapshots {
    final Path dir;
    final Map<Path, Throwable> failures = new HashMap<>();

    Snapshots(Path dir) {
      this.dir = dir;
    }

    /** Writes the contract's snapshot, in the canonical format, to {@code <name>.json}. */
    Snapshots put(Contract contract) throws IOException {
      return putText(contract.name(), ContractSnapshot.write(contract));
    }

    /** Writes {@code <name>.json} with the given text. */
    Snapshots putText(String name, String text) throws IOException {
      Files.writeString(dir.resolve(name + ".json"), text);
      return this;
    }

    /** A snapshot whose reading throws {@code failure} (an Error, to test the processor's net). */
    Snapshots putFailure(String name, Throwable failure) throws IOException {
      Path file = dir.resolve(name + ".json");
      Files.writeString(file, "{}");
      failures.put(file, failure);
      return this;
    }

    /** Reads snapshots with the real codec, except those given a failure. */
    SnapshotCache.Loader loader() {
      return file -> {
        Throwable t = failures.get(file);
        if (t instanceof Error e) {
          throw e;
        }
        if (t instanceof RuntimeException e) {
          throw e;
        }
        return ContractSnapshot.read(file);
      };
    }

    Compilation compile(JavaFileObject... sources) {
      return compile(List.of(), sources);
    }

    /** Compiles with the snapshot directory, {@code -Xlint:all} and {@code more} options. */
    Compilation compile(List<String> more, JavaFileObject... sources) {
      List<String> options = new ArrayList<>();
      options.add("-Aagentkit.snapshotDir=" + dir.toAbsolutePath());
      options.add("-Xlint:all,-processing");
      options.addAll(more);
      return javac()
          .withProcessors(new AgentKitProcessor(loader()))
          .withOptions(options)
          .compile(sources);
    }
  }

  /**
   * Every error of a compilation as {@code <file>:<line>: <message>}, in order; {@code -} for an
   * error with no file.
   */
  static List<String> errorsByFile(Compilation c) {
    List<String> out = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      String file = d.getSource() == null ? "-" : d.getSource().getName();
      out.add(
          file.substring(file.lastIndexOf('/') + 1)
              + ":"
              + d.getLineNumber()
              + ": "
              + d.getMessage(Locale.ROOT));
    }
    return out;
  }

  /** Deletes {@code dir} and everything under it. */
  static void deleteTree(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** A source file {@code test/<name>.java}. */
  static JavaFileObject source(String name, String text) {
    return JavaFileObjects.forSourceString("test." + name, text);
  }

  /** The 1-based line of the first line of {@code text} containing {@code marker}. */
  static long lineOf(String text, String marker) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].contains(marker)) {
        return i + 1;
      }
    }
    throw new AssertionError("marker not found: " + marker);
  }

  /** The state type the test agents use. */
  static final String BOARD =
"""
      package test;

      import java.util.ArrayList;
import java.util.HashMap;
      import java.util.Map;

      public final class Board {
        public final Map<String, String> values = new HashMap<>();

        public String get(String key) {
          return values.getOrDefault(key, "");
        }
      }
      """;

  static JavaFileObject board() {
    return source("Board", BOARD);
  }

  /** An agent source with the usual imports and the given class body. */
  static String agent(String annotations, String body) {
    return """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.contract.Tier;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Ask;
        import dev.agentkit.annotation.AssertedTier;
        import dev.agentkit.annotation.LocalAct;
        import dev.agentkit.annotation.Run;

        @Agent(contract = "taskboard", state = Board.class)
        """
        + annotations
        + "\nfinal class TriageAgent {\n"
        + body
        + "\n}\n";
  }
}
