package dev.agentkit.testing;

import java.io.FilterInputStream;
import java.io.IOException;

/** What a test's MCP server started as a child process over stdio needs beside the SDK. */
public final class StdioServers {
  private StdioServers() {}

  /**
   * Ends this process when its stdin ends, as a stdio server should once its client is gone: the
   * SDK's transport only closes the session. Call it before the server reads stdin.
   */
  public static void exitAtEndOfInput() {
    System.setIn(
        new FilterInputStream(System.in) {
          @Override
          public int read() throws IOException {
            return exitAtEnd(super.read());
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            return exitAtEnd(super.read(b, off, len));
          }
        });
  }

  private static int exitAtEnd(int read) {
    if (read < 0) {
      // halt: a shutdown hook or a non-daemon thread of the SDK must not keep a dead server alive.
      Runtime.getRuntime().halt(0);
    }
    return read;
  }
}
