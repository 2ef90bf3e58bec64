package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agentkit.BaseDir;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Any schema tree, whatever its strings, is written, read back equal with the same digest, written
 * again to the same bytes, and agrees with the snapshot's JSON Schema as a real validator reads it.
 */
class SnapshotTreePropertyTest {
  private static com.networknt.schema.Schema validator;
  private static final tools.jackson.databind.ObjectMapper EXACT =
      tools.jackson.databind.json.JsonMapper.builder()
          .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  @BeforeContainer
  static void readTheSchema() throws IOException {
    String schema =
        Files.readString(BaseDir.resolve("..", "contract-snapshots", "snapshot.schema.json"));
    validator =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(schema, InputFormat.JSON);
  }

  @Property(tries = 300)
  void everyTreeRoundTrips(@ForAll("operands") List<Operand> operands) throws Exception {
    Contract c =
        Contract.of(
            "trees",
            "http://backend/contract",
            List.of(
                Op.builder("op")
                    .description("d")
                    .tier(Tier.REVERSIBLE)
                    .operands(operands)
                    .build()));
    assertThat(c.problems()).isEmpty();
    String text = ContractSnapshot.write(c);

    Contract read;
    try {
      read = ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "memory");
    } catch (ContractFormatException e) {
      throw new AssertionError(e.getMessage() + " reading\n" + text, e);
    }

    List<Operand> back = read.ops().get(0).operands();
    for (int i = 0; i < operands.size(); i++) {
      assertThat(back.get(i))
          .as("operand %d of\n%s", i, text)
          .isEqualTo(c.ops().get(0).operands().get(i));
    }
    assertThat(read.ops()).isEqualTo(c.ops());
    assertThat(read.digest()).isEqualTo(c.digest());
    assertThat(ContractSnapshot.write(read)).isEqualTo(text);
    // Read exactly: as doubles, 1e400 would be infinity to the validator.
    assertThat(validator.validate(EXACT.readTree(text))).as(text).isEmpty();
  }

  @Provide
  Arbitrary<List<Operand>> operands() {
    return properties(3);
  }

  private Arbitrary<List<Operand>> properties(int depth) {
    return Combinators.combine(
            names().set().ofMinSize(0).ofMaxSize(4),
            schemas(depth).list().ofSize(4),
            Arbitraries.of(true, false).list().ofSize(4),
            text())
        .as(
            (names, schemas, required, description) -> {
              List<Operand> out = new ArrayList<>();
              int i = 0;
              for (String n : names) {
                out.add(new Operand(n, description, required.get(i), schemas.get(i)));
                i++;
              }
              return out;
            });
  }

  private Arbitrary<Schema> schemas(int depth) {
    Arbitrary<Schema> leaf =
        Arbitraries.oneOf(strings(), dates(), numbers(), booleans(), enums(), consts(), opaques());
    if (depth == 0) {
      return leaf;
    }
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, leaf),
        net.jqwik.api.Tuple.of(1, arrays(depth - 1)),
        net.jqwik.api.Tuple.of(1, objects(depth - 1)),
        net.jqwik.api.Tuple.of(1, unions(depth - 1)));
  }

  private Arbitrary<Schema> arrays(int depth) {
    return Combinators.combine(
            schemas(depth),
            facets(),
            Arbitraries.integers().between(0, 3).injectNull(0.5),
            Arbitraries.integers().between(3, 9).injectNull(0.5),
            Arbitraries.of(true, false))
        .as((items, f, min, max, unique) -> new ArraySchema(f, items, min, max, unique));
  }

  private Arbitrary<Schema> objects(int depth) {
    Arbitrary<Schema> additional = schemas(0).injectNull(0.7);
    return Combinators.combine(properties(depth), facets(), Arbitraries.of(true, false), additional)
        .as((props, f, closed, more) -> new ObjectSchema(f, props, closed, closed ? null : more));
  }

  private Arbitrary<Schema> unions(int depth) {
    return Combinators.combine(
            schemas(depth).list().ofMinSize(1).ofMaxSize(3), facets(), Arbitraries.of(true, false))
        .as((alternatives, f, oneOf) -> new UnionSchema(f, oneOf, alternatives));
  }

  private Arbitrary<Schema> strings() {
    return Combinators.combine(
            facets(),
            Arbitraries.of("", "email", "uri", "date"),
            Arbitraries.integers().between(0, 5).injectNull(0.5),
            Arbitraries.integers().between(5, 99).injectNull(0.5),
            Arbitraries.of("", "^a+$", "[\"\\\\]"))
        .as((f, format, min, max, pattern) -> new StringSchema(f, format, min, max, pattern));
  }

  private Arbitrary<Schema> dates() {
    return Combinators.combine(facets(), Arbitraries.of("", "date", "date-time"))
        .as(DateSchema::new);
  }

  private Arbitrary<Schema> numbers() {
    Arbitrary<BigDecimal> low =
        Arbitraries.of("-1e400", "-3", "0", "0.5", "1.50").map(BigDecimal::new);
    Arbitrary<BigDecimal> high = Arbitraries.of("2", "10", "1e3", "99.125").map(BigDecimal::new);
    return Combinators.combine(
            facets(),
            Arbitraries.of(true, false),
            low.injectNull(0.4),
            high.injectNull(0.4),
            Arbitraries.of(true, false),
            Arbitraries.of("0.25", "3").map(BigDecimal::new).injectNull(0.7))
        .as(
            (f, integer, min, max, exclusive, multiple) ->
                new NumberSchema(
                    f,
                    integer,
                    min == null ? null : new Bound(min, exclusive),
                    max == null ? null : new Bound(max, !exclusive),
                    multiple));
  }

  private Arbitrary<Schema> booleans() {
    return facets().map(BooleanSchema::new);
  }

  private Arbitrary<Schema> enums() {
    Arbitrary<Schema> strings =
        Combinators.combine(facets(), text().set().ofMinSize(1).ofMaxSize(4))
            .as((f, v) -> new EnumSchema(f, new ArrayList<>(v), OperandType.STRING));
    Arbitrary<Schema> ints =
        facets().map(f -> new EnumSchema(f, List.of("1", "-2", "30"), OperandType.INTEGER));
    Arbitrary<Schema> nums =
        facets().map(f -> new EnumSchema(f, List.of("0.5", "1"), OperandType.NUMBER));
    Arbitrary<Schema> bools =
        facets().map(f -> new EnumSchema(f, List.of("true", "false"), OperandType.BOOLEAN));
    return Arbitraries.oneOf(strings, ints, nums, bools);
  }

  private Arbitrary<Schema> consts() {
    return Combinators.combine(facets(), json()).as(ConstSchema::new);
  }

  private Arbitrary<Schema> opaques() {
    return Combinators.combine(
            facets(),
            Arbitraries.of("geo-point", "object", "array", "union", "const", "Blob", "opaque"))
        .as(OpaqueSchema::new);
  }

  private Arbitrary<Facets> facets() {
    return Combinators.combine(
            text().injectNull(0.5), json().injectNull(0.6), Arbitraries.of(true, false))
        .as((d, dflt, nullable) -> new Facets(d, dflt, nullable));
  }

  /** Canonical compact JSON values: what a default or a constant holds. */
  private Arbitrary<String> json() {
    return Arbitraries.oneOf(
        text()
            .map(
                s -> {
                  StringBuilder sb = new StringBuilder();
                  dev.agentkit.internal.text.JsonText.string(sb, s);
                  return sb.toString();
                }),
        Arbitraries.of(
            "0",
            "-7",
            "1.5",
            "true",
            "false",
            "null",
            "[]",
            "{}",
            "[1,\"a\",null]",
            "{\"k\":{\"v\":[true]}}"));
  }

  private Arbitrary<String> names() {
    return text().filter(s -> !s.isBlank());
  }

  private Arbitrary<String> text() {
    Arbitrary<Character> specials =
        Arbitraries.of(
            '"', '\\', '\n', '\t', '\u0001', 'é', '日', '\u202e', '\ud83d', '\ude00', ' ', '/', '<');
    return Arbitraries.oneOf(specials, Arbitraries.chars().alpha())
        .list()
        .ofMaxSize(8)
        .map(
            cs -> {
              StringBuilder sb = new StringBuilder();
              cs.forEach(sb::append);
              return sb.toString();
            });
  }
}
