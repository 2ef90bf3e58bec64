package dev.agentkit.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.benchmarks.SyntheticContract;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot writer killed mid-write: a separate JVM writes snapshots in a loop with {@link
 * ContractSnapshot#writeAtomically} and is killed at random points; the target is always absent or
 * a complete, valid snapshot of one of the two contracts.
 */
class SnapshotKillTest {
  private static final int ROUNDS = 6;

  @Test
  void aKilledWriterLeavesNoHalfWrittenSnapshot(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("killed.json");
    Set<String> digests =
        Set.of(
            SyntheticContract.generate("killed", 400, 1).digest(),
            SyntheticContract.generate("killed", 400, 2).digest());
    Random random = new Random(20261129);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    for (int round = 0; round < ROUNDS; round++) {
      Process p =
          new ProcessBuilder(
                  java,
                  "-cp",
                  System.getProperty("java.class.path"),
                  SnapshotWriterLoop.class.getName(),
                  target.toString())
              .redirectErrorStream(true)
              .start();
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        assertThat(out.readLine()).isEqualTo("writing");
        assertThat(out.readLine()).isEqualTo("wrote");
        Thread.sleep(20 + random.nextInt(300));
        p.destroyForcibly();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
      }
      if (Files.exists(target)) {
        Contract c = ContractSnapshot.read(target);
        assertThat(digests).contains(c.digest());
      }
    }
    assertThat(target).exists();
  }
}
