package dev.agentkit.maven;

import dev.agentkit.drift.DriftReport;
import dev.agentkit.internal.WiringStamp;
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
import java.util.TreeMap;

/**
 * What the annotation processor recorded about each agent it wired, read with the processor's own
 * codec ({@link WiringStamp}) from {@code META-INF/agentkit/wiring/<agent FQN>.properties} of the
 * class output: the contract, the snapshot file and digest the wiring was generated from, and the
 * backend ops the agent uses.
 */
final class ActIndex {
  static final String LOCATION = WiringStamp.LOCATION;

  /** One agent's stamp. */
  record Stamp(String agent, Path snapshot, WiringStamp stamp) {
    String contract() {
      return stamp.contract();
    }

    String digest() {
      return stamp.digest();
    }
  }

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
          WiringStamp stamp;
          try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            stamp = WiringStamp.decode(r);
          }
          String name = f.getFileName().toString();
          String agent = name.substring(0, name.length() - ".properties".length());
          Path snapshot = stamp.snapshot().isEmpty() ? null : Path.of(stamp.snapshot());
          byAgent.put(agent, new Stamp(agent, snapshot, stamp));
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
      for (Map.Entry<String, WiringStamp.Act> a : s.stamp().acts().entrySet()) {
        WiringStamp.Act act = a.getValue();
        acts.put(a.getKey(), new DriftReport.ActUse(act.run(), act.ask(), act.input()));
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
