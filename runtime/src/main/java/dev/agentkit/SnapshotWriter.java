package dev.agentkit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Writes the canonical snapshot JSON: fixed key order, every key always present, two-space
 * indentation, {@code \n} line ends, ops sorted by opcode, operands and enum values in the
 * contract's order, no timestamp. The digest is SHA-256 over the compact form of the ops array.
 */
final class SnapshotWriter {
  /** The snapshot format version this code writes and reads. */
  static final int FORMAT = 1;

  private SnapshotWriter() {}

  static String digestOf(List<Action> sortedOps) {
    StringBuilder sb = new StringBuilder(sortedOps.size() * 512);
    writeOps(sb, sortedOps, false, 0);
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] hash = sha.digest(sb.toString().getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(hash);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256, which every Java SE JVM must", e);
    }
  }

  static String write(Contract contract) {
    StringBuilder sb = new StringBuilder(contract.ops().size() * 700 + 256);
    sb.append("{\n");
    sb.append("  \"format\": ").append(FORMAT).append(",\n");
    sb.append("  \"contract\": ");
    string(sb, contract.name());
    sb.append(",\n  \"source\": ");
    string(sb, contract.source());
    sb.append(",\n  \"digest\": ");
    string(sb, contract.digest());
    sb.append(",\n  \"ops\": ");
    writeOps(sb, contract.ops(), true, 1);
    sb.append("\n}\n");
    return sb.toString();
  }

  private static void writeOps(StringBuilder sb, List<Action> ops, boolean pretty, int depth) {
    if (ops.isEmpty()) {
      sb.append("[]");
      return;
    }
    sb.append('[');
    for (int i = 0; i < ops.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      newline(sb, pretty, depth + 1);
      writeOp(sb, ops.get(i), pretty, depth + 1);
    }
    newline(sb, pretty, depth);
    sb.append(']');
  }

  private static void writeOp(StringBuilder sb, Action op, boolean pretty, int depth) {
    sb.append('{');
    key(sb, "opcode", pretty, depth + 1, true);
    string(sb, op.opcode());
    key(sb, "description", pretty, depth + 1, false);
    string(sb, op.description());
    key(sb, "object_type", pretty, depth + 1, false);
    string(sb, op.objectType());
    key(sb, "tier", pretty, depth + 1, false);
    string(sb, op.tier() == null ? "" : op.tier().wireName());
    key(sb, "operands", pretty, depth + 1, false);
    List<Operand> operands = op.operands();
    if (operands.isEmpty()) {
      sb.append("[]");
    } else {
      sb.append('[');
      for (int i = 0; i < operands.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        newline(sb, pretty, depth + 2);
        writeOperand(sb, operands.get(i), pretty, depth + 2);
      }
      newline(sb, pretty, depth + 1);
      sb.append(']');
    }
    newline(sb, pretty, depth);
    sb.append('}');
  }

  private static void writeOperand(StringBuilder sb, Operand o, boolean pretty, int depth) {
    sb.append('{');
    key(sb, "name", pretty, depth + 1, true);
    string(sb, o.name());
    key(sb, "description", pretty, depth + 1, false);
    string(sb, o.description());
    key(sb, "type", pretty, depth + 1, false);
    string(sb, o.type().wireName());
    key(sb, "required", pretty, depth + 1, false);
    sb.append(o.required());
    key(sb, "list", pretty, depth + 1, false);
    sb.append(o.list());
    key(sb, "enum", pretty, depth + 1, false);
    List<String> values = o.enumValues();
    sb.append('[');
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        sb.append(pretty ? ", " : ",");
      }
      string(sb, values.get(i));
    }
    sb.append(']');
    newline(sb, pretty, depth);
    sb.append('}');
  }

  private static void key(StringBuilder sb, String key, boolean pretty, int depth, boolean first) {
    if (!first) {
      sb.append(',');
    }
    newline(sb, pretty, depth);
    sb.append('"').append(key).append(pretty ? "\": " : "\":");
  }

  private static void newline(StringBuilder sb, boolean pretty, int depth) {
    if (pretty) {
      sb.append('\n');
      for (int i = 0; i < depth; i++) {
        sb.append("  ");
      }
    }
  }

  /** Appends a JSON string; escapes only what JSON requires, so output is stable. */
  static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
