package dev.agentkit.benchmarks;

import dev.agentkit.BoundAgent;
import dev.agentkit.CompiledAgent;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.openapi.OpenApiContractSource;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One fresh JVM of row 12, started by {@link GitHubRows}: does one variant once (the cold start a
 * restarted service pays), then {@value #WARM} more times, and prints {@code cold=<ms> warm=<ms>
 * rss=<kB>}: the first run's wall time, the fastest later one's, and the process's peak resident
 * set after the first run ({@code VmHWM}, the JVM's own included).
 *
 * <p>Variants, each against GitHub's document on the parent's loopback server:
 *
 * <ul>
 *   <li>{@code unchanged}: an agent of five GitHub ops binds with the copy of its snapshot on the
 *       class path, as the processor puts it there; the document is the one the snapshot was taken
 *       from, so it is downloaded and hashed, not mapped.
 *   <li>{@code mapped}: the same bind without the copy: the document is mapped, as every restart
 *       did before.
 *   <li>{@code changed}: the copy is there, but the document was changed (one summary reworded):
 *       mapped, and the drift graded.
 *   <li>{@code snapshot}: what {@code agentkit:snapshot} does for the contract, in process: fetch,
 *       map, check, write the snapshot file.
 *   <li>{@code swagger}: swagger-parser's own parse of the changed document from its file ({@code
 *       OpenAPIV3Parser.readContents}, refs not resolved, as agentkit parses): the anchor.
 * </ul>
 */
public final class GitHubStartup {
  static final int WARM = 3;

  /** The ops the agent uses: read-only and reversible ones, with run handlers. */
  static final List<String> USED =
      List.of("issues/create", "issues/get", "issues/update", "pulls/get", "repos/get");

  private GitHubStartup() {}

  /**
   * @param args variant, document URL or file, the classes directory holding the copy, the full
   *     contract's digest, and the file of the compiled contract (the used ops' snapshot)
   */
  public static void main(String[] args) throws Exception {
    String variant = args[0];
    String document = args[1];
    Path classes = Path.of(args[2]);
    String digest = args[3];
    Contract used = ContractSnapshot.read(Path.of(args[4]));
    // As the processor's wiring says it: a copy beside it, except where the row maps the document.
    CompiledAgent compiled =
        new CompiledAgent("GitHubAgent", used, digest, !variant.equals("mapped"));
    List<Use<Object>> uses = new ArrayList<>();
    for (String opcode : USED) {
      uses.add(Use.<Object>of(opcode, ChangeCategory.ALWAYS_MINTS).run((s, c) -> null).build());
    }
    if (!variant.equals("mapped")) {
      Thread.currentThread()
          .setContextClassLoader(
              new URLClassLoader(
                  new URL[] {classes.toUri().toURL()}, GitHubStartup.class.getClassLoader()));
    }
    Runnable run = variant(variant, document, compiled, uses, classes);
    long t0 = System.nanoTime();
    run.run();
    double cold = (System.nanoTime() - t0) / 1e6;
    long rss = peakResidentKb();
    double warm = Double.MAX_VALUE;
    for (int i = 0; i < WARM; i++) {
      long t = System.nanoTime();
      run.run();
      warm = Math.min(warm, (System.nanoTime() - t) / 1e6);
    }
    System.out.printf(Locale.ROOT, "cold=%.3f warm=%.3f rss=%d%n", cold, warm, rss);
  }

  private static Runnable variant(
      String variant, String document, CompiledAgent compiled, List<Use<Object>> uses, Path dir) {
    return switch (variant) {
      case "unchanged", "mapped", "changed" -> () -> bind(document, compiled, uses);
      case "snapshot" ->
          () -> snapshot(document, dir.resolveSibling("written").resolve("github.json"));
      case "swagger" -> () -> swagger(Path.of(document));
      default -> throw new IllegalArgumentException("no variant " + variant);
    };
  }

  private static void bind(String url, CompiledAgent compiled, List<Use<Object>> uses) {
    OpenApiContractSource source =
        OpenApiContractSource.fromUrl(URI.create(url)).contractName("github").build();
    BoundAgent<Object> bound =
        BoundAgent.bind(compiled, source, uses, DriftPolicy.failOnBreaking(), Clock.systemUTC());
    if (bound.acts().contract().orElseThrow().ops().size() < 1000) {
      throw new IllegalStateException("bound a contract of too few ops");
    }
  }

  private static void snapshot(String url, Path file) {
    try {
      OpenApiContractSource source =
          OpenApiContractSource.fromUrl(URI.create(url)).contractName("github").build();
      Contract live = source.fetch();
      if (live.isEmpty() || !live.problems().isEmpty()) {
        throw new IllegalStateException("GitHub's contract would be refused: " + live.problems());
      }
      ContractSnapshot.writeAtomically(file, Contract.of("github", url, live.ops()));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void swagger(Path file) {
    try {
      String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
      if (new OpenAPIV3Parser().readContents(text, null, new ParseOptions()).getOpenAPI() == null) {
        throw new IllegalStateException("swagger-parser read no document");
      }
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The process's peak resident set in kB ({@code VmHWM}), or -1 where /proc has none. */
  static long peakResidentKb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (java.io.IOException | NumberFormatException e) {
      // No /proc: the row says n/a.
    }
    return -1;
  }
}
