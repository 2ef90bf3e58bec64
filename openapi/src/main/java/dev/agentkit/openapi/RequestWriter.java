package dev.agentkit.openapi;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.HttpArguments;
import dev.agentkit.source.Redactor;
import dev.agentkit.source.SchemaOperands.JsonKind;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
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
      String name = slot.field().operand().name();
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
          "[OpenApiBadPath] "
              + opcode
              + ": the path "
              + LineText.quoted(route.path())
              + " "
              + problem
              + ", so the request would not stay under the base URL "
              + Redactor.url(base)
              + "; nothing was sent");
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
      boolean routed = route.slots().stream().anyMatch(s -> s.field().operand().name().equals(arg));
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
      return HttpRequest.BodyPublishers.ofString(call.arg(first.field().operand().name()));
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
    String name = slot.field().operand().name();
    String raw = call.arg(name);
    if (!slot.field().operand().list()) {
      scalar(g, name, slot.field().kind(), raw);
      return;
    }
    g.writeStartArray();
    for (String element : elements(name, raw)) {
      scalar(g, name, slot.field().kind(), element);
    }
    g.writeEndArray();
  }

  /** Writes one value with its schema's JSON type. */
  private void scalar(JsonGenerator g, String name, JsonKind kind, String v)
      throws IOException, CallFailedException {
    switch (kind) {
      case NUMBER -> g.writeNumber(number(name, v));
      case INTEGER -> g.writeNumber(integer(name, v));
      case BOOLEAN -> g.writeBoolean(bool(name, v));
      case STRUCTURED -> {
        if (!copyJson(g, v)) {
          throw bad("operand " + name + " must hold JSON (an object or an array), not " + quote(v));
        }
      }
      case OPAQUE -> {
        if (!copyJson(g, v)) {
          g.writeString(v);
        }
      }
      default -> g.writeString(v);
    }
  }

  /** Copies {@code v} into {@code g} when it is exactly one JSON value; false when it is not. */
  private static boolean copyJson(JsonGenerator g, String v) throws IOException {
    try (JsonParser p = JSON.createParser(v)) {
      if (p.nextToken() == null) {
        return false;
      }
      p.skipChildren();
      if (p.nextToken() != null) {
        return false;
      }
    } catch (IOException e) {
      return false;
    }
    try (JsonParser p = JSON.createParser(v)) {
      p.nextToken();
      g.copyCurrentStructure(p);
    }
    return true;
  }

  private List<String> elements(String name, String raw) throws CallFailedException {
    List<String> out = new ArrayList<>();
    try (JsonParser p = JSON.createParser(raw)) {
      if (p.nextToken() != JsonToken.START_ARRAY) {
        throw bad("list operand " + name + " must be a JSON array of strings");
      }
      while (p.nextToken() == JsonToken.VALUE_STRING) {
        out.add(p.getText());
      }
      if (p.currentToken() != JsonToken.END_ARRAY) {
        throw bad("list operand " + name + " must be a JSON array of strings");
      }
    } catch (IOException e) {
      throw bad("list operand " + name + " must be a JSON array of strings");
    }
    return out;
  }

  private BigDecimal number(String name, String v) throws CallFailedException {
    try {
      return new BigDecimal(v.strip());
    } catch (NumberFormatException e) {
      throw bad("operand " + name + " must be a number, not " + quote(v));
    }
  }

  private BigDecimal integer(String name, String v) throws CallFailedException {
    BigDecimal n = number(name, v);
    if (n.stripTrailingZeros().scale() > 0) {
      throw bad("operand " + name + " must be a whole number, not " + quote(v));
    }
    return n.setScale(0);
  }

  private boolean bool(String name, String v) throws CallFailedException {
    // The spellings verify accepts for a boolean (those of Go's strconv.ParseBool).
    return switch (v.strip()) {
      case "true", "True", "TRUE", "t", "T", "1" -> true;
      case "false", "False", "FALSE", "f", "F", "0" -> false;
      default -> throw bad("operand " + name + " must be true or false, not " + quote(v));
    };
  }

  /** A path, query or header value: a list joined with commas, a boolean checked. */
  private String text(Route.Slot slot) throws CallFailedException {
    String name = slot.field().operand().name();
    String raw = call.arg(name);
    if (slot.field().kind() == JsonKind.BOOLEAN) {
      return Boolean.toString(bool(name, raw));
    }
    return slot.field().operand().list() ? String.join(",", elements(name, raw)) : raw;
  }

  /** A path parameter's value, encoded; never a dot segment, which would climb the path. */
  private String segment(Route.Slot slot) throws CallFailedException {
    String value = text(slot);
    if (value.equals(".") || value.equals("..")) {
      throw bad("path parameter " + slot.wireName() + " cannot be \"" + value + "\"");
    }
    return encode(value);
  }

  private void query(StringBuilder query, Route.Slot slot) throws CallFailedException {
    String name = slot.field().operand().name();
    List<String> values =
        slot.field().operand().list() ? elements(name, call.arg(name)) : List.of(text(slot));
    for (String v : values) {
      query.append(query.length() == 0 ? "" : "&");
      query.append(encode(slot.wireName())).append('=').append(encode(v));
    }
  }

  private void header(HttpRequest.Builder b, Route.Slot slot) throws CallFailedException {
    String value = text(slot);
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

  private static String quote(String v) {
    String shown = v.length() > 40 ? v.substring(0, 40) + "…" : v;
    return "\"" + shown + "\"";
  }

  private CallFailedException bad(String what) {
    return new CallFailedException("[OpenApiBadArgument] " + opcode + ": " + what);
  }
}
