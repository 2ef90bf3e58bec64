package dev.agentkit.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentkit.contract.ContractSnapshot;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Rows 2 and 4 timed by CPU time rather than wall time, for a machine that others share: in each
 * round every variant runs once, in the same order, so every variant sees the same JIT, heap and
 * machine state, and the fastest round of each is kept (noise only adds time). Waiting for a core
 * is not CPU time, so load distorts these figures far less than JMH's; the lead's JMH run on a
 * quiet machine stays the figure of record.
 *
 * <p>Row 2 counts the parsing thread, and separately the parsing thread plus the snapshot's
 * background digest thread (which hashes a large snapshot on the other core while it is read). Row
 * 4 counts the calling thread, and the bytes it allocates per call.
 *
 * <p>{@code java -cp <benchmarks' classpath> dev.agentkit.benchmarks.CpuRounds parse|verify
 * [rounds]}
 */
final class CpuRounds {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final String DIGEST_THREAD = "agentkit-snapshot-digest";

  private CpuRounds() {}

  public static void main(String[] args) throws Exception {
    String what = args.length > 0 ? args[0] : "parse";
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 40;
    switch (what) {
      case "parse" -> parse(rounds);
      case "verify" -> verify(rounds);
      default -> throw new IllegalArgumentException("parse or verify, not " + what);
    }
  }

  private interface Work {
    Object run() throws Exception;
  }

  /** Row 2: our strict parse against Jackson's readTree, per corpus. */
  private static void parse(int rounds) throws Exception {
    byte[] nested = SyntheticContract.snapshotBytes(SyntheticContract.largeNested());
    byte[] flat = SyntheticContract.snapshotBytes(SyntheticContract.large());
    ObjectMapper mapper = new ObjectMapper();
    Map<String, Work> variants = new LinkedHashMap<>();
    variants.put("ours nested", () -> ContractSnapshot.parse(nested, "nested.json"));
    variants.put("jackson nested", () -> mapper.readTree(nested));
    variants.put("ours flat", () -> ContractSnapshot.parse(flat, "flat.json"));
    variants.put("jackson flat", () -> mapper.readTree(flat));
    Map<String, double[]> thread = new LinkedHashMap<>();
    Map<String, double[]> withDigest = new LinkedHashMap<>();
    variants.keySet().forEach(k -> thread.put(k, new double[rounds]));
    variants.keySet().forEach(k -> withDigest.put(k, new double[rounds]));
    int warm = Math.max(5, rounds / 4);
    for (int r = -warm; r < rounds; r++) {
      for (Map.Entry<String, Work> v : variants.entrySet()) {
        Map<Long, Long> digestBefore = digestThreads();
        long t0 = THREADS.getCurrentThreadCpuTime();
        v.getValue().run();
        long t1 = THREADS.getCurrentThreadCpuTime();
        long digest = 0;
        for (Map.Entry<Long, Long> d : digestThreads().entrySet()) {
          digest += d.getValue() - digestBefore.getOrDefault(d.getKey(), 0L);
        }
        if (r >= 0) {
          thread.get(v.getKey())[r] = (t1 - t0) / 1e6;
          withDigest.get(v.getKey())[r] = (t1 - t0 + digest) / 1e6;
        }
      }
    }
    System.out.printf(
        Locale.ROOT,
        "row 2, %d rounds after %d, nested %.2f MB, flat %.2f MB; CPU ms per parse%n",
        rounds,
        warm,
        nested.length / 1e6,
        flat.length / 1e6);
    for (String k : variants.keySet()) {
      System.out.printf(
          Locale.ROOT,
          "  %-15s thread: best %7.2f median %7.2f | with digest thread: best %7.2f median %7.2f%n",
          k,
          best(thread.get(k)),
          median(thread.get(k)),
          best(withDigest.get(k)),
          median(withDigest.get(k)));
    }
    for (String corpus : List.of("nested", "flat")) {
      double jackson = best(thread.get("jackson " + corpus));
      double jacksonMedian = median(thread.get("jackson " + corpus));
      System.out.printf(
          Locale.ROOT,
          "  %-6s ours/jackson in MB/s: thread best %.3f (median %.3f), with digest best %.3f"
              + " (median %.3f)%n",
          corpus,
          jackson / best(thread.get("ours " + corpus)),
          jacksonMedian / median(thread.get("ours " + corpus)),
          jackson / best(withDigest.get("ours " + corpus)),
          jacksonMedian / median(withDigest.get("ours " + corpus)));
    }
  }

  /** The CPU time of each live digest thread, by id. */
  private static Map<Long, Long> digestThreads() {
    Map<Long, Long> out = new HashMap<>();
    for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (info != null && info.getThreadName().equals(DIGEST_THREAD)) {
        out.put(info.getThreadId(), THREADS.getThreadCpuTime(info.getThreadId()));
      }
    }
    return out;
  }

  /** Row 4: the benchmark's calls through verify and gate, per call. */
  private static void verify(int rounds) throws Exception {
    VerifyBenchmark bench = new VerifyBenchmark();
    bench.setUp();
    Map<String, Work> variants = new LinkedHashMap<>();
    variants.put("verify", bench::verify);
    variants.put("verifyListBare", bench::verifyListBare);
    variants.put("verifyListArray", bench::verifyListArray);
    variants.put("verifyNested", bench::verifyNested);
    variants.put("gate (per call)", bench::gate);
    int calls = 20_000;
    Map<String, double[]> ns = new LinkedHashMap<>();
    Map<String, double[]> bytes = new LinkedHashMap<>();
    variants.keySet().forEach(k -> ns.put(k, new double[rounds]));
    variants.keySet().forEach(k -> bytes.put(k, new double[rounds]));
    List<Object> sink = new ArrayList<>();
    long tid = Thread.currentThread().getId();
    int warm = Math.max(10, rounds / 2);
    for (int r = -warm; r < rounds; r++) {
      for (Map.Entry<String, Work> v : variants.entrySet()) {
        int per = v.getKey().startsWith("gate") ? VerifyBenchmark.PROGRAM : 1;
        int n = v.getKey().equals("verifyNested") ? calls / 10 : calls / per;
        Work w = v.getValue();
        Object last = null;
        long a0 = THREADS.getThreadAllocatedBytes(tid);
        long t0 = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
          last = w.run();
        }
        long t1 = THREADS.getCurrentThreadCpuTime();
        long a1 = THREADS.getThreadAllocatedBytes(tid);
        sink.add(last);
        if (r >= 0) {
          ns.get(v.getKey())[r] = (t1 - t0) / (double) (n * per);
          bytes.get(v.getKey())[r] = (a1 - a0) / (double) (n * per);
        }
      }
      sink.clear();
    }
    System.out.printf(
        Locale.ROOT, "row 4, %d rounds after %d; calling thread's CPU per call%n", rounds, warm);
    for (String k : variants.keySet()) {
      double best = best(ns.get(k));
      System.out.printf(
          Locale.ROOT,
          "  %-16s best %8.1f ns (%.2f M calls/s), median %8.1f ns; %.1f B allocated per call"
              + " (fewest)%n",
          k,
          best,
          1e3 / best,
          median(ns.get(k)),
          best(bytes.get(k)));
    }
  }

  private static double best(double[] values) {
    return Arrays.stream(values).min().orElse(Double.NaN);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
