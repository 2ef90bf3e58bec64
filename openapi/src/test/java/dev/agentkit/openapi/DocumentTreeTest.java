package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.source.ContractSourceException;
import org.junit.jupiter.api.Test;

/** The bounded reading of a document's text into a tree, JSON and YAML alike. */
class DocumentTreeTest {
  private static DocumentLimits limits(int nodes, int depth, int enums) {
    return new DocumentLimits(nodes, 100, 100, depth, enums, 1_000);
  }

  private static JsonNode read(String text, DocumentLimits limits) throws ContractSourceException {
    return DocumentTree.read(text, limits, "doc");
  }

  @Test
  void jsonIsBoundedInNodesDepthAndEnumValuesToo() throws Exception {
    String json = "{\"a\": [1, 2, {\"enum\": [\"x\", \"y\"]}], \"b\": {\"c\": null}}";
    // nodes: the root, a, 1, 2, the object, enum, x, y, b, c; mappings and sequences nest 4 deep
    assertThat(read(json, limits(10, 4, 2)).get("a").get(2).get("enum").size()).isEqualTo(2);
    assertThatThrownBy(() -> read(json, limits(9, 4, 2)))
        .hasMessage(
            "[OpenApiTooComplex] the OpenAPI document doc has more than 9 nodes (mappings,"
                + " sequences and scalars, its YAML aliases expanded); raise maxDocumentNodes if it"
                + " really is that large");
    assertThatThrownBy(() -> read(json, limits(10, 3, 2)))
        .hasMessageContaining(" nests mappings and sequences deeper than 3 levels; raise");
    assertThatThrownBy(() -> read(json, limits(10, 4, 1)))
        .hasMessageContaining(" has an enum of 2 values, more than 1; raise maxEnumValues");
    assertThatThrownBy(() -> read("{\"enum\": 1, \"x\": {", limits(10, 3, 1)))
        .hasMessageStartingWith("[OpenApiUnreadable] doc is not an OpenAPI 3.0 or 3.1 document");
  }

  @Test
  void anEnumThatIsNoListOrAKeyNamedOtherwiseIsNoEnum() throws Exception {
    assertThat(read("{\"enum\": {\"a\": 1, \"b\": 2}}", limits(10, 3, 1)).size()).isEqualTo(1);
    assertThat(read("{\"enums\": [1, 2]}", limits(10, 3, 1)).size()).isEqualTo(1);
    assertThat(read("enums: [1, 2]\nenum: {a: 1, b: 2}\n", limits(10, 3, 1)).size()).isEqualTo(2);
    assertThat(read("enum: [1]\n", limits(10, 3, 1)).get("enum").size()).isEqualTo(1);
  }

  @Test
  void yamlAtTheBoundsIsRead() throws Exception {
    String yaml = "a: &x [1, 2]\nb: *x\n";
    // root, a, 1, 2, then b repeats three nodes: 7; the alias stands for 3
    DocumentLimits exact = new DocumentLimits(7, 3, 1, 2, 2, 12);
    JsonNode tree = read(yaml, exact);
    assertThat(tree.get("b")).isEqualTo(tree.get("a"));
    assertThat(tree.get("b")).isNotSameAs(tree.get("a"));
    assertThatThrownBy(() -> read(yaml, new DocumentLimits(6, 3, 1, 2, 2, 12)))
        .hasMessageContaining("has more than 6 nodes");
    assertThatThrownBy(() -> read(yaml, new DocumentLimits(7, 2, 1, 2, 2, 12)))
        .hasMessageContaining("stand for more than 2 nodes");
    assertThatThrownBy(() -> read(yaml, new DocumentLimits(7, 3, 0, 2, 2, 12)))
        .hasMessageContaining("uses YAML aliases more than 0 times");
    assertThatThrownBy(() -> read(yaml, new DocumentLimits(7, 3, 1, 1, 2, 12)))
        .hasMessageContaining("deeper than 1 levels");
    assertThatThrownBy(() -> read(yaml, new DocumentLimits(7, 3, 1, 2, 2, 11)))
        .hasMessageContaining("has a line of more than 11 characters (line 1)");
    assertThat(read("a: 1\r\nb: 222222222\n", new DocumentLimits(9, 3, 1, 2, 2, 12)).size())
        .isEqualTo(2);
  }

  @Test
  void aDeepYamlDocumentIsRefusedByTheLoaderAsTooDeep() {
    String deep = "a: " + "[".repeat(30) + "]".repeat(30) + "\n";
    assertThatThrownBy(() -> read(deep, limits(1_000, 10, 10)))
        .hasMessage(
            "[OpenApiTooComplex] the OpenAPI document doc nests mappings and sequences deeper"
                + " than 10 levels; raise maxDocumentDepth if it really is that large");
  }

  @Test
  void badYamlIsUnreadableWithTheLoadersWords() {
    assertThatThrownBy(() -> read("a: [1, 2\nb: {", limits(100, 10, 10)))
        .hasMessageStartingWith(
            "[OpenApiUnreadable] doc is not an OpenAPI 3.0 or 3.1 document (the parser says: ");
  }

  @Test
  void aDocumentThatIsNoMappingIsUnreadable() {
    assertThatThrownBy(() -> OpenApiReader.read("- a\n- b\n", "doc"))
        .hasMessage(
            "[OpenApiUnreadable] doc is not an OpenAPI 3.0 or 3.1 document (the parser says: the"
                + " document is not a mapping of names to values); check the URL or path, and that"
                + " the document starts with \"openapi: 3.x\"");
    assertThatThrownBy(() -> OpenApiReader.read("", "doc"))
        .hasMessageContaining("the document is not a mapping of names to values");
  }

  @Test
  void scalarsReadAsSwaggerParserWritesThem() throws Exception {
    JsonNode t =
        read(
            "i: 1\nl: 12345678901\nb: 123456789012345678901234567890\nd: 1.5\nn: -.inf\n"
                + "t: true\nz: ~\ns: text\n",
            limits(100, 10, 10));
    assertThat(t.get("i").isInt()).isTrue();
    assertThat(t.get("l").isLong()).isTrue();
    assertThat(t.get("b").isBigInteger()).isTrue();
    assertThat(t.get("d").isDouble()).isTrue();
    assertThat(t.get("n").asText()).isEqualTo("-Infinity");
    assertThat(t.get("t").isBoolean()).isTrue();
    assertThat(t.get("z").isNull()).isTrue();
    assertThat(t.get("s").asText()).isEqualTo("text");
  }

  @Test
  void aLongLastLineWithoutALineBreakIsRefusedToo() {
    assertThatThrownBy(() -> read("a: 1\nb: 2222222222", new DocumentLimits(9, 3, 1, 2, 2, 12)))
        .hasMessageContaining("has a line of more than 12 characters (line 2)");
  }

  @Test
  void aYamlDocumentDeeperThanSnakeyamlsOwnDefaultIsReadWithinTheBound() throws Exception {
    String deep = "a: " + "[".repeat(60) + "]".repeat(60) + "\n";
    assertThat(read(deep, DocumentLimits.DEFAULTS).get("a").isArray()).isTrue();
  }

  @Test
  void aRecursiveKeyIsRefusedByTheLoader() {
    assertThatThrownBy(() -> read("x: &a {*a: 1}\n", DocumentLimits.DEFAULTS))
        .hasMessageStartingWith("[OpenApiUnreadable] doc is not an OpenAPI 3.0 or 3.1 document");
  }

  @Test
  void aliasesThatNestDeeperThanTheTextAreRefusedAsTooDeep() throws Exception {
    String yaml = "a: &x [[1]]\nb: [*x]\n";
    // as written: the root, a sequence, one inside it (3); b's alias puts that one level deeper (4)
    assertThat(read(yaml, new DocumentLimits(100, 100, 100, 4, 10, 100)).get("b").get(0))
        .isEqualTo(read(yaml, new DocumentLimits(100, 100, 100, 4, 10, 100)).get("a"));
    assertThatThrownBy(() -> read(yaml, new DocumentLimits(100, 100, 100, 3, 10, 100)))
        .hasMessage(
            "[OpenApiTooComplex] the OpenAPI document doc nests mappings and sequences deeper"
                + " than 3 levels; raise maxDocumentDepth if it really is that large");
  }
}
