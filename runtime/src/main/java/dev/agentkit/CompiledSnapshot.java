package dev.agentkit;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.internal.text.ContractName;
import dev.agentkit.source.HeldContract;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The snapshot an agent was compiled against, as the processor copied it into the class output when
 * it records its source document ({@link SnapshotResource}): held when the wiring binds, so that a
 * source fetching the very document the snapshot was taken from answers the snapshot's contract
 * instead of mapping the document. Read only when a source asks, and only trusted when its digest
 * is the one the wiring was compiled against; a copy that is missing, unreadable or of another
 * digest holds nothing, and the source maps the document as usual.
 */
final class CompiledSnapshot {
  private CompiledSnapshot() {}

  /** What the wiring holds for the source: the copy of its snapshot, read lazily. */
  static HeldContract held(CompiledAgent compiled) {
    String name = compiled.contract().name();
    if (!ContractName.problems(name).isEmpty()) {
      return HeldContract.none();
    }
    String path = SnapshotResource.path(name, compiled.digest());
    return HeldContract.lazily(() -> read(path, compiled.digest()));
  }

  /**
   * The copy's contract as its source served it (the wiring applies the snapshot's tier overrides
   * itself), when the copy is found, reads, has the compiled digest and records its document.
   */
  private static Optional<Contract> read(String path, String digest) {
    for (ClassLoader loader : loaders()) {
      try (InputStream in = loader.getResourceAsStream(path)) {
        if (in == null) {
          continue;
        }
        Contract snapshot = ContractSnapshot.parse(in.readAllBytes(), path);
        if (snapshot.digest().equals(digest) && snapshot.document().isPresent()) {
          return Optional.of(snapshot.served());
        }
      } catch (IOException | ContractFormatException | RuntimeException e) {
        // A copy that cannot be read holds nothing: the source maps its document, as without one.
      }
    }
    return Optional.empty();
  }

  /**
   * The thread's context loader first (an application server's or Spring Boot's, which sees the
   * agent's jar), then the runtime's own.
   */
  private static Set<ClassLoader> loaders() {
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      loaders.add(context);
    }
    ClassLoader own = CompiledSnapshot.class.getClassLoader();
    if (own != null) {
      loaders.add(own);
    }
    return loaders;
  }
}
