package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.CachedContract;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A server's {@code notifications/tools/list_changed} expires a {@link CachedContract} built on the
 * source, so the next fetch re-reads the tools at once instead of a ttl later.
 */
class ToolsChangedTest {
  @Test
  void aListChangedNotificationInvalidatesTheCache() throws Exception {
    ToolServer server = Scenarios.taskboard();
    try (HttpToolServer http = HttpToolServer.start(server);
        McpContractSource source =
            McpContractSource.http(http.url()).contractName("taskboard").build()) {
      CachedContract cache =
          CachedContract.builder(source)
              .ttl(Duration.ofHours(1))
              .maxStaleness(Duration.ofHours(2))
              .build();
      AtomicInteger heard = new AtomicInteger();
      source.onToolsChanged(cache::invalidate);
      source.onToolsChanged(
          () -> {
            throw new IllegalStateException("a listener that fails does not stop the others");
          });
      source.onToolsChanged(heard::incrementAndGet);
      Contract before = cache.fetch();
      assertThat(before.op("delete_task").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);

      server.tools.set(
          server.tools.indexOf(
              server.tools.stream()
                  .filter(t -> t.name().equals("list_tasks"))
                  .findFirst()
                  .orElseThrow()),
          Scenarios.tool("list_tasks", "Lists tasks.", null, null));
      assertThat(cache.fetch())
          .as("no notice yet: the cache serves what it holds")
          .isSameAs(before);

      http.toolsChanged();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      Contract after = cache.fetch();
      while (after == before && System.nanoTime() < deadline) {
        Thread.sleep(20);
        after = cache.fetch();
      }
      assertThat(after.op("list_tasks").orElseThrow().tier())
          .as("the hints are gone, so the tool is taken as irreversible")
          .isEqualTo(Tier.IRREVERSIBLE);
      assertThat(heard).hasValue(1);
    }
  }

  @Test
  void aListChangedNotificationOverStdioInvalidatesTheCacheToo() throws Exception {
    try (McpContractSource source = StdioServers.source("changing").build()) {
      CachedContract cache =
          CachedContract.builder(source)
              .ttl(Duration.ofHours(1))
              .maxStaleness(Duration.ofHours(2))
              .build();
      source.onToolsChanged(cache::invalidate);
      Contract before = cache.fetch();
      assertThat(before.op("list_tasks").orElseThrow().tier()).isEqualTo(Tier.READ_ONLY);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      Contract after = cache.fetch();
      while (after == before && System.nanoTime() < deadline) {
        Thread.sleep(50);
        after = cache.fetch();
      }
      assertThat(after.op("list_tasks").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    }
  }
}
