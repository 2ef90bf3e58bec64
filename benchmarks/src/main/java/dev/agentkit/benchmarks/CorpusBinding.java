package dev.agentkit.benchmarks;

import dev.agentkit.source.ContractSource;

/**
 * The generated corpus's agents bound through their generated wiring. The implementation is
 * compiled after this module's own classes, with the agentkit processor, so the benchmarks reach it
 * through this interface (looked up once, outside any measurement).
 */
public interface CorpusBinding {
  /** The implementation's class name. */
  String IMPLEMENTATION = "dev.agentkit.benchmarks.corpus.CorpusAgents";

  /**
   * Binds every agent of the corpus with its generated {@code bind(agent, source)}.
   *
   * @return how many acts were bound
   */
  int bindAll(ContractSource source);

  /** The snapshot digest the corpus was compiled against ({@code CONTRACT_DIGEST}). */
  String compiledDigest();

  /** The implementation in the compiled corpus. */
  static CorpusBinding load() {
    try {
      return (CorpusBinding) Class.forName(IMPLEMENTATION).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "the compiled corpus is missing; build the benchmarks module with mvn package", e);
    }
  }
}
