package dev.agentkit.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.SchemaOperands;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.PathItem.HttpMethod;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;

/** Reads an OpenAPI document's text into ops, the routes that run them, and warnings. */
final class OpenApiReader {
  /**
   * The tier of an operation without {@code x-agentkit-tier}, by HTTP method; absent: irreversible.
   */
  static final Map<HttpMethod, Tier> METHOD_TIERS =
      Map.of(
          HttpMethod.GET, Tier.READ_ONLY,
          HttpMethod.HEAD, Tier.READ_ONLY,
          HttpMethod.PUT, Tier.REVERSIBLE,
          HttpMethod.PATCH, Tier.REVERSIBLE,
          HttpMethod.POST, Tier.REVERSIBLE,
          HttpMethod.DELETE, Tier.IRREVERSIBLE);

  static final String TIER_EXTENSION = "x-agentkit-tier";
  static final String OBJECT_TYPE_EXTENSION = "x-agentkit-object-type";
  private static final Set<String> PARAMETER_PLACES = Set.of("path", "query", "header");
  private static final int PARSER_MESSAGES_SHOWN = 3;

  /** What a document reads as. */
  record Read(List<Op> ops, Map<String, Route> routes, List<String> warnings) {}

  private final String origin;
  private final DocumentLimits limits;
  private final List<String> warnings = new ArrayList<>();
  private Map<String, Object> document;
  private Map<String, Object> raw;
  private Components components;
  private ObjectMapper mapper;

  private OpenApiReader(String origin, DocumentLimits limits) {
    this.origin = origin;
    this.limits = limits;
  }

  /**
   * Reads the document's text (JSON or YAML, OpenAPI 3.0 or 3.1).
   *
   * @param origin where it came from, for messages
   */
  static Read read(String text, String origin) throws ContractSourceException {
    return read(text, origin, null, DocumentLimits.DEFAULTS);
  }

  /**
   * Reads the document's text with every credential {@code redact} knows blanked out of it, so that
   * no string the document serves can carry one into an op, a warning or an error.
   *
   * @param redact blanks credentials, or null when the document was fetched with none
   * @param limits the bounds the text is read within
   */
  static Read read(String text, String origin, UnaryOperator<String> redact, DocumentLimits limits)
      throws ContractSourceException {
    return new OpenApiReader(origin, limits).readText(text, redact);
  }

  private Read readText(String text, UnaryOperator<String> redact) throws ContractSourceException {
    OpenAPI api = parse(redact == null ? text : redact.apply(text));
    if (redact != null) {
      // The text may spell a credential with YAML escapes that only parsing resolves: read back
      // what was parsed, and parse it again blanked when it shows one.
      Map<String, Object> asRead = raw;
      String parsed = json(api);
      String blanked = redact.apply(parsed);
      if (!blanked.equals(parsed)) {
        api = parse(blanked);
      }
      // Schemas are read from the tree, which holds what the model drops (const, x- keys): every
      // string of it is blanked too, as parsing decoded it.
      raw = asMap(blanked(asRead, redact));
    }
    components = api.getComponents() == null ? new Components() : api.getComponents();
    mapper = modelMapper(api);
    // Schemas are read from the document as written, not from the parser's model, which drops or
    // recasts keywords its version does not know (const, type lists in 3.0, defaults by type).
    document = raw;
    return operations(api);
  }

  private OpenAPI parse(String text) throws ContractSourceException {
    // parseJsonNode resolves no ref, so no ref is fetched from anywhere: a document cannot make us
    // call out.
    ParseOptions options = new ParseOptions();
    JsonNode tree = DocumentTree.read(text, limits, origin);
    if (!tree.isObject()) {
      throw unreadable(origin, List.of("the document is not a mapping of names to values"));
    }
    raw = asMap(DocumentTree.plain(tree));
    // The parser's model is read for paths, operations, parameters and request bodies only; the
    // rest (responses, schemas, examples: most of a large document) is read from raw, if at all.
    ModelTree.prune(tree);
    SwaggerParseResult result = new OpenAPIV3Parser().parseJsonNode(null, tree, options);
    OpenAPI api = result.getOpenAPI();
    if (api == null || api.getOpenapi() == null) {
      throw unreadable(origin, result.getMessages());
    }
    return api;
  }

  /** The parsed document as JSON; a model the mapper cannot write fails as the parser's failure. */
  private static String json(OpenAPI api) {
    try {
      return modelMapper(api).writeValueAsString(api);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectMapper modelMapper(OpenAPI api) {
    return api.getSpecVersion() == SpecVersion.V31 ? Json31.mapper() : Json.mapper();
  }

  /** The document is no OpenAPI document; {@code messages} say why (the first few are shown). */
  static ContractSourceException unreadable(String origin, List<String> messages) {
    return new ContractSourceException(
        OpenApiMessage.UNREADABLE.format(origin, parserSays(messages)));
  }

  private Read operations(OpenAPI api) throws ContractSourceException {
    List<Op> ops = new ArrayList<>();
    Map<String, Route> routes = new LinkedHashMap<>();
    Map<String, String> firstPlace = new LinkedHashMap<>();
    if (api.getPaths() != null) {
      for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
        checkPath(path.getKey());
        for (Map.Entry<HttpMethod, Operation> e : path.getValue().readOperationsMap().entrySet()) {
          String place = e.getKey() + " " + path.getKey();
          String id = e.getValue().getOperationId();
          if (id == null || id.isBlank()) {
            warnings.add(OpenApiMessage.NO_OPERATION_ID.format(place, origin));
            continue;
          }
          String before = firstPlace.putIfAbsent(id, place);
          if (before != null) {
            throw new ContractSourceException(
                OpenApiMessage.DUPLICATE_OPERATION_ID.format(origin, id, before, place));
          }
          Route route = route(e.getKey(), path.getKey(), path.getValue(), e.getValue(), id);
          routes.put(id, route);
          ops.add(op(id, e.getKey(), e.getValue(), route));
        }
      }
    }
    return new Read(ops, routes, warnings);
  }

  /** A path key a request could leave the server's URL by is refused, whatever it maps to. */
  private void checkPath(String path) throws ContractSourceException {
    String problem = Route.pathProblem(path);
    if (problem != null) {
      throw new ContractSourceException(
          OpenApiMessage.BAD_PATH.format(LineText.quoted(path), origin, problem));
    }
  }

  private Op op(String id, HttpMethod method, Operation operation, Route route)
      throws ContractSourceException {
    List<Operand> operands = new ArrayList<>();
    for (Route.Slot slot : route.slots()) {
      operands.add(slot.operand());
    }
    Object objectType =
        operation.getExtensions() == null
            ? null
            : operation.getExtensions().get(OBJECT_TYPE_EXTENSION);
    return Op.builder(id)
        .description(descriptionOf(operation))
        .tier(tierOf(id, method, operation))
        .objectType(objectType == null ? "" : String.valueOf(objectType))
        .operands(operands)
        .build();
  }

  /** {@code x-agentkit-tier} when given, else the method's tier; never a lower one on a typo. */
  private Tier tierOf(String id, HttpMethod method, Operation operation)
      throws ContractSourceException {
    Object marked =
        operation.getExtensions() == null ? null : operation.getExtensions().get(TIER_EXTENSION);
    if (marked == null) {
      return METHOD_TIERS.getOrDefault(method, Tier.IRREVERSIBLE);
    }
    try {
      return Tier.parse(String.valueOf(marked));
    } catch (IllegalArgumentException e) {
      throw new ContractSourceException(
          OpenApiMessage.BAD_TIER.format(id, origin, TIER_EXTENSION, marked, e.getMessage()));
    }
  }

  private static String descriptionOf(Operation operation) {
    String summary = operation.getSummary();
    if (summary != null && !summary.isBlank()) {
      return summary.strip();
    }
    String description = operation.getDescription();
    return description == null ? "" : description.strip();
  }

  private Route route(
      HttpMethod method, String path, PathItem item, Operation operation, String id) {
    String owner = "operation \"" + id + "\"";
    List<Route.Slot> slots = new ArrayList<>();
    Set<String> names = new HashSet<>();
    Map<String, Map<String, Object>> written = rawParameters(path, method);
    for (Parameter p : parameters(item, operation)) {
      if (p.getName() == null || !PARAMETER_PLACES.contains(p.getIn())) {
        continue; // cookie parameters are the client's business, not the model's
      }
      boolean required = Boolean.TRUE.equals(p.getRequired()) || "path".equals(p.getIn());
      Route.Place place = Route.Place.valueOf(p.getIn().toUpperCase(Locale.ROOT));
      Map<String, Object> asWritten = written.get(p.getIn() + " " + p.getName());
      Object content = asWritten == null ? null : contentSchema(asWritten.get("content"));
      Object schema = parameterSchema(p, asWritten, content);
      Map<String, Object> withText = withDescription(schema, p.getDescription());
      String operandName = operandName(owner, p.getName(), p.getIn(), names);
      SchemaOperands.Mapping m =
          SchemaOperands.property(owner, operandName, withText, required, document);
      warnings.addAll(m.warnings());
      slots.add(slot(m.operands().get(0), p, place, content != null));
    }
    undeclaredPathParameters(owner, path, slots, names);
    body(owner, path, method, operation, names, slots);
    return new Route(method.name(), path, slots, bodyMediaType(operation));
  }

  /** A parameter's slot: its style and explode as declared, else its place's defaults. */
  private static Route.Slot slot(Operand o, Parameter p, Route.Place place, boolean content) {
    ParameterStyle style =
        content
            ? ParameterStyle.json(place)
            : ParameterStyle.of(p.getStyle() == null ? null : p.getStyle().toString(), place);
    boolean explode = p.getExplode() == null ? style.explodesByDefault() : p.getExplode();
    return new Route.Slot(o, p.getName(), place, style, explode);
  }

  /** The schema as the document writes it: its {@code schema}, its content's, or the model's. */
  private Object parameterSchema(Parameter p, Map<String, Object> asWritten, Object content) {
    if (asWritten != null && asWritten.containsKey("schema")) {
      return asWritten.get("schema");
    }
    if (content != null) {
      return content;
    }
    return p.getSchema() == null ? Map.of() : tree(p.getSchema());
  }

  /** The schema of a {@code content} map's first media type, or null. */
  private static Object contentSchema(Object content) {
    if (content instanceof Map<?, ?> media && !media.isEmpty()) {
      Object first = media.values().iterator().next();
      return first instanceof Map<?, ?> m && m.containsKey("schema") ? m.get("schema") : null;
    }
    return null;
  }

  /**
   * The parameters of a path and operation as the document writes them ($refs followed), by place
   * and name; the operation's override the path's.
   */
  private Map<String, Map<String, Object>> rawParameters(String path, HttpMethod method) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    Map<String, Object> item = asMap(asMap(raw.get("paths")).get(path));
    Map<String, Object> op = asMap(item.get(method.name().toLowerCase(Locale.ROOT)));
    for (Object list : new Object[] {item.get("parameters"), op.get("parameters")}) {
      if (list instanceof List<?> parameters) {
        for (Object p : parameters) {
          Map<String, Object> written = asMap(followed(p));
          out.put(written.get("in") + " " + written.get("name"), written);
        }
      }
    }
    return out;
  }

  /** A node with its {@code $ref}s followed within the document (a few hops at most), or null. */
  private Object followed(Object node) {
    Object at = node;
    for (int hops = 0;
        hops < 8 && at instanceof Map<?, ?> m && m.get("$ref") instanceof String r;
        hops++) {
      at = pointer(r);
    }
    return at;
  }

  /** The value at a JSON Pointer fragment of the document, or null. */
  private Object pointer(String ref) {
    if (!ref.startsWith("#/")) {
      return null;
    }
    Object at = raw;
    for (String token : ref.substring(2).split("/", -1)) {
      String key = token.replace("~1", "/").replace("~0", "~");
      at = at instanceof Map<?, ?> m ? m.get(key) : null;
    }
    return at;
  }

  /** The tree with {@code redact} applied to every key and string in it. */
  private static Object blanked(Object v, UnaryOperator<String> redact) {
    if (v instanceof String text) {
      return redact.apply(text);
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(redact.apply(String.valueOf(k)), blanked(x, redact)));
      return out;
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(x -> out.add(blanked(x, redact)));
      return out;
    }
    return v;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object v) {
    return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  /** A {@code {name}} of the path template no parameter declares: a required string, warned. */
  private void undeclaredPathParameters(
      String owner, String path, List<Route.Slot> slots, Set<String> names) {
    Matcher m = Route.TEMPLATE_VARIABLE.matcher(path);
    while (m.find()) {
      String name = m.group(1);
      boolean declared =
          slots.stream().anyMatch(s -> s.place() == Route.Place.PATH && s.wireName().equals(name));
      if (!declared) {
        warnings.add(OpenApiMessage.PATH_PARAMETER.format(owner, origin, path, name));
        String operandName = operandName(owner, name, "path", names);
        Operand o = new Operand(operandName, "", OperandType.STRING, true, List.of(), false);
        slots.add(new Route.Slot(o, name, Route.Place.PATH));
      }
    }
  }

  /** The path item's parameters overridden by the operation's, by name and place. */
  private List<Parameter> parameters(PathItem item, Operation operation) {
    Map<String, Parameter> byKey = new LinkedHashMap<>();
    for (List<Parameter> list :
        List.of(nonNull(item.getParameters()), nonNull(operation.getParameters()))) {
      for (Parameter p : list) {
        Parameter resolved = resolve(p);
        if (resolved != null) {
          byKey.put(resolved.getIn() + " " + resolved.getName(), resolved);
        }
      }
    }
    return new ArrayList<>(byKey.values());
  }

  private void body(
      String owner,
      String path,
      HttpMethod method,
      Operation operation,
      Set<String> names,
      List<Route.Slot> slots) {
    RequestBody body = resolve(operation.getRequestBody());
    if (body == null || body.getContent() == null || body.getContent().isEmpty()) {
      return;
    }
    boolean required = Boolean.TRUE.equals(body.getRequired());
    String jsonType = jsonMediaType(body);
    MediaType json = jsonType == null ? null : body.getContent().get(jsonType);
    if (json == null) {
      String type = body.getContent().keySet().iterator().next();
      warnings.add(OpenApiMessage.BODY_NOT_JSON.format(owner, origin, type));
      Operand o =
          new Operand(
              "body", body.getDescription(), OperandType.STRING, required, List.of(), false);
      slots.add(new Route.Slot(o, "body", Route.Place.RAW_BODY));
      return;
    }
    Object schema = bodySchema(path, method, jsonType, json);
    if (SchemaOperands.isObject(schema, document)) {
      SchemaOperands.Mapping m = SchemaOperands.object(owner, schema, document);
      warnings.addAll(m.warnings());
      for (Operand o : m.operands()) {
        String name = o.name();
        String operandName = names.contains(name) ? clash(owner, name) : name;
        names.add(operandName);
        Operand renamed =
            new Operand(operandName, o.description(), o.required() && required, o.schema());
        slots.add(new Route.Slot(renamed, name, Route.Place.BODY));
      }
    } else {
      SchemaOperands.Mapping m =
          SchemaOperands.property(
              owner, "body", withDescription(schema, body.getDescription()), required, document);
      warnings.addAll(m.warnings());
      slots.add(new Route.Slot(m.operands().get(0), "body", Route.Place.WHOLE_BODY));
    }
  }

  /**
   * A parameter's operand name: its own, or {@code <in>_<name>} when an earlier parameter (in
   * another place) took it, with a warning; the name is then taken.
   */
  private String operandName(String owner, String name, String in, Set<String> names) {
    String operandName = name;
    if (names.contains(name)) {
      while (names.contains(operandName)) {
        operandName = in + "_" + operandName;
      }
      warnings.add(OpenApiMessage.PARAMETER_CLASH.format(owner, origin, name, in, operandName));
    }
    names.add(operandName);
    return operandName;
  }

  private String clash(String owner, String name) {
    String renamed = "body_" + name;
    warnings.add(OpenApiMessage.BODY_CLASH.format(owner, origin, name, renamed));
    return renamed;
  }

  /** The body's schema as the document writes it, else the parser's model of it. */
  private Object bodySchema(String path, HttpMethod method, String jsonType, MediaType json) {
    Map<String, Object> item = asMap(asMap(raw.get("paths")).get(path));
    Map<String, Object> op = asMap(item.get(method.name().toLowerCase(Locale.ROOT)));
    Map<String, Object> media =
        asMap(asMap(asMap(followed(op.get("requestBody"))).get("content")).get(jsonType));
    if (media.containsKey("schema")) {
      return media.get("schema");
    }
    return json.getSchema() == null ? Map.of() : tree(json.getSchema());
  }

  /** The key of the body's first JSON media type, or null. */
  private static String jsonMediaType(RequestBody body) {
    for (String key : body.getContent().keySet()) {
      String type = key.toLowerCase(Locale.ROOT);
      if (type.startsWith("application/json") || type.matches("application/[^;]*\\+json.*")) {
        return key;
      }
    }
    return null;
  }

  private static String bodyMediaType(Operation operation) {
    RequestBody body = operation.getRequestBody();
    if (body == null || body.getContent() == null || body.getContent().isEmpty()) {
      return "application/json";
    }
    return jsonMediaType(body) != null
        ? "application/json"
        : body.getContent().keySet().iterator().next();
  }

  private Parameter resolve(Parameter p) {
    if (p == null || p.get$ref() == null) {
      return p;
    }
    String name = p.get$ref().substring(p.get$ref().lastIndexOf('/') + 1);
    Parameter target =
        components.getParameters() == null ? null : components.getParameters().get(name);
    if (target == null) {
      warnings.add(OpenApiMessage.UNRESOLVED_PARAMETER.format(origin, p.get$ref()));
    }
    return target;
  }

  private RequestBody resolve(RequestBody b) {
    if (b == null || b.get$ref() == null) {
      return b;
    }
    String name = b.get$ref().substring(b.get$ref().lastIndexOf('/') + 1);
    RequestBody target =
        components.getRequestBodies() == null ? null : components.getRequestBodies().get(name);
    if (target == null) {
      warnings.add(OpenApiMessage.UNRESOLVED_BODY.format(origin, b.get$ref()));
    }
    return target;
  }

  private static Map<String, Object> withDescription(Object schema, String description) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (schema instanceof Map<?, ?> m) {
      m.forEach((k, v) -> out.put(String.valueOf(k), v));
    }
    if (description != null && !description.isBlank()) {
      out.put("description", description);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> tree(Object model) {
    return model == null ? null : mapper.convertValue(model, LinkedHashMap.class);
  }

  private static <T> List<T> nonNull(List<T> list) {
    return list == null ? List.of() : list;
  }

  private static String parserSays(List<String> messages) {
    if (messages == null || messages.isEmpty()) {
      return "";
    }
    List<String> shown = new ArrayList<>();
    for (String m : messages.subList(0, Math.min(PARSER_MESSAGES_SHOWN, messages.size()))) {
      String line = m.replaceAll("\\s+", " ").strip(); // one line: YAML errors draw a caret
      shown.add(line.length() > 200 ? line.substring(0, 200) + "…" : line);
    }
    return " (the parser says: " + String.join("; ", shown) + ")";
  }
}
