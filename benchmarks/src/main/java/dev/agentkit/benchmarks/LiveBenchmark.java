package dev.agentkit.benchmarks;

import dev.agentkit.ActionSet;
import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.CompiledAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.Plan;
import dev.agentkit.Use;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.source.CachedContract;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Benchmark 8: gating a program of {@value VerifyBenchmark#PROGRAM} valid calls through a live
 * agent, which checks its cache for a changed contract on every use, against gating it through a
 * plain bound {@link ActionSet}, on a contract that does not change. The cache's ttl outlasts the
 * run, so no refresh happens: the difference is the per-use check alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LiveBenchmark {
  private ActionSet<Object> bound;
  private LiveAgent<Object> live;
  private List<Call> program;

  @Setup
  public void setUp() {
    Contract contract = Contract.of("bench", List.of(VerifyBenchmark.updateTask()));
    CompiledAgent compiled = new CompiledAgent("BenchAgent", contract, contract.digest());
    List<Use<Object>> uses =
        List.of(
            Use.<Object>of("update_task", ChangeCategory.ALWAYS_MINTS)
                .run((state, call) -> null)
                .build());
    CachedContract cache =
        CachedContract.builder(() -> contract)
            .ttl(Duration.ofHours(1))
            .maxStaleness(Duration.ofHours(1))
            .build();
    DriftPolicy policy = DriftPolicy.failOnBreaking();
    bound = BoundAgent.bind(compiled, cache, uses, policy, Clock.systemUTC()).acts();
    live = LiveAgent.bind(compiled, cache, uses, policy, Clock.systemUTC());
    program = new ArrayList<>(VerifyBenchmark.PROGRAM);
    for (int i = 0; i < VerifyBenchmark.PROGRAM; i++) {
      program.add(VerifyBenchmark.validCall(i));
    }
    if (live.gate(program, AutonomyRung.AUTO).apply().size() != VerifyBenchmark.PROGRAM) {
      throw new IllegalStateException("the benchmark program does not apply whole");
    }
  }

  /** The anchor: the program through a plain bound set, per call. */
  @Benchmark
  @OperationsPerInvocation(VerifyBenchmark.PROGRAM)
  public Plan boundGate() {
    return bound.gate(program, AutonomyRung.AUTO);
  }

  /** The same program through the live agent, per call. */
  @Benchmark
  @OperationsPerInvocation(VerifyBenchmark.PROGRAM)
  public Plan liveGate() {
    return live.gate(program, AutonomyRung.AUTO);
  }
}
