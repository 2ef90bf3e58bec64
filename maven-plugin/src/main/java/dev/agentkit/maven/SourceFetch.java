package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.SourceDocument;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HeldContract;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How every goal fetches a configured contract and reads a committed snapshot, whether Maven or the
 * command line runs it: each failure is one sentence naming the contract and the source.
 */
final class SourceFetch {
  private SourceFetch() {}

  /**
   * Fetches a contract as {@link #fetch(ContractSource, String)} does and logs, as a warning, what
   * the source could not map faithfully (an OpenAPI operation without operationId, a {@code
   * oneOf}), and each tier or operand type in it this version does not know (the op reads as
   * irreversible, the operand as opaque; nothing stops). The contract's {@code <tiers>} are then
   * checked against it and applied.
   */
  static Contract fetchWarning(SourceFactory.Configured source, String name, GoalLog log)
      throws GoalException {
    return fetchWarning(source, name, null, log);
  }

  /**
   * As {@link #fetchWarning(SourceFactory.Configured, String, GoalLog)}, holding the committed
   * snapshot (or nothing, when null) for the source: a source that reads a document of its own
   * answers the snapshot's contract when the document is the one the snapshot was taken from,
   * without mapping it, and the goal says so.
   */
  static Contract fetchWarning(
      SourceFactory.Configured source, String name, Contract committed, GoalLog log)
      throws GoalException {
    HeldContract held =
        committed == null ? HeldContract.none() : HeldContract.of(committed.served());
    Fetched fetched;
    try {
      fetched = fetch(source.source(), name, held);
    } finally {
      close(source.source(), log);
    }
    Contract live = fetched.contract();
    if (fetched.reused()) {
      log.info(
          "agentkit: "
              + name
              + ": the document is the one the snapshot was taken from ("
              + live.document().map(SourceDocument::digest).orElse("")
              + "), so it was not mapped again");
    }
    for (String line : warningLines(live, fetched.reused() ? List.of() : source.warnings().get())) {
      log.warn(line);
    }
    try {
      return source.apply(live);
    } catch (ConfigException e) {
      throw GoalException.config(e);
    }
  }

  /**
   * Ends a source that holds a session (an MCP server's, and the child process it started), so no
   * server outlives the goal. A failure to close is only logged: the contract is already read.
   */
  private static void close(ContractSource source, GoalLog log) {
    if (source instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        log.debug("agentkit: closing " + source.describe() + " failed: " + e);
      }
    }
  }

  /**
   * One line per warning of the source and of the contract, naming the contract; served text in it
   * cannot start a line of its own ({@link LineText}).
   */
  static List<String> warningLines(Contract contract, List<String> sourceWarnings) {
    List<String> lines = new ArrayList<>();
    for (String w : sourceWarnings) {
      lines.add(LineText.of("agentkit: " + contract.name() + ": " + w));
    }
    for (Problem w : contract.warnings()) {
      lines.add(LineText.of("agentkit: " + contract.name() + ": " + w.message()));
    }
    return lines;
  }

  /** Fetches a contract and stamps it with the configured name and the source's description. */
  static Contract fetch(ContractSource source, String name) throws GoalException {
    return fetch(source, name, HeldContract.none()).contract();
  }

  /**
   * What a goal fetched: the contract, and whether the source answered the held one because its
   * document is the one that was read from.
   */
  record Fetched(Contract contract, boolean reused) {}

  /**
   * Fetches a contract holding {@code held} for the source, and stamps it with the configured name
   * and the source's description; the record of its document is kept.
   */
  static Fetched fetch(ContractSource source, String name, HeldContract held) throws GoalException {
    Contract fetched;
    boolean reused;
    try {
      ContractFetch answer = source.fetchUnlessUnchanged(held);
      reused = answer != null && (answer.reused() || answer.unchanged());
      fetched =
          answer == null
              ? null
              : answer.unchanged() ? held.contract().orElse(null) : answer.contract().orElseThrow();
    } catch (ContractSourceException e) {
      throw GoalException.unavailable(
          "could not fetch contract "
              + name
              + " from "
              + source.describe()
              + ": "
              + LineText.of(SettingHints.forPlugin(String.valueOf(e.getMessage()))));
    } catch (RuntimeException e) {
      throw GoalException.unavailable(
          "could not fetch contract "
              + name
              + " from "
              + source.describe()
              + ": the source"
              + " failed with "
              + LineText.of(e.toString()));
    } catch (LinkageError e) {
      throw GoalException.unavailable(
          "could not fetch contract "
              + name
              + " from "
              + source.describe()
              + ": a class the source needs is missing or does not match ("
              + e
              + "); add the dependency that has it to the module, with compile scope");
    }
    if (fetched == null) {
      throw GoalException.unavailable(
          "could not fetch contract "
              + name
              + " from "
              + source.describe()
              + ": the source returned no contract");
    }
    Contract stamped =
        Contract.of(name, source.describe(), fetched.ops())
            .withDocument(fetched.document().orElse(null));
    return new Fetched(stamped, reused);
  }

  /** The committed snapshot of a contract; missing or unreadable, the sentence says so. */
  static Contract readSnapshot(Path file, String name, GoalLog log) throws GoalException {
    if (!file.toFile().isFile()) {
      throw GoalException.unavailable(
          "no committed snapshot of contract "
              + name
              + " at "
              + file
              + "; create it with "
              + log.command("snapshot")
              + " and commit it");
    }
    try {
      return ContractSnapshot.read(file);
    } catch (ContractFormatException e) {
      throw GoalException.unavailable(
          "the snapshot of contract " + name + " is unreadable: " + e.getMessage());
    }
  }
}
