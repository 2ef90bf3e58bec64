package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Problem;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.internal.UsesManifest;
import dev.agentkit.internal.text.LineText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code verify-consumers}, without Maven: for each configured contract, the proposed contract
 * (from its source) graded against the uses manifest of every agent of every consumer, from the
 * baseline (the contract the backend serves now), with {@link ConsumerGrading}. Writes a text
 * report and a JUnit XML report per consumer, and fails naming every consumer, agent and act the
 * change breaks. A consumer that cannot be had (a repository that cannot be read, a version or a
 * bundle that is not there, a bundle without a manifest of the contracts verified) is an error,
 * never a pass. The Maven goal and the command line run this same code.
 */
final class VerifyConsumersGoal {
  /** One consumer: how reports name it, and the manifests it published. */
  record Consumer(String name, List<UsesBundle.Entry> manifests) {}

  /** One contract to verify: its name, where its proposed contract comes from, its baseline. */
  record Target(String name, SourceFactory.Configured source, Path baseline) {}

  private final GoalLog log;
  private final Path reportDirectory;
  private final FailOn failOn;
  private final String failOnText;
  private final List<AcknowledgementConfig.Checked> acks;
  private final LocalDate today;

  VerifyConsumersGoal(
      GoalLog log,
      Path reportDirectory,
      FailOn failOn,
      String failOnText,
      List<AcknowledgementConfig.Checked> acks,
      LocalDate today) {
    this.log = log;
    this.reportDirectory = reportDirectory;
    this.failOn = failOn;
    this.failOnText = failOnText;
    this.acks = List.copyOf(acks);
    this.today = today;
  }

  /**
   * One target per selected contract: its source as configured, its baseline the snapshot of its
   * name in {@code baselines}.
   */
  static List<Target> targets(
      List<Map.Entry<Integer, ContractConfig>> selected, SourceFactory factory, Path baselines)
      throws ConfigException {
    List<Target> targets = new ArrayList<>();
    for (Map.Entry<Integer, ContractConfig> e : selected) {
      ContractConfig c = e.getValue();
      targets.add(
          new Target(
              c.name, factory.configure(c, e.getKey()), baselines.resolve(c.name + ".json")));
    }
    return targets;
  }

  /**
   * The consumers' coordinates, parsed; none, and no manifest directory either, is an error.
   *
   * @param given the coordinates as configured ({@code <consumers>}, {@code --consumer})
   */
  static List<ConsumerSpec> specs(List<String> given, List<Path> directories)
      throws ConfigException {
    List<ConsumerSpec> out = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      out.add(ConsumerSpec.parse(given.get(i), "consumers entry " + (i + 1)));
    }
    if (out.isEmpty() && directories.isEmpty()) {
      throw new ConfigException(GoalMessage.CONSUMERS_MISSING.format());
    }
    return out;
  }

  /** What an offline run warns: it cannot see a version published since. */
  static String offlineWarning() {
    return "agentkit: offline, so the consumers are read from the local repository only: a newer"
        + " version published since is not seen";
  }

  /**
   * Every consumer, resolved: each spec through the resolver, each directory read. Every consumer
   * that cannot be had is named in one error.
   */
  static List<Consumer> consumers(
      List<ConsumerSpec> specs, ConsumerResolver resolver, List<Path> directories)
      throws GoalException {
    List<Consumer> out = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (ConsumerSpec spec : specs) {
      try {
        for (ConsumerResolver.Resolved r : resolver.resolve(spec)) {
          out.add(new Consumer(r.coordinates(), UsesBundle.readZip(r.bundle(), r.coordinates())));
        }
      } catch (GoalException e) {
        if (e.kind() == GoalException.Kind.CONFIGURATION) {
          throw e;
        }
        problems.add(e.getMessage());
      }
    }
    for (Path dir : directories) {
      if (!Files.isDirectory(dir)) {
        problems.add(GoalMessage.CONSUMER_DIRECTORY_MISSING.format(dir));
        continue;
      }
      try {
        out.add(new Consumer(dir.toString(), UsesBundle.readDirectory(dir)));
      } catch (GoalException e) {
        problems.add(e.getMessage());
      }
    }
    if (!problems.isEmpty()) {
      throw GoalException.unavailable(String.join("\n", problems));
    }
    return out;
  }

  /**
   * Verifies the targets against the consumers.
   *
   * @throws GoalException failed when the proposed contract breaks a consumer (as failOn says);
   *     unavailable when a consumer has no manifest of any contract verified
   */
  void run(List<Target> targets, List<Consumer> consumers) throws GoalException {
    requireManifests(targets, consumers);
    List<String> broken = new ArrayList<>();
    int graded = 0;
    for (Target t : targets) {
      Contract baseline = readBaseline(t.baseline(), t.name(), log);
      Contract proposed = SourceFetch.fetchWarning(t.source(), t.name(), log);
      String what = "proposed: " + t.source().source().describe() + "; baseline: " + t.baseline();
      for (Consumer c : consumers) {
        List<ConsumerGrading.AgentVerdict> verdicts = new ArrayList<>();
        for (UsesBundle.Entry e : c.manifests()) {
          if (e.manifest().contract().equals(t.name())) {
            UsesManifest m = e.manifest();
            verdicts.add(
                ConsumerGrading.grade(
                    m,
                    baseline,
                    proposed,
                    failOn,
                    AcknowledgementConfig.policyFor(m.agent(), acks),
                    today));
          }
        }
        if (verdicts.isEmpty()) {
          continue;
        }
        graded++;
        String line = report(t.name(), c.name(), verdicts, what);
        if (line != null) {
          broken.add(line);
        }
      }
    }
    if (!broken.isEmpty()) {
      throw GoalException.failed(
          "agentkit: the proposed contract breaks "
              + broken.size()
              + " of "
              + count(graded, "consumer")
              + " (failOn="
              + failOnText
              + "):\n  - "
              + String.join("\n  - ", broken)
              + "\nSee the report above and in "
              + reportDirectory
              + ". Keep the change compatible with them, or agree it with their teams and"
              + " acknowledge it until a date (<acknowledgements>, docs/consumers.md).");
    }
  }

  /**
   * The contract the backend serves now, which the consumers bind today: the drift is graded from
   * it, as an agent's startup grades from the contract it was compiled against.
   */
  static Contract readBaseline(Path file, String name, GoalLog log) throws GoalException {
    if (!Files.isRegularFile(file)) {
      throw GoalMessage.CONSUMER_BASELINE_MISSING.failure(name, file, log.command("snapshot"));
    }
    try {
      return ContractSnapshot.read(file);
    } catch (ContractFormatException e) {
      throw GoalMessage.CONSUMER_BASELINE_UNREADABLE.failure(name, file, e.getMessage());
    }
  }

  /** A consumer that has no manifest of any contract verified cannot be verified: an error. */
  private static void requireManifests(List<Target> targets, List<Consumer> consumers)
      throws GoalException {
    Set<String> verified = new TreeSet<>();
    for (Target t : targets) {
      verified.add(t.name());
    }
    List<String> problems = new ArrayList<>();
    for (Consumer c : consumers) {
      Set<String> has = new TreeSet<>();
      for (UsesBundle.Entry e : c.manifests()) {
        has.add(e.manifest().contract());
      }
      has.retainAll(verified);
      if (has.isEmpty()) {
        Set<String> others = new TreeSet<>();
        c.manifests().forEach(e -> others.add(e.manifest().contract()));
        problems.add(
            GoalMessage.CONSUMER_NO_MANIFEST.format(
                LineText.of(c.name()),
                String.join(" or ", verified),
                others.isEmpty()
                    ? "it has no manifest at all"
                    : "only of " + String.join(", ", others)));
      }
    }
    if (!problems.isEmpty()) {
      throw GoalException.unavailable(String.join("\n", problems));
    }
  }

  /**
   * Logs and writes one consumer's reports; returns the line naming what it breaks, or null when it
   * passes.
   */
  private String report(
      String contract, String consumer, List<ConsumerGrading.AgentVerdict> verdicts, String what)
      throws GoalException {
    List<String> lines = new ArrayList<>();
    List<String> brokenAgents = new ArrayList<>();
    List<JUnitReport.Case> cases = new ArrayList<>();
    for (ConsumerGrading.AgentVerdict v : verdicts) {
      List<String> agentLines = agentLines(v);
      lines.addAll(agentLines);
      List<DriftItem> failing = new ArrayList<>(v.failing());
      int n = failing.size() + v.bindProblems().size();
      cases.add(
          new JUnitReport.Case(
              v.manifest().agent(),
              v.broken(),
              failing,
              String.join("\n", agentLines),
              "the proposed contract breaks this agent (" + count(n, "problem") + ")"));
      if (v.broken()) {
        brokenAgents.add(v.manifest().agent() + " (" + String.join(", ", brokenActs(v)) + ")");
      }
    }
    String head =
        LineText.of(
            "agentkit: "
                + contract
                + ": consumer "
                + consumer
                + (brokenAgents.isEmpty()
                    ? " passes (" + count(verdicts.size(), "agent") + ")"
                    : ": "
                        + brokenAgents.size()
                        + " of "
                        + verdicts.size()
                        + " agents broken by the proposed contract")
                + " ("
                + what
                + ")");
    lines.add(0, head);
    for (String l : lines) {
      if (brokenAgents.isEmpty()) {
        log.info(l);
      } else {
        log.error(l);
      }
    }
    write(contract, consumer, lines, cases);
    return brokenAgents.isEmpty()
        ? null
        : LineText.of(consumer + ": " + String.join("; ", brokenAgents));
  }

  /** The acts of an agent the change breaks, sorted. */
  private static Set<String> brokenActs(ConsumerGrading.AgentVerdict v) {
    Set<String> acts = new TreeSet<>();
    v.failing().forEach(i -> acts.add(i.opcode()));
    v.bindProblems().forEach(p -> acts.add(p.opcode().isEmpty() ? "its acts" : p.opcode()));
    return acts;
  }

  /**
   * One agent's lines: whether it breaks, then each failing item in the words its startup would
   * use, each binding problem as its startup would print it, every other change to what it uses,
   * and the notes.
   */
  static List<String> agentLines(ConsumerGrading.AgentVerdict v) {
    List<String> out = new ArrayList<>();
    Set<DriftItem> failing = new LinkedHashSet<>(v.failing());
    boolean quiet =
        failing.isEmpty()
            && v.bindProblems().isEmpty()
            && v.notes().isEmpty()
            && v.report().items().stream().allMatch(i -> i.severity() == DriftSeverity.INFO);
    out.add(
        "  "
            + v.manifest().agent()
            + (v.broken() ? " breaks:" : quiet ? " passes: nothing it uses changed" : " passes:"));
    for (DriftItem i : failing) {
      out.add("    - " + i.rule().id() + ": " + i.sentence());
    }
    for (Problem p : v.bindProblems()) {
      out.add("    - " + p.message());
    }
    for (DriftItem i : v.report().items()) {
      if (!failing.contains(i) && i.severity() != DriftSeverity.INFO) {
        out.add("    - " + i.severity().label() + " " + i.rule().id() + ": " + i.sentence());
      }
    }
    for (String n : v.notes()) {
      out.add("    - " + n);
    }
    out.replaceAll(LineText::of);
    return out;
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private void write(
      String contract, String consumer, List<String> lines, List<JUnitReport.Case> cases)
      throws GoalException {
    String base = "agentkit-consumers-" + contract + "-" + fileName(consumer);
    try {
      Files.createDirectories(reportDirectory);
      Files.writeString(
          reportDirectory.resolve(base + ".txt"),
          String.join("\n", lines) + "\n",
          StandardCharsets.UTF_8);
      JUnitReport.write(
          reportDirectory.resolve("TEST-" + base + ".xml"),
          "agentkit.consumers." + contract + "." + consumer,
          cases);
    } catch (IOException e) {
      throw GoalException.error(
          "could not write the consumers' report to " + reportDirectory + ": " + e.getMessage(), e);
    }
  }

  /** A consumer's name as part of a file name: its coordinates, or its directory, made safe. */
  static String fileName(String consumer) {
    String safe = consumer.replaceAll("[^A-Za-z0-9._-]+", "_");
    return safe.length() > 120 ? safe.substring(safe.length() - 120) : safe;
  }
}
