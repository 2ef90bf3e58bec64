package dev.agentkit.openapi;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentkit.source.ContractSourceException;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.parser.util.DeserializationUtils;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A document's text as the JSON tree swagger-parser reads, within {@link DocumentLimits}: JSON as
 * swagger-parser reads it, YAML as its snakeyaml loader does (timestamps and binary kept as text),
 * but with the aliases, nesting, nodes, enum values and line length bounded, and refused with a
 * sentence naming the bound to raise, before any of it is expanded.
 */
final class DocumentTree {
  private static final JsonNodeFactory NODES = Json.mapper().getNodeFactory();

  private final DocumentLimits limits;
  private final String origin;
  private final Map<Object, JsonNode> done = new IdentityHashMap<>();
  private final Map<Object, Integer> sizes = new IdentityHashMap<>();
  private final Map<Object, Integer> heights = new IdentityHashMap<>();
  private final Map<Object, Boolean> open = new IdentityHashMap<>();
  private long nodes;
  private long expansion;
  private int aliases;
  private int reached; // the deepest nesting reached in the mapping or sequence being converted

  private DocumentTree(DocumentLimits limits, String origin) {
    this.limits = limits;
    this.origin = origin;
  }

  /**
   * The document's tree.
   *
   * @throws ContractSourceException tagged {@code [OpenApiTooComplex]} when a bound is passed, or
   *     {@code [OpenApiUnreadable]} when the text is neither JSON nor YAML
   */
  static JsonNode read(String text, DocumentLimits limits, String origin)
      throws ContractSourceException {
    DocumentTree tree = new DocumentTree(limits, origin);
    return DeserializationUtils.isJson(text) ? tree.json(text) : tree.yaml(text);
  }

  /**
   * A tree as the neutral JSON values {@code SchemaOperands} reads: objects as ordered maps, arrays
   * as lists, numbers exactly ({@link java.math.BigDecimal}; a double no decimal holds stays a
   * double, which the mapping refuses by name), strings, booleans and null. Its depth is the
   * document's, which {@link #read} bounded.
   */
  static Object plain(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return null;
    }
    if (node.isObject()) {
      Map<String, Object> out = new java.util.LinkedHashMap<>();
      node.fields().forEachRemaining(e -> out.put(e.getKey(), plain(e.getValue())));
      return out;
    }
    if (node.isArray()) {
      List<Object> out = new java.util.ArrayList<>(node.size());
      node.forEach(e -> out.add(plain(e)));
      return out;
    }
    if (node.isNumber()) {
      if (node.isIntegralNumber()) {
        return new java.math.BigDecimal(node.bigIntegerValue());
      }
      return Double.isFinite(node.doubleValue()) || node.isBigDecimal()
          ? node.decimalValue()
          : node.doubleValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    return node.asText();
  }

  private JsonNode json(String text) throws ContractSourceException {
    ObjectMapper mapper = Json.mapper().copy();
    mapper
        .getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder().maxNestingDepth(limits.maxDepth()).build());
    JsonNode root;
    try {
      root = mapper.readTree(text);
    } catch (StreamConstraintsException e) {
      throw tooDeep();
    } catch (IOException e) {
      throw OpenApiReader.unreadable(origin, List.of(e.getMessage()));
    }
    count(root, 0);
    return root;
  }

  /**
   * Counts a JSON tree's nodes and checks its enums; JSON has no aliases to expand.
   *
   * @param depth how many mappings and sequences enclose the node
   */
  private void count(JsonNode node, int depth) throws ContractSourceException {
    node();
    if (node.isObject()) {
      int level = level(depth);
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        enumValues(e.getKey(), e.getValue().isArray() ? e.getValue().size() : -1);
        count(e.getValue(), level);
      }
    } else if (node.isArray()) {
      int level = level(depth);
      for (JsonNode element : node) {
        count(element, level);
      }
    }
  }

  private JsonNode yaml(String text) throws ContractSourceException {
    longestLine(text);
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(Integer.MAX_VALUE); // counted in convert, per use
    options.setNestingDepthLimit(limits.maxDepth());
    options.setCodePointLimit(Math.max(text.length(), 1));
    // A recursive key snakeyaml refuses by default; the loader's other defaults are kept.
    Object loaded;
    try {
      loaded = new Yaml(new TextTimestamps(options)).load(text);
    } catch (YAMLException e) {
      String said = String.valueOf(e.getMessage());
      if (said.startsWith("Nesting Depth exceeded")) {
        throw tooDeep();
      }
      throw OpenApiReader.unreadable(origin, List.of(said));
    }
    return convert(loaded, 0);
  }

  /** A line past the bound is refused before snakeyaml scans it, slowly. */
  private void longestLine(String text) throws ContractSourceException {
    int line = 1;
    int start = 0;
    for (int i = 0; i <= text.length(); i++) {
      if (i == text.length() || text.charAt(i) == '\n') {
        if (i - start > limits.maxYamlLineChars()) {
          throw tooComplex(
              "has a line of more than "
                  + number(limits.maxYamlLineChars())
                  + " characters (line "
                  + line
                  + "), which YAML reads slowly (give the document as JSON, or break the line)",
              "maxYamlLineChars");
        }
        line++;
        start = i + 1;
      }
    }
  }

  /** The loaded YAML as a JSON tree; a mapping or sequence met again is a use of an alias. */
  private JsonNode convert(Object value, int depth) throws ContractSourceException {
    if (!(value instanceof Map<?, ?>) && !(value instanceof Collection<?>)) {
      node();
      return scalar(value);
    }
    JsonNode seen = done.get(value);
    if (seen != null) {
      return alias(value, seen, depth);
    }
    if (open.put(value, Boolean.TRUE) != null) {
      throw new ContractSourceException(OpenApiMessage.ALIAS_CYCLE.format(origin));
    }
    long before = nodes;
    node();
    int level = level(depth);
    int outer = reached;
    reached = level;
    JsonNode out = value instanceof Map<?, ?> map ? object(map, level) : array(value, level);
    open.remove(value);
    done.put(value, out);
    sizes.put(value, (int) (nodes - before));
    heights.put(value, reached - depth);
    reached = Math.max(outer, reached);
    return out;
  }

  /** A use of an alias at {@code depth}: it repeats the nodes, and the nesting, it names. */
  private JsonNode alias(Object value, JsonNode seen, int depth) throws ContractSourceException {
    if (depth + heights.get(value) > limits.maxDepth()) {
      throw tooDeep();
    }
    int size = sizes.get(value);
    if (++aliases > limits.maxYamlAliases()) {
      throw tooComplex(
          "uses YAML aliases more than " + number(limits.maxYamlAliases()) + " times",
          "maxYamlAliases");
    }
    expansion += size;
    if (expansion > limits.maxAliasExpansion()) {
      throw tooComplex(
          "has YAML aliases that stand for more than "
              + number(limits.maxAliasExpansion())
              + " nodes",
          "maxAliasExpansion");
    }
    nodes += size;
    checkNodes();
    return seen.deepCopy();
  }

  private ObjectNode object(Map<?, ?> map, int depth) throws ContractSourceException {
    ObjectNode out = NODES.objectNode();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = String.valueOf(e.getKey());
      enumValues(key, e.getValue() instanceof Collection<?> c ? c.size() : -1);
      out.set(key, convert(e.getValue(), depth));
    }
    return out;
  }

  private ArrayNode array(Object list, int depth) throws ContractSourceException {
    ArrayNode out = NODES.arrayNode();
    for (Object element : (Collection<?>) list) {
      out.add(convert(element, depth));
    }
    return out;
  }

  /** A scalar as the JSON swagger-parser's loader writes it (a non-finite number as its text). */
  private static JsonNode scalar(Object value) {
    if (value == null) {
      return NODES.nullNode();
    } else if (value instanceof Boolean b) {
      return NODES.booleanNode(b);
    } else if (value instanceof Integer i) {
      return NODES.numberNode(i);
    } else if (value instanceof Long l) {
      return NODES.numberNode(l);
    } else if (value instanceof BigInteger b) {
      return NODES.numberNode(b);
    } else if (value instanceof Double d) {
      return d.isInfinite() || d.isNaN() ? NODES.textNode(d.toString()) : NODES.numberNode(d);
    }
    return NODES.textNode(String.valueOf(value));
  }

  /** The nesting of a mapping or sequence inside {@code depth} others, checked. */
  private int level(int depth) throws ContractSourceException {
    if (depth >= limits.maxDepth()) {
      throw tooDeep();
    }
    return depth + 1;
  }

  private void node() throws ContractSourceException {
    nodes++;
    checkNodes();
  }

  private void checkNodes() throws ContractSourceException {
    if (nodes > limits.maxNodes()) {
      throw tooComplex(
          "has more than "
              + number(limits.maxNodes())
              + " nodes (mappings, sequences and scalars, its YAML aliases expanded)",
          "maxDocumentNodes");
    }
  }

  private void enumValues(String key, int size) throws ContractSourceException {
    if (key.equals("enum") && size > limits.maxEnumValues()) {
      throw tooComplex(
          "has an enum of " + number(size) + " values, more than " + number(limits.maxEnumValues()),
          "maxEnumValues");
    }
  }

  private ContractSourceException tooDeep() {
    return tooComplex(
        "nests mappings and sequences deeper than " + limits.maxDepth() + " levels",
        "maxDocumentDepth");
  }

  private ContractSourceException tooComplex(String what, String option) {
    return new ContractSourceException(OpenApiMessage.TOO_COMPLEX.format(origin, what, option));
  }

  private static String number(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** swagger-parser's loader: timestamps and binary stay the text they are written as. */
  private static final class TextTimestamps extends SafeConstructor {
    TextTimestamps(LoaderOptions options) {
      super(options);
      yamlConstructors.put(Tag.TIMESTAMP, new ConstructYamlStr());
      yamlConstructors.put(Tag.BINARY, new ConstructYamlStr());
    }
  }
}
