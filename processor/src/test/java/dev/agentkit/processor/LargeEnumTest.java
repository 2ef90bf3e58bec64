package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.agentkit.processor.Fixtures.agent;
import static dev.agentkit.processor.Fixtures.board;
import static dev.agentkit.processor.Fixtures.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.processor.GeneratedWiringTest.CompiledClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contracts with enums of thousands of values compile: the compiled-in contract carries a long
 * value list as one JSON literal instead of an argument per value (a method holds only 64 KB of
 * bytecode), and an enum of more than {@link WiringLayout#MAX_ENUM_CONSTANTS} values reads as
 * {@code String} in its view instead of as a Java enum, which javac could not compile.
 */
class LargeEnumTest {
  @TempDir Path dir;

  private static List<String> values(String prefix, int count) {
    List<String> out = new ArrayList<>(List.of("", "a\"b", "\\u002a/", "日本"));
    for (int i = out.size(); i < count; i++) {
      out.add(prefix + i);
    }
    return out;
  }

  private static Operand enumOf(String name, List<String> values) {
    return Operand.enumOf(name, false, values.toArray(new String[0]));
  }

  private static Contract contract() {
    Op one =
        Op.builder("pick_one")
            .description("Pick one of many.")
            .tier(Tier.REVERSIBLE)
            .operand(enumOf("choice", values("c", 3000)))
            .operand(enumOf("small", values("s", 70)))
            .build();
    Op.Builder many = Op.builder("pick_many").description("Pick five.").tier(Tier.REVERSIBLE);
    for (int i = 0; i < 5; i++) {
      many.operand(enumOf("field" + i, values("f" + i + "_", 2000)));
    }
    List<Op> ops = new ArrayList<>(Fixtures.taskboard().ops());
    ops.add(one);
    ops.add(many.build());
    return Contract.of("taskboard", ops);
  }

  @Test
  void enumsOfThousandsOfValuesCompileAndKeepEveryValue() throws Exception {
    Contract contract = contract();
    String text =
        agent(
            "@Act(opcode = \"pick_one\", category = ChangeCategory.MERGE)\n"
                + "@Act(opcode = \"pick_many\", category = ChangeCategory.MERGE)",
            """
              @Run("pick_one")
              void pick(Board board, TriageAgent_Wiring.PickOne call) {
                String choice = call.choice();
                TriageAgent_Wiring.PickOne.Small small = call.small();
              }
            """);
    Compilation c =
        new Fixtures.Snapshots(dir).put(contract).compile(source("TriageAgent", text), board());
    assertThat(c).succeededWithoutWarnings();

    ClassLoader loader = new CompiledClassLoader(c.generatedFiles(), getClass().getClassLoader());
    Class<?> wiring = loader.loadClass("test.TriageAgent_Wiring");
    java.lang.reflect.Method compiledContract = wiring.getMethod("compiledContract");
    compiledContract.setAccessible(true);
    Contract compiled = (Contract) compiledContract.invoke(null);
    assertThat(compiled.op("pick_one")).isEqualTo(contract.op("pick_one"));
    assertThat(compiled.op("pick_many")).isEqualTo(contract.op("pick_many"));
    Class<?> small = loader.loadClass("test.TriageAgent_Wiring$PickOne$Small");
    assertThat(small.getEnumConstants()).hasSize(71);
  }
}
