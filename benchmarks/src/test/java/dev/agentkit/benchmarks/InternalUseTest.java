package dev.agentkit.benchmarks;

import dev.agentkit.internal.ArgValues;
import dev.agentkit.internal.CompiledOps;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.internal.WireNames;
import dev.agentkit.testing.InternalUse;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks' main code uses exactly these of the runtime's internal classes: three through the
 * wiring the processor generates for the benchmarks' agents (a compiled-in contract's ops are built
 * by {@code CompiledOps}), and {@code SnapshotResource} for row 12, which puts the copy of GitHub's
 * snapshot where the processor puts it; the benchmarks' own code reaches everything else through
 * the API, as a user's code would.
 */
class InternalUseTest {
  @Test
  void usesOnlyTheInternalsItsGeneratedWiringUses() {
    InternalUse.assertExactly(
        "dev.agentkit.benchmarks",
        ArgValues.class,
        CompiledOps.class,
        SnapshotResource.class,
        WireNames.class);
  }
}
