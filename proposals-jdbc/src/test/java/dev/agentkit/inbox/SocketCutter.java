package dev.agentkit.inbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy on the loopback interface whose connections can be cut: {@link #cutAll} closes every
 * socket it holds, both ways, so the client and the server each see their connection lost, as when
 * a network path fails.
 */
final class SocketCutter implements AutoCloseable {
  private final ServerSocket server;
  private final int target;
  private final Set<Socket> live = ConcurrentHashMap.newKeySet();

  SocketCutter(int targetPort) {
    this.target = targetPort;
    try {
      this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    daemon(this::acceptAll);
  }

  int port() {
    return server.getLocalPort();
  }

  /** Closes every connection through the proxy; how many were cut. */
  int cutAll() {
    int n = 0;
    for (Socket s : live) {
      if (live.remove(s)) {
        close(s);
        n++;
      }
    }
    return n / 2;
  }

  private void acceptAll() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
        live.add(client);
        live.add(upstream);
        daemon(() -> pipe(client, upstream));
        daemon(() -> pipe(upstream, client));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void pipe(Socket from, Socket to) {
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // cut, or closed by either end
    } finally {
      live.remove(from);
      live.remove(to);
      close(from);
      close(to);
    }
  }

  private static void daemon(Runnable r) {
    Thread t = new Thread(r, "socket-cutter");
    t.setDaemon(true);
    t.start();
  }

  private static void close(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    cutAll();
  }
}
