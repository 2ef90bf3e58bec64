package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.WiringStamp;
import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The user project of the stale-wiring ITs, written by their {@code prebuild.groovy}, and the check
 * of their build log by {@code verify.groovy}: an agent that uses {@code archive_project}, the
 * committed snapshot that has it, the fix (the same snapshot) and a drift (a snapshot without it,
 * plus an added source file).
 */
public final class ItProject {
  private static final String AGENT_ERROR = "[UnknownOpcode] archive_project";

  private ItProject() {}

  /** Writes the project's sources and snapshots into an IT's base directory. */
  public static void staleWiring(File basedir, String commonDir) throws Exception {
    Path base = basedir.toPath();
    Path sources = Files.createDirectories(base.resolve("src/main/java/it"));
    try (var files = Files.list(Path.of(commonDir).resolve("stale-agent"))) {
      for (Path f : files.toList()) {
        Files.copy(f, sources.resolve(f.getFileName()));
      }
    }
    Contract v1 =
        ContractSnapshot.parseWire(
            Files.readAllBytes(Path.of(commonDir).resolve("taskboard-v1.json")),
            "http://127.0.0.1/contract",
            "taskboard");
    ContractSnapshot.writeAtomically(base.resolve("contract-snapshots/taskboard.json"), v1);
    ContractSnapshot.writeAtomically(base.resolve("fixed/taskboard.json"), v1);
    Contract drifted =
        Contract.of(
            "taskboard",
            v1.source(),
            v1.ops().stream().filter(o -> !o.opcode().equals("archive_project")).toList());
    ContractSnapshot.writeAtomically(
        base.resolve("drift/contract-snapshots/taskboard.json"), drifted);
    Path note = Files.createDirectories(base.resolve("drift/src/main/java/it"));
    Files.writeString(note.resolve("Note.java"), "package it;\n\n/** Added. */\nclass Note {}\n");
  }

  /**
   * Checks the log of the IT's builds: every failed build failed on the agent (and never said
   * "Nothing to compile"), two failures in a row failed the same way, the last build passed, and
   * the wiring it left is stamped with the snapshot's digest.
   */
  public static void verifyStaleWiring(File basedir, int builds) throws Exception {
    List<String> runs = builds(basedir.toPath().resolve("build.log"));
    check(
        runs.size() == builds, "expected " + builds + " builds in build.log, found " + runs.size());
    List<String> previous = null;
    for (int i = 0; i < runs.size(); i++) {
      String run = runs.get(i);
      if (!run.contains("BUILD FAILURE")) {
        previous = null;
        continue;
      }
      List<String> errors = agentErrors(run);
      check(!errors.isEmpty(), "build " + (i + 1) + " did not fail on the agent:\n" + run);
      check(!run.contains("Nothing to compile"), "build " + (i + 1) + " skipped the compiler");
      check(
          previous == null || previous.equals(errors),
          "build " + (i + 1) + " failed differently from the one before: " + errors);
      previous = errors;
    }
    String last = runs.get(runs.size() - 1);
    check(last.contains("BUILD SUCCESS"), "the last build failed:\n" + last);
    Path out = basedir.toPath().resolve("target/classes");
    check(Files.isRegularFile(out.resolve("it/Triage.class")), "it/Triage.class is missing");
    WiringStamp stamp;
    try (Reader r =
        Files.newBufferedReader(
            out.resolve(WiringStamp.path("it.Triage")), StandardCharsets.UTF_8)) {
      stamp = WiringStamp.decode(r);
    }
    String digest =
        ContractSnapshot.read(basedir.toPath().resolve("contract-snapshots/taskboard.json"))
            .digest();
    check(
        stamp.digest().equals(digest),
        "the wiring is stamped " + stamp.digest() + ", not " + digest);
  }

  /** The log of each Maven run in build.log, in order. */
  static List<String> builds(Path log) throws IOException {
    List<String> out = new ArrayList<>();
    for (String part : Files.readString(log).split("\\[INFO\\] Scanning for projects\\.\\.\\.")) {
      if (part.contains("BUILD ")) {
        out.add(part);
      }
    }
    return out;
  }

  private static List<String> agentErrors(String run) {
    List<String> out = new ArrayList<>();
    for (String line : run.split("\n")) {
      if (line.contains(AGENT_ERROR) && !out.contains(line.strip())) {
        out.add(line.strip());
      }
    }
    return out;
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new AssertionError(message);
    }
  }
}
