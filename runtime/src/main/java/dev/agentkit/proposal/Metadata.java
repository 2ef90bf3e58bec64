package dev.agentkit.proposal;

import java.util.List;
import java.util.Map;

/** The checks on a proposal's metadata: every entry named and valued, and the whole kept small. */
final class Metadata {
  /** The most characters metadata may hold, keys and values together. */
  static final int MAX_CHARS = 16_384;

  private Metadata() {}

  static void check(Map<String, String> metadata, List<String> problems) {
    int chars = 0;
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      String key = e.getKey();
      if (key == null || key.isBlank()) {
        problems.add(
            "[ProposalMetadata] a metadata entry has a blank key: name every entry, such as"
                + " metadata(\"ticket\", \"T-12\")");
        continue;
      }
      if (e.getValue() == null) {
        problems.add(
            "[ProposalMetadata] the metadata entry \""
                + key
                + "\" has no value: give it a string (empty is fine), or leave the entry out");
        continue;
      }
      chars += key.length() + e.getValue().length();
    }
    if (chars > MAX_CHARS) {
      problems.add(
          "[ProposalMetadata] the metadata holds "
              + chars
              + " characters, more than the "
              + MAX_CHARS
              + " a proposal carries: keep bulky data in the host's own store and put its id here");
    }
  }
}
