package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.BoundAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.SourceDocument;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HeldContract;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot that records its source document is copied into the class output beside the wiring,
 * and the wiring holds it when it binds: a source whose document is the one the snapshot was taken
 * from answers the snapshot's contract without mapping the document. A snapshot without a record is
 * not copied.
 */
class EmbeddedSnapshotTest {
  private static final byte[] DOCUMENT = "the backend's document".getBytes(StandardCharsets.UTF_8);
  private static final SourceDocument RECORD = SourceDocument.of(DOCUMENT, "test/1");
  private static final Contract SNAPSHOT = Fixtures.taskboard().withDocument(RECORD);
  private static final String PATH =
      SnapshotResource.path("taskboard", Fixtures.taskboard().digest());

  @TempDir Path dir;

  @Test
  void aSnapshotWithARecordIsCopiedIntoTheClassOutput() throws Exception {
    Compilation c = compile(SNAPSHOT);

    assertThat(c).succeededWithoutWarnings();
    assertThat(PATH).startsWith("META-INF/agentkit/snapshots/taskboard-").endsWith(".json");
    assertThat(resource(c)).contains(ContractSnapshot.write(SNAPSHOT));
    assertThat(wiring(c)).contains("newCompiledContract(), CONTRACT_DIGEST, true);");
  }

  @Test
  void aSnapshotWithoutARecordIsNot() throws Exception {
    Compilation c = compile(Fixtures.taskboard());

    assertThat(c).succeededWithoutWarnings();
    assertThat(resource(c)).isEmpty();
    // The wiring says there is no copy, so binding never asks the class loaders for one.
    assertThat(wiring(c)).contains("newCompiledContract(), CONTRACT_DIGEST);");
  }

  @Test
  void theWiringHoldsTheCopySoAnUnchangedDocumentIsNotMapped() throws Exception {
    Compilation c = compile(SNAPSHOT);
    DocumentSource source = new DocumentSource(DOCUMENT);

    BoundAgent<?> bound = bind(c, source, true);

    assertThat(source.mappings).hasValue(0);
    assertThat(bound.report().isEmpty()).isTrue();
    assertThat(bound.acts().contract().orElseThrow().digest())
        .isEqualTo(Fixtures.taskboard().digest());
    assertThat(bound.acts().contract().orElseThrow().source()).isEqualTo("the document source");
  }

  @Test
  void aChangedDocumentOrAMissingCopyIsMapped() throws Exception {
    Compilation c = compile(SNAPSHOT);
    DocumentSource changed =
        new DocumentSource("another document".getBytes(StandardCharsets.UTF_8));
    DocumentSource uncopied = new DocumentSource(DOCUMENT);

    bind(c, changed, true);
    bind(c, uncopied, false);

    assertThat(changed.mappings).hasValue(1);
    assertThat(uncopied.mappings).hasValue(1);
  }

  private Compilation compile(Contract snapshot) throws IOException {
    return new Fixtures.Snapshots(dir)
        .put(snapshot)
        .compile(Fixtures.source("TriageAgent", GeneratedWiringTest.AGENT), Fixtures.board());
  }

  private static String wiring(Compilation c) throws IOException {
    return c.generatedSourceFile("test.TriageAgent_Wiring")
        .orElseThrow()
        .getCharContent(true)
        .toString();
  }

  private static Optional<String> resource(Compilation c) throws IOException {
    Optional<JavaFileObject> file = c.generatedFile(StandardLocation.CLASS_OUTPUT, "", PATH);
    return file.isEmpty()
        ? Optional.empty()
        : Optional.of(file.get().getCharContent(true).toString());
  }

  /** Binds through the generated wiring, the thread's loader serving the class output or not. */
  private static BoundAgent<?> bind(Compilation c, ContractSource source, boolean resources)
      throws Exception {
    ClassLoader loader = new OutputLoader(c, resources);
    Class<?> agentType = loader.loadClass("test.TriageAgent");
    Method bind =
        loader
            .loadClass("test.TriageAgent_Wiring")
            .getMethod("bind", agentType, ContractSource.class);
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      return (BoundAgent<?>) bind.invoke(null, GeneratedWiringTest.construct(agentType), source);
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  /**
   * A source of one document that maps it (counted) unless what is held was read from it, as a
   * source that reads a document of its own does.
   */
  private static final class DocumentSource implements ContractSource {
    private final SourceDocument document;
    final AtomicInteger mappings = new AtomicInteger();

    DocumentSource(byte[] bytes) {
      this.document = SourceDocument.of(bytes, "test/1");
    }

    @Override
    public Contract fetch() {
      mappings.incrementAndGet();
      return Fixtures.taskboard().withDocument(document);
    }

    @Override
    public ContractFetch fetchUnlessUnchanged(HeldContract held) {
      return held.readFrom(document)
          .map(
              c ->
                  ContractFetch.reused(
                      c.withSource(describe()), Optional.empty(), Optional.empty()))
          .orElseGet(() -> ContractFetch.of(fetch()));
    }

    @Override
    public String describe() {
      return "the document source";
    }
  }

  /** The compiled classes, and (when asked) the other files of the class output as resources. */
  private static final class OutputLoader extends ClassLoader {
    private final Map<String, byte[]> resources = new HashMap<>();

    OutputLoader(Compilation c, boolean resources) throws IOException {
      super(
          new GeneratedWiringTest.CompiledClassLoader(
              c.generatedFiles(), EmbeddedSnapshotTest.class.getClassLoader()));
      for (JavaFileObject f : c.generatedFiles()) {
        String path = f.toUri().getPath();
        if (resources
            && f.getKind() == JavaFileObject.Kind.OTHER
            && path.contains("/CLASS_OUTPUT/")) {
          try (InputStream in = f.openInputStream()) {
            this.resources.put(
                path.substring(path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length()),
                in.readAllBytes());
          }
        }
      }
    }

    @Override
    public InputStream getResourceAsStream(String name) {
      byte[] bytes = resources.get(name);
      return bytes == null ? super.getResourceAsStream(name) : new ByteArrayInputStream(bytes);
    }
  }
}
