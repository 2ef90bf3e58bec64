package dev.agentkit.contract;

import static dev.agentkit.contract.DocumentErrors.REGENERATE;

import com.fasterxml.jackson.core.JsonParser;
import dev.agentkit.internal.json.JsonTree;
import java.io.IOException;
import java.util.Map;

/**
 * Reads a snapshot's {@code "document"} key: the {@link SourceDocument} the contract was read from,
 * an object of exactly {@code "digest"} and {@code "mapping"}, both strings.
 */
final class SnapshotDocument {
  private SnapshotDocument() {}

  /**
   * The record at the parser's current value.
   *
   * @param at where the value starts, for the error
   */
  static SourceDocument read(JsonParser p, DocumentErrors errors, long at)
      throws IOException, ContractFormatException {
    Object tree;
    try {
      tree = JsonTree.read(p);
    } catch (JsonTree.Malformed e) {
      throw errors.at(at, "$.document", e.getMessage());
    }
    if (!(tree instanceof Map<?, ?> m)
        || m.size() != 2
        || !(m.get("digest") instanceof String digest)
        || !(m.get("mapping") instanceof String mapping)) {
      throw errors.at(
          at,
          "$.document",
          "document is "
              + JsonTree.describe(tree)
              + (tree instanceof Map<?, ?> ? " with other keys" : "")
              + ", but agentkit writes it as an object of exactly \"digest\" and \"mapping\", both"
              + " strings; "
              + REGENERATE);
    }
    try {
      return new SourceDocument(digest, mapping);
    } catch (IllegalArgumentException e) {
      throw errors.at(at, "$.document", e.getMessage() + "; " + REGENERATE);
    }
  }
}
