package dev.agentkit.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark with its anchor in one go and prints one table of ratios, each from scores
 * measured side by side in this run. {@code --quick} runs short iterations for development; {@code
 * --only <regex>} restricts to matching rows' benchmarks; {@code --out <file>} also writes the
 * table as Markdown.
 */
public final class RatioTable {
  private final Profile profile;
  private final Map<String, RunResult> results = new LinkedHashMap<>();

  private RatioTable(Profile profile) {
    this.profile = profile;
  }

  /** How long to measure. */
  record Profile(String name, int forks, int warmups, int iterations, int seconds, int coldForks) {
    static final Profile QUICK = new Profile("quick", 1, 2, 3, 1, 5);
    static final Profile FULL = new Profile("full", 2, 3, 5, 1, 10);
  }

  public static void main(String[] args) throws RunnerException, IOException {
    Profile profile = Profile.FULL;
    Path out = null;
    String only = ".*";
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> profile = Profile.QUICK;
        case "--full" -> profile = Profile.FULL;
        case "--out" -> out = Path.of(args[++i]);
        case "--only" -> only = args[++i];
        default ->
            throw new IllegalArgumentException(
                "unknown argument "
                    + args[i]
                    + "; use --quick, --full, --only <regex>, --out <file>");
      }
    }
    RatioTable table = new RatioTable(profile);
    String markdown = table.run(only);
    System.out.println();
    System.out.println(markdown);
    if (out != null) {
      Files.writeString(out, markdown, StandardCharsets.UTF_8);
    }
  }

  /** The rows of one group of benchmarks, measured together. */
  private interface Group {
    List<Row> measure() throws RunnerException;
  }

  private String run(String only) throws RunnerException {
    Map<String, Group> groups = new LinkedHashMap<>();
    groups.put("javac", this::javacRows);
    groups.put("parse", this::parseRows);
    groups.put("bind", this::bindRows);
    groups.put("verify", this::verifyRows);
    groups.put("cache", this::cacheRows);
    groups.put("suggest", this::suggestRows);
    groups.put("live", this::liveRows);
    groups.put("openapi", this::openApiRows);
    groups.put("mcp", this::mcpRows);
    groups.put("inbox", this::inboxRows);
    groups.put("boot", this::bootRows);
    groups.put("github", this::gitHubRows);
    groups.put("fleet", this::fleetRows);
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, Group> group : groups.entrySet()) {
      if (group.getKey().matches(only)) {
        rows.addAll(group.getValue().measure());
      }
    }
    return render(rows);
  }

  /**
   * Row 1. Its verdicts come from the compiles interleaved in one JVM ({@link JavacRounds}): JMH
   * runs each variant in its own forks, and its single-shot compiles scatter from fork to fork by
   * more than the gap this row measures, so its lines follow without a target.
   */
  private List<Row> javacRows() throws RunnerException {
    List<Row> rows = new ArrayList<>(interleavedJavacRows());
    measure(
        new OptionsBuilder()
            .include(getClass().getPackageName() + "\\.JavacBenchmark\\.")
            .forks(profile.forks())
            .warmupIterations(profile.warmups() * 3)
            .measurementIterations(profile.iterations() * 3)
            .shouldFailOnError(true));
    String anchor = "javac -proc:none + generated wiring, JMH";
    rows.add(
        jmhJavacRow(
            "  JMH, each variant in its own forks (wall ms): the processor",
            anchor,
            "procNone",
            "withProcessor"));
    rows.add(
        jmhJavacRow(
            "  JMH: the processor that does nothing", anchor, "procNone", "doNothingProcessor"));
    rows.add(
        jmhJavacRow(
            "  JMH: the processor that only writes the wiring",
            anchor,
            "procNone",
            "writeOnlyProcessor"));
    rows.add(
        jmhJavacRow(
            "  JMH: the agentkit processor beyond writing the wiring",
            "the processor that only writes it, JMH",
            "writeOnlyProcessor",
            "withProcessor"));
    return rows;
  }

  private Row jmhJavacRow(String measure, String anchor, String anchorBench, String oursBench) {
    return Row.overhead(
        "1",
        measure,
        anchor,
        score("JavacBenchmark." + anchorBench),
        score("JavacBenchmark." + oursBench),
        Double.NaN);
  }

  /**
   * Row 1 again, the compiles interleaved in one JVM ({@link JavacRounds}). Its target is issue
   * 29's restatement: the processor's own share, beyond a processor that only writes the same
   * wiring, at most 1.05 by the fastest round; the compile beside {@code -proc:none} is javac's own
   * floor (RESULTS.md), shown without a target.
   */
  private List<Row> interleavedJavacRows() throws RunnerException {
    JavacRounds r;
    try {
      r = JavacRounds.measure(profile.iterations() * 6 + 6, profile.iterations() * 4 + 4);
    } catch (Exception e) {
      throw new RunnerException("the interleaved javac rounds failed", e);
    }
    String anchor = "javac -proc:none + generated wiring, interleaved";
    String none = "procNone";
    return List.of(
        Row.overhead(
            "1",
            "javac 4 agents, 200 acts, 5,000-op snapshot; the variants interleaved in one JVM,"
                + " main-thread CPU ms, median ± half the IQR",
            anchor,
            r.median(none),
            r.median("withProcessor"),
            Double.NaN),
        Row.overhead(
            "1",
            "  interleaved, fastest round of each (noise only adds time): the processor",
            anchor,
            r.best(none),
            r.best("withProcessor"),
            Double.NaN),
        Row.overhead(
            "1",
            "  interleaved, fastest round: the processor that does nothing",
            anchor,
            r.best(none),
            r.best("doNothingProcessor"),
            Double.NaN),
        Row.overhead(
            "1",
            "  interleaved, fastest round: the processor that only writes the wiring",
            anchor,
            r.best(none),
            r.best("writeOnlyProcessor"),
            Double.NaN),
        Row.overhead(
            "1",
            "  interleaved, fastest round: the agentkit processor beyond writing the wiring",
            "the processor that only writes it, fastest round",
            r.best("writeOnlyProcessor"),
            r.best("withProcessor"),
            1.05),
        Row.overhead(
            "1",
            "what agentkit adds to the agent module's compile: the agents with the processor and"
                + " their wiring, against the same agents with no processor and no wiring;"
                + " interleaved, median",
            "javac -proc:none, the agents alone",
            r.median("agentsAlone"),
            r.median("withProcessor"),
            Double.NaN),
        Row.overhead(
            "1",
            "  the same, fastest round",
            "javac -proc:none, the agents alone, fastest round",
            r.best("agentsAlone"),
            r.best("withProcessor"),
            Double.NaN));
  }

  private List<Row> parseRows() throws RunnerException {
    List<Row> rows = new ArrayList<>();
    measure(warm("SnapshotParseBenchmark"));
    double nestedMb = SnapshotParseBenchmark.nestedDocumentBytes() / 1e6;
    rows.add(
        Row.higherIsBetter(
            "2",
            String.format(
                Locale.ROOT,
                "snapshot parse, %.1f MB, 5,000 ops, %,d tree-typed operands (MB/s)",
                nestedMb,
                SyntheticContract.nestedOperands(SyntheticContract.largeNested())),
            "Jackson readTree",
            score("SnapshotParseBenchmark.jacksonReadTreeNested").scaled(nestedMb),
            score("SnapshotParseBenchmark.parseNestedSnapshot").scaled(nestedMb),
            0.75));
    double mb = SnapshotParseBenchmark.documentBytes() / 1e6;
    Score jackson = score("SnapshotParseBenchmark.jacksonReadTree").scaled(mb);
    Score ours = score("SnapshotParseBenchmark.parseSnapshot").scaled(mb);
    rows.add(
        Row.higherIsBetter(
            "2",
            String.format(Locale.ROOT, "  the same, all operands flat, %.1f MB (MB/s)", mb),
            "Jackson readTree",
            jackson,
            ours,
            0.75));
    return rows;
  }

  private List<Row> bindRows() throws RunnerException {
    List<Row> rows = new ArrayList<>();
    measure(warm("BindBenchmark").mode(Mode.AverageTime).timeUnit(TimeUnit.MICROSECONDS));
    Score ours = score("BindBenchmark.generatedBind");
    Score lc4j = score("BindBenchmark.langchain4j");
    Score scan = score("BindBenchmark.reflectionScan");
    rows.add(
        Row.lowerIsBetter(
            "3", "bind 200 acts, warm (µs)", "LangChain4j toolSpecificationsFrom", lc4j, ours, 20));
    rows.add(
        Row.lowerIsBetter(
            "3", "  the same, against a reflection scan (µs)", "reflection scan", scan, ours, 20));
    Score fast = score("BindBenchmark.boundAgentFastPath");
    Score drift = score("BindBenchmark.boundAgentDrift");
    rows.add(
        Row.atMost(
            "3",
            "BoundAgent.bind 200 acts, equal digests (fast path), warm",
            fast.scaled(1e-3),
            "ms",
            Double.NaN));
    rows.add(
        Row.atMost(
            "3",
            "BoundAgent.bind 200 acts, full drift vs 5,000-op live contract, warm",
            drift.scaled(1e-3),
            "ms",
            2.0));
    rows.addAll(bindColdRows());
    return rows;
  }

  private List<Row> bindColdRows() throws RunnerException {
    List<Row> rows = new ArrayList<>();
    results.clear();
    measure(
        new OptionsBuilder()
            .include(
                getClass().getPackageName()
                    + "\\.BindBenchmark\\.(generatedBind|langchain4j|reflectionScan)$")
            .mode(Mode.SingleShotTime)
            .timeUnit(TimeUnit.MILLISECONDS)
            .forks(profile.coldForks())
            .warmupIterations(0)
            .measurementIterations(1)
            .shouldFailOnError(true));
    Score coldOurs = score("BindBenchmark.generatedBind");
    rows.add(
        Row.lowerIsBetter(
            "3",
            "bind 200 acts, cold: first call in a fresh JVM (ms)",
            "LangChain4j toolSpecificationsFrom",
            score("BindBenchmark.langchain4j"),
            coldOurs,
            20));
    rows.add(
        Row.lowerIsBetter(
            "3",
            "  the same, against a reflection scan (ms)",
            "reflection scan",
            score("BindBenchmark.reflectionScan"),
            coldOurs,
            10));
    return rows;
  }

  private List<Row> verifyRows() throws RunnerException {
    List<Row> rows = new ArrayList<>();
    measure(warm("VerifyBenchmark").addProfiler(GCProfiler.class));
    Score verify = score("VerifyBenchmark.verify");
    Score gate = score("VerifyBenchmark.gate");
    double verifyBytes = secondary("VerifyBenchmark.verify", "gc.alloc.rate.norm");
    double gateBytes = secondary("VerifyBenchmark.gate", "gc.alloc.rate.norm");
    double bareBytes = secondary("VerifyBenchmark.verifyListBare", "gc.alloc.rate.norm");
    double arrayBytes = secondary("VerifyBenchmark.verifyListArray", "gc.alloc.rate.norm");
    double nestedBytes = secondary("VerifyBenchmark.verifyNested", "gc.alloc.rate.norm");
    rows.add(
        Row.absolute(
            "4",
            String.format(
                Locale.ROOT,
                "verify, 7 operands, one a checklist of objects (calls/s); %.1f B allocated per"
                    + " accepted call",
                verifyBytes),
            verify.scaled(1e-6),
            "M/s",
            5.0,
            verifyBytes < 1.0));
    rows.add(
        Row.absolute(
            "4",
            String.format(
                Locale.ROOT,
                "  verify, a list operand as a bare value; %.1f B per call",
                bareBytes),
            score("VerifyBenchmark.verifyListBare").scaled(1e-6),
            "M/s",
            5.0,
            bareBytes < 1.0));
    rows.add(
        Row.absolute(
            "4",
            String.format(
                Locale.ROOT,
                "  verify, a list operand as a JSON array of 2; %.0f B per call",
                arrayBytes),
            score("VerifyBenchmark.verifyListArray").scaled(1e-6),
            "M/s",
            Double.NaN,
            true));
    rows.add(
        Row.absolute(
            "4",
            String.format(
                Locale.ROOT,
                "  verify, a checklist of 3 objects (union, bounds) given; %.0f B per call",
                nestedBytes),
            score("VerifyBenchmark.verifyNested").scaled(1e-6),
            "M/s",
            Double.NaN,
            true));
    rows.add(
        Row.absolute(
            "4",
            String.format(
                Locale.ROOT,
                "gate, program of %d calls (calls/s); %.0f B per call",
                VerifyBenchmark.PROGRAM,
                gateBytes),
            gate.scaled(1e-6),
            "M/s",
            Double.NaN,
            true));
    return rows;
  }

  private List<Row> cacheRows() throws RunnerException {
    List<Row> rows = new ArrayList<>();
    measure(warm("CacheReadBenchmark"));
    Score sync = score("CacheReadBenchmark.synchronizedHolder");
    Score ours = score("CacheReadBenchmark.cachedContract");
    Score bare = score("CacheReadBenchmark.volatileRead");
    Score clocked = score("CacheReadBenchmark.volatileReadWithClock");
    rows.add(
        Row.lowerIsBetter(
            "5",
            "CachedContract read in ttl, 2 threads (ns/op)",
            "synchronized ttl holder",
            sync,
            ours,
            7.0));
    rows.add(
        Row.lowerIsBetter(
            "5",
            "  the same, against a bare volatile read (ns/op)",
            "volatile read",
            bare,
            ours,
            Double.NaN));
    rows.add(
        Row.lowerIsBetter(
            "5",
            "  the same, against a volatile read and a nanoTime check (ns/op)",
            "volatile + nanoTime",
            clocked,
            ours,
            Double.NaN));
    return rows;
  }

  private List<Row> liveRows() throws RunnerException {
    measure(warm("LiveBenchmark"));
    return List.of(
        Row.overhead(
            "8",
            "gate a 16-call program, unchanged contract, live agent (ns per call)",
            "bound ActionSet",
            score("LiveBenchmark.boundGate"),
            score("LiveBenchmark.liveGate"),
            1.05));
  }

  private List<Row> openApiRows() throws RunnerException {
    measure(warm("OpenApiSnapshotBenchmark"));
    return List.of(
        Row.overhead(
            "9",
            String.format(
                Locale.ROOT,
                "snapshot of a %d-operation OpenAPI document (%.1f MB JSON) on loopback (ms)",
                OpenApiSnapshotBenchmark.OPERATIONS,
                OpenApiSnapshotBenchmark.documentBytes() / 1e6),
            "HttpContractSource, same contract",
            score("OpenApiSnapshotBenchmark.nativeSnapshot"),
            score("OpenApiSnapshotBenchmark.openApiSnapshot"),
            5.0));
  }

  private List<Row> mcpRows() throws RunnerException {
    measure(warm("McpSnapshotBenchmark"));
    Score held = score("McpSnapshotBenchmark.nativeSnapshot");
    Score fresh = score("McpSnapshotBenchmark.nativeNewSource");
    String anchorNew = "HttpContractSource, same contract, new source each";
    return List.of(
        Row.overhead(
            "9",
            String.format(
                Locale.ROOT,
                "snapshot of a %d-tool MCP server over stdio, session open: tools/list + map (ms)",
                McpToolServer.TOOLS),
            "HttpContractSource, same contract",
            held,
            score("McpSnapshotBenchmark.stdioOpenSession"),
            McpSnapshotBenchmark.OPEN_SESSION_TARGET),
        Row.overhead(
            "9",
            "  the same over Streamable HTTP (Tomcat, loopback), session open (ms)",
            "HttpContractSource, same contract",
            held,
            score("McpSnapshotBenchmark.httpOpenSession"),
            McpSnapshotBenchmark.OPEN_SESSION_TARGET),
        Row.overhead(
            "9",
            "  over stdio, new session: start the server JVM, initialize, list, map, close (ms)",
            anchorNew,
            fresh,
            score("McpSnapshotBenchmark.stdioNewSession"),
            Double.NaN),
        Row.overhead(
            "9",
            "  over Streamable HTTP, new session: connect, initialize, list, map, close (ms)",
            anchorNew,
            fresh,
            score("McpSnapshotBenchmark.httpNewSession"),
            Double.NaN));
  }

  private List<Row> inboxRows() throws RunnerException {
    measure(warm("InboxBenchmark"));
    Score plain = score("InboxBenchmark.plainBatchInsert");
    Score ours = score("InboxBenchmark.propose");
    return List.of(
        Row.overhead(
            "10",
            String.format(
                Locale.ROOT,
                "upsert %d proposals, embedded PostgreSQL (ms per batch; %,.0f vs %,.0f per s)",
                InboxBenchmark.BATCH,
                InboxBenchmark.BATCH * 1000 / ours.mean(),
                InboxBenchmark.BATCH * 1000 / plain.mean()),
            "plain JDBC batch insert",
            plain,
            ours,
            2.0));
  }

  private List<Row> bootRows() throws RunnerException {
    measure(
        new OptionsBuilder()
            .include(getClass().getPackageName() + "\\.BootStartupBenchmark\\.")
            .mode(Mode.SingleShotTime)
            .timeUnit(TimeUnit.MILLISECONDS)
            .forks(profile.coldForks())
            .warmupIterations(0)
            .measurementIterations(1)
            .shouldFailOnError(true));
    Score starter = score("BootStartupBenchmark.withStarter");
    return List.of(
        Row.overhead(
            "11",
            String.format(
                Locale.ROOT,
                "Boot context start, %d agents bound by the starter, fresh JVM (ms)",
                BootStartupBenchmark.AGENTS),
            "the same context binding them by hand",
            score("BootStartupBenchmark.bindByHand"),
            starter,
            1.10),
        Row.overhead(
            "11",
            "  the same, against the context with no agent bound",
            "the same context without the starter",
            score("BootStartupBenchmark.withoutStarter"),
            starter,
            Double.NaN));
  }

  /** Row 12, in fresh JVMs of its own ({@link GitHubRows}). */
  private List<Row> gitHubRows() throws RunnerException {
    try {
      GitHubRows rows = GitHubRows.measure(profile.coldForks());
      System.out.println("row 12, each fresh JVM's [cold ms, warm ms, peak kB]:\n" + rows);
      return rows.rows();
    } catch (Exception e) {
      throw new RunnerException("row 12 (GitHub's document) failed: " + e.getMessage(), e);
    }
  }

  /** Row 13, a simulated fleet ({@link FleetRows}): 200 agents quick, 1,000 in full. */
  private List<Row> fleetRows() throws RunnerException {
    try {
      FleetRows rows = FleetRows.measure(profile == Profile.QUICK ? 200 : 1000);
      System.out.println("row 13, what the backend counted after the synchronized start:\n" + rows);
      return rows.rows();
    } catch (Exception e) {
      throw new RunnerException("row 13 (the fleet) failed: " + e.getMessage(), e);
    }
  }

  private List<Row> suggestRows() throws RunnerException {
    measure(warm("SuggestionBenchmark").mode(Mode.AverageTime).timeUnit(TimeUnit.NANOSECONDS));
    return List.of(
        Row.overhead(
            "6",
            String.format(
                Locale.ROOT,
                "rejected enum value of %,d chars vs a short near miss (ns per verify)",
                SuggestionBenchmark.HUGE),
            "short near miss",
            score("SuggestionBenchmark.shortValue"),
            score("SuggestionBenchmark.hugeValue"),
            1.5));
  }

  private ChainedOptionsBuilder warm(String benchmarkClass) {
    return new OptionsBuilder()
        .include(getClass().getPackageName() + "\\." + benchmarkClass + "\\.")
        .forks(profile.forks())
        .warmupIterations(profile.warmups())
        .warmupTime(TimeValue.seconds(profile.seconds()))
        .measurementIterations(profile.iterations())
        .measurementTime(TimeValue.seconds(profile.seconds()))
        .shouldFailOnError(true);
  }

  private void measure(ChainedOptionsBuilder options) throws RunnerException {
    Collection<RunResult> run = new Runner(options.build()).run();
    for (RunResult r : run) {
      String full = r.getParams().getBenchmark();
      String[] parts = full.split("\\.");
      results.put(parts[parts.length - 2] + "." + parts[parts.length - 1], r);
    }
  }

  private Score score(String benchmark) {
    RunResult r = results.get(benchmark);
    if (r == null) {
      throw new IllegalStateException("no result for " + benchmark + "; have " + results.keySet());
    }
    Result<?> primary = r.getPrimaryResult();
    return new Score(primary.getScore(), primary.getScoreError(), primary.getScoreUnit());
  }

  private double secondary(String benchmark, String suffix) {
    RunResult r = results.get(benchmark);
    for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
      if (e.getKey().endsWith(suffix)) {
        return e.getValue().getScore();
      }
    }
    return Double.NaN;
  }

  private String render(List<Row> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("agentkit benchmarks, ")
        .append(LocalDate.now())
        .append(", profile ")
        .append(profile.name())
        .append(" (forks ")
        .append(profile.forks())
        .append(", warmup ")
        .append(profile.warmups())
        .append(" x ")
        .append(profile.seconds())
        .append(" s, measure ")
        .append(profile.iterations())
        .append(" x ")
        .append(profile.seconds())
        .append(" s, cold forks ")
        .append(profile.coldForks())
        .append("), ")
        .append(Runtime.getRuntime().availableProcessors())
        .append(" cpus, ")
        .append(System.getProperty("java.vm.name"))
        .append(' ')
        .append(System.getProperty("java.version"))
        .append("\n\n");
    sb.append("| # | measure | anchor | anchor score | ours | ratio | target | met |\n");
    sb.append("|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      sb.append(r.markdown()).append('\n');
    }
    sb.append(
        "\nScores are JMH means ± 99.9% error; a ratio's error combines both relative errors."
            + " Ratios read \"how many times better ours is\" (throughput ours/anchor, time"
            + " anchor/ours) except overhead rows, which are ours/anchor.\n");
    return sb.toString();
  }

  /** A JMH score with its error. */
  record Score(double mean, double error, String unit) {
    Score scaled(double factor) {
      return new Score(mean * factor, error * factor, unit);
    }

    String text() {
      return Double.isNaN(error) || error == 0 ? fmt(mean) : fmt(mean) + " ± " + fmt(error);
    }

    double relativeError() {
      return Double.isNaN(error) ? 0 : error / mean;
    }
  }

  /** One line of the table. */
  record Row(
      String number,
      String measure,
      String anchor,
      String anchorScore,
      String ours,
      double ratio,
      double ratioError,
      String ratioText,
      String target,
      String met) {

    static Row higherIsBetter(
        String n, String measure, String anchor, Score a, Score ours, double atLeast) {
      double ratio = ours.mean() / a.mean();
      double err = ratio * Math.hypot(a.relativeError(), ours.relativeError());
      return new Row(
          n,
          measure,
          anchor,
          a.text(),
          ours.text(),
          ratio,
          err,
          ratioText(ratio, err),
          Double.isNaN(atLeast) ? "" : "≥ " + fmt(atLeast),
          Double.isNaN(atLeast) ? "" : ratio >= atLeast ? "yes" : "NO");
    }

    static Row lowerIsBetter(
        String n, String measure, String anchor, Score a, Score ours, double atLeast) {
      double ratio = a.mean() / ours.mean();
      double err = ratio * Math.hypot(a.relativeError(), ours.relativeError());
      return new Row(
          n,
          measure,
          anchor,
          a.text(),
          ours.text(),
          ratio,
          err,
          ratioText(ratio, err),
          Double.isNaN(atLeast) ? "" : "≥ " + fmt(atLeast) + "×",
          Double.isNaN(atLeast) ? "" : ratio >= atLeast ? "yes" : "NO");
    }

    static Row overhead(
        String n, String measure, String anchor, Score a, Score ours, double atMost) {
      double ratio = ours.mean() / a.mean();
      double err = ratio * Math.hypot(a.relativeError(), ours.relativeError());
      return new Row(
          n,
          measure,
          anchor,
          a.text(),
          ours.text(),
          ratio,
          err,
          ratioText(ratio, err),
          Double.isNaN(atMost) ? "" : "≤ " + fmt(atMost),
          Double.isNaN(atMost) ? "" : ratio <= atMost ? "yes" : "NO");
    }

    static Row absolute(
        String n, String measure, Score ours, String unit, double atLeast, boolean alsoMet) {
      boolean met = (Double.isNaN(atLeast) || ours.mean() >= atLeast) && alsoMet;
      return new Row(
          n,
          measure,
          "(none)",
          "",
          ours.text() + " " + unit,
          Double.NaN,
          Double.NaN,
          "",
          Double.isNaN(atLeast) ? "" : "≥ " + fmt(atLeast) + " " + unit,
          met ? "yes" : "NO");
    }

    static Row atMost(String n, String measure, Score ours, String unit, double atMost) {
      if (Double.isNaN(atMost)) {
        return new Row(
            n, measure, "(none)", "", ours.text() + " " + unit, Double.NaN, Double.NaN, "", "", "");
      }
      return new Row(
          n,
          measure,
          "(none)",
          "",
          ours.text() + " " + unit,
          Double.NaN,
          Double.NaN,
          "",
          "≤ " + fmt(atMost) + " " + unit,
          ours.mean() <= atMost ? "yes" : "NO");
    }

    private static String ratioText(double ratio, double err) {
      return fmt(ratio) + " ± " + fmt(err);
    }

    String markdown() {
      return String.join(
          " | ", "| " + number, measure, anchor, anchorScore, ours, ratioText, target, met + " |");
    }
  }

  static String fmt(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    double a = Math.abs(v);
    if (a >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (a >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (a >= 1) {
      return String.format(Locale.ROOT, "%.2f", v);
    }
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
