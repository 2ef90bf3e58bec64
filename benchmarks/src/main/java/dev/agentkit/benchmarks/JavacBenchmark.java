package dev.agentkit.benchmarks;

import dev.agentkit.contract.Contract;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Benchmark 1: compiling the corpus's agents (200 acts over 4 classes, against the 5,000-op
 * snapshot) in-process with the agentkit processor, against compiling the same agents plus the
 * wiring already generated with {@code -proc:none}. Each compile is one single-shot sample.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class JavacBenchmark {
  private static final String PROCESSOR = "dev.agentkit.processor.AgentKitProcessor";

  private Path dir;
  private List<Path> agents;
  private List<Path> agentsAndWiring;
  private Map<String, String> wiring;
  private JavaCompiler javac;
  private String classpath;

  @Setup
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("agentkit-javac-bench");
    Contract contract = SyntheticContract.large();
    Corpus.writeSnapshot(dir.resolve("snapshots"), contract);
    agents = Corpus.writeAgents(dir.resolve("src"), contract);
    javac = ToolProvider.getSystemJavaCompiler();
    classpath = System.getProperty("java.class.path");
    Path generated = dir.resolve("generated");
    compile(agents, withProcessor(generated), dir.resolve("warm-up"));
    agentsAndWiring = new ArrayList<>(agents);
    try (Stream<Path> files = Files.walk(generated)) {
      files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(agentsAndWiring::add);
    }
    if (agentsAndWiring.size() != agents.size() * 2) {
      throw new IllegalStateException("expected one wiring per agent in " + generated);
    }
    wiring = new TreeMap<>();
    for (Path f : agentsAndWiring.subList(agents.size(), agentsAndWiring.size())) {
      String name = generated.relativize(f).toString().replace(".java", "");
      wiring.put(name.replace(f.getFileSystem().getSeparator(), "."), Files.readString(f));
    }
  }

  @TearDown
  public void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    }
  }

  /** Ours: javac with the agentkit processor, which reads the snapshot and writes the wiring. */
  @Benchmark
  public boolean withProcessor() throws IOException {
    return compile(agents, withProcessor(dir.resolve("gen-a")), dir.resolve("out-a"));
  }

  /** Anchor: javac -proc:none on the same agents plus the wiring generated before. */
  @Benchmark
  public boolean procNone() throws IOException {
    return compile(agentsAndWiring, List.of("-proc:none"), dir.resolve("out-b"));
  }

  /**
   * What adopting agentkit adds to a build: the agents alone, with no processor and no wiring, as
   * the same classes would compile without agentkit (their handlers take {@code Call}, so they need
   * no wiring). Compared with {@link #withProcessor}, without a target.
   */
  @Benchmark
  public boolean agentsAlone() throws IOException {
    return compile(agents, List.of("-proc:none"), dir.resolve("out-e"));
  }

  /**
   * The floor: the anchor's sources (agents and wiring) with annotation processing on and one
   * processor that claims agentkit's annotations and does nothing. What this costs beyond the
   * anchor is javac's own: with any processor present it enters every tree again for its last round
   * and again for the compile after it.
   */
  @Benchmark
  public boolean doNothingProcessor() throws IOException {
    return compile(agentsAndWiring, List.of(), dir.resolve("out-c"), new DoNothing());
  }

  /**
   * The floor of any processor that writes this wiring: the agents alone, with a processor that
   * writes the wiring generated before through the Filer in its first round and reads nothing. What
   * this costs beyond the anchor is the round that enters the wiring, the rounds after it, and the
   * writing.
   */
  @Benchmark
  public boolean writeOnlyProcessor() throws IOException {
    return compile(
        agents, List.of("-s", gen("gen-d")), dir.resolve("out-d"), new WriteOnly(wiring));
  }

  private String gen(String name) throws IOException {
    return Files.createDirectories(dir.resolve(name)).toString();
  }

  private List<String> withProcessor(Path generated) throws IOException {
    Files.createDirectories(generated);
    return List.of(
        "-processor",
        PROCESSOR,
        "-processorpath",
        classpath,
        "-Aagentkit.snapshotDir=" + dir.resolve("snapshots").toAbsolutePath(),
        "-s",
        generated.toString());
  }

  private boolean compile(List<Path> sources, List<String> extra, Path out) throws IOException {
    return compile(sources, extra, out, null);
  }

  private boolean compile(List<Path> sources, List<String> extra, Path out, Processor processor)
      throws IOException {
    Files.createDirectories(out);
    List<String> options = new ArrayList<>(extra);
    options.addAll(List.of("--release", "17", "-classpath", classpath, "-d", out.toString()));
    StringWriter messages = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
      JavaCompiler.CompilationTask task =
          javac.getTask(messages, files, null, options, null, units);
      if (processor != null) {
        task.setProcessors(List.of(processor));
      }
      boolean ok = task.call();
      if (!ok) {
        throw new IllegalStateException("the corpus did not compile:\n" + messages);
      }
      return ok;
    }
  }

  /** A processor that writes the given sources in its first round, and does nothing else. */
  static final class WriteOnly extends DoNothing {
    private final Map<String, String> sources;
    private boolean written;

    WriteOnly(Map<String, String> sources) {
      this.sources = sources;
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (written || annotations.isEmpty()) {
        return false;
      }
      written = true;
      try {
        for (Map.Entry<String, String> source : sources.entrySet()) {
          try (Writer out =
              processingEnv.getFiler().createSourceFile(source.getKey()).openWriter()) {
            out.write(source.getValue());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return false;
    }
  }

  /** A processor that claims agentkit's annotations and does nothing with them. */
  static class DoNothing extends AbstractProcessor {
    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("dev.agentkit.annotation.*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      return false;
    }
  }
}
