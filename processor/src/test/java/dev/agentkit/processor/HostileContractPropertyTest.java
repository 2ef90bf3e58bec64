package dev.agentkit.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.BoundAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TreeArbitraries;
import dev.agentkit.internal.text.LineText;
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
          "_Wiring",
          // The members of the records of nested objects, and the types they name.
          "json",
          "Json",
          "of",
          "get",
          "wireName",
          "values",
          "Map",
          "List",
          "Optional",
          "Object",
          "TreeValues",
          "Item",
          "ies",
          "s");

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

  /**
   * A name: hostile text but what no contract may name anything (line breaks, NUL, lone surrogates,
   * bidi marks: {@code [UnreadableName]}), which a snapshot holding it is refused for; descriptions
   * and enum values still draw them.
   */
  static Arbitrary<String> name() {
    return hostile(1).filter(s -> !s.isBlank() && LineText.unreadableInName(s) < 0);
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

  /**
   * A flat operand or, as often, one whose schema is a tree (objects, lists of them, enums, unions,
   * constants at depth) with hostile property names, enum values and descriptions.
   */
  static Arbitrary<Operand> anyOperand() {
    Arbitrary<Operand> tree = new TreeArbitraries(name(), name(), hostile(0)).operand(2);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(1, operand()), net.jqwik.api.Tuple.of(1, tree));
  }

  static Arbitrary<Op> op(String opcode) {
    Arbitrary<List<Operand>> operands =
        anyOperand().list().ofMaxSize(4).uniqueElements(Operand::name);
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

  /** Whether the op is one a snapshot can hold: trees have no problem such as a bad default. */
  private static boolean wellFormed(Contract c) {
    return c.problems().isEmpty();
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
            })
        .flatMap(
            c ->
                Combinators.combine(name(), Arbitraries.of(true, false))
                    .as((n, share) -> share ? sharing(c, n) : c))
        .filter(HostileContractPropertyTest::wellFormed);
  }

  /**
   * The contract with its last op also reading the values of the first flat enum operand, under
   * {@code name}, so that the wiring declares one enum for both.
   */
  static Contract sharing(Contract c, String name) {
    Operand values =
        c.ops().stream()
            .flatMap(op -> op.operands().stream())
            .filter(o -> o.type() == OperandType.ENUM)
            .findFirst()
            .orElse(null);
    Op last = c.ops().get(c.ops().size() - 1);
    if (values == null || last.operand(name).isPresent()) {
      return c;
    }
    List<Op> ops = new ArrayList<>(c.ops());
    ops.set(
        ops.size() - 1,
        last.toBuilder().operand(new Operand(name, "", false, values.schema())).build());
    return Contract.of(c.name(), ops);
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
                // Values another op's operand reads too, under other names: enums of the wiring
                // named after the values, and after a name the wiring already uses.
                .operand(
                    Operand.enumOf("FuzzAgent_Wiring", false, "\ud800" + "\\u000a", "", "\u202e"))
                .operand(Operand.enumOf("Handlers", false, "Handlers", "FuzzAgent"))
                .build(),
            Op.builder("nested")
                .description("Names of nested properties that clash with Java and with the wiring.")
                .tier(Tier.REVERSIBLE)
                .operand(clashes("entities"))
                .operand(clashes("FuzzAgent"))
                .operand(clashes("Map"))
                .operand(Operand.enumOf("Handlers", true, "Handlers", "FuzzAgent"))
                .operand(Operand.enumOf("a_b", false, "Handlers", "FuzzAgent"))
                .build()));
  }

  /**
   * An operand that is a list of objects whose properties clash: with keywords, {@code Object}'s
   * methods and the record's own {@code json}, with each other by case and punctuation, with the
   * types the wiring names ({@code String}, {@code Board}, {@code Handlers}, the agent), and with
   * the record of the list ({@code entity} beside {@code entities}); an enum whose values clash the
   * same way; a digit first and non-ASCII letters.
   */
  private static Operand clashes(String name) {
    Schema enumOf =
        new Schema.EnumSchema(
            Schema.Facets.NONE,
            List.of("UNRECOGNISED", "unrecognised", "of", "values", "a-b", "a_b", "2", "日本"),
            OperandType.STRING);
    List<Operand> properties = new ArrayList<>();
    List<String> strings =
        List.of("json", "Json", "JSON", "hashCode", "toString", "class", "_", "a-b", "a_b", "aB");
    String escape = "*/ static { System.exit(1); } /* \\u002a/ \\u000a \ud800 \u202e";
    for (String p : strings) {
      properties.add(new Operand(p, escape, false, TreeFixtures.string()));
    }
    for (String p : List.of("2fa", "日本", "é")) {
      properties.add(new Operand(p, "", false, TreeFixtures.string()));
    }
    // Objects whose records would take the name of a type the wiring uses.
    Schema object = Schema.ObjectSchema.of(List.of(new Operand("x", "", false, enumOf)));
    List<String> types =
        List.of("String", "Object", "Map", "List", "Optional", "OptionalLong", "Objects", "Call");
    List<String> more =
        List.of("BigDecimal", "OffsetDateTime", "TreeValues", "WireNames", "Board", "Handlers");
    List<String> own = List.of("FuzzAgent", "FuzzAgent_Wiring", "Nested", "Op");
    for (List<String> names : List.of(types, more, own)) {
      for (String p : names) {
        properties.add(new Operand(p, "", false, object));
      }
    }
    properties.add(new Operand("entity", "", false, Schema.ObjectSchema.of(List.of())));
    properties.add(new Operand("Entity", "", false, Schema.ArraySchema.of(enumOf)));
    properties.add(new Operand("kind", "", false, enumOf));
    properties.add(new Operand("kinds", "", false, Schema.ArraySchema.of(enumOf)));
    Schema item = Schema.ObjectSchema.of(properties);
    return new Operand(name, "", true, Schema.ArraySchema.of(item));
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

  /**
   * Each op's view: its opcode, one constant per operand name; each record of a nested object one
   * constant per property name, in order, and accessors that read an empty object without throwing;
   * and each enum, at any depth, the contract's values as its wire names.
   */
  private static void assertViewsHoldTheNames(Class<?> wiring, Contract contract)
      throws ReflectiveOperationException {
    Set<List<Object>> shared = sharedVocabularies(contract);
    List<List<String>> wiringEnums = new ArrayList<>();
    for (Class<?> type : wiring.getDeclaredClasses()) {
      if (type.isEnum()) {
        wiringEnums.add(wireNames(type));
      }
    }
    assertThat(wiringEnums)
        .containsExactlyInAnyOrderElementsOf(shared.stream().map(v -> values(v)).toList());
    Set<String> opcodes = new HashSet<>();
    for (Class<?> view : wiring.getDeclaredClasses()) {
      if (!view.isRecord()) {
        continue;
      }
      String opcode = (String) view.getField("OPCODE").get(null);
      opcodes.add(opcode);
      Op op = contract.op(opcode).orElseThrow();
      assertThat(constants(view, "OPCODE"))
          .containsExactlyElementsOf(op.operands().stream().map(Operand::name).toList());
      List<List<String>> enums = new ArrayList<>();
      List<List<String>> records = new ArrayList<>();
      for (Class<?> nested : view.getDeclaredClasses()) {
        if (nested.isRecord()) {
          records.add(constants(nested, ""));
          assertReadsAnEmptyObject(nested);
          continue;
        }
        enums.add(wireNames(nested));
      }
      Walk walk = new Walk();
      op.operands().stream()
          .filter(o -> !shared.contains(vocabulary(o)))
          .forEach(o -> walk.schema(o.schema()));
      assertThat(enums).containsExactlyInAnyOrderElementsOf(walk.enums);
      assertThat(records).containsExactlyInAnyOrderElementsOf(walk.records);
    }
    assertThat(opcodes).containsExactlyInAnyOrderElementsOf(contract.opcodes());
  }

  /** An enum's wire names but {@code UNRECOGNISED}'s, in order. */
  private static List<String> wireNames(Class<?> type) throws ReflectiveOperationException {
    Method wireName = type.getMethod("wireName");
    List<String> names = new ArrayList<>();
    for (Object constant : type.getEnumConstants()) {
      names.add((String) wireName.invoke(constant));
    }
    return names.subList(0, names.size() - 1);
  }

  /**
   * The values more than one flat enum operand reads, found independently of the processor: each is
   * one enum of the wiring, in no view.
   */
  private static Set<List<Object>> sharedVocabularies(Contract contract) {
    Map<List<Object>, Integer> readers = new java.util.HashMap<>();
    for (Op op : contract.ops()) {
      for (Operand o : op.operands()) {
        List<Object> v = vocabulary(o);
        if (v != null) {
          readers.merge(v, 1, Integer::sum);
        }
      }
    }
    Set<List<Object>> out = new HashSet<>();
    readers.forEach(
        (v, n) -> {
          if (n > 1) {
            out.add(v);
          }
        });
    return out;
  }

  /** A flat enum operand's values and their JSON type; null for any other operand. */
  private static List<Object> vocabulary(Operand o) {
    return o.valueSchema() instanceof Schema.EnumSchema e
            && e.values().size() <= WiringLayout.MAX_ENUM_CONSTANTS
        ? List.of(e.values(), e.valueType())
        : null;
  }

  @SuppressWarnings("unchecked")
  private static List<String> values(List<Object> vocabulary) {
    return (List<String>) vocabulary.get(0);
  }

  /** The values of a class's static String constants, in order, but {@code except}. */
  private static List<String> constants(Class<?> type, String except)
      throws ReflectiveOperationException {
    List<String> out = new ArrayList<>();
    for (Field f : type.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers())
          && f.getType() == String.class
          && !f.getName().equals(except)) {
        out.add((String) f.get(null));
      }
    }
    return out;
  }

  /** A record of a nested object, made of an empty object: every accessor reads it. */
  private static void assertReadsAnEmptyObject(Class<?> record)
      throws ReflectiveOperationException {
    Object empty = record.getDeclaredConstructor(Map.class).newInstance(Map.of());
    for (Method m : record.getDeclaredMethods()) {
      if (!Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0) {
        assertThat(m.invoke(empty)).as(m.getName()).isNotNull();
      }
    }
  }

  /**
   * What a view declares for a tree, found independently of the processor: a record per object
   * reached through objects and lists, an enum per enum of at most {@link
   * WiringLayout#MAX_ENUM_CONSTANTS} values so reached; unions and constants read as plain values.
   */
  private static final class Walk {
    final List<List<String>> enums = new ArrayList<>();
    final List<List<String>> records = new ArrayList<>();

    void schema(Schema s) {
      if (s instanceof Schema.ArraySchema a) {
        schema(a.items());
      } else if (s instanceof Schema.ObjectSchema o) {
        records.add(o.properties().stream().map(Operand::name).toList());
        o.properties().forEach(p -> schema(p.schema()));
      } else if (s instanceof Schema.EnumSchema e
          && e.values().size() <= WiringLayout.MAX_ENUM_CONSTANTS) {
        enums.add(e.values());
      }
    }
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
