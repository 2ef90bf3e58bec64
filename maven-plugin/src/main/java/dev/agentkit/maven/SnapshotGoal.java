package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Problem;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.ContractSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code snapshot}, as Maven and the command line run it: fetches each selected contract and writes
 * {@code <snapshotDir>/<name>.json} in the canonical format. An unchanged contract leaves the file
 * untouched ("up to date"); a changed one is summarised by severity. An empty or invalid contract
 * and a failed fetch never replace the existing snapshot.
 */
final class SnapshotGoal {
  private final GoalContext context;
  private final GoalLog log;

  SnapshotGoal(GoalContext context) {
    this.context = context;
    this.log = context.log();
  }

  void run() throws ConfigException, GoalException {
    for (Map.Entry<Integer, ContractConfig> e : context.selected()) {
      ContractConfig c = e.getValue();
      snapshot(c.name, context.sources().configure(c, e.getKey()));
    }
  }

  /** Why a fetched contract must not replace the snapshot, or null when it may. */
  static String refusal(Contract live, String source, Path file) {
    String name = live.name();
    if (live.isEmpty()) {
      return source
          + " served contract "
          + name
          + " with no op at all; an empty contract never replaces a snapshot, so "
          + file
          + " is left untouched";
    }
    List<Problem> problems = live.problems();
    if (problems.isEmpty()) {
      return null;
    }
    StringBuilder sb =
        new StringBuilder(source)
            .append(" served an invalid contract ")
            .append(name)
            .append("; ")
            .append(file)
            .append(" is left untouched:");
    for (Problem p : problems) {
      sb.append("\n  - ").append(LineText.of(p.message()));
    }
    return sb.toString();
  }

  /**
   * The contract has not changed. The file is left untouched, unless it is in an older format (then
   * it is rewritten in this one, which changes no digest of an op the older format could say) or
   * records another document than the one the contract was read from now (then the record is
   * updated).
   */
  private void upToDate(String name, Path file, Contract live, Contract committed)
      throws GoalException {
    String summary = " (" + live.digest() + ", " + live.ops().size() + " ops): " + file;
    boolean sameDocument = live.document().equals(committed.document());
    if (formatOf(file) >= ContractSnapshot.FORMAT && sameDocument) {
      log.info("agentkit: " + name + " is up to date" + summary);
      return;
    }
    write(name, file, live);
    String what;
    if (sameDocument) {
      what = "rewrote it in snapshot format " + ContractSnapshot.FORMAT;
    } else if (live.document().isPresent()) {
      // Another document that maps to the same ops (whitespace, examples, responses): recorded, so
      // that the next fetch of it is not mapped again.
      what =
          "recorded the digest of the document it was read from, " + live.document().get().digest();
    } else {
      what = "its source records no document, so the snapshot's record of one is dropped";
    }
    log.info("agentkit: " + name + " is unchanged; " + what + summary);
  }

  private static final Pattern FORMAT = Pattern.compile("\"format\"\\s*:\\s*(\\d{1,9})");

  /** The format a readable snapshot states (its first key, as agentkit writes it). */
  static int formatOf(Path file) {
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return lines
          .limit(3)
          .map(FORMAT::matcher)
          .filter(Matcher::find)
          .map(m -> Integer.parseInt(m.group(1)))
          .findFirst()
          .orElse(ContractSnapshot.FORMAT);
    } catch (IOException | java.io.UncheckedIOException e) {
      return ContractSnapshot.FORMAT;
    }
  }

  private static void write(String name, Path file, Contract live) throws GoalException {
    try {
      ContractSnapshot.writeAtomically(file, live);
    } catch (IOException | IllegalArgumentException ex) {
      throw GoalException.error(
          "could not write the snapshot of contract "
              + name
              + " to "
              + file
              + ": "
              + ex.getMessage(),
          ex);
    }
  }

  private void snapshot(String name, SourceFactory.Configured configured) throws GoalException {
    ContractSource source = configured.source();
    Path file = context.snapshotDir().resolve(name + ".json");
    Contract committed = null;
    if (file.toFile().isFile()) {
      try {
        committed = ContractSnapshot.read(file);
      } catch (ContractFormatException ex) {
        log.warn(
            "agentkit: the existing snapshot is unreadable and will be replaced: "
                + ex.getMessage());
      }
    }
    // Held for the source: when its document is the one the snapshot was taken from, it is not
    // mapped again.
    Contract live =
        SourceFetch.fetchWarning(
            configured,
            name,
            committed != null && committed.name().equals(name) ? committed : null,
            log);
    String refusal = refusal(live, source.describe(), file);
    if (refusal != null) {
      throw GoalException.failed(refusal);
    }
    if (committed != null
        && committed.name().equals(name)
        && committed.digest().equals(live.digest())) {
      upToDate(name, file, live, committed);
      return;
    }
    write(name, file, live);
    if (committed == null) {
      log.info(
          "agentkit: wrote the first snapshot of "
              + name
              + " ("
              + live.ops().size()
              + " ops, "
              + live.digest()
              + ") from "
              + source.describe()
              + " to "
              + file);
      return;
    }
    DriftSummary summary = DriftSummary.of(name, committed, live, context.agents().of(name));
    log.info("agentkit: " + name + " changed (" + summary.counts() + "); rewrote " + file);
    for (String line : summary.lines()) {
      log.info(line);
    }
  }
}
