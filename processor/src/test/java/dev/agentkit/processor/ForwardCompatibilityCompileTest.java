package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.agentkit.processor.Fixtures.agent;
import static dev.agentkit.processor.Fixtures.board;
import static dev.agentkit.processor.Fixtures.lineOf;
import static dev.agentkit.processor.Fixtures.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.processor.GeneratedWiringTest.CompiledClassLoader;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot with a tier and a type this version does not know compiles with one warning each, and
 * its typed views read booleans, integers and opaque operands; only the uses the unknown value
 * makes unsafe are errors, each on its line and the only one.
 */
class ForwardCompatibilityCompileTest {
  @TempDir Path dir;
  Fixtures.Snapshots snapshots;

  static Contract future() {
    List<Op> ops = new ArrayList<>(Fixtures.taskboard().ops());
    ops.add(
        Op.builder("launch")
            .description("Launch the board.")
            .unknownTier("quantum")
            .operand(Operand.requiredString("board_id", "The board."))
            .build());
    ops.add(
        Op.builder("price")
            .description("Price a task.")
            .tier(Tier.REVERSIBLE)
            .operand(Operand.requiredString("task_id", "The task."))
            .operand(Operand.opaque("amount", "decimal128").withRequired(true))
            .operand(Operand.opaque("codes", "uuid").withList(true))
            .build());
    ops.add(
        Op.builder("count")
            .description("Count the tasks.")
            .tier(Tier.READ_ONLY)
            .operand(Operand.of("n", OperandType.INTEGER))
            .operand(Operand.of("ok", OperandType.BOOLEAN))
            .operand(Operand.of("ns", OperandType.INTEGER).withList(true))
            .operand(Operand.of("oks", OperandType.BOOLEAN).withList(true))
            .build());
    return Contract.of("taskboard", ops);
  }

  @BeforeEach
  void snapshot() throws IOException {
    snapshots = new Fixtures.Snapshots(dir).put(future());
  }

  static final String TIER_WARNING =
      "[UnknownTier] launch: tier \"quantum\" is not one this agentkit knows (external_reversible,"
          + " irreversible, read_only, reversible), so the op is treated as irreversible: always"
          + " proposed to a human, never run live; upgrade agentkit to use the tier as the backend"
          + " means it (contract taskboard)";

  static final String TYPE_WARNING =
      "[UnknownOperandType] price.amount: type \"decimal128\" is not one this agentkit knows"
          + " (boolean, date, enum, integer, number, string), so the operand is kept as opaque"
          + " text: verify checks only that a required value is given, and the typed view reads it"
          + " as a String; upgrade agentkit to check it by its type (contract taskboard)";

  static final String USES =
      """
      @Act(opcode = "launch", category = ChangeCategory.ALWAYS_MINTS)
      @Act(opcode = "count", category = ChangeCategory.ALWAYS_MINTS)
      """;

  static final String HANDLERS =
      """
        @Ask("launch") String askLaunch(Call call) { return "Launch?"; }
        @Act(opcode = "price", category = ChangeCategory.FILLS_SLOT, input = "amount")
        String price(Board b, Call call) { return ""; }
        @Ask("price") String askPrice(TriageAgent_Wiring.Price view) {
          String amount = view.amount();
          java.util.List<String> codes = view.codes();
          return amount + codes;
        }
        @Run("count") void count(Board b, TriageAgent_Wiring.Count view) {
          java.util.OptionalLong n = view.n();
          java.util.Optional<Boolean> ok = view.ok();
          java.util.List<Long> ns = view.ns();
          java.util.List<Boolean> oks = view.oks();
          b.values.put("count", n + " " + ok + " " + ns + " " + oks);
        }
      """;

  @Test
  void anUnknownTierAndTypeAreOneWarningEachAndTheAgentCompiles() {
    String text = agent(USES, HANDLERS);
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c).succeeded();
    long line = lineOf(text, "@Agent(");
    assertThat(c).hadWarningContaining(TIER_WARNING).inFile(agent).onLine(line);
    assertThat(c).hadWarningContaining(TYPE_WARNING).inFile(agent).onLine(line);
    assertThat(c).hadWarningCount(3);
    assertThat(c.warnings())
        .extracting(d -> d.getMessage(null))
        .filteredOn(m -> m.contains("UnknownOperandType"))
        .hasSize(2)
        .anySatisfy(m -> assertThat(m).contains("price.codes: type \"uuid\""));
  }

  @Test
  void theWarningsAreReportedOncePerContractNotPerAgent() {
    String text = agent(USES, HANDLERS);
    String second =
        """
        package test;

        import dev.agentkit.annotation.Agent;

        @Agent(contract = "taskboard", state = Board.class)
        final class OtherAgent {}
        """;
    Compilation c =
        snapshots.compile(source("TriageAgent", text), source("OtherAgent", second), board());
    assertThat(c).succeeded();
    assertThat(c.warnings().stream().filter(d -> d.getKind() == Diagnostic.Kind.WARNING))
        .hasSize(3);
  }

  @Test
  void assertingTheTierOfAnUnknownTierOpIsAnError() {
    String text =
        agent(
            """
            @Act(opcode = "launch", category = ChangeCategory.ALWAYS_MINTS,
                assertTier = AssertedTier.IRREVERSIBLE) // here
            """,
            "  @Ask(\"launch\") String ask(Call a) { return \"?\"; }");
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[AssertedUnknownTier] launch: the agent asserts tier irreversible, but the backend"
                + " serves tier \"quantum\", which this agentkit does not know, so the assertion"
                + " cannot be checked; remove it (the op is treated as irreversible meanwhile) or"
                + " upgrade agentkit (agent TriageAgent, contract taskboard)")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void aTypedCompareOnAnOpaqueInputIsAnError() {
    String text =
        agent(
            "",
            """
              @Act(opcode = "price", category = ChangeCategory.SCALAR_SET,
                  input = "amount") // here
              String current(Board b, Call call) { return ""; }
              @Ask("price") String ask(Call a) { return "?"; }
            """);
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[OpaqueInput] price: input \"amount\" has type \"decimal128\", which this agentkit"
                + " does not know, so category scalar_set cannot compare its values by type; use a"
                + " category that compares nothing (always_mints, merge, fills_slot), or upgrade"
                + " agentkit (agent TriageAgent, contract taskboard)")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
    assertThat(c).hadErrorCount(1);
  }

  /** The {@code [LocalOpcodeClash]} of a local act named {@code opcode}, ending at the agent. */
  private static String clash(String opcode) {
    return "[LocalOpcodeClash] "
        + opcode
        + ": a local act uses an opcode the backend also declares; the backend's contract would be"
        + " shadowed, so bind the backend op as a use or rename the local act (agent TriageAgent,"
        + " contract taskboard)";
  }

  @Test
  void anAssertedUnknownTierIsOnTheActNotOnALocalActOfTheSameOpcode() {
    String text =
        agent(
            """
            @LocalAct(opcode = "launch", description = "Mine.", tier = Tier.REVERSIBLE, // local
                category = ChangeCategory.ALWAYS_MINTS)
            @Act(opcode = "launch", category = ChangeCategory.ALWAYS_MINTS,
                assertTier = AssertedTier.IRREVERSIBLE) // here
            """,
            "  @Ask(\"launch\") String ask(Call a) { return \"?\"; }");
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c)
        .hadErrorContaining("[AssertedUnknownTier] launch: the agent asserts tier irreversible")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
    assertThat(c)
        .hadErrorContaining(clash("launch"))
        .inFile(agent)
        .onLine(lineOf(text, "// local"));
    assertThat(c).hadErrorCount(2);
  }

  @Test
  void anOpaqueInputIsOnTheActNotOnALocalActOfTheSameOpcode() {
    String text =
        agent(
            """
            @LocalAct(opcode = "price", description = "Mine.", tier = Tier.REVERSIBLE, // local
                category = ChangeCategory.ALWAYS_MINTS)
            """,
            """
              @Act(opcode = "price", category = ChangeCategory.SCALAR_SET,
                  input = "amount") // here
              String current(Board b, Call call) { return ""; }
              @Ask("price") String ask(Call a) { return "?"; }
            """);
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c)
        .hadErrorContaining("[OpaqueInput] price: input \"amount\" has type \"decimal128\"")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
    assertThat(c).hadErrorContaining(clash("price")).inFile(agent).onLine(lineOf(text, "// local"));
    assertThat(c).hadErrorCount(2);
  }

  @Test
  void aRunHandlerOnAnUnknownTierOpIsDeadCodeNamingTheTier() {
    String text =
        agent(
            "@Act(opcode = \"launch\", category = ChangeCategory.ALWAYS_MINTS)",
            """
              @Ask("launch") String ask(Call a) { return "?"; }
              @Run("launch") // here
              void launch(Board b, Call a) {}
            """);
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[WithheldWithRun] launch: has a run handler, but tier \"quantum\" (unknown to this"
                + " agentkit, so read as irreversible) can never run live")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
    assertThat(c).hadErrorCount(1);
  }

  @Test
  @SuppressWarnings("unchecked")
  void theCompiledContractKeepsTheNamesAndTheViewsReadTheTypes() throws Exception {
    Compilation c = snapshots.compile(source("TriageAgent", agent(USES, HANDLERS)), board());
    assertThat(c).succeeded();
    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> agentType = loader.loadClass("test.TriageAgent");
    Class<?> wiring = loader.loadClass("test.TriageAgent_Wiring");
    Constructor<?> make = agentType.getDeclaredConstructor();
    make.setAccessible(true);
    Object agent = make.newInstance();

    // Bound against the snapshot's own contract: the fast path, so the digests agree.
    Method bind = wiring.getMethod("bind", agentType, Contract.class);
    bind.setAccessible(true);
    BoundAgent<Object> bound = (BoundAgent<Object>) bind.invoke(null, agent, future());
    assertThat(bound.report().isEmpty()).isTrue();
    assertThat(bound.acts().op("launch").orElseThrow().unknownTier()).isEqualTo("quantum");
    assertThat(bound.notes()).hasSize(3).first().asString().contains("[UnknownTier] launch");

    Class<?> count = loader.loadClass("test.TriageAgent_Wiring$Count");
    Object view =
        accessible(count.getConstructor(Call.class))
            .newInstance(
                Call.of(
                    "count",
                    Map.of(
                        "n", "+42", "ok", "T", "ns", "[\"1\", \"x\", \"-2\"]", "oks", "[\"0\"]")));
    assertThat(read(count, "n", view)).isEqualTo(OptionalLong.of(42));
    assertThat(read(count, "ok", view)).isEqualTo(Optional.of(true));
    assertThat(read(count, "ns", view)).isEqualTo(List.of(1L, -2L));
    assertThat(read(count, "oks", view)).isEqualTo(List.of(false));
    Class<?> price = loader.loadClass("test.TriageAgent_Wiring$Price");
    Object priced =
        accessible(price.getConstructor(Call.class))
            .newInstance(Call.of("price", Map.of("amount", "12.50 EUR", "codes", "[\"a\"]")));
    assertThat(read(price, "amount", priced)).isEqualTo("12.50 EUR");
    assertThat(read(price, "codes", priced)).isEqualTo(List.of("a"));
  }

  private static <T extends java.lang.reflect.AccessibleObject> T accessible(T member) {
    member.setAccessible(true);
    return member;
  }

  private static Object read(Class<?> view, String accessor, Object instance) throws Exception {
    return accessible(view.getMethod(accessor)).invoke(instance);
  }
}
