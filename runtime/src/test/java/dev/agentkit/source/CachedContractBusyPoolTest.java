package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Fixtures;
import dev.agentkit.contract.Contract;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Expiry depends on no shared pool: with every worker of {@code ForkJoinPool.commonPool()} blocked,
 * a contract past its ttl and max staleness is still refused once the backend is down.
 *
 * <p>The JDK hands delayed tasks to the common pool only when its parallelism is above one, which a
 * 2-core machine does not give it; so the scenario runs in a child JVM with the parallelism forced
 * to 4.
 */
class CachedContractBusyPoolTest {
  @Test
  void aSaturatedCommonPoolNeverKeepsAStaleContractAlive() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-Djava.util.concurrent.ForkJoinPool.common.parallelism=4",
                "-cp",
                System.getProperty("java.class.path"),
                CachedContractBusyPoolTest.class.getName())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(out)
        .contains("common pool parallelism 4, saturated")
        .contains("refused: the test backend is unreachable, and the last good contract, fetched")
        .contains("is too stale to serve (max staleness 100ms)");
  }

  /** The scenario, in the child JVM: saturate the common pool, then read past max staleness. */
  public static void main(String[] args) throws Exception {
    ForkJoinPool common = ForkJoinPool.commonPool();
    CountDownLatch release = new CountDownLatch(1);
    for (int i = 0; i < common.getParallelism() * 2 + 2; i++) {
      common.execute(
          () -> {
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
    }
    CountDownLatch probe = new CountDownLatch(1);
    common.execute(probe::countDown);
    boolean saturated = !probe.await(200, TimeUnit.MILLISECONDS);
    System.out.println(
        "common pool parallelism "
            + common.getParallelism()
            + (saturated ? ", saturated" : ", not saturated"));
    AtomicBoolean up = new AtomicBoolean(true);
    Contract contract = Fixtures.taskboard();
    ContractSource backend =
        new ContractSource() {
          @Override
          public Contract fetch() throws ContractSourceException {
            if (!up.get()) {
              throw new ContractSourceException("connection refused");
            }
            return contract;
          }

          @Override
          public String describe() {
            return "the test backend";
          }
        };
    CachedContract cache =
        CachedContract.builder(backend)
            .ttl(Duration.ofMillis(50))
            .maxStaleness(Duration.ofMillis(100))
            .build();
    cache.fetch();
    up.set(false);
    Thread.sleep(400);
    try {
      cache.fetch();
      System.out.println("served a contract past its max staleness");
    } catch (ContractSourceException e) {
      System.out.println("refused: " + e.getMessage());
    }
    System.exit(0);
  }
}
