package dev.agentkit.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.BoundAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.tools.Diagnostic;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * A contract is another team's input: whatever its strings, the real processor writes wiring that
 * compiles without a warning, whose classes do nothing but build the wiring when initialised and
 * bound, and whose compiled-in contract, constants and enum wire names are the contract's strings
 * exactly. Doing nothing else is proven twice: on every JDK, the class files refer to nothing but
 * one another, the runtime and a few JDK members ({@link WiringAllowlist}); on JDK 17 to 23, run
 * with no permission at all, they ask for none ({@link Sandbox}).
 *
 * <p>Strings are drawn from a hostile alphabet: what ends a comment or starts a unicode escape or a
 * tag (backslash, {@code u}, {@code *}, {@code /}, {@code @}, {@code <}, {@code >}, {@code &},
 * quotes), line breaks, NUL, lone surrogates, right-to-left marks, letters, digits, and whole
 * fragments of attacks (<code>&#92;u002a/</code>, <code>static {</code>) and of the names the
 * wiring itself uses ({@code Handlers}, {@code OPCODE}, {@code call}, {@code result}, Java
 * keywords, {@code Object} methods).
 */
class HostileContractPropertyTest {
  static final List<String> ALPHABET =
      List.of(
          "\\",
          "u",
          "U",
          "0",
          "2",
          "a",
          "A",
          "z",
          "9",
          "*",
          "/",
          "\"",
          "'",
          "@",
          "<",
          ">",
          "&",
          "{",
          "}",
          ";",
          " ",
          "-",
          "_",
          "$",
          "\n",
          "\r",
          "\t",
          "\0",
          "\u0085",
          "\u2028",
          "\ud800",
          "\udc00",
          "\ud83d\ude00",
          "\u202e",
          "\u200f",
          "\ufeff",
          "日本",
          "é",
          "\\u002a/",
          "\\u000a",
          "\\u0022",
          "\\\\u",
          "*/",
          "/*",
          "/**",
          "{@code",
          "@return",
          "</code>",
          "static { System.exit(1); }",
          "class",
          "_",
          "true",
          "finalize",
          "getClass",
          "hashCode",
          "equals",
          "toString",
          "wait",
          "notifyAll",
          "clone",
          "call",
          "result",
          "Handlers",
          "OPCODE",
          "CONTRACT",
          "COMPILED",
          "op_",
          "Override",
          "String",
          "UNRECOGNISED",
          "Value",
          "_Wiring");

  private Path dir;

  @BeforeTry
  void makeDir() throws Exception {
    dir = Files.createTempDirectory("agentkit-hostile");
  }

  @AfterTry
  void removeDir() throws Exception {
    try (var files = Files.walk(dir)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  static Arbitrary<String> hostile(int minTokens) {
    return Arbitraries.of(ALPHABET)
        .list()
        .ofMinSize(minTokens)
        .ofMaxSize(6)
        .map(tokens -> String.join("", tokens));
  }

  static Arbitrary<String> name() {
    return hostile(1).filter(s -> !s.isBlank());
  }

  static Arbitrary<Operand> operand() {
    // OPAQUE stands for a type name this version does not know, which warns; not drawn here.
    Arbitrary<OperandType> type = Arbitraries.of(OperandType.class).filter(OperandType::isScalar);
    Arbitrary<List<String>> values = hostile(0).list().uniqueElements().ofMinSize(1).ofMaxSize(4);
    return Combinators.combine(
            name(),
            hostile(0),
            type,
            Arbitraries.of(true, false),
            values,
            Arbitraries.of(true, false))
        .as(
            (n, description, t, required, enumValues, list) ->
                new Operand(
                    n,
                    description,
                    t,
                    required,
                    t == OperandType.ENUM ? enumValues : List.of(),
                    list));
  }

  static Arbitrary<Op> op(String opcode) {
    Arbitrary<List<Operand>> operands = operand().list().ofMaxSize(4).uniqueElements(Operand::name);
    return Combinators.combine(name(), hostile(0), operands)
        .as(
            (description, objectType, ops) -> {
              Op.Builder b =
                  Op.builder(opcode)
                      .description(description)
                      .objectType(objectType)
                      .tier(Tier.REVERSIBLE);
              ops.forEach(b::operand);
              return b.build();
            });
  }

  @Provide
  Arbitrary<Contract> contracts() {
    return name()
        .list()
        .uniqueElements()
        .ofMinSize(1)
        .ofMaxSize(3)
        .flatMap(
            opcodes -> {
              List<Arbitrary<Op>> ops = new ArrayList<>();
              for (String opcode : opcodes) {
                ops.add(op(opcode));
              }
              return Combinators.combine(ops).as(list -> Contract.of("fuzz", list));
            });
  }

  @Property(tries = 30)
  void anyContractGivesWiringThatReferencesOnlyTheAllowlistAndHoldsItsStringsExactly(
      @ForAll("contracts") Contract contract) throws Exception {
    assertAllowedAndExact(contract);
  }

  @Property(tries = 30)
  @AddLifecycleHook(Sandbox.NeedsSecurityManager.class)
  void anyContractGivesWiringThatAsksForNoPermissionWhenInitialisedAndBound(
      @ForAll("contracts") Contract contract) throws Exception {
    assertAsksForNoPermission(contract);
  }

  @Example
  void theKnownAttacksGiveWiringThatReferencesOnlyTheAllowlist() throws Exception {
    assertAllowedAndExact(knownAttacks());
  }

  @Example
  @AddLifecycleHook(Sandbox.NeedsSecurityManager.class)
  void theKnownAttacksGiveWiringThatAsksForNoPermission() throws Exception {
    assertAsksForNoPermission(knownAttacks());
  }

  /** The attacks of the issue, and what the property found, as one fixed contract. */
  private static Contract knownAttacks() {
    String escape = "*/ static { System.exit(1); } /*";
    return Contract.of(
        "fuzz",
        List.of(
            Op.builder("\\u002a/ static { System.exit(1); } /\\u002a")
                .description("\\u002a/ static { System.exit(1); } /\\u002a " + escape)
                .objectType("\\u0022 + System.exit(1) + \\u0022")
                .tier(Tier.REVERSIBLE)
                .operand(
                    Operand.enumOf("\\u000a\\u0022", true, "\ud800" + "\\u000a", "", "\u202e")
                        .withDescription("@return <b>&amp; \\ \r\n\0 " + escape))
                .operand(Operand.of("finalize", OperandType.STRING))
                .build(),
            Op.builder("Handlers")
                .description("\ud800" + "\\u0022")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.of("OPCODE", OperandType.NUMBER))
                .operand(Operand.of("op_handlers", OperandType.DATE))
                .build()));
  }

  /** The wiring compiled from the contract, with the agent and its state type. */
  private Compilation compile(Contract contract) throws Exception {
    new Fixtures.Snapshots(dir).put(contract);
    Compilation c =
        new Fixtures.Snapshots(dir)
            .compile(Fixtures.source("FuzzAgent", agentSource(contract)), Fixtures.board());
    assertThat(c.errors()).as(messages(c)).isEmpty();
    assertThat(c.warnings()).as(messages(c)).isEmpty();
    assertThat(c.status()).isEqualTo(Compilation.Status.SUCCESS);
    return c;
  }

  /**
   * Every class refers only to the allowlist; initialised and bound (with every permission), the
   * wiring holds the contract's strings.
   */
  private void assertAllowedAndExact(Contract contract) throws Exception {
    Compilation c = compile(contract);
    assertThat(WiringAllowlist.forbidden(Sandbox.classFiles(c)))
        .as("references outside WiringAllowlist")
        .isEmpty();

    Sandbox.Loader loader = new Sandbox.Loader(c, getClass().getClassLoader());
    for (String name : loader.names()) {
      Class.forName(name, true, loader);
    }
    Class<?> wiring = loader.loadClass("test.FuzzAgent_Wiring");
    Class<?> agentType = loader.loadClass("test.FuzzAgent");
    var constructor = agentType.getDeclaredConstructor();
    constructor.setAccessible(true);
    Object bound =
        wiring.getMethod("bindOffline", agentType).invoke(null, constructor.newInstance());
    assertThat(((BoundAgent<?>) bound).acts().opcodes())
        .containsExactlyInAnyOrderElementsOf(contract.opcodes());
    Contract compiled = (Contract) wiring.getMethod("compiledContract").invoke(null);
    assertThat(compiled.ops()).isEqualTo(contract.ops());
    assertViewsHoldTheNames(wiring, contract);
  }

  /** Initialised and bound with no permission at all, the classes ask for none. */
  private void assertAsksForNoPermission(Contract contract) throws Exception {
    Sandbox.Loader loader = new Sandbox.Loader(compile(contract), getClass().getClassLoader());
    Sandbox.Result<Map<String, Class<?>>> init = Sandbox.initialiseAll(loader);
    assertThat(init.refused()).as("permissions asked for by class initializers").isEmpty();
    assertThat(init.thrown()).as("initialising the generated classes").isNull();

    Class<?> wiring = init.value().get("test.FuzzAgent_Wiring");
    Class<?> agentType = init.value().get("test.FuzzAgent");
    var constructor = agentType.getDeclaredConstructor();
    constructor.setAccessible(true);
    Sandbox.Result<Object> bound =
        Sandbox.run(
            () -> {
              return wiring
                  .getMethod("bindOffline", agentType)
                  .invoke(null, constructor.newInstance());
            });
    assertThat(bound.refused()).as("permissions asked for by binding").isEmpty();
    assertThat(bound.thrown()).as("binding offline").isNull();
    assertThat(((BoundAgent<?>) bound.value()).acts().opcodes())
        .containsExactlyInAnyOrderElementsOf(contract.opcodes());
  }

  /** Each op's view: its opcode, one constant per operand name, and each enum's wire names. */
  private static void assertViewsHoldTheNames(Class<?> wiring, Contract contract)
      throws ReflectiveOperationException {
    Set<String> opcodes = new HashSet<>();
    for (Class<?> view : wiring.getDeclaredClasses()) {
      if (!view.isRecord()) {
        continue;
      }
      String opcode = (String) view.getField("OPCODE").get(null);
      opcodes.add(opcode);
      Op op = contract.op(opcode).orElseThrow();
      List<String> constants = new ArrayList<>();
      for (Field f : view.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers())
            && f.getType() == String.class
            && !f.getName().equals("OPCODE")) {
          constants.add((String) f.get(null));
        }
      }
      assertThat(constants)
          .containsExactlyElementsOf(op.operands().stream().map(Operand::name).toList());
      List<List<String>> enums = new ArrayList<>();
      for (Class<?> e : view.getDeclaredClasses()) {
        Method wireName = e.getMethod("wireName");
        List<String> names = new ArrayList<>();
        for (Object constant : e.getEnumConstants()) {
          names.add((String) wireName.invoke(constant));
        }
        enums.add(names.subList(0, names.size() - 1));
      }
      assertThat(enums)
          .containsExactlyInAnyOrderElementsOf(
              op.operands().stream()
                  .filter(o -> o.type() == OperandType.ENUM)
                  .map(Operand::enumValues)
                  .toList());
    }
    assertThat(opcodes).containsExactlyInAnyOrderElementsOf(contract.opcodes());
  }

  /** An agent using every op, with a run handler returning a value for the first. */
  static String agentSource(Contract contract) {
    StringBuilder acts = new StringBuilder();
    for (String opcode : contract.opcodes()) {
      acts.append("@Act(opcode = ")
          .append(javaLiteral(opcode))
          .append(", category = ChangeCategory.MERGE)\n");
    }
    String first = javaLiteral(contract.opcodes().get(0));
    return """
        package test;

        import dev.agentkit.Call;
        import dev.agentkit.contract.ChangeCategory;
        import dev.agentkit.annotation.Act;
        import dev.agentkit.annotation.Agent;
        import dev.agentkit.annotation.Run;

        @Agent(contract = "fuzz", state = Board.class)
        """
        + acts
        + "public final class FuzzAgent {\n"
        + "  @Run("
        + first
        + ")\n"
        + "  String run(Board board, Call call) {\n"
        + "    return \"ran\";\n"
        + "  }\n"
        + "}\n";
  }

  /**
   * A Java literal written independently of the processor's: every character below U+0100 as an
   * octal escape, every other as a unicode escape (none of those is a line terminator).
   */
  static String javaLiteral(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      b.append(
          c < 0x100
              ? String.format(Locale.ROOT, "\\%03o", (int) c)
              : String.format(Locale.ROOT, "\\u%04x", (int) c));
    }
    return b.append('"').toString();
  }

  private static String messages(Compilation c) {
    StringBuilder b = new StringBuilder();
    for (Diagnostic<?> d : c.diagnostics()) {
      b.append(d.getKind()).append(": ").append(d.getMessage(Locale.ROOT)).append('\n');
    }
    if (c.status() != Compilation.Status.SUCCESS) {
      return b.toString();
    }
    for (var f : c.generatedSourceFiles()) {
      try {
        b.append(f.getCharContent(true));
      } catch (java.io.IOException e) {
        b.append(e);
      }
    }
    return b.toString();
  }
}
