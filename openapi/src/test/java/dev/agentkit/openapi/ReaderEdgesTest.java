package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.source.SchemaOperands;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The corners of reading a document and of writing a request that the scenarios leave out. */
class ReaderEdgesTest {
  private static final String HEAD = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n";

  @Test
  void theParsersWordsAreShownOnOneLineAtMostThreeAndCut() {
    assertThat(OpenApiReader.unreadable("doc", List.of("a", "b\n   c", "d", "e")).getMessage())
        .isEqualTo(
            "[OpenApiUnreadable] doc is not an OpenAPI 3.0 or 3.1 document (the parser says: a; b"
                + " c; d); check the URL or path, and that the document starts with \"openapi:"
                + " 3.x\"");
    String longer = "x".repeat(201);
    assertThat(OpenApiReader.unreadable("doc", List.of(longer)).getMessage())
        .contains("(the parser says: " + "x".repeat(200) + "…)");
    assertThat(OpenApiReader.unreadable("doc", List.of("y".repeat(200))).getMessage())
        .contains("(the parser says: " + "y".repeat(200) + ")");
    assertThat(OpenApiReader.unreadable("doc", List.of()).getMessage())
        .isEqualTo(
            "[OpenApiUnreadable] doc is not an OpenAPI 3.0 or 3.1 document; check the URL or path,"
                + " and that the document starts with \"openapi: 3.x\"");
    assertThat(OpenApiReader.unreadable("doc", null).getMessage())
        .doesNotContain("the parser says");
    assertThat(OpenApiReader.unreadable("doc", List.of("a", "b", "c")).getMessage())
        .contains("(the parser says: a; b; c)");
  }

  @Test
  void aRequestBodyByRefIsResolvedAndOneToNothingIsWarnedAndLeftOut() throws Exception {
    String doc =
        HEAD
            + "paths:\n  /a:\n    post:\n      operationId: make\n      summary: Makes\n"
            + "      requestBody: {$ref: '#/components/requestBodies/New'}\n"
            + "      responses: {'201': {description: ok}}\n"
            + "  /b:\n    post:\n      operationId: other\n      summary: Other\n"
            + "      requestBody: {$ref: '#/components/requestBodies/Gone'}\n"
            + "      responses: {'201': {description: ok}}\n"
            + "components:\n  requestBodies:\n    New:\n      required: true\n      content:\n"
            + "        application/json:\n          schema:\n            type: object\n"
            + "            properties: {title: {type: string}}\n            required: [title]\n";
    OpenApiReader.Read read = OpenApiReader.read(doc, "doc");
    assertThat(read.routes().get("make").slots())
        .extracting(s -> s.field().operand().name())
        .containsExactly("title");
    assertThat(read.routes().get("other").slots()).isEmpty();
    assertThat(read.warnings())
        .containsExactly(
            "[OpenApiUnresolvedRef] doc refers to request body #/components/requestBodies/Gone,"
                + " which it does not declare; the body is left out until it is declared");
  }

  @Test
  void aRefCycleInTheBodyEndsAsAWholeBodyOperand() throws Exception {
    String doc =
        HEAD
            + "paths:\n  /a:\n    post:\n      operationId: make\n      summary: Makes\n"
            + "      requestBody:\n        content:\n          application/json:\n"
            + "            schema: {$ref: '#/components/schemas/A'}\n"
            + "      responses: {'201': {description: ok}}\n"
            + "components:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n"
            + "    B: {$ref: '#/components/schemas/A'}\n";
    OpenApiReader.Read read = OpenApiReader.read(doc, "doc");
    assertThat(read.routes().get("make").slots())
        .singleElement()
        .satisfies(s -> assertThat(s.place()).isEqualTo(Route.Place.WHOLE_BODY));
  }

  @Test
  void aTemplateNameOnlyAQueryParameterDeclaresIsAnUndeclaredPathParameter() throws Exception {
    String doc =
        HEAD
            + "paths:\n  /a/{id}:\n    get:\n      operationId: get\n      summary: Gets\n"
            + "      parameters: [{name: id, in: query, schema: {type: string}}]\n"
            + "      responses: {'200': {description: ok}}\n";
    OpenApiReader.Read read = OpenApiReader.read(doc, "doc");
    assertThat(read.warnings())
        .containsExactly(
            "[OpenApiPathParameter] operation \"get\" in doc: the path /a/{id} uses {id}, which"
                + " no parameter declares; it is taken as a required string operand");
    assertThat(read.routes().get("get").bodyMediaType()).isEqualTo("application/json");
  }

  @Test
  void aBodyThatIsNotJsonIsSentWithItsOwnMediaType() throws Exception {
    String doc =
        HEAD
            + "paths:\n  /a:\n    post:\n      operationId: put\n      summary: Puts\n"
            + "      requestBody:\n        content:\n          text/csv: {schema: {type: string}}\n"
            + "      responses: {'201': {description: ok}}\n";
    Route route = OpenApiReader.read(doc, "doc").routes().get("put");
    assertThat(route.bodyMediaType()).isEqualTo("text/csv");
    HttpRequest r =
        RequestWriter.write(
            route,
            Call.of("put", Map.of("body", "a,b")),
            "http://h",
            Duration.ofSeconds(1),
            Map.of());
    assertThat(r.headers().firstValue("Content-Type")).hasValue("text/csv");
  }

  private static Route.Slot slot(String name, SchemaOperands.JsonKind kind, Route.Place place) {
    Operand o = new Operand(name, "", OperandType.STRING, false, List.of(), false);
    return new Route.Slot(new SchemaOperands.Field(o, kind), name, place);
  }

  @Test
  void anOpaqueBodyPropertyIsSentAsJsonWhenItIsJsonElseAsAString() throws Exception {
    Route route =
        new Route(
            "POST",
            "/a",
            List.of(slot("v", SchemaOperands.JsonKind.OPAQUE, Route.Place.BODY)),
            "application/json");
    for (Map.Entry<String, String> e :
        Map.of(
                "{\"a\": [1]}", "{\"v\":{\"a\":[1]}}",
                "plain", "{\"v\":\"plain\"}",
                "1 2", "{\"v\":\"1 2\"}",
                "", "{}")
            .entrySet()) {
      HttpRequest r =
          RequestWriter.write(
              route,
              Call.of("op", Map.of("v", e.getKey())),
              "http://h",
              Duration.ofSeconds(1),
              Map.of());
      assertThat(body(r)).as(e.getKey()).isEqualTo(e.getValue());
    }
  }

  static String body(HttpRequest r) throws Exception {
    java.util.concurrent.CompletableFuture<String> out =
        new java.util.concurrent.CompletableFuture<>();
    r.bodyPublisher()
        .orElseThrow()
        .subscribe(
            new java.util.concurrent.Flow.Subscriber<java.nio.ByteBuffer>() {
              private final StringBuilder sb = new StringBuilder();

              @Override
              public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
                s.request(Long.MAX_VALUE);
              }

              @Override
              public void onNext(java.nio.ByteBuffer b) {
                sb.append(java.nio.charset.StandardCharsets.UTF_8.decode(b));
              }

              @Override
              public void onError(Throwable t) {
                out.completeExceptionally(t);
              }

              @Override
              public void onComplete() {
                out.complete(sb.toString());
              }
            });
    return out.get();
  }

  @Test
  void aPathParameterNoArgumentFilledIsRefused() {
    Route route =
        new Route(
            "GET",
            "/a/{x}/{y}",
            List.of(
                slot("x", SchemaOperands.JsonKind.STRING, Route.Place.PATH),
                slot("y", SchemaOperands.JsonKind.STRING, Route.Place.PATH)),
            "application/json");
    assertThatThrownBy(
            () ->
                RequestWriter.write(
                    route,
                    Call.of("op", Map.of("x", "1")),
                    "http://h",
                    Duration.ofSeconds(1),
                    Map.of()))
        .isInstanceOf(CallFailedException.class)
        .hasMessage(
            "[OpenApiBadArgument] op: the path /a/{x}/{y} still has a parameter no argument"
                + " filled: /a/1/{y}");
  }

  @Test
  void aValueIsQuotedInFullUpToFortyCharacters() {
    Route route =
        new Route(
            "POST",
            "/a",
            List.of(slot("n", SchemaOperands.JsonKind.NUMBER, Route.Place.BODY)),
            "application/json");
    String forty = "q".repeat(40);
    assertThatThrownBy(
            () ->
                RequestWriter.write(
                    route,
                    Call.of("op", Map.of("n", forty)),
                    "http://h",
                    Duration.ofSeconds(1),
                    Map.of()))
        .hasMessage("[OpenApiBadArgument] op: operand n must be a number, not \"" + forty + "\"");
    assertThatThrownBy(
            () ->
                RequestWriter.write(
                    route,
                    Call.of("op", Map.of("n", forty + "r")),
                    "http://h",
                    Duration.ofSeconds(1),
                    Map.of()))
        .hasMessage("[OpenApiBadArgument] op: operand n must be a number, not \"" + forty + "…\"");
  }

  @Test
  void encodingKeepsExactlyTheUnreservedCharactersAndTheLiteralAlsoThePathCharacters() {
    assertThat(RequestWriter.encode("azAZ09-._~")).isEqualTo("azAZ09-._~");
    assertThat(RequestWriter.encode("`{@[/:")).isEqualTo("%60%7B%40%5B%2F%3A");
    assertThat(RequestWriter.literal("azAZ09-._~!$&'()*+,;=:@/"))
        .isEqualTo("azAZ09-._~!$&'()*+,;=:@/");
    assertThat(RequestWriter.literal("`{[\"%0a%2%")).isEqualTo("%60%7B%5B%22%0a%252%25");
    assertThat(RequestWriter.literal("%zz%a")).isEqualTo("%25zz%25a");
    assertThat(RequestWriter.literal("%9F%Ff")).isEqualTo("%9F%Ff");
  }
}
