package dev.agentkit.benchmarks;

import dev.agentkit.internal.ArgValues;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.internal.WireNames;
import dev.agentkit.testing.InternalUse;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks' main code uses exactly these of the runtime's internal classes: two through the
 * wiring the processor generates for the benchmarks' agents, and {@code SnapshotResource} for row
 * 12, which puts the copy of GitHub's snapshot where the processor puts it; the benchmarks' own
 * code reaches everything else through the API, as a user's code would.
 */
class InternalUseTest {
  @Test
  void usesOnlyTheInternalsItsGeneratedWiringUses() {
    InternalUse.assertExactly(
        "dev.agentkit.benchmarks", ArgValues.class, SnapshotResource.class, WireNames.class);
  }
}
