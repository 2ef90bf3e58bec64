package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.agentkit.processor.Fixtures.agent;
import static dev.agentkit.processor.Fixtures.board;
import static dev.agentkit.processor.Fixtures.lineOf;
import static dev.agentkit.processor.Fixtures.source;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Tier;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one contract name the wiring cannot hold: an operand name longer than a class-file constant
 * (its view declares the name as a compile-time constant), or the name of a property of a nested
 * object (its record does). It is one error on the {@code @Act} that uses the op, never an error in
 * the generated source; an overlong description, enum value or name inside a union, which need no
 * constant, compiles.
 */
class NameTooLongTest {
  @TempDir Path dir;

  private Fixtures.Snapshots snapshotWith(Op extra) throws IOException {
    List<Op> ops = new ArrayList<>(Fixtures.taskboard().ops());
    ops.add(extra);
    return new Fixtures.Snapshots(dir).put(Contract.of("taskboard", ops));
  }

  @Test
  void anOperandNameLongerThanAConstantIsOneErrorOnTheAct() throws IOException {
    String name = "n".repeat(65_535);
    Fixtures.Snapshots snapshots =
        snapshotWith(
            Op.builder("long_operand")
                .description("An op with an overlong operand name.")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.of(name, OperandType.STRING))
                .build());
    String text =
        agent("@Act(opcode = \"long_operand\", category = ChangeCategory.MERGE) // here", "");
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            "[NameTooLong] long_operand: operand \""
                + "n".repeat(40)
                + "\"… has a name of 65535 characters, longer than a Java string constant can hold"
                + " (65534 characters, and 65535 bytes of UTF-8), so the wiring cannot declare its"
                + " constant; ask the"
                + " backend for a shorter name, or drop this act (agent TriageAgent, contract"
                + " taskboard)")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
  }

  @Test
  void aNameOfMultiByteCharactersCountsItsBytes() throws IOException {
    // 21,846 characters of three bytes each: 65,538 bytes.
    String name = "日".repeat(21_846);
    Fixtures.Snapshots snapshots =
        snapshotWith(
            Op.builder("long_operand")
                .description("An op with an overlong operand name.")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.of(name, OperandType.STRING))
                .build());
    String text =
        agent("@Act(opcode = \"long_operand\", category = ChangeCategory.MERGE) // here", "");
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(c).hadErrorCount(1);
    assertThat(c).hadErrorContaining("[NameTooLong] long_operand: operand \"" + "日".repeat(40));
    assertThat(c).hadErrorContaining("has a name of 21846 characters");
  }

  @Test
  void overlongDescriptionsAndEnumValuesNeedNoConstantAndCompile() throws IOException {
    String huge = "d\\u002a/ ".repeat(20_000);
    Fixtures.Snapshots snapshots =
        snapshotWith(
            Op.builder("long_text")
                .description(huge)
                .tier(Tier.REVERSIBLE)
                .operand(
                    Operand.enumOf("mode", false, "é".repeat(40_000), "x").withDescription(huge))
                .build());
    String text = agent("@Act(opcode = \"long_text\", category = ChangeCategory.MERGE)", "");
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void aNestedPropertyNameLongerThanAConstantIsOneErrorOnTheAct() throws IOException {
    // Its record declares the name as a constant, as a view does an operand's.
    String name = "p".repeat(65_535);
    Schema item =
        Schema.ObjectSchema.of(
            List.of(
                new Operand("text", "", true, TreeFixtures.string()),
                new Operand(
                    "more",
                    "",
                    false,
                    Schema.ObjectSchema.of(
                        List.of(new Operand(name, "", false, TreeFixtures.string()))))));
    Fixtures.Snapshots snapshots =
        snapshotWith(
            Op.builder("long_property")
                .description("An op with an overlong property name.")
                .tier(Tier.REVERSIBLE)
                .operand(new Operand("items", "", true, Schema.ArraySchema.of(item)))
                .build());
    String text =
        agent("@Act(opcode = \"long_property\", category = ChangeCategory.MERGE) // here", "");
    JavaFileObject agent = source("TriageAgent", text);
    Compilation c = snapshots.compile(agent, board());
    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            "[NameTooLong] long_property: property \""
                + "p".repeat(40)
                + "\"… of \"items[].more\" has a name of 65535 characters, longer than a Java"
                + " string constant can hold (65534 characters, and 65535 bytes of UTF-8), so the"
                + " wiring cannot declare its constant; ask the backend for a shorter name, or drop"
                + " this act (agent TriageAgent, contract taskboard)")
        .inFile(agent)
        .onLine(lineOf(text, "// here"));
  }

  @Test
  void anOverlongNameInAUnionNeedsNoConstantAndCompiles() throws IOException {
    // A union reads as plain Java: no record, so no constant, for the objects it may hold.
    String name = "u".repeat(65_535);
    Schema object =
        Schema.ObjectSchema.of(List.of(new Operand(name, "", false, TreeFixtures.string())));
    Fixtures.Snapshots snapshots =
        snapshotWith(
            Op.builder("long_union")
                .description("An op with an overlong name in a union.")
                .tier(Tier.REVERSIBLE)
                .operand(
                    new Operand(
                        "value",
                        "",
                        true,
                        new Schema.UnionSchema(
                            Schema.Facets.NONE, true, List.of(TreeFixtures.string(), object))))
                .build());
    String text = agent("@Act(opcode = \"long_union\", category = ChangeCategory.MERGE)", "");
    Compilation c = snapshots.compile(source("TriageAgent", text), board());
    assertThat(c).succeededWithoutWarnings();
  }
}
