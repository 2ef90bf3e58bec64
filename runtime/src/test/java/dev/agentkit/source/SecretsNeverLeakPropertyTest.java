package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.agentkit.ActionSet;
import dev.agentkit.BindException;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftReport.Usage;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * A backend can put the bearer token anywhere in what it serves, in any encoding; no 8-character
 * piece of it may reach a message, a cause, a suppressed exception or a {@code toString}. The
 * bodies are served by a real loopback server and fetched with the token in the Authorization
 * header.
 */
class SecretsNeverLeakPropertyTest {
  /** How long the excerpt of an error body is, in characters (HttpContractSource.EXCERPT_CHARS). */
  private static final int EXCERPT_CHARS = 200;

  private static HttpServer server;
  private static ExecutorService handlers;
  private static final AtomicReference<Response> RESPONSE = new AtomicReference<>();

  private record Response(int status, String contentType, String body) {}

  /** How the token is written into a body. */
  enum Encoding {
    RAW,
    JSON,
    JSON_SLASH,
    UNICODE,
    MIXED
  }

  /** Where in a 2xx body the token goes; each body fails to parse. */
  enum Place {
    UNKNOWN_TIER,
    DESCRIPTION_THEN_SYNTAX_ERROR,
    UNKNOWN_TYPE,
    UNQUOTED_TOKEN,
    WRONG_TYPE,
    CONTRACT_NAME,
    KEY_THEN_SYNTAX_ERROR,
    OPCODE_THEN_CUT_OFF
  }

  @BeforeContainer
  static void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    handlers = Executors.newFixedThreadPool(2);
    server.setExecutor(handlers);
    server.createContext(
        "/contract",
        exchange -> {
          Response r = RESPONSE.get();
          byte[] bytes = r.body().getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", r.contentType());
          exchange.sendResponseHeaders(r.status(), bytes.length == 0 ? -1 : bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
  }

  @AfterContainer
  static void stopServer() {
    server.stop(0);
    handlers.shutdownNow();
  }

  @Property(tries = 200)
  void aBodyThatFailsToParseNeverShowsTheToken(
      @ForAll("tokens") String token,
      @ForAll Place place,
      @ForAll Encoding encoding,
      @ForAll @IntRange(max = 120) int padding,
      @ForAll long seed) {
    Random random = new Random(seed);
    String filler = filler(random, padding);
    String t = encode(token, encoding, random);
    String body =
        switch (place) {
          case UNKNOWN_TIER ->
              "{\"ops\": [{\"opcode\": \"a\", \"tier\": \"" + t + "\", \"operands\": 5}]}";
          case DESCRIPTION_THEN_SYNTAX_ERROR ->
              "{\"ops\": [{\"opcode\": \"a\", \"description\": \""
                  + filler
                  + t
                  + filler
                  + "\", \"tier\": }]}";
          case UNKNOWN_TYPE ->
              "{\"ops\": [{\"opcode\": \"a\", \"tier\": \"reversible\","
                  + " \"operands\": [{\"name\": \"x\", \"type\": \""
                  + filler
                  + t
                  + "\", \"list\": 7}]}]}";
          case UNQUOTED_TOKEN -> "{\"ops\": [{\"opcode\": " + filler + t + "}]}";
          case WRONG_TYPE ->
              "{\"ops\": [{\"opcode\": \"a\", \"tier\": \"reversible\","
                  + " \"operands\": [{\"name\": \"x\", \"type\": \"string\", \"list\": \""
                  + filler.substring(0, Math.min(filler.length(), 40))
                  + t
                  + "\"}]}]}";
          case CONTRACT_NAME -> "{\"contract\": \"" + filler + t + "\", \"ops\": []}";
          case KEY_THEN_SYNTAX_ERROR -> "{\"ops\": [], \"" + t + "\": {\"" + t + "\": tru}}";
          case OPCODE_THEN_CUT_OFF -> "{\"ops\": [{\"opcode\": \"" + filler + t + "\", \"tier\"";
        };

    assertFetchHidesToken(token, new Response(200, "application/json", body));
  }

  /**
   * A tier or type this version does not know is read, not refused; its name is served data, so the
   * warnings, the names kept in the ops, a bind error asserting that tier and the drift against a
   * snapshot all come out with the token blanked.
   */
  @Property(tries = 150)
  void anUnknownTierOrTypeNeverShowsTheToken(
      @ForAll("tokens") String token,
      @ForAll Encoding encoding,
      @ForAll boolean inTier,
      @ForAll @IntRange(max = 60) int padding,
      @ForAll long seed) {
    Random random = new Random(seed);
    String name = filler(random, padding) + encode(token, encoding, random);
    String body =
        "{\"ops\": [{\"opcode\": \"a\", \"description\": \"A.\", \"tier\": \""
            + (inTier ? name : "reversible")
            + "\", \"operands\": [{\"name\": \"x\", \"type\": \""
            + (inTier ? "string" : name)
            + "\"}]}]}";
    RESPONSE.set(new Response(200, "application/json", body));
    HttpContractSource source =
        HttpContractSource.builder(URI.create(url()))
            .contractName("taskboard")
            .header("Authorization", "Bearer " + token)
            .requestTimeout(Duration.ofSeconds(20))
            .build();
    Contract live;
    try {
      live = source.fetch();
    } catch (ContractSourceException e) {
      // A raw quote or backslash in the token breaks the JSON: then the error must hide it.
      assertFetchHidesToken(token, new Response(200, "application/json", body));
      return;
    }
    List<String> texts = new ArrayList<>();
    assertThat(live.warnings()).hasSize(1);
    for (Problem w : live.warnings()) {
      texts.add(w.message());
      texts.add(w.subject());
    }
    Op op = live.op("a").orElseThrow();
    texts.add(op.tierName());
    texts.add(op.operands().get(0).typeName());
    texts.add(op.toString());
    Op known =
        Op.builder("a")
            .description("A.")
            .tier(Tier.REVERSIBLE)
            .operand(Operand.of("x", OperandType.STRING))
            .build();
    texts.add(
        DriftReport.compare(Contract.of("taskboard", List.of(known)), live, Usage.wholeContract())
            .toString());
    try {
      ActionSet.bind(
          live,
          List.of(
              Use.<Object>of("a", ChangeCategory.SCALAR_SET)
                  .input("x")
                  .assertTier(Tier.IRREVERSIBLE)
                  .reader((st, c) -> "")
                  .ask(c -> "A?")
                  .build()));
    } catch (BindException e) {
      texts.add(e.getMessage());
    }
    for (String text : texts) {
      for (String fragment : fragments(token)) {
        assertThat(fold(text))
            .as("a piece of the token (%s) in %s", fragment, text)
            .doesNotContain(fragment);
      }
    }
  }

  @Property(tries = 200)
  void anErrorBodyNeverShowsTheToken(
      @ForAll("tokens") String token,
      @ForAll Encoding encoding,
      @ForAll boolean unauthorized,
      @ForAll boolean json,
      @ForAll boolean straddle,
      @ForAll @IntRange(max = 400) int padding,
      @ForAll long seed) {
    Random random = new Random(seed);
    String t = encode(token, encoding, random);
    String prefix = json ? "{\"error\": \"" : "";
    // Straddling: the token starts just before the excerpt's cut, so only part of it is kept.
    int before =
        straddle
            ? Math.max(0, EXCERPT_CHARS - prefix.length() - 1 - random.nextInt(t.length()))
            : padding;
    String text = filler(random, before) + t + " " + filler(random, padding);
    String body = json ? prefix + text + "\"}" : text;

    assertFetchHidesToken(
        token,
        new Response(unauthorized ? 401 : 500, json ? "application/json" : "text/plain", body));
  }

  @Provide
  Arbitrary<String> tokens() {
    return Arbitraries.strings()
        .withCharRange('!', '~')
        .withCharRange((char) 0xA1, (char) 0xFF)
        .withChars('/', '"', '\\', '/', '"', '\\')
        .ofMinLength(8)
        .ofMaxLength(64);
  }

  private static void assertFetchHidesToken(String token, Response response) {
    RESPONSE.set(response);
    HttpContractSource source =
        HttpContractSource.builder(URI.create(url()))
            .contractName("taskboard")
            .header("Authorization", "Bearer " + token)
            .requestTimeout(Duration.ofSeconds(20))
            .build();
    Throwable thrown;
    try {
      source.fetch();
      throw new AssertionError("the fetch succeeded on " + response);
    } catch (ContractSourceException e) {
      thrown = e;
    }
    List<String> fragments = fragments(token);
    for (Throwable t : everyThrowable(thrown)) {
      for (String text :
          new String[] {
            String.valueOf(t.getMessage()), String.valueOf(t.getLocalizedMessage()), t.toString()
          }) {
        String folded = fold(text);
        for (String fragment : fragments) {
          assertThat(folded)
              .as("a piece of the token (%s) in %s, for the body %s", fragment, t, response)
              .doesNotContain(fragment);
        }
      }
    }
    assertThat(fold(source.toString())).doesNotContain(fragments.get(0));
  }

  /** The exception, its causes and suppressed exceptions, transitively. */
  private static List<Throwable> everyThrowable(Throwable root) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Throwable> out = new ArrayList<>();
    List<Throwable> todo = new ArrayList<>(List.of(root));
    while (!todo.isEmpty()) {
      Throwable t = todo.remove(todo.size() - 1);
      if (t == null || !seen.add(t)) {
        continue;
      }
      out.add(t);
      todo.add(t.getCause());
      todo.addAll(List.of(t.getSuppressed()));
    }
    return out;
  }

  private static List<String> fragments(String token) {
    String folded = fold(token);
    List<String> out = new ArrayList<>();
    for (int i = 0; i + 8 <= folded.length(); i++) {
      out.add(folded.substring(i, i + 8));
    }
    return out;
  }

  private static String fold(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  private static String encode(String token, Encoding encoding, Random random) {
    StringBuilder out = new StringBuilder();
    for (char c : token.toCharArray()) {
      switch (encoding) {
        case RAW -> out.append(c);
        case JSON -> out.append(jsonChar(c, false));
        case JSON_SLASH -> out.append(jsonChar(c, true));
        case UNICODE -> out.append(unicode(c, random));
        case MIXED ->
            out.append(
                switch (random.nextInt(3)) {
                  case 0 -> jsonChar(c, true);
                  case 1 -> unicode(c, random);
                  default -> jsonChar(c, false);
                });
      }
    }
    return out.toString();
  }

  private static String jsonChar(char c, boolean slash) {
    return switch (c) {
      case '"' -> "\\\"";
      case '\\' -> "\\\\";
      case '/' -> slash ? "\\/" : "/";
      default -> String.valueOf(c);
    };
  }

  private static String unicode(char c, Random random) {
    String hex = String.format("%04x", (int) c);
    return "\\u" + (random.nextBoolean() ? hex.toUpperCase(Locale.ROOT) : hex);
  }

  /** Text with no blank, so an excerpt's length can be planned. */
  private static String filler(Random random, int length) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append((char) ('a' + random.nextInt(26)));
    }
    return out.toString();
  }

  private static String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/contract";
  }
}
