package dev.agentkit.benchmarks;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Benchmark 6: rejecting a call whose enum value is not allowed, which builds a "did you mean"
 * suggestion. The anchor is a near miss of a short value; ours is a hostile 400,000-character
 * value. A suggestion that ran the full edit distance against each of the 64 allowed values would
 * cost about 400,000 × 12 steps per value; a bounded one skips them on length alone. Both calls are
 * rejected with one problem.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SuggestionBenchmark {
  /** Length of the hostile enum value. */
  public static final int HUGE = 400_000;

  private ActionSet<Object> acts;
  private Call shortMiss;
  private Call hugeValue;

  @Setup
  public void setUp() {
    acts =
        ActionSet.of(
            List.of(Use.local(op(), ChangeCategory.ALWAYS_MINTS).run((s, c) -> null).build()));
    shortMiss = Call.of("set_state", Map.of("state", "state_3l"));
    hugeValue = Call.of("set_state", Map.of("state", "state_31".repeat(HUGE / 8)));
    for (Call call : List.of(shortMiss, hugeValue)) {
      if (acts.verify(call).size() != 1) {
        throw new IllegalStateException(
            "a benchmark call is not rejected once: " + acts.verify(call));
      }
    }
  }

  private static Op op() {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      values.add("state_" + i);
    }
    return Op.builder("set_state")
        .description("Set the state.")
        .objectType("item")
        .tier(Tier.REVERSIBLE)
        .operand(new Operand("state", "The state.", OperandType.ENUM, true, values, false))
        .build();
  }

  /** A near miss of a short value: rejected with a suggestion. */
  @Benchmark
  public List<Problem> shortValue() {
    return acts.verify(shortMiss);
  }

  /** A 400,000-character value: rejected, nothing near enough to suggest. */
  @Benchmark
  public List<Problem> hugeValue() {
    return acts.verify(hugeValue);
  }
}
