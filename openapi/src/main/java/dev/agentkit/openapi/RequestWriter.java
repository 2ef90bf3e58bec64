package dev.agentkit.openapi;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.ArgumentJson;
import dev.agentkit.source.HttpArguments;
import dev.agentkit.source.Redactor;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/** Builds the HTTP request a call describes, by its route. */
final class RequestWriter {
  private static final JsonFactory JSON = new JsonFactory();
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /** What a URL path carries as is besides the unreserved characters: RFC 3986's pchar, and /. */
  private static final String PATH_CHARACTERS = "!$&'()*+,;=:@/";

  private final Route route;
  private final Call call;
  private final String opcode;

  private RequestWriter(Route route, Call call) {
    this.route = route;
    this.call = call;
    this.opcode = call.opcode();
  }

  static HttpRequest write(
      Route route, Call call, String base, Duration timeout, Map<String, String> headers)
      throws CallFailedException {
    return new RequestWriter(route, call).request(base, timeout, headers);
  }

  private HttpRequest request(String base, Duration timeout, Map<String, String> headers)
      throws CallFailedException {
    unrouted();
    Map<String, String> segments = new HashMap<>();
    StringBuilder query = new StringBuilder();
    HttpRequest.Builder b = HttpRequest.newBuilder().timeout(timeout);
    List<Route.Slot> body = new ArrayList<>();
    for (Route.Slot slot : route.slots()) {
      String name = slot.operand().name();
      if (!call.hasArg(name)) {
        continue;
      }
      switch (slot.place()) {
        case PATH -> segments.put(slot.wireName(), segment(slot));
        case QUERY -> query(query, slot);
        case HEADER -> header(b, slot);
        default -> body.add(slot);
      }
    }
    URI uri = target(URI.create(base), path(segments), query.toString());
    headers.forEach(b::setHeader);
    b.method(route.method(), body(body, b));
    return b.uri(uri).build();
  }

  /**
   * The path template filled in: each {@code {name}} with its encoded value, and the literal text
   * between them percent-encoded where a URL path cannot carry it as is.
   */
  private String path(Map<String, String> segments) throws CallFailedException {
    String template = route.path();
    StringBuilder out = new StringBuilder();
    Matcher m = Route.TEMPLATE_VARIABLE.matcher(template);
    int at = 0;
    boolean unfilled = false;
    while (m.find()) {
      out.append(literal(template.substring(at, m.start())));
      String value = segments.get(m.group(1));
      unfilled |= value == null;
      out.append(value == null ? m.group() : value);
      at = m.end();
    }
    out.append(literal(template.substring(at)));
    if (unfilled) {
      throw bad(
          "the path "
              + LineText.of(template)
              + " still has a parameter no argument filled: "
              + LineText.of(out.toString()));
    }
    return out.toString();
  }

  /**
   * The request URL: the base URL's scheme, authority and path, then the filled path. Built from
   * the base's parts and checked again, so no path template or value can move it elsewhere.
   */
  private URI target(URI base, String path, String query) throws CallFailedException {
    String basePath = base.getRawPath() == null ? "" : base.getRawPath();
    if (basePath.endsWith("/")) {
      basePath = basePath.substring(0, basePath.length() - 1);
    }
    String problem = Route.pathProblem(route.path());
    URI uri = null;
    if (problem == null) {
      try {
        uri =
            URI.create(
                base.getScheme()
                    + "://"
                    + base.getRawAuthority()
                    + basePath
                    + path
                    + (query.isEmpty() ? "" : "?" + query));
      } catch (IllegalArgumentException e) {
        throw bad("the request URL cannot be built from the arguments");
      }
      problem = stays(uri, base, basePath) ? null : "leads elsewhere once filled in";
    }
    if (problem != null) {
      throw new CallFailedException(
          OpenApiMessage.PATH_LEAVES_BASE.format(
              opcode, LineText.quoted(route.path()), problem, Redactor.url(base)));
    }
    return uri;
  }

  /**
   * Whether {@code uri} has the base's scheme, host and port, no user-info or fragment, and lies
   * under its path without a dot segment. The URL is built from the base's own parts, so this holds
   * unless the building has a flaw; it is checked anyway, as the last thing before a request with
   * credentials leaves.
   */
  static boolean stays(URI uri, URI base, String basePath) {
    return base.getScheme().equalsIgnoreCase(uri.getScheme())
        && uri.getRawUserInfo() == null
        && base.getHost().equalsIgnoreCase(uri.getHost())
        && base.getPort() == uri.getPort()
        && uri.getRawPath().startsWith(basePath + "/")
        && !Route.climbs(uri.getRawPath())
        && uri.getRawFragment() == null;
  }

  /** An argument the route has no place for is refused, never dropped. */
  private void unrouted() throws CallFailedException {
    for (String arg : new java.util.TreeSet<>(call.args().keySet())) {
      boolean routed = route.slots().stream().anyMatch(s -> s.operand().name().equals(arg));
      if (!routed && call.hasArg(arg)) {
        throw bad(
            "operand "
                + arg
                + " has no place in the request the document now describes; the contract was read"
                + " from another version of the document, so bind again");
      }
    }
  }

  private HttpRequest.BodyPublisher body(List<Route.Slot> slots, HttpRequest.Builder b)
      throws CallFailedException {
    if (slots.isEmpty()) {
      return jsonBody() ? json(b, "{}") : HttpRequest.BodyPublishers.noBody();
    }
    Route.Slot first = slots.get(0);
    b.setHeader("Content-Type", route.bodyMediaType());
    if (first.place() == Route.Place.RAW_BODY) {
      return HttpRequest.BodyPublishers.ofString(call.arg(first.operand().name()));
    }
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      if (first.place() == Route.Place.WHOLE_BODY) {
        value(g, first);
      } else {
        g.writeStartObject();
        for (Route.Slot slot : slots) {
          g.writeFieldName(slot.wireName());
          value(g, slot);
        }
        g.writeEndObject();
      }
    } catch (IOException e) {
      throw bad("the JSON body could not be written");
    }
    return HttpRequest.BodyPublishers.ofString(out.toString(), StandardCharsets.UTF_8);
  }

  /** Whether the operation takes a JSON object body: then one is sent, if only {@code {}}. */
  private boolean jsonBody() {
    return route.slots().stream().anyMatch(s -> s.place() == Route.Place.BODY);
  }

  private HttpRequest.BodyPublisher json(HttpRequest.Builder b, String text) {
    b.setHeader("Content-Type", route.bodyMediaType());
    return HttpRequest.BodyPublishers.ofString(text, StandardCharsets.UTF_8);
  }

  private void value(JsonGenerator g, Route.Slot slot) throws IOException, CallFailedException {
    g.writeRawValue(JsonTree.compact(json(slot)));
  }

  /** The slot's argument as the JSON value its schema says ({@link ArgumentJson}). */
  private Object json(Route.Slot slot) throws CallFailedException {
    try {
      return ArgumentJson.of(slot.operand(), call.arg(slot.operand().name()));
    } catch (ArgumentJson.Unsendable e) {
      throw bad(e.getMessage());
    }
  }

  /** A path, query or header parameter written in its style ({@link ParameterStyle}). */
  private String styled(Route.Slot slot, java.util.function.UnaryOperator<String> encode)
      throws CallFailedException {
    try {
      return slot.style().write(slot.wireName(), json(slot), slot.explode(), encode);
    } catch (ParameterStyle.Unwritable e) {
      throw bad(
          slot.place().name().toLowerCase(java.util.Locale.ROOT)
              + " parameter "
              + slot.wireName()
              + " cannot be written: "
              + e.getMessage()
              + " (style "
              + slot.style().name().toLowerCase(java.util.Locale.ROOT)
              + ")");
    }
  }

  /** A path parameter's value, encoded; never a dot segment, which would climb the path. */
  private String segment(Route.Slot slot) throws CallFailedException {
    String value = styled(slot, RequestWriter::encode);
    if (value.equals(".") || value.equals("..")) {
      throw bad("path parameter " + slot.wireName() + " cannot be \"" + value + "\"");
    }
    return value;
  }

  private void query(StringBuilder query, Route.Slot slot) throws CallFailedException {
    String pairs = styled(slot, RequestWriter::encode);
    query.append(query.length() == 0 || pairs.isEmpty() ? "" : "&").append(pairs);
  }

  private void header(HttpRequest.Builder b, Route.Slot slot) throws CallFailedException {
    String value = styled(slot, v -> v);
    if (!HttpArguments.sendable(value)) {
      throw bad(
          "header "
              + slot.wireName()
              + " cannot carry a line break, a control character or a character outside Latin-1");
    }
    try {
      b.setHeader(slot.wireName(), value);
    } catch (IllegalArgumentException e) {
      throw bad("header " + slot.wireName() + " is one the HTTP client does not let a caller set");
    }
  }

  /**
   * The literal text of a path template as a URL path carries it: RFC 3986's path characters
   * (unreserved, sub-delimiters, {@code :}, {@code @}, {@code /}) and valid {@code %XX} escapes as
   * they are, everything else percent-encoded as UTF-8, {@code ?} and {@code #} included.
   */
  static String literal(String s) {
    StringBuilder out = new StringBuilder();
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      byte b = bytes[i];
      char c = (char) (b & 0xff);
      boolean escape = c == '%' && i + 2 < bytes.length && hex(bytes[i + 1]) && hex(bytes[i + 2]);
      if (escape || unreserved(c) || PATH_CHARACTERS.indexOf(c) >= 0) {
        out.append(c);
      } else {
        out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
      }
    }
    return out.toString();
  }

  private static boolean hex(byte b) {
    return Character.digit((char) (b & 0xff), 16) >= 0;
  }

  private static boolean unreserved(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }

  /** Percent-encodes everything but RFC 3986's unreserved characters. */
  static String encode(String s) {
    StringBuilder out = new StringBuilder();
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if (unreserved(c)) {
        out.append(c);
      } else {
        out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
      }
    }
    return out.toString();
  }

  private CallFailedException bad(String what) {
    return new CallFailedException(OpenApiMessage.BAD_ARGUMENT.format(opcode, what));
  }
}
