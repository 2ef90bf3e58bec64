package dev.agentkit.benchmarks;

import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.openapi.OpenApiContractSource;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Row 12: startup against GitHub's REST API description ({@link GitHubDocument}). One loopback
 * server here serves the document and its changed version; each variant of {@link GitHubStartup}
 * runs in fresh JVMs, interleaved round by round, so every variant meets the same machine. Reports
 * medians with half the interquartile range: the first run in each JVM (cold, what a restarted
 * service pays) and the fastest of the next ones (warm).
 */
final class GitHubRows {
  private static final List<String> VARIANTS =
      List.of("unchanged", "mapped", "changed", "swagger", "snapshot");
  private static final Pattern LINE =
      Pattern.compile("cold=([0-9.]+) warm=([0-9.]+) rss=(-?[0-9]+)");

  private final Map<String, List<double[]>> runs = new LinkedHashMap<>();
  private int operations;
  private double megabytes;

  private GitHubRows() {}

  /** Runs {@code rounds} rounds of every variant. */
  static GitHubRows measure(int rounds) throws Exception {
    // exec:exec runs the table in the benchmarks module's directory.
    Path target = Path.of(System.getProperty("bench.target", "target")).toAbsolutePath();
    Path file = GitHubDocument.file(target.resolve("octokit"));
    byte[] document = Files.readAllBytes(file);
    byte[] changed = GitHubDocument.changed(document);
    Path work = Files.createTempDirectory(target, "github");
    Path changedFile = Files.write(work.resolve("changed.json"), changed);
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
    serve(server, "/api.github.com.json", document);
    serve(server, "/changed.json", changed);
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      GitHubRows out = new GitHubRows();
      out.megabytes = document.length / 1e6;
      Fixture fx = out.fixture(base + "/api.github.com.json", work);
      Map<String, String> documents =
          Map.of(
              "unchanged", base + "/api.github.com.json",
              "mapped", base + "/api.github.com.json",
              "changed", base + "/changed.json",
              "snapshot", base + "/changed.json",
              "swagger", changedFile.toString());
      for (int round = 0; round < rounds; round++) {
        for (String v : VARIANTS) {
          out.runs.computeIfAbsent(v, k -> new ArrayList<>()).add(child(v, documents.get(v), fx));
        }
      }
      return out;
    } finally {
      server.stop(0);
    }
  }

  /** What every child gets: the copy of the snapshot, its digest, the agent's compiled ops. */
  private record Fixture(Path classes, String digest, Path compiled) {}

  private Fixture fixture(String url, Path work) throws Exception {
    Contract full =
        OpenApiContractSource.fromUrl(URI.create(url)).contractName("github").build().fetch();
    operations = full.ops().size();
    Path classes = work.resolve("classes");
    Path copy = classes.resolve(SnapshotResource.path("github", full.digest()));
    Files.createDirectories(copy.getParent());
    Files.writeString(copy, ContractSnapshot.write(full));
    List<Op> used = new ArrayList<>();
    for (String opcode : GitHubStartup.USED) {
      used.add(full.op(opcode).orElseThrow());
    }
    Path compiled = work.resolve("compiled.json");
    ContractSnapshot.writeAtomically(compiled, Contract.of("github", used));
    return new Fixture(classes, full.digest(), compiled);
  }

  private static double[] child(String variant, String document, Fixture fx)
      throws IOException, InterruptedException {
    Path javaExe = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command =
        List.of(
            javaExe.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            GitHubStartup.class.getName(),
            variant,
            document,
            fx.classes().toString(),
            fx.digest(),
            fx.compiled().toString());
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new IOException("GitHubStartup " + variant + " failed:\n" + output);
    }
    Matcher m = LINE.matcher(output);
    if (!m.find()) {
      throw new IOException("GitHubStartup " + variant + " printed no result:\n" + output);
    }
    return new double[] {
      Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3))
    };
  }

  private static void serve(HttpServer server, String path, byte[] body) {
    server.createContext(
        path,
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
  }

  /** A variant's median and half interquartile range of one column: 0 cold, 1 warm, 2 rss. */
  RatioTable.Score score(String variant, int column, String unit) {
    double[] v = runs.get(variant).stream().mapToDouble(r -> r[column]).sorted().toArray();
    double spread = (quantile(v, 0.75) - quantile(v, 0.25)) / 2;
    return new RatioTable.Score(quantile(v, 0.5), spread, unit);
  }

  private static double quantile(double[] sorted, double q) {
    double at = q * (sorted.length - 1);
    int lo = (int) Math.floor(at);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
  }

  /** The rows, each beside its anchor. */
  List<RatioTable.Row> rows() {
    String doc =
        String.format(
            Locale.ROOT, "GitHub's REST API document (%.1f MB, %,d ops)", megabytes, operations);
    RatioTable.Score unchangedRss = score("unchanged", 2, "kB").scaled(1e-3);
    return List.of(
        RatioTable.Row.overhead(
            "12",
            "bind an agent of 5 ops to " + doc + ", unchanged: fresh JVM, first bind (ms)",
            "the same bind mapping the document",
            score("mapped", 0, "ms"),
            score("unchanged", 0, "ms"),
            0.05),
        RatioTable.Row.overhead(
            "12",
            "  the same, warm: the fastest of " + GitHubStartup.WARM + " more binds (ms)",
            "the same bind mapping it, warm",
            score("mapped", 1, "ms"),
            score("unchanged", 1, "ms"),
            Double.NaN),
        RatioTable.Row.atMost(
            "12",
            "  peak resident set of that fresh JVM after the first bind, the JVM's own included",
            unchangedRss,
            "MB",
            150),
        RatioTable.Row.overhead(
            "12",
            "bind it changed (one summary reworded): fresh JVM, first bind (ms)",
            "swagger-parser readContents of the same document, fresh JVM",
            score("swagger", 0, "ms"),
            score("changed", 0, "ms"),
            1.5),
        RatioTable.Row.overhead(
            "12",
            "  the same, warm (ms)",
            "swagger-parser readContents, warm",
            score("swagger", 1, "ms"),
            score("changed", 1, "ms"),
            Double.NaN),
        RatioTable.Row.overhead(
            "12",
            "agentkit:snapshot's work for it (fetch, map, write), fresh JVM (ms)",
            "swagger-parser readContents of the same document, fresh JVM",
            score("swagger", 0, "ms"),
            score("snapshot", 0, "ms"),
            1.5));
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder();
    runs.forEach(
        (k, v) -> {
          s.append(k);
          v.forEach(r -> s.append(' ').append(Arrays.toString(r)));
          s.append('\n');
        });
    return s.toString();
  }
}
