package dev.agentkit.processor;

import static dev.agentkit.processor.Fixtures.lineOf;
import static dev.agentkit.processor.Fixtures.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.internal.text.Names;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * Generated agents, each with a random set of problems in a random order, and each using the
 * wiring's views and enums in imports, signatures and fields: the compilation reports every problem
 * once, on its line, and no error of javac's own.
 */
class OneBuildPropertyTest {
  /**
   * A problem to plant: its source (at class level or in the body), and the tag it must be reported
   * with on the line of its marker. Each uses a typed view where javac would resolve it.
   */
  enum Planted {
    UNKNOWN_OPCODE(
        "@Act(opcode = \"create_tsk\", category = ChangeCategory.ALWAYS_MINTS)",
        "  static void tsk(TriageAgent_Wiring.CreateTsk v) {}",
        "[UnknownOpcode] create_tsk"),
    WITHHELD_WITHOUT_ASK(
        "@Act(opcode = \"archive_project\", category = ChangeCategory.MERGE)",
        "  static void archive(TriageAgent_Wiring.ArchiveProject v) {}",
        "[WithheldWithoutAsk] archive_project"),
    RUN_WITHOUT_ACT(
        "",
        "  @Run(\"add_to_project\") void add(Board b, TriageAgent_Wiring.AddToProject v) {}",
        "[RunWithoutAct] @Run(\"add_to_project\")"),
    READER_SIGNATURE(
        "",
        "  @Act(opcode = \"set_task_due_date\", category = ChangeCategory.SCALAR_SET, input ="
            + " \"due_date\") int due(Board b, TriageAgent_Wiring.SetTaskDueDate v) { return 0; }",
        "[ReaderSignature] set_task_due_date"),
    UNKNOWN_INPUT(
        "",
        "  @Act(opcode = \"update_task\", category = ChangeCategory.SCALAR_SET, input = \"titel\")"
            + " String title(Board b, UpdateTask v) { return v.title(); }",
        "[UnknownInput] update_task"),
    REMOVED_VALUE(
        "",
        "  static Object gone() { return TriageAgent_Wiring.SetStatus.Status.DONE; }",
        "[UnknownEnumConstant] set_status.status: Status has no constant DONE");

    final String onClass;
    final String inBody;
    final String tag;

    Planted(String onClass, String inBody, String tag) {
      this.onClass = onClass;
      this.inBody = inBody;
      this.tag = tag;
    }
  }

  /** Uses of the wiring's types that are right, whatever is planted next to them. */
  private static final String VALID =
      """
        private SetStatus.Status last = SetStatus.Status.TODO;
        static String status(Board b, TriageAgent_Wiring.SetStatus v) {
          return v.status() == SetStatus.Status.UNRECOGNISED ? "" : v.status().wireName();
        }
      """;

  private Path dir;

  @BeforeTry
  void directory() throws IOException {
    dir = Files.createTempDirectory("one-build");
  }

  @AfterTry
  void removeDirectory() throws IOException {
    Fixtures.deleteTree(dir);
  }

  @Provide
  Arbitrary<List<Planted>> planted() {
    return Arbitraries.of(Planted.class).list().uniqueElements().ofMaxSize(Planted.values().length);
  }

  @Property(tries = 20)
  void everyPlantedProblemIsReportedOnceOnItsLineAndNothingElse(
      @ForAll("planted") List<Planted> planted) throws IOException {
    Fixtures.Snapshots snapshots = new Fixtures.Snapshots(dir).put(withStatusValues("todo"));
    StringBuilder onClass = new StringBuilder();
    StringBuilder body = new StringBuilder(VALID);
    for (Planted p : planted) {
      String marker = " // planted " + p.name();
      if (p.onClass.isEmpty()) {
        body.append(p.inBody).append(marker).append('\n');
      } else {
        onClass.append(p.onClass).append(marker).append('\n');
        body.append(p.inBody).append('\n');
      }
    }
    onClass.append("@Act(opcode = \"set_status\", category = ChangeCategory.MERGE)\n");
    String text =
        Fixtures.agent(onClass.toString(), body.toString())
            .replace(
                "import dev.agentkit.annotation.Run;",
                "import dev.agentkit.annotation.Run;\n"
                    + "import test.TriageAgent_Wiring.SetStatus;\n"
                    + (planted.contains(Planted.UNKNOWN_INPUT)
                        ? "import test.TriageAgent_Wiring.UpdateTask;"
                        : ""));
    Compilation c = snapshots.compile(source("TriageAgent", text), Fixtures.board());

    List<String> expected = new ArrayList<>();
    for (Planted p : planted) {
      expected.add(lineOf(text, "// planted " + p.name()) + ": " + p.tag);
    }
    List<String> actual = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      String message = d.getMessage(Locale.ROOT);
      String tagged =
          planted.stream().map(p -> p.tag).filter(message::startsWith).findFirst().orElse(message);
      actual.add(d.getLineNumber() + ": " + tagged);
    }
    assertThat(actual).as(text).containsExactlyInAnyOrderElementsOf(expected);
  }

  /** The status values a contract change may drop, spelled so their constants are plain. */
  private static final List<String> VALUES =
      List.of("todo", "doing", "done", "blocked", "in_review", "wont_fix", "later", "archived");

  /** How a reference to an enum constant is written. */
  enum Form {
    CASE_LABEL,
    QUALIFIED,
    IMPORTED
  }

  record Reference(String value, Form form) {}

  @Provide
  Arbitrary<List<Reference>> references() {
    Arbitrary<Reference> one =
        Combinators.combine(Arbitraries.of(VALUES), Arbitraries.of(Form.class)).as(Reference::new);
    return one.list().ofMinSize(1).ofMaxSize(8).uniqueElements(Reference::value);
  }

  @Property(tries = 20)
  void eachUseOfAValueTheSnapshotDroppedIsReportedOnItsLine(
      @ForAll("references") List<Reference> references, @ForAll("kept") Set<String> kept)
      throws IOException {
    Fixtures.Snapshots snapshots =
        new Fixtures.Snapshots(dir).put(withStatusValues(kept.toArray(String[]::new)));
    StringBuilder cases = new StringBuilder();
    StringBuilder compares = new StringBuilder();
    for (Reference r : references) {
      String constant = JavaNames.constant(r.value());
      String marker = " // use " + r.value() + "\n";
      switch (r.form()) {
        case CASE_LABEL -> cases.append("      case ").append(constant).append(": n++; break;");
        case QUALIFIED ->
            compares
                .append("    if (v.status() == TriageAgent_Wiring.SetStatus.Status.")
                .append(constant)
                .append(") n++;");
        case IMPORTED ->
            compares.append("    if (v.status() == Status.").append(constant).append(") n++;");
      }
      (r.form() == Form.CASE_LABEL ? cases : compares).append(marker);
    }
    String body =
        "  static int uses(SetStatus v) {\n    int n = 0;\n    switch (v.status()) {\n"
            + cases
            + "      default: break;\n    }\n"
            + compares
            + "    return n;\n  }\n";
    String text =
        Fixtures.agent("@Act(opcode = \"set_status\", category = ChangeCategory.MERGE)", body)
            .replace(
                "import dev.agentkit.annotation.Run;",
                "import dev.agentkit.annotation.Run;\n"
                    + "import test.TriageAgent_Wiring.SetStatus;\n"
                    + "import test.TriageAgent_Wiring.SetStatus.Status;");
    Compilation c = snapshots.compile(source("TriageAgent", text), Fixtures.board());

    List<String> keptConstants = kept.stream().map(JavaNames::constant).toList();
    List<String> expected = new ArrayList<>();
    for (Reference r : references) {
      if (!kept.contains(r.value())) {
        String constant = JavaNames.constant(r.value());
        expected.add(
            lineOf(text, "// use " + r.value())
                + ": [UnknownEnumConstant] set_status.status: Status has no constant "
                + constant
                + ": the contract's values are "
                + Names.listing(Names.sorted(kept))
                + " (constants "
                + Names.listing(Names.sorted(keptConstants))
                + ", and UNRECOGNISED for any other); use one of them, or regenerate the snapshot"
                + " if the backend has this value"
                + Names.didYouMean(constant, keptConstants));
      }
    }
    List<String> actual = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      actual.add(d.getLineNumber() + ": " + d.getMessage(Locale.ROOT));
    }
    assertThat(actual).as(text).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Provide
  Arbitrary<Set<String>> kept() {
    return Arbitraries.of(VALUES)
        .set()
        .ofMinSize(1)
        .ofMaxSize(VALUES.size())
        .map(s -> (Set<String>) new TreeSet<>(s));
  }

  /** The fixture's contract with {@code set_status}'s status taking these values. */
  private static Contract withStatusValues(String... values) {
    List<Op> ops = new ArrayList<>(Fixtures.taskboard().ops());
    ops.replaceAll(
        op ->
            op.opcode().equals("set_status")
                ? op.toBuilder()
                    .operands(
                        List.of(
                            Operand.requiredString("task_id", "The task."),
                            Operand.enumOf("status", true, values)))
                    .build()
                : op);
    return Contract.of("taskboard", ops);
  }
}
