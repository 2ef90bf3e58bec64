package dev.agentkit.processor;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.internal.text.ContractName;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * Finds the contract each agent is checked against: the snapshot, in the directory the processor's
 * option names, of the contract its {@code @Agent} names. Each snapshot is read once per
 * compilation ({@link SnapshotCache}); when there is no contract, the lookup says why in one error
 * on the {@code @Agent}. A missing or bad option is reported once per compilation, not per agent.
 */
final class SnapshotLookup {
  /**
   * A lookup's outcome.
   *
   * @param contract the contract, or null when there is none
   * @param error why there is none, or empty when there is one or the reason was already reported
   */
  record Found(Contract contract, Optional<CheckReport.Item> error) {}

  private final SnapshotCache cache;
  private final String optionProblem;
  private boolean optionProblemReported;

  private SnapshotLookup(SnapshotCache cache, String optionProblem) {
    this.cache = cache;
    this.optionProblem = optionProblem;
  }

  /** A lookup in the directory {@code option} names, read with {@code loader}. */
  static SnapshotLookup in(String option, SnapshotCache.Loader loader) {
    String flag = "-A" + AgentKitProcessor.SNAPSHOT_DIR;
    if (option == null || option.isBlank()) {
      return new SnapshotLookup(
          null,
          "the option "
              + flag
              + " is not set; pass the absolute directory holding the contract snapshots, e.g."
              + " <arg>"
              + flag
              + "=${project.basedir}/../contract-snapshots</arg>");
    }
    try {
      Path dir = Path.of(option.trim());
      if (!dir.isAbsolute()) {
        return new SnapshotLookup(
            null,
            "the option "
                + flag
                + "="
                + option
                + " is a relative path, which resolves against wherever the build was started;"
                + " pass an absolute one, e.g. ${project.basedir}/../contract-snapshots");
      }
      return new SnapshotLookup(new SnapshotCache(dir, loader), null);
    } catch (InvalidPathException e) {
      return new SnapshotLookup(
          null, "the option " + flag + "=" + option + " is not a path (" + e.getReason() + ")");
    }
  }

  /** The file a contract's snapshot was read from; only after a successful {@link #find}. */
  Path file(String contract) {
    return cache.get(contract).file();
  }

  /** The agent's contract, or why there is none. */
  Found find(AgentDeclaration d) {
    if (optionProblem != null) {
      if (optionProblemReported) {
        return new Found(null, Optional.empty());
      }
      optionProblemReported = true;
      return error(
          Location.of(d.agent(), d.mirror(), null),
          Tags.SNAPSHOT_DIR_OPTION.message(
              optionProblem + "; the snapshot is what @Agent is checked against"));
    }
    String name = d.contract();
    Location at =
        Location.of(d.agent(), d.mirror(), AnnotationValues.explicit(d.mirror(), "contract"));
    List<String> nameProblems = ContractName.problems(name);
    if (!nameProblems.isEmpty()) {
      return error(
          at,
          Tags.CONTRACT_NAME.message(
              "agent " + d.agent().getSimpleName() + ": " + String.join("; ", nameProblems)));
    }
    SnapshotCache.Outcome outcome = cache.get(name);
    Contract contract = outcome.contract();
    if (contract == null) {
      return error(at, unreadable(d.agent(), name, outcome));
    }
    if (!contract.name().equals(name)) {
      return error(at, otherContract(d.agent(), name, outcome));
    }
    return new Found(contract, Optional.empty());
  }

  private static Found error(Location at, String message) {
    return new Found(null, Optional.of(new CheckReport.Item(at, message)));
  }

  private static String otherContract(
      TypeElement agent, String name, SnapshotCache.Outcome outcome) {
    return Tags.SNAPSHOT_MALFORMED.message(
        "agent "
            + agent.getSimpleName()
            + ": the snapshot "
            + outcome.file()
            + " is of contract "
            + outcome.contract().name()
            + ", not "
            + name
            + "; a snapshot's file is named after its contract, so fix the contract name or"
            + " regenerate the file with `mvn agentkit:snapshot`");
  }

  /** Why a snapshot could not be had: missing, malformed (where and how), or unreadable. */
  private static String unreadable(TypeElement agent, String name, SnapshotCache.Outcome outcome) {
    Exception error = outcome.error();
    String prefix = "agent " + agent.getSimpleName() + ": ";
    if (error instanceof NoSuchFileException) {
      return Tags.SNAPSHOT_MISSING.message(
          prefix
              + "no snapshot of contract "
              + name
              + " at "
              + outcome.file()
              + "; fetch it from the backend with `mvn agentkit:snapshot` and commit it, or fix"
              + " the contract name or -A"
              + AgentKitProcessor.SNAPSHOT_DIR);
    }
    if (error instanceof ContractFormatException f) {
      return Tags.SNAPSHOT_MALFORMED.message(
          prefix
              + "the snapshot "
              + outcome.file()
              + " is not a valid contract "
              + (f.line() > 0 ? "at line " + f.line() + ", column " + f.column() : "")
              + (f.path().isEmpty() ? "" : " (" + f.path() + ")")
              + ": "
              + f.problem()
              + (f.problem().contains("agentkit:snapshot")
                  ? ""
                  : "; regenerate it with `mvn agentkit:snapshot` rather than editing it by"
                      + " hand"));
    }
    return Tags.SNAPSHOT_MALFORMED.message(
        prefix
            + "the snapshot "
            + outcome.file()
            + " cannot be read ("
            + error
            + "); regenerate it with `mvn agentkit:snapshot`");
  }
}
