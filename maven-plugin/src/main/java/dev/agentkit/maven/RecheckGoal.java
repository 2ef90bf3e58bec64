package dev.agentkit.maven;

import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.WiringStamp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code recheck}, as Maven and the command line run it ({@link RecheckMojo} says why it exists):
 * for each agent, compares the digest its wiring was generated from with its snapshot's, and the
 * compiled wiring with that digest; when anything differs, removes the compiler's incremental
 * state, and every agent's compiled class and wiring class files, so the next compile runs the
 * processor on every agent again.
 */
final class RecheckGoal {
  private RecheckGoal() {}

  /**
   * @param out the class output holding the processor's stamps
   * @param compilerStatus the compiler's incremental build state, removed when a wiring is stale;
   *     null when the build keeps none that needs removing
   */
  static void run(Path out, Path compilerStatus, GoalLog log) throws GoalException {
    List<ActIndex.Stamp> stamps;
    try {
      stamps = ActIndex.stamps(ActIndex.existing(List.of(out)));
    } catch (IOException e) {
      throw GoalException.error("cannot read the agents' wiring stamps: " + e.getMessage(), e);
    }
    List<ActIndex.Stamp> stale = new ArrayList<>();
    for (ActIndex.Stamp s : stamps) {
      String reason = staleness(s, out);
      if (reason != null) {
        log.info("agentkit: " + reason + "; the module is recompiled to check it again");
        stale.add(s);
      }
    }
    if (stale.isEmpty()) {
      log.debug("agentkit: every agent's wiring matches its snapshot");
      return;
    }
    try {
      if (compilerStatus != null) {
        deleteTree(compilerStatus);
      }
      // Every agent's, not only the stale ones': the module is compiled whole again, so the
      // processor writes every wiring's view records anew, current or not.
      for (ActIndex.Stamp s : stamps) {
        forget(s, out);
      }
    } catch (IOException e) {
      throw GoalException.error(
          "cannot remove the stale wiring's class files or the compiler's incremental state"
              + " under "
              + out.getParent()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /**
   * Why the agent's wiring is stale, or null when it is current: the first of the snapshot checks,
   * then of the compiled-class checks, that finds a difference.
   */
  static String staleness(ActIndex.Stamp s, Path out) {
    String reason = staleness(s);
    return reason != null ? reason : compiledStaleness(s, out);
  }

  /** Whether the snapshot the stamp names is still there, readable, with the stamp's digest. */
  static String staleness(ActIndex.Stamp s) {
    if (s.snapshot() == null) {
      return "the wiring of " + s.agent() + " names no snapshot";
    }
    if (!Files.isRegularFile(s.snapshot())) {
      return "snapshot " + s.snapshot() + " of " + s.agent() + " is gone";
    }
    try {
      String now = ContractSnapshot.read(s.snapshot()).digest();
      if (!now.equals(s.digest())) {
        return "snapshot "
            + s.snapshot()
            + " changed since the wiring of "
            + s.agent()
            + " was generated ("
            + s.digest()
            + " -> "
            + now
            + ")";
      }
      return null;
    } catch (ContractFormatException e) {
      return "snapshot " + s.snapshot() + " of " + s.agent() + " is unreadable";
    }
  }

  /** Whether the wiring's class file is in the class output and was compiled from the digest. */
  static String compiledStaleness(ActIndex.Stamp s, Path out) {
    if (s.stamp().wiring().isEmpty()) {
      return "the wiring of " + s.agent() + " was stamped by an earlier agentkit";
    }
    Path file = out.resolve(WiringStamp.classFile(s.stamp().wiring()));
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      return "the compiled wiring of " + s.agent() + " (" + file + ") is missing";
    }
    if (!contains(bytes, s.digest().getBytes(StandardCharsets.US_ASCII))) {
      return "the compiled wiring of "
          + s.agent()
          + " ("
          + file
          + ") was not compiled from snapshot "
          + s.digest();
    }
    return null;
  }

  /**
   * Removes a stale agent's compiled class and every class file of its wiring. Without its class
   * the agent's source is stale to every incremental compiler; without the wiring's, javac never
   * reads an old view record while the processor writes its source again.
   */
  private static void forget(ActIndex.Stamp s, Path out) throws IOException {
    String[] names = s.agent().split("\\.");
    // A nested agent's class is its outermost class's: try the longest name that is a file.
    for (int n = names.length; n > 0; n--) {
      if (Files.deleteIfExists(out.resolve(String.join("/", Arrays.copyOf(names, n)) + ".class"))) {
        break;
      }
    }
    for (String wiring : wiringCandidates(s, names)) {
      deleteClassAndNested(out.resolve(WiringStamp.classFile(wiring)));
    }
  }

  /**
   * The wiring's binary name as stamped, or, for a stamp of an earlier processor, every name it
   * could have ({@code p.Outer_Inner_Wiring} for each split of the agent's name into package and
   * classes).
   */
  private static List<String> wiringCandidates(ActIndex.Stamp s, String[] names) {
    if (!s.stamp().wiring().isEmpty()) {
      return List.of(s.stamp().wiring());
    }
    List<String> out = new ArrayList<>();
    for (int pkg = 0; pkg < names.length; pkg++) {
      String prefix = String.join(".", Arrays.copyOf(names, pkg));
      String simple = String.join("_", Arrays.copyOfRange(names, pkg, names.length)) + "_Wiring";
      out.add(prefix.isEmpty() ? simple : prefix + "." + simple);
    }
    return out;
  }

  /** Deletes {@code X.class} and every {@code X$*.class} beside it. */
  private static void deleteClassAndNested(Path classFile) throws IOException {
    Path dir = classFile.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      return;
    }
    String name = classFile.getFileName().toString();
    String nested = name.substring(0, name.length() - ".class".length()) + "$";
    Files.deleteIfExists(classFile);
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.class")) {
      for (Path f : files) {
        if (f.getFileName().toString().startsWith(nested)) {
          Files.delete(f);
        }
      }
    }
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return needle.length == 0;
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
