package dev.agentkit.internal;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.ContractName;
import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.internal.text.Names;
import dev.agentkit.internal.text.RuntimeMessage;
import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads a {@link UsesManifest} as {@link UsesManifest#encode} writes it. A manifest comes from
 * another team's build through a repository, so it is read as hostile: bounded in size, depth and
 * count, every key required and none unknown, every name readable, every value checked; the first
 * problem is reported as one sentence naming the file and the JSON path. Stateless and thread-safe.
 * Not API: see the package documentation.
 */
public final class UsesManifestReader {
  /** The largest manifest read, in bytes. */
  public static final int MAX_BYTES = 4 << 20;

  /** The most acts, and local acts, one manifest may list. */
  static final int MAX_ACTS = 10_000;

  /** The longest opcode, operand name, state or value read, in characters. */
  private static final int MAX_NAME_CHARS = 1_024;

  private static final int MAX_DEPTH = 8;
  private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");
  private static final List<String> ROOT_KEYS =
      List.of("format", "contract", "agent", "digest", "acts", "local_acts");
  private static final List<String> USE_KEYS =
      List.of(
          "opcode",
          "category",
          "input",
          "terminal_states",
          "structured",
          "run",
          "ask",
          "asserted_tier",
          "tier_override",
          "enum_values");
  private static final List<String> OVERRIDE_KEYS = List.of("tier", "may_lower");

  private UsesManifestReader() {}

  /**
   * A manifest that cannot be read; the message is one sentence, tagged {@code [UsesManifest]},
   * naming the file and what is wrong.
   */
  public static final class Malformed extends Exception {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Reads one manifest.
   *
   * @param bytes the file's content, UTF-8
   * @param origin where it came from, for messages (an artifact's coordinates and entry, a path)
   * @throws Malformed naming the origin and the first problem
   */
  public static UsesManifest read(byte[] bytes, String origin) throws Malformed {
    String at = LineText.of(origin);
    if (bytes.length > MAX_BYTES) {
      throw malformed(
          at,
          "is larger than "
              + MAX_BYTES
              + " bytes, the most a manifest may be; one the processor wrote is far smaller");
    }
    Object root;
    try {
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(java.nio.ByteBuffer.wrap(bytes))
              .toString();
      root = JsonTree.parse(text, MAX_DEPTH);
    } catch (CharacterCodingException e) {
      throw malformed(at, "is not UTF-8 text");
    } catch (JsonTree.Malformed e) {
      throw malformed(at, "is not JSON: " + e.getMessage());
    }
    return new Walk(at).root(root);
  }

  private static Malformed malformed(String origin, String what) {
    return new Malformed(RuntimeMessage.USES_MANIFEST.format(origin, what));
  }

  /** One read: the origin, for every message. */
  private record Walk(String origin) {
    UsesManifest root(Object value) throws Malformed {
      Map<String, Object> root = object(value, "$", ROOT_KEYS);
      format(root.get("format"));
      String contract = string(root, "contract", "$");
      List<String> problems = ContractName.problems(contract);
      if (!problems.isEmpty()) {
        throw fail("$.contract: " + problems.get(0));
      }
      String agent = name(string(root, "agent", "$"), "$.agent");
      if (agent.isEmpty()) {
        throw fail("$.agent is empty; it is the agent's qualified class name");
      }
      String digest = string(root, "digest", "$");
      if (!DIGEST.matcher(digest).matches()) {
        throw fail("$.digest " + JsonText.shown(digest) + " is not sha256:<64 hex digits>");
      }
      List<Object> acts = array(root.get("acts"), "$.acts");
      List<UsesManifest.Use> uses = new ArrayList<>(acts.size());
      Set<String> opcodes = new HashSet<>();
      for (int i = 0; i < acts.size(); i++) {
        UsesManifest.Use u = use(acts.get(i), "$.acts[" + i + "]");
        unique(opcodes, u.opcode(), "$.acts[" + i + "].opcode");
        uses.add(u);
      }
      List<String> locals = names(root.get("local_acts"), "$.local_acts");
      for (int i = 0; i < locals.size(); i++) {
        unique(opcodes, locals.get(i), "$.local_acts[" + i + "]");
      }
      return new UsesManifest(contract, agent, digest, uses, locals);
    }

    private void format(Object value) throws Malformed {
      if (!(value instanceof BigDecimal n) || n.signum() <= 0 || n.scale() > 0) {
        throw fail("$.format is " + JsonTree.describe(value) + ", not a format number");
      }
      if (n.compareTo(BigDecimal.valueOf(UsesManifest.FORMAT)) != 0) {
        throw new Malformed(
            RuntimeMessage.USES_MANIFEST_FORMAT.format(
                origin, n.toPlainString(), UsesManifest.FORMAT));
      }
    }

    private UsesManifest.Use use(Object value, String path) throws Malformed {
      Map<String, Object> m = object(value, path, USE_KEYS);
      String opcode = name(string(m, "opcode", path), path + ".opcode");
      if (opcode.isEmpty()) {
        throw fail(path + ".opcode is empty");
      }
      ChangeCategory category = parse(m, "category", path, ChangeCategory::parse);
      Map<String, Object> override = nullable(m.get("tier_override"), path + ".tier_override");
      return new UsesManifest.Use(
          opcode,
          category,
          name(string(m, "input", path), path + ".input"),
          names(m.get("terminal_states"), path + ".terminal_states"),
          names(m.get("structured"), path + ".structured"),
          bool(m.get("run"), path + ".run"),
          bool(m.get("ask"), path + ".ask"),
          m.get("asserted_tier") == null ? null : parse(m, "asserted_tier", path, Tier::parse),
          override == null ? null : overridden(override, path + ".tier_override"),
          enumValues(m.get("enum_values"), path + ".enum_values"));
    }

    private UsesManifest.Overridden overridden(Map<String, Object> m, String path)
        throws Malformed {
      check(m, path, OVERRIDE_KEYS);
      return new UsesManifest.Overridden(
          parse(m, "tier", path, Tier::parse), bool(m.get("may_lower"), path + ".may_lower"));
    }

    private Map<String, List<String>> enumValues(Object value, String path) throws Malformed {
      if (!(value instanceof Map<?, ?> raw)) {
        throw fail(path + " is " + JsonTree.describe(value) + ", not an object");
      }
      Map<String, List<String>> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : raw.entrySet()) {
        String operand = name((String) e.getKey(), path);
        out.put(operand, names(e.getValue(), path + "." + operand));
      }
      return out;
    }

    private <T> T parse(Map<String, Object> m, String key, String path, Function<String, T> parser)
        throws Malformed {
      String text = string(m, key, path);
      try {
        return parser.apply(text);
      } catch (IllegalArgumentException e) {
        throw fail(
            path
                + "."
                + key
                + ": "
                + e.getMessage()
                + " (a manifest of a newer agentkit: upgrade agentkit in the backend's build)");
      }
    }

    private Map<String, Object> object(Object value, String path, List<String> keys)
        throws Malformed {
      Map<String, Object> m = nullable(value, path);
      if (m == null) {
        throw fail(path + " is null, not an object");
      }
      check(m, path, keys);
      return m;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> nullable(Object value, String path) throws Malformed {
      if (value == null) {
        return null;
      }
      if (!(value instanceof Map<?, ?>)) {
        throw fail(path + " is " + JsonTree.describe(value) + ", not an object");
      }
      return (Map<String, Object>) value;
    }

    /** Every key given, and none other. */
    private void check(Map<String, Object> m, String path, List<String> keys) throws Malformed {
      for (String key : m.keySet()) {
        if (!keys.contains(key)) {
          throw fail(
              path
                  + " has the unknown key "
                  + JsonText.shown(key)
                  + " (its keys are "
                  + String.join(", ", keys)
                  + ")"
                  + Names.didYouMean(key, keys));
        }
      }
      for (String key : keys) {
        if (!m.containsKey(key)) {
          throw fail(path + " has no " + JsonText.shown(key));
        }
      }
    }

    private String string(Map<String, Object> m, String key, String path) throws Malformed {
      Object v = m.get(key);
      if (!(v instanceof String s)) {
        throw fail(path + "." + key + " is " + JsonTree.describe(v) + ", not a string");
      }
      return s;
    }

    private boolean bool(Object value, String path) throws Malformed {
      if (!(value instanceof Boolean b)) {
        throw fail(path + " is " + JsonTree.describe(value) + ", not true or false");
      }
      return b;
    }

    private List<Object> array(Object value, String path) throws Malformed {
      if (!(value instanceof List<?> list)) {
        throw fail(path + " is " + JsonTree.describe(value) + ", not an array");
      }
      if (list.size() > MAX_ACTS) {
        throw fail(path + " has " + list.size() + " entries; at most " + MAX_ACTS + " are read");
      }
      return new ArrayList<>(list);
    }

    private List<String> names(Object value, String path) throws Malformed {
      List<Object> items = array(value, path);
      List<String> out = new ArrayList<>(items.size());
      for (int i = 0; i < items.size(); i++) {
        String at = path + "[" + i + "]";
        if (!(items.get(i) instanceof String s)) {
          throw fail(at + " is " + JsonTree.describe(items.get(i)) + ", not a string");
        }
        out.add(name(s, at));
      }
      return out;
    }

    /** A name no line can be forged with, and of a sane length. */
    private String name(String s, String path) throws Malformed {
      if (s.length() > MAX_NAME_CHARS) {
        throw fail(path + " is " + s.length() + " characters; at most " + MAX_NAME_CHARS);
      }
      int cp = LineText.unreadableInName(s);
      if (cp >= 0) {
        throw fail(path + " " + JsonText.shown(s) + " holds " + LineText.unreadableKind(cp));
      }
      return s;
    }

    private void unique(Set<String> seen, String opcode, String path) throws Malformed {
      if (!seen.add(opcode)) {
        throw fail(path + ": opcode " + JsonText.shown(opcode) + " appears twice");
      }
    }

    private Malformed fail(String what) {
      return malformed(origin + ":", what);
    }
  }
}
