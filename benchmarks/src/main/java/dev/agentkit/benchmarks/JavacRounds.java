package dev.agentkit.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Row 1's five compiles interleaved in one JVM: in every round each variant of {@link
 * JavacBenchmark} compiles once, in the same order, timed by the main thread's CPU time. JMH gives
 * each variant its own forks, and single-shot compiles scatter by about ±15% from fork to fork;
 * here every variant sees the same JIT, heap and machine state, round by round. The main thread's
 * CPU time leaves out GC and JIT threads and time spent waiting for a core.
 */
final class JavacRounds {
  /** A variant's main-thread CPU times, in ms, of the rounds counted. */
  private final Map<String, double[]> times = new LinkedHashMap<>();

  private JavacRounds() {}

  /**
   * Runs {@code rounds} rounds and keeps the last {@code counted}: the first ones warm javac up.
   */
  static JavacRounds measure(int rounds, int counted) throws Exception {
    JavacBenchmark bench = new JavacBenchmark();
    bench.setUp();
    try {
      Map<String, Compile> variants = new LinkedHashMap<>();
      variants.put("procNone", bench::procNone);
      variants.put("doNothingProcessor", bench::doNothingProcessor);
      variants.put("writeOnlyProcessor", bench::writeOnlyProcessor);
      variants.put("withProcessor", bench::withProcessor);
      variants.put("agentsAlone", bench::agentsAlone);
      JavacRounds out = new JavacRounds();
      Map<String, List<Double>> kept = new LinkedHashMap<>();
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      for (int round = 0; round < rounds; round++) {
        for (Map.Entry<String, Compile> v : variants.entrySet()) {
          long t0 = threads.getCurrentThreadCpuTime();
          v.getValue().run();
          double ms = (threads.getCurrentThreadCpuTime() - t0) / 1e6;
          if (round >= rounds - counted) {
            kept.computeIfAbsent(v.getKey(), k -> new ArrayList<>()).add(ms);
          }
        }
      }
      kept.forEach(
          (k, v) ->
              out.times.put(k, v.stream().mapToDouble(Double::doubleValue).sorted().toArray()));
      return out;
    } finally {
      bench.tearDown();
    }
  }

  /** The median of a variant, with half its interquartile range as the spread. */
  RatioTable.Score median(String variant) {
    double[] t = times.get(variant);
    double spread = (quantile(t, 0.75) - quantile(t, 0.25)) / 2;
    return new RatioTable.Score(quantile(t, 0.5), spread, "ms");
  }

  /** The fastest round of a variant. */
  RatioTable.Score best(String variant) {
    return new RatioTable.Score(times.get(variant)[0], Double.NaN, "ms");
  }

  private static double quantile(double[] sorted, double q) {
    double at = q * (sorted.length - 1);
    int lo = (int) Math.floor(at);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder();
    times.forEach((k, v) -> s.append(k).append(' ').append(Arrays.toString(v)).append('\n'));
    return s.toString();
  }

  private interface Compile {
    boolean run() throws Exception;
  }
}
