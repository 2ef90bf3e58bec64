package dev.agentkit.benchmarks;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HttpContractSource;
import dev.agentkit.source.SimulatedCaches;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Row 13: a fleet of agents polling one backend. Every agent has its own {@link CachedContract}
 * over its own {@link HttpContractSource} (its own HTTP client and connection), all on one
 * simulated clock, against one {@link FleetBackend} in a JVM of its own on loopback. All start
 * together (a deploy, a restart of the fleet); then the clock moves on one second at a time for
 * {@value #TTLS} ttls of five minutes, and at each second every agent whose contract is due fetches
 * it, all of them at once on their own threads (virtual threads where the JVM has them). Counted
 * from the end of the synchronized start: bytes and backend CPU per agent per hour, and the most
 * fetches at once, with and without conditional refresh (a backend that tags its contract and
 * answers {@code 304}, or one that sends it in full every time) and with and without jitter.
 */
final class FleetRows {
  static final Duration TTL = Duration.ofMinutes(5);
  static final int TTLS = 10;
  static final Duration STEP = Duration.ofSeconds(1);
  static final int OPS = 200;

  /** One way to run the fleet. */
  record Config(String name, boolean conditional, double jitter) {}

  /** What the backend counted for a config after the synchronized start, and the peak per step. */
  record Outcome(Config config, Map<String, Long> stats, int peakPerStep, double hours) {
    double perAgentHour(long value, int agents) {
      return value / (double) agents / hours;
    }
  }

  private static final Pattern STAT = Pattern.compile("(\\w+)=(-?\\d+)");

  private final int agents;
  private final Map<String, Outcome> outcomes = new LinkedHashMap<>();
  private String threads;
  private long documentBytes;

  private FleetRows(int agents) {
    this.agents = agents;
  }

  static FleetRows measure(int agents) throws Exception {
    FleetRows out = new FleetRows(agents);
    Process backend = startBackend();
    try {
      String base = "http://127.0.0.1:" + port(backend);
      out.run(base);
    } finally {
      backend.destroy();
      backend.waitFor(10, TimeUnit.SECONDS);
    }
    return out;
  }

  private void run(String base) throws Exception {
    Contract expected = SyntheticContract.generate("fleet", OPS, SyntheticContract.SEED);
    List<ContractSource> sources = new ArrayList<>();
    for (int i = 0; i < agents; i++) {
      sources.add(
          HttpContractSource.builder(URI.create(base + "/contract"))
              .contractName("fleet")
              .requestTimeout(Duration.ofSeconds(60))
              .build());
    }
    HttpClient control = HttpClient.newHttpClient();
    try (Pool pool = Pool.open()) {
      threads = pool.kind;
      List<Config> configs =
          List.of(
              new Config("conditional, jitter 10%", true, CachedContract.DEFAULT_JITTER),
              new Config("conditional, no jitter", true, 0),
              new Config("full every time, jitter 10%", false, CachedContract.DEFAULT_JITTER),
              new Config("full every time, no jitter", false, 0));
      for (Config c : configs) {
        get(control, base + (c.conditional() ? "/conditional" : "/plain"));
        outcomes.put(c.name(), simulate(c, sources, pool, control, base, expected.digest()));
      }
    }
  }

  private Outcome simulate(
      Config c,
      List<ContractSource> sources,
      Pool pool,
      HttpClient control,
      String base,
      String digest)
      throws Exception {
    AtomicLong clock = new AtomicLong();
    List<CachedContract> caches = new ArrayList<>();
    for (int i = 0; i < agents; i++) {
      SplittableRandom random = new SplittableRandom(SyntheticContract.SEED + i);
      caches.add(
          SimulatedCaches.cache(
              sources.get(i),
              TTL,
              TTL.multipliedBy(12),
              c.jitter(),
              clock::get,
              random::nextDouble));
    }
    fetchAll(caches, pool, digest); // the synchronized start
    get(control, base + "/reset");
    long steps = TTL.multipliedBy(TTLS).dividedBy(STEP);
    int peak = 0;
    for (long s = 1; s <= steps; s++) {
      clock.set(STEP.multipliedBy(s).toNanos());
      List<CachedContract> due = new ArrayList<>();
      for (CachedContract cache : caches) {
        if (cache.freshness().orElseThrow().stale()) {
          due.add(cache);
        }
      }
      peak = Math.max(peak, due.size());
      fetchAll(due, pool, digest);
    }
    Map<String, Long> stats = stats(get(control, base + "/stats"));
    documentBytes = stats.get("documentBytes");
    double hours = STEP.multipliedBy(steps).toMillis() / 3_600_000.0;
    return new Outcome(c, stats, peak, hours);
  }

  /** Every cache fetches at once, each on its own thread; each must serve the contract. */
  private static void fetchAll(List<CachedContract> caches, Pool pool, String digest)
      throws Exception {
    List<Callable<String>> calls = new ArrayList<>();
    for (CachedContract cache : caches) {
      calls.add(() -> cache.fetch().digest());
    }
    for (Future<String> f : pool.executor.invokeAll(calls)) {
      if (!f.get().equals(digest)) {
        throw new IllegalStateException("an agent was served another contract: " + f.get());
      }
    }
  }

  private static Map<String, Long> stats(String text) {
    Map<String, Long> out = new LinkedHashMap<>();
    Matcher m = STAT.matcher(text);
    while (m.find()) {
      out.put(m.group(1), Long.parseLong(m.group(2)));
    }
    return out;
  }

  private static String get(HttpClient client, String url)
      throws IOException, InterruptedException {
    HttpResponse<String> r =
        client.send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException("the fleet backend answered " + r.statusCode() + " to " + url);
    }
    return r.body();
  }

  private static Process startBackend() throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new ProcessBuilder(
            java.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            FleetBackend.class.getName(),
            String.valueOf(OPS))
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }

  private static int port(Process backend) throws IOException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(backend.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null) {
      throw new IOException("the fleet backend exited before it listened");
    }
    return Integer.parseInt(line.strip());
  }

  /** The threads agents fetch on: virtual ones where the JVM has them (21+), else a cached pool. */
  private static final class Pool implements AutoCloseable {
    final ExecutorService executor;
    final String kind;

    private Pool(ExecutorService executor, String kind) {
      this.executor = executor;
      this.kind = kind;
    }

    static Pool open() {
      try {
        ExecutorService virtual =
            (ExecutorService)
                MethodHandles.publicLookup()
                    .findStatic(
                        Executors.class,
                        "newVirtualThreadPerTaskExecutor",
                        MethodType.methodType(ExecutorService.class))
                    .invoke();
        return new Pool(virtual, "virtual threads");
      } catch (Throwable absent) {
        return new Pool(Executors.newCachedThreadPool(), "platform threads (Java < 21)");
      }
    }

    @Override
    public void close() {
      executor.shutdownNow();
    }
  }

  /** The rows, each beside its anchor. */
  List<RatioTable.Row> rows() {
    Outcome ours = outcomes.get("conditional, jitter 10%");
    Outcome plain = outcomes.get("full every time, jitter 10%");
    Outcome lockstep = outcomes.get("conditional, no jitter");
    String fleet =
        String.format(
            Locale.ROOT,
            "%,d agents on %s, %d ttls of 5 min, an unchanged %.0f KB contract",
            agents,
            threads,
            TTLS,
            documentBytes / 1e3);
    return List.of(
        RatioTable.Row.lowerIsBetter(
            "13",
            fleet + ": bytes per agent per hour after the synchronized start, conditional refresh",
            "the same, backend without ETag (full every time)",
            bytes(plain),
            bytes(ours),
            50),
        RatioTable.Row.lowerIsBetter(
            "13",
            "  backend CPU per agent per hour: its request handlers' CPU time (ms), conditional"
                + " refresh",
            "the same, full every time",
            cpu(plain),
            cpu(ours),
            Double.NaN),
        RatioTable.Row.atMost(
            "13",
            "  the most agents fetching in one simulated second after the start, jitter 10% (% of"
                + " agents; without jitter "
                + percent(lockstep.peakPerStep())
                + ")",
            new RatioTable.Score(100.0 * ours.peakPerStep() / agents, Double.NaN, "%"),
            "%",
            5),
        RatioTable.Row.atMost(
            "13",
            "  the most requests the backend was answering at one instant after the start, jitter"
                + " 10% (% of agents; without jitter "
                + percent(lockstep.stats().get("peak").intValue())
                + "; a loopback answer takes a millisecond, so few overlap)",
            new RatioTable.Score(100.0 * ours.stats().get("peak") / agents, Double.NaN, "%"),
            "%",
            Double.NaN));
  }

  private String percent(int count) {
    return String.format(Locale.ROOT, "%.1f%%", 100.0 * count / agents);
  }

  private RatioTable.Score bytes(Outcome o) {
    long sent = o.stats().get("bodyBytes") + o.stats().get("headerBytes");
    return new RatioTable.Score(o.perAgentHour(sent, agents), Double.NaN, "B");
  }

  private RatioTable.Score cpu(Outcome o) {
    return new RatioTable.Score(
        o.perAgentHour(o.stats().get("handlerCpuNanos"), agents) / 1e6, Double.NaN, "ms");
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder();
    outcomes.forEach(
        (k, o) ->
            s.append(k)
                .append(": ")
                .append(o.stats())
                .append(", peak per second ")
                .append(o.peakPerStep())
                .append(", hours ")
                .append(String.format(Locale.ROOT, "%.3f", o.hours()))
                .append('\n'));
    return s.toString();
  }
}
