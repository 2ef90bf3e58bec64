package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.source.ContractSourceException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Over hostile path keys and path parameter values: a request is refused (at mapping or before it
 * is sent), or it goes to the base URL's scheme, host and port, under its path, with no dot
 * segment.
 */
class HostilePathsPropertyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final List<String> PIECES =
      List.of(
          "/",
          "//",
          "@",
          ":",
          "\\",
          "%2F",
          "%2f",
          "%2e%2E",
          "..",
          ".",
          "#",
          "?",
          "&",
          "=",
          "127.0.0.1:41732",
          "@127.0.0.1:41732/",
          "evil.example",
          "é",
          "\u2028",
          "\u202e",
          "\u0000",
          "\r\n",
          "\t",
          " ",
          "%",
          "%zz",
          "{id}",
          "{",
          "}",
          "tasks",
          "~",
          "[::1]");

  private static final List<String> BASES =
      List.of(
          "http://127.0.0.1",
          "http://127.0.0.1:8080",
          "http://127.0.0.1:8080/api",
          "https://tasks.example/api/v1");

  @Provide
  Arbitrary<String> hostile() {
    return Arbitraries.of(PIECES).list().ofMinSize(1).ofMaxSize(6).map(l -> String.join("", l));
  }

  @Provide
  Arbitrary<String> values() {
    return Arbitraries.oneOf(hostile(), Arbitraries.strings().ofMaxLength(12));
  }

  @Provide
  Arbitrary<String> bases() {
    return Arbitraries.of(BASES);
  }

  private static String document(String pathKey) throws Exception {
    ObjectNode doc = JSON.createObjectNode();
    doc.put("openapi", "3.0.3");
    doc.putObject("info").put("title", "t").put("version", "1");
    ObjectNode get = doc.putObject("paths").putObject(pathKey).putObject("get");
    get.put("operationId", "op").put("summary", "an op");
    ObjectNode id = get.putArray("parameters").addObject();
    id.put("name", "id").put("in", "path").put("required", true);
    id.putObject("schema").put("type", "string");
    get.putObject("responses").putObject("200").put("description", "ok");
    return JSON.writeValueAsString(doc);
  }

  @Property(tries = 400)
  void aRequestStaysUnderTheBaseUrlOrIsRefused(
      @ForAll("hostile") String pathKey,
      @ForAll("values") String value,
      @ForAll("bases") String base)
      throws Exception {
    OpenApiReader.Read read;
    try {
      read = OpenApiReader.read(document(pathKey), "test");
    } catch (ContractSourceException e) {
      assertThat(e.getMessage()).startsWith("[Open");
      return;
    }
    Route route = read.routes().get("op");
    if (route == null) {
      return; // the parser dropped the path: nothing can be sent to it
    }
    HttpRequest request;
    try {
      request =
          RequestWriter.write(
              route, Call.of("op", Map.of("id", value)), base, Duration.ofSeconds(1), Map.of());
    } catch (CallFailedException e) {
      assertThat(e.getMessage()).matches("\\[OpenApi(BadArgument|BadPath)\\] op: .*");
      return;
    }
    URI b = URI.create(base);
    URI u = request.uri();
    assertThat(u.getScheme()).isEqualTo(b.getScheme());
    assertThat(u.getRawUserInfo()).isNull();
    assertThat(u.getHost()).isEqualTo(b.getHost());
    assertThat(u.getPort()).isEqualTo(b.getPort());
    assertThat(u.getRawQuery()).isNull();
    assertThat(u.getRawFragment()).isNull();
    String basePath = b.getRawPath();
    assertThat(u.getRawPath()).startsWith(basePath + "/");
    for (String segment : u.getRawPath().split("/", -1)) {
      String decoded = segment.replace("%2e", ".").replace("%2E", ".");
      assertThat(decoded).isNotIn(".", "..");
    }
  }
}
