package dev.agentkit.maven;

import dev.agentkit.drift.DriftReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the contract goals share however they are run: the contracts selected (with their index in
 * the configuration, for messages), the sources they are fetched through, the snapshot directory,
 * the agents whose acts drift is graded for, and the log. A Mojo builds it from its parameters and
 * the build; the command line from its config file and flags.
 *
 * @param selected the configured contracts, filtered by {@code agentkit.contract}, with their
 *     indexes
 */
record GoalContext(
    List<Map.Entry<Integer, ContractConfig>> selected,
    SourceFactory sources,
    Path snapshotDir,
    Agents agents,
    GoalLog log) {
  GoalContext {
    selected = List.copyOf(selected);
  }

  /** The acts of the agents in view, per agent (by qualified name), for a contract. */
  interface Agents {
    Map<String, DriftReport.Usage> of(String contract) throws GoalException;
  }

  /**
   * The configured contracts, filtered by name ({@code agentkit.contract}), each with its index.
   *
   * @param contract the one contract to select, or null or blank for all
   */
  static List<Map.Entry<Integer, ContractConfig>> select(
      List<ContractConfig> contracts, String contract) throws ConfigException {
    if (contracts == null || contracts.isEmpty()) {
      throw new ConfigException(
          "<contracts> is empty: configure at least one <contract> with a <name> and a <url>,"
              + " <openapi>, <mcp> or <sourceClass> in the agentkit-maven-plugin's <configuration>");
    }
    List<Map.Entry<Integer, ContractConfig>> out = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < contracts.size(); i++) {
      ContractConfig c = contracts.get(i);
      names.add(c.name == null ? "" : c.name);
      if (contract == null || contract.isBlank() || contract.trim().equals(c.name)) {
        out.add(Map.entry(i, c));
      }
    }
    if (out.isEmpty()) {
      throw new ConfigException(
          "agentkit.contract is \""
              + contract.trim()
              + "\", which is not a configured contract; configured: "
              + dev.agentkit.internal.text.Names.listing(contract.trim(), names)
              + dev.agentkit.internal.text.Names.didYouMean(contract.trim(), names));
    }
    return out;
  }

  /** The usages of the agents whose stamps are in these class outputs. */
  static Agents fromClassOutputs(List<Path> outputDirs) {
    return contract -> {
      try {
        return ActIndex.read(ActIndex.existing(outputDirs), contract);
      } catch (java.io.IOException e) {
        throw GoalException.error("cannot read the agents' act index: " + e.getMessage(), e);
      }
    };
  }
}
