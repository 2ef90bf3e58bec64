package dev.agentkit.maven;

import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.Names;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the command line's config file: JSON whose keys are the plugin's {@code <configuration>}
 * element names, at every level ({@code contracts}, each contract's {@code name}, {@code openapi},
 * {@code tiers}, {@code mcp} ...), so a POM's configuration and a config file say the same things
 * the same way. Each object's keys are set on the fields of that name, as Maven sets a POM's; a
 * string may hold {@code ${env.NAME}}, read from the environment. Every problem is one sentence
 * tagged {@code [ConfigFile]} naming the file and the key's path, with the valid keys and "did you
 * mean".
 */
final class ConfigFile {
  private static final Pattern ENV = Pattern.compile("\\$\\{env\\.([A-Za-z_][A-Za-z0-9_]*)\\}");

  /** The file's top-level keys: the goals' parameters, and the command line's own. */
  private static final List<String> TOP =
      List.of(
          "contracts",
          "contract",
          "snapshotDirectory",
          "failOn",
          "reportDirectory",
          "classes",
          "classpath",
          "consumers",
          "manifestDirectories",
          "baselineDirectory",
          "acknowledgements",
          "repositories",
          "localRepository");

  private final String file;
  private final Function<String, String> env;

  private ConfigFile(String file, Function<String, String> env) {
    this.file = file;
    this.env = env;
  }

  static void read(Path path, GoalOptions into, Function<String, String> env) throws GoalException {
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw fail(
          "there is no config file at "
              + path
              + "; give one with --config, or give the options as flags (agentkit <goal> --help)");
    } catch (IOException e) {
      throw fail("cannot read the config file " + path + ": " + e.getMessage());
    }
    Object root;
    try {
      root = JsonTree.parse(text);
    } catch (JsonTree.Malformed e) {
      throw fail(path + " is not JSON: " + e.getMessage());
    }
    new ConfigFile(path.toString(), env).top(root, into);
  }

  private static GoalException fail(String what) {
    return GoalMessage.CONFIG_FILE.failure(what);
  }

  private GoalException at(String path, String what) {
    return fail(file + ": " + path + " " + what);
  }

  private void top(Object root, GoalOptions o) throws GoalException {
    Map<String, Object> m = object(root, "the file");
    for (Map.Entry<String, Object> e : m.entrySet()) {
      String key = e.getKey();
      Object v = e.getValue();
      switch (key) {
        case "contracts" -> o.contracts = objects(v, key, ContractConfig.class);
        case "contract" -> o.contract = string(v, key);
        case "snapshotDirectory" -> o.snapshotDirectory = Path.of(string(v, key));
        case "failOn" -> o.failOn = string(v, key);
        case "reportDirectory" -> o.reportDirectory = Path.of(string(v, key));
        case "classes" -> o.classes = paths(v, key);
        case "classpath" -> o.classpath = paths(v, key);
        case "consumers" -> o.consumers = strings(v, key);
        case "manifestDirectories" -> o.manifestDirectories = paths(v, key);
        case "baselineDirectory" -> o.baselineDirectory = Path.of(string(v, key));
        case "acknowledgements" ->
            o.acknowledgements = objects(v, key, AcknowledgementConfig.class);
        case "repositories" -> o.repositories = objects(v, key, GoalOptions.RepositoryConfig.class);
        case "localRepository" -> o.localRepository = Path.of(string(v, key));
        default -> throw unknown(key, "the file", TOP);
      }
    }
    for (int i = 0; i < o.contracts.size(); i++) {
      if (o.contracts.get(i).serverId != null) {
        throw at(
            "contracts[" + i + "].serverId",
            "names a settings.xml server, which only Maven reads; give the credential in an"
                + " environment variable with authorizationEnv");
      }
    }
  }

  private GoalException unknown(String key, String where, List<String> keys) {
    return fail(
        file
            + ": "
            + where
            + " has the unknown key "
            + JsonText.shown(key)
            + "; its keys are "
            + String.join(", ", new TreeSet<>(keys))
            + Names.didYouMean(key, keys));
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> object(Object value, String path) throws GoalException {
    if (!(value instanceof Map<?, ?>)) {
      throw at(path, "is " + JsonTree.describe(value) + ", not an object");
    }
    return (Map<String, Object>) value;
  }

  private List<Object> array(Object value, String path) throws GoalException {
    if (!(value instanceof List<?> l)) {
      throw at(path, "is " + JsonTree.describe(value) + ", not an array");
    }
    return new ArrayList<>(l);
  }

  /** A string, with each {@code ${env.NAME}} in it replaced by the variable's value. */
  private String string(Object value, String path) throws GoalException {
    if (!(value instanceof String s)) {
      throw at(path, "is " + JsonTree.describe(value) + ", not a string");
    }
    Matcher m = ENV.matcher(s);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String v = env.apply(m.group(1));
      if (v == null) {
        throw at(
            path,
            "names ${env." + m.group(1) + "}, which is not set; export it before running agentkit");
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(v));
    }
    m.appendTail(sb);
    if (s.replaceAll(ENV.pattern(), "").contains("${")) {
      throw at(
          path,
          "holds a ${...} expression other than ${env.NAME}, which is all the command line"
              + " expands (the value is not shown)");
    }
    return sb.toString();
  }

  private List<String> strings(Object value, String path) throws GoalException {
    List<String> out = new ArrayList<>();
    List<Object> items = array(value, path);
    for (int i = 0; i < items.size(); i++) {
      out.add(string(items.get(i), path + "[" + i + "]"));
    }
    return out;
  }

  private List<Path> paths(Object value, String path) throws GoalException {
    List<Path> out = new ArrayList<>();
    for (String s : strings(value, path)) {
      out.add(Path.of(s));
    }
    return out;
  }

  private <T> List<T> objects(Object value, String path, Class<T> type) throws GoalException {
    List<T> out = new ArrayList<>();
    List<Object> items = array(value, path);
    for (int i = 0; i < items.size(); i++) {
      out.add(bean(items.get(i), path + "[" + i + "]", type));
    }
    return out;
  }

  /** An object of a configuration class: each key set on the field of its name. */
  private <T> T bean(Object value, String path, Class<T> type) throws GoalException {
    Map<String, Object> m = object(value, path);
    T bean;
    try {
      var ctor = type.getDeclaredConstructor();
      bean = ctor.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("configuration class " + type + " has no usable constructor");
    }
    Map<String, Field> fields = fields(type);
    for (Map.Entry<String, Object> e : m.entrySet()) {
      Field f = fields.get(e.getKey());
      String at = path + "." + e.getKey();
      if (f == null) {
        throw unknown(e.getKey(), path, new ArrayList<>(fields.keySet()));
      }
      set(bean, f, convert(e.getValue(), at, f.getGenericType()));
    }
    return bean;
  }

  /** The settable fields of a configuration class, by name. */
  private static Map<String, Field> fields(Class<?> type) {
    Map<String, Field> out = new LinkedHashMap<>();
    for (Field f : type.getDeclaredFields()) {
      if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
        out.put(f.getName(), f);
      }
    }
    return out;
  }

  private static void set(Object bean, Field f, Object value) {
    try {
      f.set(bean, value);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("configuration field " + f + " cannot be set", e);
    }
  }

  /** A JSON value as a field's type: a row per type the configuration classes declare. */
  private Object convert(Object value, String path, Type type) throws GoalException {
    if (type == String.class) {
      return string(value, path);
    }
    if (type == int.class || type == long.class) {
      return number(value, path, type == int.class);
    }
    if (type == McpConfig.class) {
      return bean(value, path, McpConfig.class);
    }
    if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
      Type item = p.getActualTypeArguments()[0];
      if (item == String.class) {
        return strings(value, path);
      }
      return objects(value, path, (Class<?>) item);
    }
    if (type instanceof ParameterizedType p && p.getRawType() == Map.class) {
      Map<String, String> out = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : object(value, path).entrySet()) {
        out.put(e.getKey(), string(e.getValue(), path + "." + e.getKey()));
      }
      return out;
    }
    throw new IllegalStateException("no conversion to " + type + " for " + path);
  }

  private Object number(Object value, String path, boolean isInt) throws GoalException {
    if (value instanceof BigDecimal n) {
      try {
        return isInt ? (Object) n.intValueExact() : (Object) n.longValueExact();
      } catch (ArithmeticException e) {
        // fall through to the sentence below
      }
    }
    throw at(
        path,
        "is "
            + JsonTree.describe(value)
            + ", not a whole number"
            + (isInt ? " of at most " + Integer.MAX_VALUE : ""));
  }
}
