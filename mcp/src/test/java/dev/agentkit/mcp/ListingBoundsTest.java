package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.source.ContractSourceException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A {@code tools/list} walk is bounded in pages, bytes and time, and a server's {@code
 * notifications/tools/list_changed} starts no walk of its own: real SDK servers that page for ever,
 * with big pages, slowly, and that announce changes again and again.
 */
class ListingBoundsTest {
  private static ToolServer endless() {
    ToolServer server = new ToolServer("endless", "1");
    server.endless = true;
    return server;
  }

  private static void await(AtomicInteger counter, int value) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (counter.get() < value && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(counter).hasValue(value);
  }

  @Test
  void listChangedStartsNoWalkAndTheNextFetchIsOneWalkOfMaxPages() throws Exception {
    ToolServer server = endless();
    try (HttpToolServer http = HttpToolServer.start(server);
        McpContractSource source =
            McpContractSource.http(http.url()).contractName("taskboard").maxPages(5).build()) {
      AtomicInteger heard = new AtomicInteger();
      source.onToolsChanged(heard::incrementAndGet);
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpPagingLoop] "
                  + http.url()
                  + " was still paging tools/list after 5 pages; the server's paging is broken"
                  + " (raise maxPages if it really has that many)");
      assertThat(server.listRequests).hasValue(5);
      for (int i = 1; i <= 3; i++) {
        http.toolsChanged();
        await(heard, i);
      }
      Thread.sleep(1_000); // time for a walk the client might start by itself
      assertThat(server.listRequests).as("no walk of the client's own").hasValue(5);
      assertThatThrownBy(source::fetch).isInstanceOf(ContractSourceException.class);
      assertThat(server.listRequests).hasValue(10);
    }
  }

  @Test
  void aWalkStopsBeforeMaxListBytes() throws Exception {
    ToolServer server = endless();
    server.padding = "x".repeat(256 * 1024);
    try (HttpToolServer http = HttpToolServer.start(server);
        McpContractSource source =
            McpContractSource.http(http.url())
                .contractName("taskboard")
                .maxListBytes(1024 * 1024)
                .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpListTooLarge] "
                  + http.url()
                  + " sent more than 1048576 bytes of tools/list pages (4 pages so far), the cap"
                  + " on one listing; raise maxListBytes if its tools really take that much");
      assertThat(server.listRequests).hasValue(4);
    }
  }

  @Test
  void aWalkEndsAtTheListTimeoutWhateverEachPageTakes() throws Exception {
    ToolServer server = endless();
    server.listDelayMillis = 200;
    try (HttpToolServer http = HttpToolServer.start(server);
        McpContractSource source =
            McpContractSource.http(http.url())
                .contractName("taskboard")
                .listTimeout(Duration.ofSeconds(1))
                .build()) {
      long start = System.nanoTime();
      assertThatThrownBy(source::fetch)
          .hasMessageStartingWith("[McpListTimeout] " + http.url() + " was still listing tools")
          .hasMessageEndingWith(
              " pages so far) when the 1000 ms for one listing ran out; raise listTimeout if"
                  + " its tools really take that long");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
      assertThat(server.listRequests.get()).isBetween(3, 7);
    }
  }

  @Test
  void theBoundsMustBePositive() {
    assertThatThrownBy(
            () -> McpContractSource.http(java.net.URI.create("http://h/mcp")).maxListBytes(0))
        .hasMessage("maxListBytes must be positive, but it is 0");
    assertThatThrownBy(
            () ->
                McpContractSource.http(java.net.URI.create("http://h/mcp"))
                    .listTimeout(Duration.ZERO))
        .hasMessage("the list timeout must be positive");
    assertThatThrownBy(() -> McpContractSource.stdio("java").maxLineChars(0))
        .hasMessage("maxLineChars must be positive, but it is 0");
    assertThatThrownBy(
            () -> McpContractSource.http(java.net.URI.create("http://h/mcp")).maxLineChars(10))
        .hasMessage(
            "maxLineChars(...) is for an MCP server started as a command (stdio); an HTTP server"
                + " gets its credentials by header(...)");
  }
}
