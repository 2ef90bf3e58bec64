package dev.agentkit.examples;

import dev.agentkit.contract.Contract;
import dev.agentkit.mcp.McpContractSource;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;

/**
 * Reads the task board's tools as a contract over MCP from a backend it starts in-process for the
 * purpose: the {@code <sourceClass>} of {@code mvn agentkit:snapshot} for {@code
 * contract-snapshots/taskboard-mcp.json}, so taking that snapshot needs no second terminal. Each
 * fetch starts a backend and its MCP server ({@link TaskboardMcpServer}) on free loopback ports,
 * lists the tools with {@link McpContractSource} over Streamable HTTP, and stops both.
 */
public final class TaskboardMcpContractSource implements ContractSource {
  /** The contract's name: its snapshot is {@code contract-snapshots/taskboard-mcp.json}. */
  static final String NAME = "taskboard-mcp";

  /** Public and no-arg, as the Maven plugin instantiates it. */
  public TaskboardMcpContractSource() {}

  @Override
  public Contract fetch() throws ContractSourceException {
    // The Maven plugin loads this class, and the MCP SDK it uses, in a loader of its own; the SDK
    // finds its JSON mapper through the context class loader, which is the plugin's there.
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(TaskboardMcpContractSource.class.getClassLoader());
    try {
      return fetchTools();
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  private static Contract fetchTools() throws ContractSourceException {
    try (TaskboardBackend backend = TaskboardBackend.start();
        TaskboardMcpServer server = TaskboardMcpServer.start(backend);
        McpContractSource source =
            McpContractSource.http(server.url()).contractName(NAME).build()) {
      Contract contract = source.fetch();
      if (!source.warnings().isEmpty()) {
        throw new ContractSourceException(
            "the task board's tools did not map faithfully: " + source.warnings());
      }
      return contract;
    } catch (ContractSourceException e) {
      throw e;
    } catch (Exception e) {
      throw new ContractSourceException(
          "cannot start the embedded taskboard backend as an MCP server: " + e, e);
    }
  }

  /** Stable across runs (the port is not), since it is stamped into the snapshot. */
  @Override
  public String describe() {
    return "dev.agentkit.examples.TaskboardMcpContractSource (embedded taskboard backend as an MCP"
        + " server, tools/list)";
  }
}
