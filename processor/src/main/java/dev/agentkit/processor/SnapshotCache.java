package dev.agentkit.processor;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads each contract's snapshot once per compilation, across rounds and agents, and remembers the
 * outcome, good or bad, so a broken snapshot is reported once and not re-read for every agent.
 */
final class SnapshotCache {
  /** Reads one snapshot file. */
  @FunctionalInterface
  interface Loader {
    Contract load(Path file) throws IOException, ContractFormatException;
  }

  /**
   * A snapshot read: the contract, or why there is none.
   *
   * @param contract the contract, or null
   * @param file the file tried
   * @param error the failure, or null
   */
  record Outcome(Contract contract, Path file, Exception error) {}

  private final Path dir;
  private final Loader loader;
  private final Map<String, Outcome> byContract = new HashMap<>();

  SnapshotCache(Path dir, Loader loader) {
    this.dir = dir;
    this.loader = loader;
  }

  /** The snapshot of the named contract, read at most once. */
  Outcome get(String contract) {
    return byContract.computeIfAbsent(contract, this::read);
  }

  private Outcome read(String contract) {
    Path file = dir.resolve(contract + ".json");
    if (!Files.isRegularFile(file)) {
      return new Outcome(null, file, new NoSuchFileException(file.toString()));
    }
    try {
      return new Outcome(loader.load(file), file, null);
    } catch (IOException | ContractFormatException | RuntimeException e) {
      return new Outcome(null, file, e);
    }
  }
}
