package dev.agentkit;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.internal.text.ContractName;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HeldContract;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

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

  /**
   * What the wiring holds for the source: the copy of its snapshot when there is one, read on a
   * thread of its own from now on, while the source fetches its document, and handed over when the
   * source asks for it; nothing when the processor wrote no copy or it cannot be found.
   */
  static HeldContract held(CompiledAgent compiled, ContractSource source) {
    String name = compiled.contract().name();
    if (!compiled.snapshotCopied() || !ContractName.problems(name).isEmpty() || warm(source)) {
      return HeldContract.none();
    }
    String path = SnapshotResource.path(name, compiled.digest());
    InputStream copy = open(path);
    if (copy == null) {
      return HeldContract.none();
    }
    FutureTask<Optional<Contract>> reading =
        new FutureTask<>(() -> read(copy, path, compiled.digest()));
    Thread reader = new Thread(reading, "agentkit-snapshot-copy");
    reader.setDaemon(true);
    reader.start();
    return HeldContract.lazily(() -> await(reading));
  }

  /**
   * Whether the source is a cache that holds a contract already: it answers that one, whatever is
   * held, so reading the copy would be wasted (another agent of the contract bound first).
   */
  private static boolean warm(ContractSource source) {
    return source instanceof CachedContract cache && cache.freshness().isPresent();
  }

  /** The copy read, or nothing when reading it failed or the waiting thread was interrupted. */
  private static Optional<Contract> await(FutureTask<Optional<Contract>> reading) {
    try {
      return reading.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } catch (ExecutionException e) {
      return Optional.empty();
    }
  }

  /** The copy, from the first loader that has it, or null. */
  private static InputStream open(String path) {
    for (ClassLoader loader : loaders()) {
      InputStream in = loader.getResourceAsStream(path);
      if (in != null) {
        return in;
      }
    }
    return null;
  }

  /**
   * The copy's contract as its source served it (the wiring applies the snapshot's tier overrides
   * itself), when it reads, has the compiled digest and records its document.
   */
  private static Optional<Contract> read(InputStream copy, String path, String digest) {
    try (InputStream in = copy) {
      Contract snapshot = ContractSnapshot.parse(in.readAllBytes(), path);
      if (snapshot.digest().equals(digest) && snapshot.document().isPresent()) {
        return Optional.of(snapshot.served());
      }
    } catch (IOException | ContractFormatException | RuntimeException e) {
      // A copy that cannot be read holds nothing: the source maps its document, as without one.
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
