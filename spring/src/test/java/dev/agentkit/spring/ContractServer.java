package dev.agentkit.spring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.source.EntityTag;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A loopback backend serving the task board's contract at {@code /contract}, as the committed
 * snapshot has it or changed by a test; it records the credential header each request carried. The
 * contract is tagged by its digest ({@code ETag}), and a request naming the tag is answered {@code
 * 304}, as a backend serving its contract does.
 */
final class ContractServer implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private volatile byte[] body;
  private volatile int status = 200;
  private final List<String> authorizations = new CopyOnWriteArrayList<>();

  ContractServer() {
    this.body = snapshot().toString().getBytes(StandardCharsets.UTF_8);
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/contract",
        exchange -> {
          String auth = exchange.getRequestHeaders().getFirst("Authorization");
          authorizations.add(auth == null ? "" : auth);
          byte[] b = status == 200 ? body : new byte[0];
          EntityTag tag = status == 200 ? tag(b) : null;
          if (tag != null) {
            // Tagged by the contract's digest, as a backend serves it: 304 to a tag it names.
            exchange.getResponseHeaders().set("ETag", tag.header());
            if (tag.matchedBy(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
              exchange.sendResponseHeaders(304, -1);
              exchange.close();
              return;
            }
          }
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(b);
          }
        });
    server.start();
  }

  /** The served contract's digest as a tag; none for a body that is not a contract. */
  private static EntityTag tag(byte[] body) {
    try {
      return EntityTag.ofDigest(
          ContractSnapshot.parseWire(body, "http://127.0.0.1/contract", "taskboard").digest());
    } catch (ContractFormatException e) {
      return null;
    }
  }

  /** The committed snapshot of the task board, as a tree a test may change. */
  static ObjectNode snapshot() {
    try {
      return (ObjectNode)
          JSON.readTree(
              Files.readAllBytes(BaseDir.resolve("..", "contract-snapshots", "taskboard.json")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The snapshot without the enum value {@code urgent} of set_task_priority.priority. */
  static ObjectNode withoutUrgent() {
    return changed(
        "set_task_priority",
        op -> {
          for (JsonNode operand : op.get("operands")) {
            if (operand.get("name").asText().equals("priority")) {
              ArrayNode values = (ArrayNode) operand.get("enum");
              for (int i = values.size() - 1; i >= 0; i--) {
                if (values.get(i).asText().equals("urgent")) {
                  values.remove(i);
                }
              }
            }
          }
        });
  }

  /** The snapshot with one op changed. */
  static ObjectNode changed(String opcode, Consumer<ObjectNode> change) {
    ObjectNode doc = snapshot();
    for (JsonNode op : doc.get("ops")) {
      if (op.get("opcode").asText().equals(opcode)) {
        change.accept((ObjectNode) op);
      }
    }
    return doc;
  }

  /** Serves {@code doc} from now on. */
  ContractServer serve(JsonNode doc) {
    this.body = doc.toString().getBytes(StandardCharsets.UTF_8);
    this.status = 200;
    return this;
  }

  /** Answers every request with {@code status} and no contract from now on. */
  ContractServer fail(int status) {
    this.status = status;
    return this;
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/contract";
  }

  /** The Authorization header of each request so far ("" when there was none). */
  List<String> authorizations() {
    return List.copyOf(authorizations);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
