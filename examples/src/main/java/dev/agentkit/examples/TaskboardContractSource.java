package dev.agentkit.examples;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HttpContractSource;
import java.io.IOException;

/**
 * Fetches the task board's contract over HTTP from a backend it starts in-process for the purpose:
 * the {@code <sourceClass>} of {@code mvn agentkit:snapshot} in this module, so taking the snapshot
 * needs no second terminal. Each fetch starts a backend on a free loopback port, GETs {@code
 * /contract} with {@link HttpContractSource}, and stops it.
 */
public final class TaskboardContractSource implements ContractSource {
  /** Public and no-arg, as the Maven plugin instantiates it. */
  public TaskboardContractSource() {}

  @Override
  public Contract fetch() throws ContractSourceException {
    TaskboardBackend backend;
    try {
      backend = TaskboardBackend.start();
    } catch (IOException e) {
      throw new ContractSourceException("cannot start the embedded taskboard backend: " + e, e);
    }
    try (backend) {
      return HttpContractSource.builder(backend.contractUri())
          .contractName(TaskboardContract.NAME)
          .build()
          .fetch();
    }
  }

  /** Stable across runs (the port is not), since it is stamped into the snapshot. */
  @Override
  public String describe() {
    return "dev.agentkit.examples.TaskboardContractSource (embedded taskboard backend, GET"
        + " /contract)";
  }
}
