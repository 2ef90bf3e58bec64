package dev.agentkit.proposal;

import dev.agentkit.internal.text.RuntimeMessage;
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
        problems.add(RuntimeMessage.PROPOSAL_METADATA_KEY.format());
        continue;
      }
      if (e.getValue() == null) {
        problems.add(RuntimeMessage.PROPOSAL_METADATA_VALUE.format(key));
        continue;
      }
      chars += key.length() + e.getValue().length();
    }
    if (chars > MAX_CHARS) {
      problems.add(RuntimeMessage.PROPOSAL_METADATA_SIZE.format(chars, MAX_CHARS));
    }
  }
}
