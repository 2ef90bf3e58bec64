package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.BoundCalls;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.source.SchemaText;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * OpenAPI 3.0 and 3.1 schemas map to trees (every keyword of the table in docs/openapi.md), and a
 * real loopback backend receives tree values as JSON in the body and array and object parameters in
 * their OpenAPI style.
 */
class OpenApiTreesTest {
  private static final String DOC_30 =
      "openapi: 3.0.3\n"
          + "info: {title: Trees, version: '1'}\n"
          + "paths:\n"
          + "  /boards/{coords}/{label}/{matrix}:\n"
          + "    post:\n"
          + "      operationId: place\n"
          + "      parameters:\n"
          + "        - {name: coords, in: path, required: true, schema: {type: array, items: {type: integer}}}\n"
          + "        - {name: label, in: path, required: true, style: label, schema: {type: array, items: {type: string}}}\n"
          + "        - {name: matrix, in: path, required: true, style: matrix, explode: true, schema: {type: array, items: {type: string}}}\n"
          + "        - {name: ids, in: query, schema: {type: array, items: {type: integer}}}\n"
          + "        - {name: tags, in: query, explode: false, schema: {type: array, items: {type: string}}}\n"
          + "        - {name: colors, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}}\n"
          + "        - {name: sizes, in: query, style: spaceDelimited, explode: false, schema: {type: array, items: {type: string}}}\n"
          + "        - {name: filter, in: query, style: deepObject, explode: true, schema: {type: object, properties: {state: {type: string}, n: {type: integer}}}}\n"
          + "        - {name: point, in: query, schema: {type: object, properties: {x: {type: number}, y: {type: number}}}}\n"
          + "        - {name: where, in: query, content: {application/json: {schema: {type: object, properties: {a: {type: integer}}}}}}\n"
          + "        - {name: X-Ids, in: header, schema: {type: array, items: {type: string}}}\n"
          + "      requestBody:\n"
          + "        required: true\n"
          + "        content:\n"
          + "          application/json:\n"
          + "            schema: {$ref: '#/components/schemas/Task'}\n"
          + "      responses: {'200': {description: ok}}\n"
          + "components:\n"
          + "  schemas:\n"
          + "    Named:\n"
          + "      type: object\n"
          + "      properties: {name: {type: string, minLength: 1, maxLength: 80}}\n"
          + "      required: [name]\n"
          + "    Task:\n"
          + "      allOf:\n"
          + "        - $ref: '#/components/schemas/Named'\n"
          + "        - type: object\n"
          + "          properties:\n"
          + "            kind: {type: string, const: task}\n"
          + "            due: {type: string, format: date-time, nullable: true}\n"
          + "            weight: {type: number, minimum: 0, exclusiveMinimum: true, maximum: 1, default: 0.5}\n"
          + "            checklist:\n"
          + "              type: array\n"
          + "              minItems: 1\n"
          + "              uniqueItems: true\n"
          + "              items:\n"
          + "                type: object\n"
          + "                description: One item of the checklist\n"
          + "                properties: {text: {type: string}, done: {type: boolean, default: false}}\n"
          + "                required: [text]\n"
          + "                additionalProperties: false\n"
          + "            meta: {type: object, additionalProperties: {type: integer, multipleOf: 5}}\n";

  private static final String DOC_31 =
      "{\"openapi\": \"3.1.0\", \"info\": {\"title\": \"Trees\", \"version\": \"1\"},"
          + " \"paths\": {\"/notes\": {\"post\": {\"operationId\": \"note\", \"requestBody\":"
          + " {\"content\": {\"application/json\": {\"schema\": {\"type\": \"object\","
          + " \"properties\": {"
          + "\"text\": {\"type\": [\"string\", \"null\"], \"pattern\": \"^[a-z ]+$\"},"
          + "\"score\": {\"type\": \"integer\", \"exclusiveMinimum\": 0, \"exclusiveMaximum\": 10},"
          + "\"kind\": {\"const\": \"note\"},"
          + "\"by\": {\"$ref\": \"#/components/schemas/User\", \"description\": \"Who wrote it\"},"
          + "\"tags\": {\"type\": \"array\", \"items\": {\"enum\": [\"a\", \"b\", 3]}, \"maxItems\": 2},"
          + "\"on\": {\"type\": \"string\", \"format\": \"date\"}"
          + "}}}}}, \"responses\": {\"200\": {\"description\": \"ok\"}}}}},"
          + " \"components\": {\"schemas\": {\"User\": {\"type\": \"object\","
          + " \"properties\": {\"login\": {\"type\": \"string\"}, \"friend\": {\"$ref\":"
          + " \"#/components/schemas/User\"}}}}}}";

  private Loopback docs;
  private Loopback backend;

  @BeforeEach
  void start() throws Exception {
    docs = new Loopback();
    backend = new Loopback();
    backend.serve("/api", 200, "{}");
  }

  @AfterEach
  void stop() {
    docs.close();
    backend.close();
  }

  private OpenApiContractSource source(String doc) {
    docs.serve("/doc", 200, doc);
    return OpenApiContractSource.fromUrl(docs.uri("/doc")).contractName("trees").build();
  }

  private static String tree(Contract c, String opcode, String operand) {
    return SchemaText.of(c.op(opcode).orElseThrow().operand(operand).orElseThrow());
  }

  private Loopback.Received send(OpenApiContractSource source, Op op, Map<String, String> args)
      throws Exception {
    OpenApiActions.builder(backend.uri("/api"), source)
        .build()
        .run(BoundCalls.bound(Call.of(op.opcode(), args), op));
    return backend.received.get(backend.received.size() - 1);
  }

  @Test
  void openApi30SchemasMapToTrees() throws Exception {
    OpenApiContractSource source = source(DOC_30);
    Contract c = source.fetch();
    assertThat(source.warnings()).isEmpty();
    assertThat(tree(c, "place", "name")).isEqualTo("string(min=1,max=80)");
    assertThat(c.op("place").orElseThrow().operand("name").orElseThrow().required()).isTrue();
    assertThat(tree(c, "place", "kind")).isEqualTo("const(\"task\")");
    assertThat(tree(c, "place", "due")).isEqualTo("date(date-time)?");
    assertThat(tree(c, "place", "weight")).isEqualTo("number(0,1] = 0.5");
    assertThat(tree(c, "place", "checklist"))
        .isEqualTo("array[1.., unique]<{text*: string, done: boolean = false}!>");
    assertThat(tree(c, "place", "meta")).isEqualTo("{*: integer%5}");
    assertThat(tree(c, "place", "filter")).isEqualTo("{state: string, n: integer}");
    assertThat(tree(c, "place", "where")).isEqualTo("{a: integer}");
  }

  @Test
  void openApi31SchemasMapToTrees() throws Exception {
    OpenApiContractSource source = source(DOC_31);
    Contract c = source.fetch();
    assertThat(tree(c, "note", "text")).isEqualTo("string(pattern=^[a-z ]+$)?");
    assertThat(tree(c, "note", "score")).isEqualTo("integer(0,10)");
    assertThat(tree(c, "note", "kind")).isEqualTo("const(\"note\")");
    assertThat(tree(c, "note", "by")).isEqualTo("{login: string, friend: any}");
    assertThat(c.op("note").orElseThrow().operand("by").orElseThrow().description())
        .isEqualTo("Who wrote it");
    assertThat(tree(c, "note", "tags"))
        .isEqualTo("array[..2]<anyOf(enum(a|b) | enum<integer>(3))>");
    assertThat(tree(c, "note", "on")).isEqualTo("date(date)");
    assertThat(source.warnings())
        .containsExactly(
            "[SchemaUnmapped] operation \"note\", at by.friend: its $ref"
                + " \"#/components/schemas/User\" leads back into a schema it is part of (a cycle),"
                + " which a tree cannot hold, so any JSON value is accepted there and agentkit"
                + " checks nothing inside it");
  }

  @Test
  void aTreeBodyIsSentAsTheJsonItHolds() throws Exception {
    OpenApiContractSource source = source(DOC_30);
    Op place = source.fetch().op("place").orElseThrow();
    Loopback.Received r =
        send(
            source,
            place,
            Map.of(
                "coords", "[1,2]",
                "label", "[\"a\"]",
                "matrix", "[\"m\"]",
                "name", "Ship",
                "weight", "0.25",
                "checklist", "[{\"text\": \"docs\", \"done\": true}, {\"text\": \"tests\"}]",
                "meta", "{\"points\": 5}"));
    assertThat(r.body())
        .isEqualTo(
            "{\"name\":\"Ship\",\"weight\":0.25,\"checklist\":[{\"text\":\"docs\",\"done\":true},"
                + "{\"text\":\"tests\"}],\"meta\":{\"points\":5}}");
  }

  @Test
  void arrayAndObjectParametersAreWrittenInTheirStyle() throws Exception {
    OpenApiContractSource source = source(DOC_30);
    Op place = source.fetch().op("place").orElseThrow();
    Loopback.Received r =
        send(
            source,
            place,
            Map.of(
                "coords", "[3, 4]",
                "label", "[\"a b\", \"c\"]",
                "matrix", "[\"x\", \"y\"]",
                "ids", "[1, \"2\"]",
                "tags", "[\"red\", \"blue\"]",
                "colors", "[\"c1\", \"c2\"]",
                "sizes", "[\"s\", \"m\"]",
                "filter", "{\"state\": \"open\", \"n\": 2}",
                "point", "{\"x\": 1.5, \"y\": 2}",
                "where", "{\"a\": 1}"));
    assertThat(r.rawPath()).isEqualTo("/api/boards/3,4/.a%20b,c/;matrix=x;matrix=y");
    assertThat(r.rawQuery())
        .isEqualTo(
            "ids=1&ids=2&tags=red,blue&colors=c1%7Cc2&sizes=s%20m"
                + "&filter%5Bstate%5D=open&filter%5Bn%5D=2&x=1.5&y=2&where=%7B%22a%22%3A1%7D");
    Loopback.Received h =
        send(
            source,
            place,
            Map.of("coords", "5", "label", "l", "matrix", "m", "X-Ids", "[\"i1\", \"i2\"]"));
    assertThat(h.headers()).containsEntry("X-ids", "i1,i2");
    assertThat(h.rawPath()).isEqualTo("/api/boards/5/.l/;matrix=m");
  }

  @Test
  void aValueNoStyleCanWriteIsRefusedBeforeAnythingIsSent() throws Exception {
    OpenApiContractSource source = source(DOC_30);
    Op place = source.fetch().op("place").orElseThrow();
    int before = backend.received.size();
    assertThatThrownBy(
            () ->
                send(
                    source,
                    place,
                    Map.of("coords", "1", "label", "l", "matrix", "m", "point", "{\"x\": [1]}")))
        .hasMessage(
            "[OpenApiBadArgument] place: query parameter point cannot be written: an object or"
                + " array inside an array or object, which no style writes (style form)");
    assertThatThrownBy(
            () ->
                send(
                    source,
                    place,
                    Map.of("coords", "1", "label", "l", "matrix", "m", "filter", "7")))
        .hasMessage(
            "[OpenApiBadArgument] place: query parameter filter cannot be written: style"
                + " deepObject writes only an object (style deep_object)");
    assertThat(backend.received).hasSize(before);
  }
}
