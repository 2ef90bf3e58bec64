package dev.agentkit.reliability;

import dev.agentkit.benchmarks.SyntheticContract;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import java.nio.file.Path;

/** Writes two contracts' snapshots in turn to one file, forever; the kill test runs it. */
final class SnapshotWriterLoop {
  private SnapshotWriterLoop() {}

  public static void main(String[] args) throws Exception {
    Path target = Path.of(args[0]);
    Contract[] contracts = {
      SyntheticContract.generate("killed", 400, 1), SyntheticContract.generate("killed", 400, 2)
    };
    System.out.println("writing");
    System.out.flush();
    // One whole write first, so a slow machine still leaves a snapshot for the test to read.
    ContractSnapshot.writeAtomically(target, contracts[1]);
    System.out.println("wrote");
    System.out.flush();
    for (long i = 0; ; i++) {
      ContractSnapshot.writeAtomically(target, contracts[(int) (i % 2)]);
    }
  }
}
