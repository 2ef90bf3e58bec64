package dev.agentkit;

/** Reads and writes contract snapshots in the canonical format. (Being implemented.) */
public final class ContractSnapshot {
  private ContractSnapshot() {}

  /**
   * Parses a contract as a backend serves it over the wire: either a full snapshot document or an
   * object with at least an {@code ops} array. Unknown keys are ignored.
   *
   * @param json the response body
   * @param origin where it came from (a URL), for messages
   * @param name the contract's name when the document does not give one
   */
  public static Contract parseWire(byte[] json, String origin, String name)
      throws ContractFormatException {
    throw new UnsupportedOperationException("being implemented");
  }
}
