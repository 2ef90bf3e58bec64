package dev.agentkit.processor;

import static com.google.testing.compile.Compiler.javac;
import static dev.agentkit.processor.Fixtures.lineOf;
import static dev.agentkit.processor.Fixtures.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;
import net.jqwik.api.statistics.Statistics;

/**
 * Generated nestings of classes, enums, records, interfaces and annotation types, with random
 * access and {@code static} modifiers, judged against javac itself: a probe class in the agent's
 * package, compiled without the processor, says whether the wiring could name the state type, and
 * whether each class around the agent is inner. The processor must report exactly what the probe
 * finds, once, on the {@code @Agent} line, and javac nothing more.
 */
class AccessibilityPropertyTest {
  /** The kinds of class, as each opens its body. */
  enum Kind {
    CLASS("class %s {"),
    RECORD("record %s() {"),
    ENUM("enum %s { ONE;"),
    INTERFACE("interface %s {"),
    ANNOTATION("@interface %s {");

    final String opens;

    Kind(String opens) {
      this.opens = opens;
    }

    /** Whether its members may be private or protected (not an interface's). */
    boolean restrictsMembers() {
      return this != INTERFACE && this != ANNOTATION;
    }

    /** Whether {@code new X()} creates one (javac then says whether it needs an outer instance). */
    boolean instantiable() {
      return this == CLASS || this == RECORD;
    }
  }

  /** One class of the nesting: its kind, access modifier and whether it is declared static. */
  record Level(Kind kind, String access, boolean isStatic) {
    /** The declaration's opening, as a member of {@code parent} (null for the top level). */
    String open(String name, Kind parent) {
      String mods = "";
      if (parent != null) {
        boolean hidden = access.equals("private") || access.equals("protected");
        mods = (hidden && !parent.restrictsMembers() ? "" : access + " ").stripLeading();
        mods += isStatic && kind == Kind.CLASS ? "static " : ""; // the others are implicitly
      }
      return mods + kind.opens.formatted(name);
    }
  }

  private Path dir;

  @BeforeTry
  void directory() throws IOException {
    dir = Files.createTempDirectory("accessibility");
  }

  @AfterTry
  void removeDirectory() throws IOException {
    Fixtures.deleteTree(dir);
  }

  @Provide
  Arbitrary<Level> level() {
    return Combinators.combine(
            Arbitraries.of(Kind.class),
            Arbitraries.of("private", "protected", "", "public"),
            Arbitraries.of(true, false))
        .as(Level::new);
  }

  @Provide
  Arbitrary<List<Level>> levels() {
    return level().list().ofMinSize(1).ofMaxSize(3);
  }

  private static final String IMPORTS =
      """
      package test;

      import dev.agentkit.contract.ChangeCategory;
      import dev.agentkit.annotation.Act;
      import dev.agentkit.annotation.Agent;

      """;

  private static final String ACT =
      "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)\n";

  /**
   * The names of a nesting under {@code Outer}: {@code L1}, {@code L2}, …, the last {@code last}.
   */
  private static List<String> names(int count, String last) {
    List<String> names = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      names.add("L" + i);
    }
    names.add(last);
    return names;
  }

  /**
   * {@code levels} nested in one another, under {@code parent}; {@code beforeLast} opens the last.
   */
  private static String nest(
      List<Level> levels, List<String> names, Kind parent, String beforeLast) {
    StringBuilder open = new StringBuilder();
    StringBuilder close = new StringBuilder();
    Kind p = parent;
    for (int i = 0; i < levels.size(); i++) {
      open.append(i == levels.size() - 1 ? beforeLast : "");
      open.append(levels.get(i).open(names.get(i), p)).append('\n');
      close.append("}\n");
      p = levels.get(i).kind();
    }
    return open.toString() + close;
  }

  @Property(tries = 15)
  void aStateTypeIsReportedExactlyWhenJavacCannotNameItFromThePackage(
      @ForAll("level") Level outer, @ForAll("levels") List<Level> state) throws IOException {
    // A coverage check on "hidden" here failed whenever 15 tries drew none (about one run in a
    // hundred); aPrivateStateClassInAClassIsReported checks one on every run instead.
    Statistics.collect(reportsStateTypeExactly(outer, state) ? "nameable" : "hidden");
  }

  /** A private class in a class, which javac cannot name from the package. */
  @Example
  void aPrivateStateClassInAClassIsReported() throws IOException {
    Level outer = new Level(Kind.CLASS, "", false);
    assertThat(reportsStateTypeExactly(outer, List.of(new Level(Kind.CLASS, "private", true))))
        .as("nameable")
        .isFalse();
  }

  /**
   * Asserts that the processor reports the state type exactly when javac cannot name it from the
   * agent's package; returns whether javac can.
   */
  private boolean reportsStateTypeExactly(Level outer, List<Level> state) throws IOException {
    List<String> names = names(state.size(), "State");
    String path = "Outer." + String.join(".", names);
    String text =
        IMPORTS
            + outer.open("Outer", null)
            + "\n@Agent(contract = \"taskboard\", state = "
            + path
            + ".class) // agent\n"
            + ACT
            + "static final class TriageAgent {}\n"
            + nest(state, names, outer.kind(), "")
            + "}\n";
    String probe = "package test;\nfinal class Probe {\n  java.util.List<" + path + "> p;\n}\n";
    Compilation probed = javac().compile(source("Outer", text), source("Probe", probe));
    for (Diagnostic<? extends JavaFileObject> d : probed.errors()) {
      assertThat(d.getSource().getName()).as(text + d).endsWith("Probe.java");
    }
    boolean nameable = probed.errors().isEmpty();

    List<String> errors =
        errors(
            new Fixtures.Snapshots(dir).put(Fixtures.taskboard()).compile(source("Outer", text)));
    String prefix = "[InaccessibleType] agent TriageAgent: the state type test." + path + " ";
    assertThat(errors)
        .as(text)
        .containsExactlyElementsOf(
            nameable ? List.of() : List.of(lineOf(text, "// agent") + ": " + prefix));
    return nameable;
  }

  @Property(tries = 15)
  void anAgentIsInnerExactlyWhenJavacNeedsAnOuterInstanceForItOrAClassAroundIt(
      @ForAll("level") Level outer,
      @ForAll("levels") List<Level> around,
      @ForAll boolean agentStatic)
      throws IOException {
    // A coverage check on "inner" here failed whenever 15 tries drew none (about one run in 200);
    // the two examples below check an inner agent and an inner class around one on every run.
    Statistics.collect(
        reportsInnerExactly(outer, around, agentStatic) == null ? "static" : "inner");
  }

  @Example
  void aNonStaticAgentInAClassIsInner() throws IOException {
    Level outer = new Level(Kind.CLASS, "", false);
    assertThat(reportsInnerExactly(outer, List.of(outer), false)).isEqualTo("TriageAgent");
  }

  @Example
  void aStaticAgentInANonStaticClassInAClassHasAnInnerClassAroundIt() throws IOException {
    Level nonStatic = new Level(Kind.CLASS, "", false);
    assertThat(reportsInnerExactly(nonStatic, List.of(nonStatic, nonStatic), true)).isEqualTo("L1");
  }

  /**
   * Asserts that the processor reports the agent as inner exactly when javac needs an outer
   * instance for it or a class around it ({@code around}'s last level only stands for the agent);
   * returns the innermost such class, or null.
   */
  private String reportsInnerExactly(Level outer, List<Level> around, boolean agentStatic)
      throws IOException {
    List<Level> levels = new ArrayList<>(); // package-private: only static-ness is at stake
    for (Level l : around.subList(0, around.size() - 1)) {
      levels.add(new Level(l.kind(), "", l.isStatic()));
    }
    levels.add(new Level(Kind.CLASS, "", agentStatic));
    List<String> names = names(levels.size(), "TriageAgent");
    String agent =
        "@Agent(contract = \"taskboard\", state = Board.class) // agent\n" + ACT + "final ";
    String text =
        IMPORTS
            + outer.open("Outer", null)
            + "\n"
            + nest(levels, names, outer.kind(), agent)
            + "}\n";
    String inner = innermostInner(text, levels, names);

    List<String> errors =
        errors(
            new Fixtures.Snapshots(dir)
                .put(Fixtures.taskboard())
                .compile(source("Outer", text), Fixtures.board()));
    String what =
        inner == null
            ? null
            : inner.equals("TriageAgent")
                ? "the class is an inner"
                : "its enclosing class " + inner + " is an inner";
    assertThat(errors)
        .as(text)
        .containsExactlyElementsOf(
            what == null
                ? List.of()
                : List.of(
                    lineOf(text, "// agent") + ": [Inaccessible] agent TriageAgent: " + what));
    return inner;
  }

  /**
   * The innermost of the classes around (and including) the agent that javac says is inner, or
   * null: a probe creates each class that can be created ({@code new Outer.L1()}, …), one a line,
   * and javac says which need an enclosing instance. Enums, interfaces and annotation types are
   * never inner, and cannot be created.
   */
  private static String innermostInner(String text, List<Level> levels, List<String> names) {
    StringBuilder probe = new StringBuilder("package test;\nfinal class Probe {\n");
    for (int i = 0; i < levels.size(); i++) {
      String path = "Outer." + String.join(".", names.subList(0, i + 1));
      probe.append(
          levels.get(i).kind().instantiable()
              ? "  static Object p" + i + "() { return new " + path + "(); }\n"
              : "\n");
    }
    probe.append("}\n");
    Compilation probed =
        javac().compile(source("Outer", text), source("Probe", probe.toString()), Fixtures.board());
    int innermost = -1;
    for (Diagnostic<? extends JavaFileObject> d : probed.errors()) {
      assertThat(d.getMessage(Locale.ROOT)).as(text + probe).contains("enclosing instance");
      innermost = Math.max(innermost, (int) d.getLineNumber() - 3); // line 3 probes level 0
    }
    return innermost < 0 ? null : names.get(innermost);
  }

  /**
   * Every error as {@code <line>: <message>}, the message cut just after the state type's name or
   * after "is an inner": the tag, the agent and the class at fault (the rest is {@link
   * AccessibilityTest}'s to assert); any other error whole.
   */
  private static List<String> errors(Compilation c) {
    List<String> out = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      String m = d.getMessage(Locale.ROOT);
      out.add(d.getLineNumber() + ": " + cut(m));
    }
    return out;
  }

  private static String cut(String m) {
    for (String end : List.of("State ", " is an inner")) {
      int i = m.indexOf(end);
      if (i >= 0) {
        return m.substring(0, i + end.length());
      }
    }
    return m;
  }
}
