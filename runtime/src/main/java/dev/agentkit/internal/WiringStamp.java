package dev.agentkit.internal;

import java.io.IOException;
import java.io.Reader;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What the annotation processor records beside each agent's wiring, and the one codec that writes
 * and reads it: the contract, the snapshot file and digest the wiring was generated from, the
 * wiring class, the constants of its enums, and the backend ops the agent uses with their handlers.
 * The Maven plugin reads it to tell a stale wiring and to grade drift for the agents it knows; the
 * processor reads the previous one to tell a constant the contract dropped from one it never had.
 *
 * <p>The text is the {@link Properties} format, read back by {@link Properties#load(Reader)}; keys
 * and values are escaped so that any string (separators, comment marks, line breaks, non-ASCII)
 * reads back exactly, and the text is pure ASCII, sorted and dated nowhere, so it is the same for
 * the same input. Not API: see the package documentation.
 *
 * @param contract the contract's name
 * @param snapshot the snapshot file the wiring was generated from, or empty
 * @param digest the snapshot's digest
 * @param acts the backend ops the agent uses, by opcode
 * @param wiring the binary name of the generated wiring class, or empty when not recorded (a stamp
 *     of an earlier processor)
 * @param enums the constants of each enum the wiring declares, by the enum's binary name
 */
public record WiringStamp(
    String contract,
    String snapshot,
    String digest,
    Map<String, Act> acts,
    String wiring,
    Map<String, List<String>> enums) {
  /** The class-output directory of the stamps, one {@code <agent FQN>.properties} each. */
  public static final String LOCATION = "META-INF/agentkit/wiring";

  private static final String ACT = "act.";
  private static final String ENUM = "enum.";

  /**
   * How an agent uses one backend op.
   *
   * @param run whether it has a run handler
   * @param ask whether it has ask wording
   * @param input the operand its premise compares, or empty
   */
  public record Act(boolean run, boolean ask, String input) {
    /** A null input becomes empty. */
    public Act {
      input = input == null ? "" : input;
    }

    String encode() {
      return (run ? "run" : "-") + "," + (ask ? "ask" : "-") + "," + input;
    }

    static Act decode(String text) {
      String[] f = text.split(",", 3);
      return new Act(
          f[0].equals("run"), f.length > 1 && f[1].equals("ask"), f.length > 2 ? f[2] : "");
    }
  }

  /** Copies the acts and enums into sorted maps; null strings become empty. */
  public WiringStamp {
    contract = Objects.requireNonNullElse(contract, "");
    snapshot = Objects.requireNonNullElse(snapshot, "");
    digest = Objects.requireNonNullElse(digest, "");
    acts = Collections.unmodifiableMap(new TreeMap<>(acts == null ? Map.of() : acts));
    wiring = Objects.requireNonNullElse(wiring, "");
    Map<String, List<String>> copy = new TreeMap<>();
    (enums == null ? Map.<String, List<String>>of() : enums)
        .forEach((k, v) -> copy.put(k, List.copyOf(v)));
    enums = Collections.unmodifiableMap(copy);
  }

  /** A stamp that records no wiring class and no enums. */
  public WiringStamp(String contract, String snapshot, String digest, Map<String, Act> acts) {
    this(contract, snapshot, digest, acts, "", Map.of());
  }

  /**
   * The path of the wiring's class file (or of one of its nested classes') in a class output, by
   * binary name: {@code a.b.X_Wiring$View} is {@code a/b/X_Wiring$View.class}.
   */
  public static String classFile(String binaryName) {
    return binaryName.replace('.', '/') + ".class";
  }

  /** The stamp's path in the class output for an agent, by its qualified name. */
  public static String path(String agent) {
    return LOCATION + "/" + agent + ".properties";
  }

  /** The stamp as text: ASCII, one sorted entry per line, every key and value escaped. */
  public String encode() {
    StringBuilder sb = new StringBuilder("# Written by the agentkit processor; do not edit.\n");
    entry(sb, "contract", contract);
    entry(sb, "digest", digest);
    entry(sb, "snapshot", snapshot);
    if (!wiring.isEmpty()) {
      entry(sb, "wiring", wiring);
    }
    for (Map.Entry<String, Act> a : acts.entrySet()) {
      entry(sb, ACT + a.getKey(), a.getValue().encode());
    }
    for (Map.Entry<String, List<String>> e : enums.entrySet()) {
      entry(sb, ENUM + e.getKey(), String.join(",", e.getValue()));
    }
    return sb.toString();
  }

  /**
   * Reads a stamp written by {@link #encode()} (or by an earlier processor, whose unescaped text
   * reads the same for the opcodes it could write).
   *
   * @throws IOException when the reader fails or the text is malformed
   */
  public static WiringStamp decode(Reader in) throws IOException {
    Properties p = new Properties();
    try {
      p.load(in);
    } catch (IllegalArgumentException e) {
      throw new IOException("malformed stamp: " + e.getMessage(), e);
    }
    Map<String, Act> acts = new TreeMap<>();
    Map<String, List<String>> enums = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      String value = p.getProperty(key);
      if (key.startsWith(ACT)) {
        acts.put(key.substring(ACT.length()), Act.decode(value));
      } else if (key.startsWith(ENUM)) {
        enums.put(
            key.substring(ENUM.length()), value.isEmpty() ? List.of() : List.of(value.split(",")));
      }
    }
    return new WiringStamp(
        p.getProperty("contract"),
        p.getProperty("snapshot"),
        p.getProperty("digest"),
        acts,
        p.getProperty("wiring"),
        enums);
  }

  private static void entry(StringBuilder sb, String key, String value) {
    escape(sb, key);
    sb.append('=');
    escape(sb, value);
    sb.append('\n');
  }

  /** Escapes for {@link Properties#load}: every char that means something there, and non-ASCII. */
  private static void escape(StringBuilder sb, String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\', '=', ':', '#', '!', ' ' -> sb.append('\\').append(c);
        case '\t' -> sb.append("\\t");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\f' -> sb.append("\\f");
        default -> {
          if (c < 0x20 || c > 0x7e) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
  }
}
