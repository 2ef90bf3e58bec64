package dev.agentkit.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TreeArbitraries;
import dev.agentkit.processor.GeneratedWiringTest.CompiledClassLoader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * The contract the processor compiles into the wiring is the snapshot's, trees and all: read back
 * from the compiled wiring, its ops equal those the snapshot reader reads from the file, with the
 * same digest, so startup re-verification compares the live contract with what the snapshot said.
 * Holds for trees of every kind and for trees too large to build as Java, which the wiring reads
 * from their snapshot text ({@link CompiledContractWriter#MAX_JAVA_NODES}).
 */
class CompiledTreePropertyTest {
  private Path dir;

  @BeforeTry
  void makeDir() throws Exception {
    dir = Files.createTempDirectory("agentkit-trees");
  }

  @AfterTry
  void removeDir() throws Exception {
    Fixtures.deleteTree(dir);
  }

  @Property(tries = 25)
  void theContractCompiledInIsTheSnapshotsForAnyTree(@ForAll("contracts") Contract contract)
      throws Exception {
    assertCompiledIsTheSnapshots(contract);
  }

  @Example
  void theLargestTreesBuiltAsJavaCompile() throws Exception {
    // 2 nodes for the operand and its object, 2 for each number property (operand and schema).
    Operand numbers = wideNumbers("numbers", 199);
    // 67 for each enum property: operand, array, enum and its 64 values.
    Operand enums = wideEnums("enums", 5);
    assertThat(SchemaCode.size(numbers)).isEqualTo(CompiledContractWriter.MAX_JAVA_NODES);
    assertThat(SchemaCode.size(enums)).isLessThanOrEqualTo(CompiledContractWriter.MAX_JAVA_NODES);
    String wiring = assertCompiledIsTheSnapshots(contract(op("a", numbers), op("b", enums)));
    assertThat(wiring).doesNotContain("CompiledOps");
  }

  @Example
  void aTreeOneNodeLargerIsReadFromItsSnapshotText() throws Exception {
    Operand numbers = wideNumbers("numbers", 199);
    Operand more = new Operand("more", "", false, TreeFixtures.string());
    assertThat(SchemaCode.size(numbers) + SchemaCode.size(more))
        .isEqualTo(CompiledContractWriter.MAX_JAVA_NODES + 2);
    Op large =
        Op.builder("large")
            .description("d")
            .tier(Tier.REVERSIBLE)
            .operand(numbers)
            .operand(more)
            .build();
    Op huge = op("huge", wideEnums("enums", 400));
    String wiring = assertCompiledIsTheSnapshots(contract(large, huge, op("small", more)));
    assertThat(wiring).contains("return CompiledOps.read(");
    assertThat(wiring.split("CompiledOps.read\\(", -1)).hasSize(3);
  }

  private static Op op(String opcode, Operand operand) {
    return Op.builder(opcode).description("d").tier(Tier.REVERSIBLE).operand(operand).build();
  }

  private static Contract contract(Op... ops) {
    return Contract.of("fuzz", List.of(ops));
  }

  /**
   * Compiles an agent using every op of the contract's snapshot; the contract its wiring holds is
   * the one the snapshot reader reads; returns the wiring's source.
   */
  private String assertCompiledIsTheSnapshots(Contract contract) throws Exception {
    assertThat(contract.problems()).isEmpty();
    Fixtures.Snapshots snapshots = new Fixtures.Snapshots(dir).put(contract);
    Contract read = ContractSnapshot.read(dir.resolve("fuzz.json"));
    String agent = HostileContractPropertyTest.agentSource(contract);
    Compilation c = snapshots.compile(Fixtures.source("FuzzAgent", agent), Fixtures.board());
    assertThat(c.status()).as(c.diagnostics().toString()).isEqualTo(Compilation.Status.SUCCESS);
    assertThat(c.warnings()).as(c.diagnostics().toString()).isEmpty();

    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> wiring = loader.loadClass("test.FuzzAgent_Wiring");
    Contract compiled = (Contract) wiring.getMethod("compiledContract").invoke(null);
    assertThat(compiled.ops()).isEqualTo(read.ops());
    assertThat(compiled.digest()).isEqualTo(read.digest());
    assertThat(wiring.getField("CONTRACT_DIGEST").get(null)).isEqualTo(read.digest());
    return c.generatedSourceFile("test.FuzzAgent_Wiring")
        .orElseThrow()
        .getCharContent(true)
        .toString();
  }

  @Provide
  Arbitrary<Contract> contracts() {
    TreeArbitraries trees = new TreeArbitraries(names(), names(), texts());
    Arbitrary<List<Operand>> operands =
        trees.operand(3).list().ofMinSize(1).ofMaxSize(4).uniqueElements(Operand::name);
    // Now and then an op too large to build as Java.
    Arbitrary<List<Operand>> large =
        Arbitraries.integers().between(1, 12).map(w -> List.of(wideEnums("wide", w)));
    Arbitrary<List<Operand>> any =
        Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(5, operands), net.jqwik.api.Tuple.of(1, large));
    return Combinators.combine(any.list().ofMinSize(1).ofMaxSize(3), texts())
        .as(
            (perOp, description) -> {
              List<Op> ops = new ArrayList<>();
              for (int i = 0; i < perOp.size(); i++) {
                ops.add(
                    Op.builder("op_" + i)
                        .description("Op " + i + description)
                        .tier(Tier.REVERSIBLE)
                        .operands(perOp.get(i))
                        .build());
              }
              return Contract.of("fuzz", ops);
            })
        .filter(c -> c.problems().isEmpty());
  }

  private static Arbitrary<String> names() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .withChars('_', 'A', 'Z', '0', '-', '.', ' ', 'é')
        .ofMinLength(1)
        .ofMaxLength(8)
        .filter(s -> !s.isBlank());
  }

  private static Arbitrary<String> texts() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .withChars('"', '\\', '\n', ' ', '日', '\u202e', '/', '*', '<', '@')
        .ofMaxLength(12);
  }

  /**
   * An object of {@code width} properties, each a list of 64-value enums: the most enum values a
   * tree built as Java writes as literals.
   */
  private static Operand wideEnums(String name, int width) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < CompiledContractWriter.INLINE_VALUES; i++) {
      values.add("value_" + i);
    }
    List<Operand> properties = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      Schema items = new EnumSchema(FULL, values, OperandType.STRING);
      properties.add(
          new Operand(
              "p" + i, "property " + i, i % 2 == 0, new ArraySchema(FULL, items, 1, 9, true)));
    }
    return new Operand(name, "", true, new ObjectSchema(FULL, properties, true, null));
  }

  /**
   * An object of {@code width} number properties with every facet and bound: the most bytecode a
   * node built as Java costs.
   */
  private static Operand wideNumbers(String name, int width) {
    List<Operand> properties = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      Bound low = new Bound(new BigDecimal("-1.5"), true);
      Bound high = new Bound(new BigDecimal("1e3"), false);
      properties.add(
          new Operand(
              "n" + i,
              "number " + i,
              i % 2 == 0,
              new NumberSchema(FULL, false, low, high, new BigDecimal("0.25"))));
    }
    return new Operand(name, "", true, new ObjectSchema(FULL, properties, true, null));
  }

  private static final Facets FULL = new Facets("a description", "null", true);
}
