package dev.agentkit.maven;

import dev.agentkit.drift.DriftReport;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What the annotation processor recorded about each agent it wired, read from the stamps it writes
 * to the class output: {@code META-INF/agentkit/wiring/<agent FQN>.properties} with the contract,
 * the snapshot file and digest the wiring was generated from, and one {@code
 * act.<opcode>=run|-,ask|-,<input>} entry per backend op the agent uses.
 */
final class ActIndex {
  static final String LOCATION = "META-INF/agentkit/wiring";

  /** One agent's stamp. */
  record Stamp(String agent, String contract, Path snapshot, String digest, Properties raw) {}

  private ActIndex() {}

  /** Every stamp under the given class output directories, sorted by agent. */
  static List<Stamp> stamps(List<Path> outputDirs) throws IOException {
    Map<String, Stamp> byAgent = new TreeMap<>();
    for (Path dir : outputDirs) {
      Path wiring = dir.resolve(LOCATION);
      if (!Files.isDirectory(wiring)) {
        continue;
      }
      try (DirectoryStream<Path> files = Files.newDirectoryStream(wiring, "*.properties")) {
        for (Path f : files) {
          Properties p = new Properties();
          try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(r);
          }
          String name = f.getFileName().toString();
          String agent = name.substring(0, name.length() - ".properties".length());
          String snapshot = p.getProperty("snapshot", "");
          byAgent.put(
              agent,
              new Stamp(
                  agent,
                  p.getProperty("contract", ""),
                  snapshot.isEmpty() ? null : Path.of(snapshot),
                  p.getProperty("digest", ""),
                  p));
        }
      }
    }
    return new ArrayList<>(byAgent.values());
  }

  /** The usage of each agent (by FQN, sorted) of the contract, over the given output dirs. */
  static Map<String, DriftReport.Usage> read(List<Path> outputDirs, String contract)
      throws IOException {
    Map<String, DriftReport.Usage> out = new LinkedHashMap<>();
    for (Stamp s : stamps(outputDirs)) {
      if (!s.contract().equals(contract)) {
        continue;
      }
      Map<String, DriftReport.ActUse> acts = new TreeMap<>();
      for (String key : s.raw().stringPropertyNames()) {
        if (!key.startsWith("act.")) {
          continue;
        }
        String[] f = s.raw().getProperty(key).split(",", 3);
        acts.put(
            key.substring(4),
            new DriftReport.ActUse(
                f.length > 0 && f[0].equals("run"),
                f.length > 1 && f[1].equals("ask"),
                f.length > 2 ? f[2] : ""));
      }
      out.put(s.agent(), new DriftReport.Usage(simpleName(s.agent()), acts));
    }
    return out;
  }

  static String simpleName(String fqn) {
    int dot = fqn.lastIndexOf('.');
    return dot < 0 ? fqn : fqn.substring(dot + 1);
  }

  static List<Path> existing(List<Path> dirs) {
    List<Path> out = new ArrayList<>();
    for (Path d : dirs) {
      if (Files.isDirectory(d)) {
        out.add(d);
      }
    }
    return out;
  }
}
