package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSourceException;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import io.swagger.v3.parser.util.DeserializationUtils;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small document costs little whatever it holds: YAML alias bombs, aliased enums and long lines
 * are refused, by a sentence naming the bound to raise, within a bounded time and allocation on the
 * reading thread (never by an {@code Error}), and a large document is read within its bound.
 */
class DocumentBoundsTest {
  private static final String HEAD = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n";

  @TempDir Path dir;

  /** What one read costs the reading thread. */
  private record Cost(Duration cpu, long allocated, Throwable thrown) {}

  private Cost read(String document) throws Exception {
    Path file = dir.resolve("doc-" + System.nanoTime() + ".yaml");
    Files.writeString(file, document);
    OpenApiContractSource source =
        OpenApiContractSource.fromFile(file).contractName("tasks").build();
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long cpu = threads.getCurrentThreadCpuTime();
    long allocated = threads.getThreadAllocatedBytes(id);
    Throwable thrown = null;
    try {
      source.fetch();
    } catch (Throwable t) {
      thrown = t;
    }
    return new Cost(
        Duration.ofNanos(threads.getCurrentThreadCpuTime() - cpu),
        threads.getThreadAllocatedBytes(id) - allocated,
        thrown);
  }

  private static String origin(Path dir) {
    return "the OpenAPI document " + dir;
  }

  /** Nine levels of nine aliases each: 9^9 "lol"s from under half a kilobyte. */
  static String billionLaughs() {
    StringBuilder doc = new StringBuilder(HEAD).append("x-lol:\n");
    doc.append("  a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n");
    String previous = "a";
    for (char level = 'b'; level <= 'i'; level++) {
      String name = String.valueOf(level);
      doc.append("  ").append(name).append(": &").append(name).append(" [");
      doc.append(String.join(",", java.util.Collections.nCopies(9, "*" + previous)));
      doc.append("]\n");
      previous = name;
    }
    return doc.toString();
  }

  /** An enum whose 2^21 values are 21 levels of two aliases each. */
  static String aliasedEnum() {
    StringBuilder doc = new StringBuilder(HEAD).append("x-levels:\n  - &e0 [v, v]\n");
    for (int i = 1; i <= 20; i++) {
      doc.append("  - &e").append(i).append(" [*e").append(i - 1).append(", *e");
      doc.append(i - 1).append("]\n");
    }
    doc.append("components:\n  schemas:\n    S: {type: string, enum: *e20}\n");
    return doc.toString();
  }

  @Test
  void aBillionLaughsUnderAKilobyteIsRefusedCheaply() throws Exception {
    String bomb = billionLaughs();
    assertThat(bomb.length()).isLessThan(1024);
    Cost cost = read(bomb);
    assertThat(cost.thrown())
        .isInstanceOf(ContractSourceException.class)
        .hasMessageStartingWith("[OpenApiTooComplex] the OpenAPI document ")
        .hasMessageEndingWith(
            " has YAML aliases that stand for more than 100,000 nodes; raise maxAliasExpansion if"
                + " it really is that large");
    assertThat(cost.cpu()).isLessThan(Duration.ofSeconds(2));
    assertThat(cost.allocated()).isLessThan(80L * 1024 * 1024);
  }

  @Test
  void anAliasedEnumOfTwoMillionValuesIsRefusedCheaply() throws Exception {
    String bomb = aliasedEnum();
    assertThat(bomb.length()).isLessThan(1024);
    Cost cost = read(bomb);
    assertThat(cost.thrown())
        .isInstanceOf(ContractSourceException.class)
        .hasMessageContaining("has YAML aliases that stand for more than 100,000 nodes");
    assertThat(cost.cpu()).isLessThan(Duration.ofSeconds(2));
    assertThat(cost.allocated()).isLessThan(80L * 1024 * 1024);
  }

  @Test
  void aFourMebibyteScalarOnOneLineIsRefusedWithinFourSeconds() throws Exception {
    Cost cost = read(HEAD + "x-big: " + "a".repeat(4 * 1024 * 1024) + "\n");
    assertThat(cost.thrown())
        .isInstanceOf(ContractSourceException.class)
        .hasMessageEndingWith(
            " has a line of more than 262,144 characters (line 4), which YAML reads slowly (give"
                + " the document as JSON, or break the line); raise maxYamlLineChars if it really"
                + " is that large");
    assertThat(cost.cpu()).isLessThan(Duration.ofSeconds(4));
  }

  @Test
  void aFourMebibyteDocumentOfShortLinesIsReadWithinFourSeconds() throws Exception {
    StringBuilder doc = new StringBuilder(HEAD).append("x-many:\n");
    while (doc.length() < 4 * 1024 * 1024) {
      doc.append("  - a description of some length, as documents have them\n");
    }
    Cost cost = read(doc.toString());
    assertThat(cost.thrown()).isNull();
    assertThat(cost.cpu()).isLessThan(Duration.ofSeconds(4));
  }

  @Test
  void eachBoundIsNamedWhenItIsPassed() throws Exception {
    Path file = dir.resolve("doc.yaml");
    Files.writeString(
        file,
        HEAD
            + "x-a: &a {k: [1, 2, 3]}\nx-b: [*a, *a, *a]\n"
            + "components: {schemas: {S: {type: string, enum: [a, b, c, d]}}}\n");
    OpenApiContractSource.Builder b = OpenApiContractSource.fromFile(file).contractName("tasks");
    String at = "[OpenApiTooComplex] the OpenAPI document " + file;
    assertThatThrownBy(b.maxDocumentNodes(10).build()::fetch)
        .hasMessage(
            at
                + " has more than 10 nodes (mappings, sequences and scalars, its YAML aliases"
                + " expanded); raise maxDocumentNodes if it really is that large");
    b.maxDocumentNodes(1_000);
    assertThatThrownBy(b.maxYamlAliases(2).build()::fetch)
        .hasMessage(
            at
                + " uses YAML aliases more than 2 times; raise maxYamlAliases if it really is that"
                + " large");
    b.maxYamlAliases(10);
    assertThatThrownBy(b.maxAliasExpansion(14).build()::fetch)
        .hasMessage(
            at
                + " has YAML aliases that stand for more than 14 nodes; raise maxAliasExpansion if"
                + " it really is that large");
    b.maxAliasExpansion(15);
    assertThatThrownBy(b.maxEnumValues(3).build()::fetch)
        .hasMessage(
            at
                + " has an enum of 4 values, more than 3; raise maxEnumValues if it really is that"
                + " large");
    b.maxEnumValues(4);
    assertThatThrownBy(b.maxDocumentDepth(3).build()::fetch)
        .hasMessage(
            at
                + " nests mappings and sequences deeper than 3 levels; raise maxDocumentDepth if"
                + " it really is that large");
    b.maxDocumentDepth(10);
    assertThatThrownBy(b.maxYamlLineChars(20).build()::fetch)
        .hasMessageStartingWith(at + " has a line of more than 20 characters (line 2)");
    Contract read = b.maxYamlLineChars(100).build().fetch();
    assertThat(read.ops()).isEmpty();
  }

  @Test
  void aCycleIsRefused() throws Exception {
    Path file = dir.resolve("cycle.yaml");
    Files.writeString(file, HEAD + "x-c: &c [1, *c]\n");
    assertThatThrownBy(OpenApiContractSource.fromFile(file).contractName("t").build()::fetch)
        .hasMessage(
            "[OpenApiTooComplex] the OpenAPI document "
                + file
                + " has a YAML alias inside the node it names, a cycle no JSON document can hold;"
                + " remove the cycle");
  }

  @Test
  void theBoundsMustBePositive() {
    OpenApiContractSource.Builder b =
        OpenApiContractSource.fromFile(Path.of("x.yaml")).contractName("t");
    assertThatThrownBy(() -> b.maxDocumentNodes(0))
        .hasMessage("maxDocumentNodes must be positive, but it is 0");
    assertThatThrownBy(() -> b.maxAliasExpansion(-1))
        .hasMessage("maxAliasExpansion must be positive, but it is -1");
    assertThatThrownBy(() -> b.maxYamlAliases(0)).hasMessageStartingWith("maxYamlAliases ");
    assertThatThrownBy(() -> b.maxDocumentDepth(0)).hasMessageStartingWith("maxDocumentDepth ");
    assertThatThrownBy(() -> b.maxEnumValues(0)).hasMessageStartingWith("maxEnumValues ");
    assertThatThrownBy(() -> b.maxYamlLineChars(0)).hasMessageStartingWith("maxYamlLineChars ");
  }

  @Test
  void yamlReadsAsSwaggerParserReadsIt() throws Exception {
    String tricky =
        HEAD
            + "x:\n  d: 2020-01-01\n  t: 2020-01-01T10:00:00Z\n  y: yes\n  n: no\n  f: 1.0\n"
            + "  h: 0x10\n  oc: 010\n  u: 1_000\n  nul: ~\n  e: 1e3\n"
            + "  big: 123456789012345678901234567890\n  inf: .inf\n  nan: .nan\n"
            + "  b: !!binary aGVsbG8=\n  k: {1: a, true: b, 2020-01-01: c}\n"
            + "  m: &m {a: 1}\n  mm: {<<: *m, b: 2}\n  s: !!set {a, b}\n";
    for (String doc :
        new String[] {
          tricky,
          OpenApiContractSourceTest.resource("tasks-3.0.yaml"),
          OpenApiContractSourceTest.resource("tasks-3.1.json")
        }) {
      JsonNode theirs =
          DeserializationUtils.deserializeIntoTree(
              doc, null, new ParseOptions(), new SwaggerParseResult());
      assertThat(DocumentTree.read(doc, DocumentLimits.DEFAULTS, "test")).isEqualTo(theirs);
    }
  }
}
