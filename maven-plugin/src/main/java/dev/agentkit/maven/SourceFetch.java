package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Problem;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
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
    Contract live;
    try {
      live = fetch(source.source(), name);
    } finally {
      close(source.source(), log);
    }
    for (String line : warningLines(live, source.warnings().get())) {
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
    Contract fetched;
    try {
      fetched = source.fetch();
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
    return Contract.of(name, source.describe(), fetched.ops());
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
