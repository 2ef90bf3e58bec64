package dev.agentkit.tool;

import com.networknt.schema.ExecutionContext;
import com.networknt.schema.SchemaContext;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.format.Format;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A real JSON Schema validator ({@code com.networknt:json-schema-validator}) as the judge of a
 * call's arguments: JSON Schema 2020-12, or OpenAPI 3.0's dialect for a 3.0 document, format
 * assertions on, numbers read exactly (as doubles, {@code 1e400} would be infinity), and the one
 * format of its own, {@value OracleSchemas#DATE_FORMAT}: a date or a date-time as {@code java.time}
 * reads ISO-8601, trimmed.
 *
 * <p>Where the validator itself computes inexactly, the test keeps out of its way, and says so: it
 * compares whole-number bounds as a {@code long} (so bounds are given to it as decimals), and
 * {@code multipleOf} of a whole number through a {@code double} (so no whole number beyond 2^53 is
 * drawn where a {@code multipleOf} applies), and it fails on a whole number written in digits
 * beyond a double (so none is drawn; {@code 1e400} is, read as a decimal).
 */
final class Oracle {
  private static final ObjectMapper EXACT =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

  private static final SchemaRegistryConfig CONFIG =
      new SchemaRegistryConfig.Builder().formatAssertionsEnabled(true).build();

  private static final SchemaRegistry JSON_SCHEMA = registry(Dialects.getDraft202012());
  private static final SchemaRegistry OPENAPI_30 = registry(Dialects.getOpenApi30());

  private final Map<String, com.networknt.schema.Schema> compiled = new ConcurrentHashMap<>();
  private final SchemaRegistry registry;

  private Oracle(SchemaRegistry registry) {
    this.registry = registry;
  }

  /** The oracle of JSON Schema 2020-12 (and OpenAPI 3.1, whose schemas are 2020-12's). */
  static Oracle jsonSchema() {
    return new Oracle(JSON_SCHEMA);
  }

  /** The oracle of OpenAPI 3.0's schemas ({@code nullable}, boolean exclusive bounds). */
  static Oracle openApi30() {
    return new Oracle(OPENAPI_30);
  }

  /** Whether the arguments (JSON text) are valid against the schema (JSON text). */
  boolean accepts(String schema, String arguments) {
    com.networknt.schema.Schema s =
        compiled.computeIfAbsent(schema, text -> registry.getSchema(decimalBounds(read(text))));
    return s.validate(read(arguments)).isEmpty();
  }

  private static JsonNode read(String json) {
    return EXACT.readTree(json);
  }

  private static final java.util.Set<String> NUMERIC =
      java.util.Set.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf");

  /**
   * The schema with every numeric keyword's whole number as a decimal: the validator compares a
   * whole-number bound as a {@code long}, and fails on a value beyond a long ({@code -1e400})
   * instead of comparing it; as a decimal, it compares exactly.
   */
  private static JsonNode decimalBounds(JsonNode node) {
    if (node instanceof ObjectNode o) {
      for (String key : List.copyOf(o.propertyNames())) {
        JsonNode v = o.get(key);
        if (NUMERIC.contains(key) && v.isIntegralNumber()) {
          o.put(key, v.decimalValue().setScale(1));
        } else {
          decimalBounds(v);
        }
      }
    } else if (node instanceof ArrayNode a) {
      for (JsonNode v : a) {
        decimalBounds(v);
      }
    }
    return node;
  }

  private static SchemaRegistry registry(Dialect base) {
    Dialect dialect = Dialect.builder(base).format(new AgentkitDate()).build();
    return SchemaRegistry.withDefaultDialect(dialect, b -> b.schemaRegistryConfig(CONFIG));
  }

  /** A date as agentkit documents that it reads one, by {@code java.time}. */
  private static final class AgentkitDate implements Format {
    @Override
    public String getName() {
      return OracleSchemas.DATE_FORMAT;
    }

    @Override
    public boolean matches(ExecutionContext context, SchemaContext schemaContext, String value) {
      String t = value.trim();
      try {
        if (t.length() == 10) {
          LocalDate.parse(t);
        } else if (t.endsWith("Z") || t.matches(".*[+-]\\d\\d:\\d\\d$")) {
          OffsetDateTime.parse(t);
        } else {
          LocalDateTime.parse(t);
        }
        return true;
      } catch (DateTimeParseException e) {
        return false;
      }
    }
  }
}
