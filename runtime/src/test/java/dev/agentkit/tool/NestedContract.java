package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The contract of nested tool schemas ({@code golden-tools/nested-contract.json}, a resource of the
 * runtime's test jar): server-memory's {@code create_entities}, GitHub's {@code issues/update} and
 * a task with a checklist, every op bound as a plain use. Shared by the tool-schema tests of the
 * runtime and the adapters.
 */
public final class NestedContract {
  private static final String RESOURCE = "/golden-tools/nested-contract.json";

  private NestedContract() {}

  /** Every op of the nested contract, bound as a merge with no handlers. */
  public static ActionSet<Object> actions() throws ContractFormatException {
    return actions(bytes());
  }

  /** Every op of a contract in the wire format, bound as a merge with no handlers. */
  public static ActionSet<Object> actions(byte[] wire) throws ContractFormatException {
    Contract contract = ContractSnapshot.parseWire(wire, "nested-contract.json", "nested");
    List<Use<Object>> uses = new ArrayList<>();
    for (Op op : contract.ops()) {
      uses.add(Use.<Object>of(op.opcode(), ChangeCategory.MERGE).build());
    }
    return ActionSet.bind(contract, uses);
  }

  private static byte[] bytes() {
    try (InputStream in = NestedContract.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is not on the test classpath");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
