package dev.agentkit.reliability;

import dev.agentkit.Contract;
import dev.agentkit.ContractSnapshot;
import dev.agentkit.benchmarks.SyntheticContract;
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
    for (long i = 0; ; i++) {
      ContractSnapshot.writeAtomically(target, contracts[(int) (i % 2)]);
    }
  }
}
