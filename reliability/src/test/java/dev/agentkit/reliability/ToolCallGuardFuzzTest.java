package dev.agentkit.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.Use;
import dev.agentkit.benchmarks.VerifyBenchmark;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The tool-call guard over random JSON arguments: only its own answers, never an exception. */
class ToolCallGuardFuzzTest {
  private static final ToolCallGuard GUARD =
      ToolCallGuard.of(
          ActionSet.of(
              List.of(
                  Use.local(VerifyBenchmark.updateTask(), ChangeCategory.ALWAYS_MINTS)
                      .run((s, a) -> null)
                      .build())));
  private static final List<String> KEYS =
      List.of("task_id", "status", "due", "hours", "labels", "note", "stat", "", "x\"y");

  @Property(tries = 3_000)
  void randomArgumentsGetAnAcceptedCallOrACorrection(@ForAll("arguments") String json) {
    GuardResult result = GUARD.check("update_task", json);
    if (result instanceof GuardResult.Correction c) {
      assertThat(c.problems()).isNotEmpty().allSatisfy(p -> assertThat(p).isNotBlank());
    } else {
      assertThat(result).isInstanceOf(GuardResult.Accepted.class);
    }
  }

  @Property(tries = 1_000)
  void randomTextGetsAnAcceptedCallOrACorrection(@ForAll String tool, @ForAll String text) {
    GuardResult result = GUARD.check(tool, text);
    assertThat(result).isInstanceOfAny(GuardResult.Accepted.class, GuardResult.Correction.class);
  }

  @Provide
  Arbitrary<String> arguments() {
    Arbitrary<String> value = Arbitraries.lazy(this::value);
    Arbitrary<String> member =
        Arbitraries.of(KEYS)
            .map(ToolCallGuardFuzzTest::quote)
            .flatMap(k -> value.map(v -> k + ":" + v));
    Arbitrary<String> object = member.list().ofMaxSize(8).map(m -> "{" + String.join(",", m) + "}");
    Arbitrary<String> broken = object.map(o -> o.substring(0, Math.max(0, o.length() - 1)));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(8, object),
        net.jqwik.api.Tuple.of(1, broken),
        net.jqwik.api.Tuple.of(1, value));
  }

  private Arbitrary<String> value() {
    Arbitrary<String> scalar =
        Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(12).map(ToolCallGuardFuzzTest::quote),
            Arbitraries.of("todo", "done", "2026-03-31", "2026-02-30", "2.5", "1e3", "bug", "ux")
                .map(ToolCallGuardFuzzTest::quote),
            Arbitraries.doubles().map(String::valueOf),
            Arbitraries.of("true", "false", "null", "-0", "1e400"));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, scalar),
        net.jqwik.api.Tuple.of(
            1, scalar.list().ofMaxSize(4).map(l -> "[" + String.join(",", l) + "]")),
        net.jqwik.api.Tuple.of(
            1,
            scalar
                .list()
                .ofMaxSize(3)
                .map(
                    l -> {
                      StringBuilder sb = new StringBuilder("{");
                      for (int i = 0; i < l.size(); i++) {
                        sb.append(i == 0 ? "" : ",")
                            .append("\"k")
                            .append(i)
                            .append("\":")
                            .append(l.get(i));
                      }
                      return sb.append('}').toString();
                    })));
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
