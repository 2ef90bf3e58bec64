package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.agentkit.processor.Fixtures.agent;
import static dev.agentkit.processor.Fixtures.board;
import static dev.agentkit.processor.Fixtures.lineOf;
import static dev.agentkit.processor.Fixtures.source;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.ContractSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per message: the text and the line it is reported on. */
class ErrorMessagesTest {
  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(Fixtures.taskboard());
  }

  private Compilation expectError(String text, String marker, String... fragments) {
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c).failed();
    for (String f : fragments) {
      assertThat(c).hadErrorContaining(f).inFile(agent).onLine(lineOf(text, marker));
    }
    return c;
  }

  /** As {@link #expectError}, and that error is the compilation's only one. */
  private void expectOnlyError(String text, String marker, String... fragments) {
    assertThat(expectError(text, marker, fragments)).hadErrorCount(1);
  }

  @Test
  void unknownOpcode() {
    String text =
        agent("@Act(opcode = \"set_task_due_dat\", category = ChangeCategory.MERGE) // here", "");
    expectError(
        text,
        "// here",
        "[UnknownOpcode] set_task_due_dat: the backend does not declare this opcode",
        "the backend declares: add_to_project, archive_project, create_task, send_digest,"
            + " set_status, set_task_due_date, update_task",
        "did you mean \"set_task_due_date\"?",
        "(agent TriageAgent, contract taskboard)");
  }

  @Test
  void unknownOpcodeInALargeContractListsTheCountAndTheTenNearest() throws IOException {
    // As many ops as GitHub's REST API has operations: the line names ten, not 1,223.
    java.util.List<dev.agentkit.contract.Op> ops = new java.util.ArrayList<>();
    for (int i = 0; i < 1_223; i++) {
      ops.add(
          dev.agentkit.contract.Op.builder(String.format("op%04d", i))
              .description("An op.")
              .tier(dev.agentkit.contract.Tier.REVERSIBLE)
              .build());
    }
    snapshots.put(dev.agentkit.contract.Contract.of("taskboard", ops));
    String text = agent("@Act(opcode = \"op0x12\", category = ChangeCategory.MERGE) // here", "");
    expectOnlyError(
        text,
        "// here",
        "[UnknownOpcode] op0x12: the backend does not declare this opcode, so every program that"
            + " emits it would be rejected at verify; the backend declares: 1,223 in all (the 10"
            + " nearest: op0012, op0112, op0212, op0312, op0412, op0512, op0612, op0712, op0812,"
            + " op0912); did you mean \"op0012\"? (agent TriageAgent, contract taskboard)");
  }

  @Test
  void unknownInput() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_task_due_date", category = ChangeCategory.SCALAR_SET,
                  input = "due_dat") // here
              String due(Board b, Call a) { return ""; }
            """);
    expectError(
        text,
        "// here",
        "[UnknownInput] set_task_due_date: input \"due_dat\" names no operand of this op;"
            + " operands: due_date, task_id; did you mean \"due_date\"?");
  }

  @Test
  void unknownStructured() {
    String text =
        agent(
            """
            @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS,
                structured = {"title",
                    "lables"}) // here
            """,
            "");
    expectError(
        text,
        "// here",
        "[UnknownStructured] create_task: structured operand \"lables\" names no operand",
        "did you mean \"labels\"?");
  }

  @Test
  void structuredNotString() {
    String text =
        agent(
            """
            @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS,
                structured = {"title",
                    "estimate"}) // here
            """,
            "");
    expectOnlyError(
        text,
        "// here",
        "[StructuredNotString] create_task: structured operand \"estimate\" has type number, but"
            + " structured is for a string operand whose text is JSON: the model would be offered"
            + " a string of JSON in place of a number, and a plain value would be refused as not"
            + " valid JSON; remove \"estimate\" from structured, since its type already says how"
            + " its value is written (agent TriageAgent, contract taskboard)");
  }

  @Test
  void structuredEnumNamesItsValues() {
    String text =
        agent(
            """
            @Act(opcode = "set_status", category = ChangeCategory.MERGE,
                structured = "status") // here
            """,
            "");
    expectOnlyError(
        text,
        "// here",
        "[StructuredNotString] set_status: structured operand \"status\" has type enum, but"
            + " structured is for a string operand whose text is JSON: the model would be offered"
            + " a string of JSON in place of one of its values (blocked, doing, done, todo), and a"
            + " plain value would be refused as not valid JSON");
  }

  @Test
  void terminalStateNotInEnum() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_status", category = ChangeCategory.TERMINAL, input = "status",
                  terminalStates = {"done",
                      "dnoe"}) // here
              String status(Board b, Call a) { return ""; }
            """);
    expectError(
        text,
        "// here",
        "[TerminalStateNotInEnum] set_status: terminal state \"dnoe\" is not a value of input"
            + " status",
        "values: blocked, doing, done, todo");
  }

  @Test
  void unexpectedTerminalStates() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_status", category = ChangeCategory.SCALAR_SET, input = "status",
                  terminalStates = {"done"}) // here
              String status(Board b, Call a) { return ""; }
            """);
    expectOnlyError(
        text,
        "// here",
        "[UnexpectedTerminalStates] set_status: terminalStates are given, but category scalar_set"
            + " never reads them (only terminal does), so they would be silently ignored; remove"
            + " terminalStates, or use category terminal if the act changes nothing once the"
            + " state is one of them (agent TriageAgent, contract taskboard)");
  }

  @Test
  void terminalStatesUncheckedIsAWarning() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "archive_project", category = ChangeCategory.TERMINAL,
                  input = "project_id",
                  terminalStates = "archived") // here
              String state(Board b, Call a) { return ""; }
              @Ask("archive_project") String ask(Call a) { return "Archive?"; }
            """);
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(
            "[TerminalStatesUnchecked] archive_project: input \"project_id\" has type string, not"
                + " enum, so the terminal states (archived) cannot be checked against the values"
                + " the backend allows: a misspelled state would never match the current state,"
                + " and the act would never be recognised as done; check their spelling against"
                + " the states the backend uses, or name the enum operand that holds the state as"
                + " the input (agent TriageAgent, contract taskboard)")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void tierMismatch() {
    String text =
        agent(
            """
            @Act(opcode = "archive_project", category = ChangeCategory.MERGE,
                assertTier = AssertedTier.REVERSIBLE) // here
            """,
            "  @Ask(\"archive_project\") String ask(Call a) { return \"?\"; }");
    expectError(
        text,
        "// here",
        "[TierMismatch] archive_project: the agent asserts tier reversible but the backend says"
            + " irreversible");
  }

  @Test
  void withheldWithoutAsk() {
    String text =
        agent("@Act(opcode = \"archive_project\", category = ChangeCategory.MERGE) // here", "");
    expectError(
        text,
        "// here",
        "[WithheldWithoutAsk] archive_project: tier irreversible is always withheld");
  }

  @Test
  void withheldWithRun() {
    String text =
        agent(
            "@Act(opcode = \"send_digest\", category = ChangeCategory.MERGE)",
            """
              @Ask("send_digest") String ask(Call a) { return "Send?"; }
              @Run("send_digest") // here
              void send(Board b, Call a) {}
            """);
    expectError(
        text,
        "// here",
        "[WithheldWithRun] send_digest: has a run handler, but tier external_reversible can never"
            + " run live");
  }

  @Test
  void readerWithWrongReturnType() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_task_due_date", category = ChangeCategory.SCALAR_SET, // here
                  input = "due_date")
              int due(Board b, Call a) { return 0; }
            """);
    expectError(
        text,
        "// here",
        "[ReaderSignature] set_task_due_date: the state reader due must be `String due(Board"
            + " state, Call call) [throws Exception]` (or take TriageAgent_Wiring.SetTaskDueDate"
            + " in place of Call), but it returns int; it must return String");
  }

  @Test
  void readerWithWrongStateType() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_task_due_date", category = ChangeCategory.SCALAR_SET, // here
                  input = "due_date")
              String due(String b, Call a) { return ""; }
            """);
    expectError(
        text,
        "// here",
        "its first parameter is java.lang.String, not the agent's state type Board");
  }

  @Test
  void readerTakingAnotherOpsView() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_task_due_date", category = ChangeCategory.SCALAR_SET, // here
                  input = "due_date")
              String due(Board b, TriageAgent_Wiring.SetStatus a) { return ""; }
            """);
    expectError(
        text,
        "// here",
        "its second parameter is TriageAgent_Wiring.SetStatus, not Call or the op's view"
            + " TriageAgent_Wiring.SetTaskDueDate");
  }

  @Test
  void duplicateAsk() {
    String text =
        agent(
            "@Act(opcode = \"send_digest\", category = ChangeCategory.MERGE)",
            """
              @Ask("send_digest") String one(Call a) { return "?"; }
              @Ask("send_digest") // here
              String two(Call a) { return "?"; }
            """);
    expectError(text, "// here", "[DuplicateAsk] send_digest: @Ask is on both one and two");
  }

  @Test
  void fieldReaderWithoutFieldName() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "update_task", category = ChangeCategory.MULTI_FIELD) // here
              String field(Board b, Call a) { return ""; }
            """);
    expectError(
        text,
        "// here",
        "[ReaderSignature] update_task: the field reader field must be `String field(Board state,"
            + " Call call, String field) [throws Exception]`",
        "it takes 2 parameters");
  }

  @Test
  void privateReader() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "set_task_due_date", category = ChangeCategory.SCALAR_SET, // here
                  input = "due_date")
              private String due(Board b, Call a) { return ""; }
            """);
    expectError(text, "// here", "it is private, so the generated wiring cannot call it");
  }

  @Test
  void missingReader() {
    String text =
        agent(
            "@Act(opcode = \"set_task_due_date\", category = ChangeCategory.SCALAR_SET, input ="
                + " \"due_date\") // here",
            "");
    expectError(
        text,
        "// here",
        "[MissingReader] set_task_due_date: category scalar_set compares against the current"
            + " state, so it needs a state reader");
  }

  @Test
  void unexpectedReader() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS) // here
              String nothing(Board b, Call a) { return ""; }
            """);
    expectError(
        text,
        "// here",
        "[UnexpectedReader] create_task: has a state reader, but category always_mints reads no"
            + " state");
  }

  @Test
  void duplicateOpcode() {
    String text =
        agent(
            """
            @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
            @Act(category = ChangeCategory.MERGE,
                opcode = "create_task") // here
            """,
            "");
    expectError(text, "// here", "[DuplicateOpcode] create_task: declared 2 times");
  }

  @Test
  void problemInARepeatedActPointsAtItsValue() {
    // javac keeps repeated annotations in a container it cannot locate; the source tree can.
    String text =
        agent(
            """
            @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
            @Act(opcode = "update_task", category = ChangeCategory.MERGE,
                structured = {"title",
                    "titel"}) // here
            @LocalAct(opcode = "a", description = "A.", tier = Tier.REVERSIBLE,
                category = ChangeCategory.MERGE)
            @LocalAct(opcode = "b", description = "B.", tier = Tier.IRREVERSIBLE,
                category = ChangeCategory.MERGE) // there
            """,
            "");
    expectError(text, "// here", "[UnknownStructured] update_task: structured operand \"titel\"");
    expectError(text, "@LocalAct(opcode = \"b\"", "[WithheldWithoutAsk] b: tier irreversible");
  }

  @Test
  void runWithoutAct() {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Run("create_tsk") // here
              void create(Board b, Call a) {}
            """);
    expectError(
        text,
        "// here",
        "[RunWithoutAct] @Run(\"create_tsk\") on create names an opcode this agent declares no"
            + " @Act or @LocalAct for; declared: create_task; did you mean \"create_task\"?");
  }

  @Test
  void handlersWithoutActStillGetTheirViewsSoTheOnlyErrorsAreTheirs() {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Run("archive_project") // here
              void archive(Board b, TriageAgent_Wiring.ArchiveProject a) {}
              @Ask("send_digest") // ask
              String ask(TriageAgent_Wiring.SendDigest a) { return "?"; }
            """);
    Compilation c =
        expectError(
            text,
            "// here",
            "[RunWithoutAct] @Run(\"archive_project\") on archive names an opcode this agent"
                + " declares no @Act or @LocalAct for; declared: create_task");
    expectError(text, "// ask", "[AskWithoutAct] @Ask(\"send_digest\") on ask");
    assertThat(c).hadErrorCount(2);
  }

  @Test
  void askWithoutAct() {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Ask("archive_project") // here
              String ask(Call a) { return "?"; }
            """);
    expectError(text, "// here", "[AskWithoutAct] @Ask(\"archive_project\") on ask");
  }

  @Test
  void duplicateRun() {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Run("create_task") void one(Board b, Call a) {}
              @Run("create_task") // here
              void two(Board b, Call a) {}
            """);
    expectError(text, "// here", "[DuplicateRun] create_task: @Run is on both one and two");
  }

  @Test
  void runSignature() {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Run("create_task") // here
              String create(Board b, Call a) throws Throwable { return ""; }
            """);
    expectOnlyError(
        text,
        "// here",
        "[RunSignature] create_task: the run handler create must be `String create(Board state,"
            + " Call call) [throws Exception]` (or take TriageAgent_Wiring.CreateTask in place of"
            + " Call), but it throws java.lang.Throwable; it may throw Exception and its"
            + " subclasses only");
  }

  @Test
  void runSignatureAndUnsupportedResultAreBothReported() {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Run("create_task") // signature
              int create(Board b) { return 0; } // result
            """);
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c)
        .hadErrorContaining(
            "[RunSignature] create_task: the run handler create must be `void create(Board"
                + " state, Call call) [throws Exception]`")
        .inFile(agent)
        .onLine(lineOf(text, "// signature"));
    assertThat(c)
        .hadErrorContaining(
            "[UnsupportedRunResult] create_task: the run handler create returns int")
        .inFile(agent)
        .onLine(lineOf(text, "// result"));
    assertThat(c).hadErrorCount(2);
  }

  /** The sentence every {@code [UnsupportedRunResult]} ends with. */
  private static final String RESULT_FIX =
      "; return nothing, a String, or a record whose components are String, primitives and their"
          + " boxes, BigDecimal, BigInteger, enums, LocalDate, OffsetDateTime, Instant, records of"
          + " these, or List, Set, Optional and Map<String, …> of them";

  private void expectUnsupportedResult(String returns, String body, String message) {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            "  @Run(\"create_task\")\n  "
                + returns
                + " create(Board b, Call call) { return null; } // here\n"
                + body);
    expectOnlyError(text, "// here", "[UnsupportedRunResult] create_task: " + message + RESULT_FIX);
  }

  @Test
  void runReturningAPrimitive() {
    String text =
        agent(
            "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Run("create_task")
              int create(Board b, Call call) { return 0; } // here
            """);
    expectOnlyError(
        text,
        "// here",
        "[UnsupportedRunResult] create_task: the run handler create returns int, which is"
            + " neither a String nor a record"
            + RESULT_FIX);
  }

  @Test
  void runReturningObject() {
    expectUnsupportedResult(
        "Object",
        "",
        "the run handler create returns java.lang.Object, which is neither a String nor a record");
  }

  @Test
  void runReturningAMap() {
    expectUnsupportedResult(
        "java.util.Map<Integer, String>",
        "",
        "the run handler create returns java.util.Map<java.lang.Integer,java.lang.String>, which"
            + " is neither a String nor a record");
  }

  @Test
  void runReturningAPlainClass() {
    expectUnsupportedResult(
        "Made",
        "  static final class Made {}",
        "the run handler create returns test.TriageAgent.Made, which is neither a String nor a"
            + " record");
  }

  @Test
  void runReturningARecordWithAThread() {
    expectUnsupportedResult(
        "Made",
        "  record Made(String id, Thread worker) {}",
        "the run handler create returns test.TriageAgent.Made, a record whose component worker"
            + " is java.lang.Thread, which does not serialise to JSON");
  }

  @Test
  void runReturningARecordWithSeveralBadComponentsNamesEach() {
    expectUnsupportedResult(
        "Made",
        """
          record Made(String id, java.util.Map<Integer, String> counts, Inner inner) {}
          record Inner(java.util.List<Object> things, java.util.Optional<Made> again) {}
        """,
        "the run handler create returns test.TriageAgent.Made, a record whose component counts"
            + " is java.util.Map<java.lang.Integer,java.lang.String>, a map whose keys are not"
            + " String, and whose component inner.things is java.util.List<java.lang.Object>,"
            + " holding java.lang.Object, which does not serialise to JSON");
  }

  @Test
  void runReturningAPrivateRecord() {
    expectUnsupportedResult(
        "Secret",
        "  private record Secret(String id) {}",
        "the run handler create returns test.TriageAgent.Secret, a record the generated wiring"
            + " cannot name: Secret is private");
  }

  @Test
  void runReturningAGenericRecord() {
    expectUnsupportedResult(
        "Page<String>",
        "  record Page<T>(java.util.List<T> items) {}",
        "the run handler create returns test.TriageAgent.Page<java.lang.String>, a record with"
            + " type parameters, which a typed result cannot be checked against");
  }

  @Test
  void askSignature() {
    String text =
        agent(
            "@Act(opcode = \"send_digest\", category = ChangeCategory.MERGE)",
            """
              @Ask("send_digest") // here
              String ask(Board b, Call a) throws Exception { return ""; }
            """);
    expectError(
        text,
        "// here",
        "[AskSignature] send_digest: the ask wording ask must be `String ask(Call call)`",
        "it takes 2 parameters; it throws checked java.lang.Exception");
  }

  @Test
  void localActCheckedByTheSameRules() {
    String text =
        agent(
            """
            @LocalAct(opcode = "note", description = " ", tier = Tier.REVERSIBLE, // here
                category = ChangeCategory.SCALAR_SET)
            """,
            "");
    expectError(text, "// here", "[BlankDescription] note: the description is blank");
    expectError(
        text, "@LocalAct(", "[MissingInput] note: category scalar_set compares the proposed value");
    expectError(text, "category = ChangeCategory.SCALAR_SET", "[MissingReader] note");
  }

  @Test
  void localActEnumWithoutValues() {
    String text =
        agent(
            """
            @LocalAct(opcode = "note", description = "Leave a note.", tier = Tier.REVERSIBLE,
                category = ChangeCategory.ALWAYS_MINTS,
                operands = {@LocalAct.Operand(name = "text"),
                    @LocalAct.Operand(name = "mood", type = dev.agentkit.contract.OperandType.ENUM)}) // here
            """,
            "");
    expectError(text, "// here", "[EnumWithoutValues] note.mood: type enum with no values");
  }

  @Test
  void localOpcodeClash() {
    String text =
        agent(
            """
            @LocalAct(opcode = "create_task", // here
                description = "Mine.", tier = Tier.REVERSIBLE,
                category = ChangeCategory.ALWAYS_MINTS)
            """,
            "");
    expectError(
        text,
        "// here",
        "[LocalOpcodeClash] create_task: a local act uses an opcode the backend also declares");
  }

  @Test
  void privateAgentClass() {
    String text =
        """
        package test;

        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;

        class Outer {
          @Agent(contract = "taskboard", state = Board.class) // here
          @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
          private static final class TriageAgent {}
        }
        """;
    JavaFileObject agent = source("Outer", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c)
        .hadErrorContaining(
            "[Inaccessible] agent TriageAgent: the class is private, so the generated"
                + " Outer_TriageAgent_Wiring in the same package cannot use it")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
    assertThat(c).hadErrorCount(1); // the wiring's types are written, and compile, all the same
  }

  @Test
  void innerAgentClass() {
    String text =
        """
        package test;

        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;

        class Outer {
          @Agent(contract = "taskboard", state = Board.class) // here
          @Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
          final class TriageAgent {}
        }
        """;
    JavaFileObject agent = source("Outer", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c)
        .hadErrorContaining("the class is an inner (non-static) class")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void genericStateType() {
    String text =
        agent("", "").replace("state = Board.class", "state = java.util.List.class /* here */");
    expectOnlyError(
        text,
        "/* here */",
        "[UnsupportedType] agent TriageAgent: state type List has type parameters");
  }

  @Test
  void misplacedAnnotation() {
    String text =
        """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.annotation.Run;

        final class NotAnAgent {
          @Run("create_task") // here
          void create(Board b, Call a) {}
        }
        """;
    JavaFileObject source = source("NotAnAgent", text);
    Compilation c = snapshots.compile(source, board());
    assertThat(c)
        .hadErrorContaining(
            "[MisplacedAnnotation] @Run on create has no effect: NotAnAgent is not an @Agent class")
        .inFile(source)
        .onLine(lineOf(text, "// here"));
  }

  @Test
  void missingSnapshot() {
    String text =
        agent("", "").replace("contract = \"taskboard\"", "contract = \"nosuch\" /* here */");
    expectError(
        text,
        "/* here */",
        "[SnapshotMissing] agent TriageAgent: no snapshot of contract nosuch at "
            + dir.resolve("nosuch.json"),
        "fetch it from the backend with `mvn agentkit:snapshot`");
  }

  @Test
  void malformedSnapshot() throws IOException {
    String json =
        ContractSnapshot.write(Fixtures.taskboard())
            .replace("\"tier\": \"irreversible\"", "\"tier\": \" \"");
    snapshots.putText("taskboard", json);
    String text =
        agent("", "").replace("contract = \"taskboard\"", "contract = \"taskboard\" /* here */");
    expectError(
        text,
        "/* here */",
        "[SnapshotMalformed] agent TriageAgent: the snapshot "
            + dir.resolve("taskboard.json")
            + " is not a valid contract at line "
            + lineOf(json, "\"tier\": \" \"")
            + ", column ",
        "($.ops[1].tier): the tier is blank",
        "regenerate it with `mvn agentkit:snapshot`");
  }

  @Test
  void snapshotOfAnotherContract() throws IOException {
    snapshots.putText(
        "taskboard",
        ContractSnapshot.write(
            dev.agentkit.contract.Contract.of("other", Fixtures.taskboard().ops())));
    String text =
        agent("", "").replace("contract = \"taskboard\"", "contract = \"taskboard\" /* here */");
    expectError(
        text,
        "/* here */",
        "[SnapshotMalformed] agent TriageAgent: the snapshot "
            + dir.resolve("taskboard.json")
            + " is of contract other, not taskboard");
  }

  @Test
  void badContractName() {
    String text =
        agent("", "").replace("contract = \"taskboard\"", "contract = \"Task Board\" /* here */");
    expectError(text, "/* here */", "[ContractName] agent TriageAgent: ", "capital");
  }

  @Test
  void missingSnapshotDirOption() {
    String text = agent("", "");
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c =
        com.google.testing.compile.Compiler.javac()
            .withProcessors(new AgentKitProcessor(snapshots.loader()))
            .compile(agent, board());
    assertThat(c)
        .hadErrorContaining("[SnapshotDirOption] the option -Aagentkit.snapshotDir is not set")
        .inFile(agent)
        .onLine(lineOf(text, "@Agent("));
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void relativeSnapshotDirOption() {
    String text = agent("", "");
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c =
        com.google.testing.compile.Compiler.javac()
            .withProcessors(new AgentKitProcessor(snapshots.loader()))
            .withOptions("-Aagentkit.snapshotDir=contract-snapshots")
            .compile(agent, board());
    assertThat(c)
        .hadErrorContaining(
            "[SnapshotDirOption] the option -Aagentkit.snapshotDir=contract-snapshots is a"
                + " relative path")
        .inFile(agent)
        .onLine(lineOf(text, "@Agent("));
  }

  @Test
  void everyProblemReportedInOneCompile() {
    String text =
        agent(
            """
            @Act(opcode = "nope", category = ChangeCategory.MERGE)
            @Act(opcode = "archive_project", category = ChangeCategory.MERGE)
            """,
            """
              @Run("other") void run(Board b, Call a) {}
              @Act(opcode = "set_status", category = ChangeCategory.SCALAR_SET, input = "stat")
              String status(Board b, Call a) { return ""; }
            """);
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(c).hadErrorContaining("[UnknownOpcode] nope");
    assertThat(c).hadErrorContaining("[WithheldWithoutAsk] archive_project");
    assertThat(c).hadErrorContaining("[RunWithoutAct]");
    assertThat(c).hadErrorContaining("[UnknownInput] set_status");
    assertThat(c).hadErrorCount(4);
  }

  @Test
  void processorFailureIsAnErrorNotACrash() throws IOException {
    snapshots.putFailure("crash", new AssertionError("boom"));
    String text = agent("", "").replace("contract = \"taskboard\"", "contract = \"crash\"");
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c)
        .hadErrorContaining(
            "[ProcessorFailure] the agentkit processor failed on agent test.TriageAgent"
                + " (java.lang.AssertionError: boom)")
        .inFile(agent)
        .onLine(lineOf(text, "final class TriageAgent"));
  }
}
