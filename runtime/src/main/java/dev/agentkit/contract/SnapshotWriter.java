package dev.agentkit.contract;

import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.Names;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Writes the canonical snapshot JSON: fixed key order, two-space indentation, {@code \n} line ends,
 * ops sorted by opcode, operands and enum values in the contract's order, no timestamp. Every key
 * of format 1 is always present; the keys of a schema tree only where they apply ({@link
 * SchemaJson}). The digest is SHA-256 over the compact form of the ops array (the same keys in the
 * same order, with no whitespace at all), encoded as UTF-8; an op format 1 could say has the digest
 * format 1 gave it.
 */
final class SnapshotWriter {
  /** The snapshot format version this code writes. */
  static final int FORMAT = 2;

  /** The oldest format this code reads. */
  static final int OLDEST_FORMAT = 1;

  private SnapshotWriter() {}

  /** {@code sha256:<hex>} over the compact JSON of the ops array. */
  static String digestOf(List<Op> sortedOps) {
    Digest digest = new Digest();
    for (Op op : sortedOps) {
      digest.add(op);
    }
    return digest.finish();
  }

  /**
   * The digest of a contract with tier overrides: SHA-256 over the UTF-8 bytes of its ops' digest
   * ({@code sha256:<hex>}) followed by the compact JSON of the overrides.
   */
  static String chainDigest(String opsDigest, String compactTiers) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(opsDigest.getBytes(StandardCharsets.UTF_8));
      sha.update(compactTiers.getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  static String write(Contract contract) {
    StringBuilder sb = new StringBuilder(contract.ops().size() * 700 + 256);
    sb.append("{\n");
    sb.append("  \"format\": ").append(FORMAT).append(",\n");
    sb.append("  \"contract\": ");
    JsonText.string(sb, contract.name());
    sb.append(",\n  \"source\": ");
    JsonText.string(sb, contract.source());
    sb.append(",\n  \"digest\": ");
    JsonText.string(sb, contract.digest());
    sb.append(",\n  \"ops\": ");
    writeOps(sb, contract.servedOps(), 1);
    writeTiers(sb, contract.tierOverrides());
    contract.document().ifPresent(d -> writeDocument(sb, d));
    sb.append("\n}\n");
    return sb.toString();
  }

  /** The document the contract was read from, last, only when its source recorded one. */
  private static void writeDocument(StringBuilder sb, SourceDocument document) {
    sb.append(",\n  \"document\": {");
    key(sb, "digest", 2, true);
    JsonText.string(sb, document.digest());
    key(sb, "mapping", 2, false);
    JsonText.string(sb, document.mapping());
    newline(sb, 1);
    sb.append('}');
  }

  /** The user's tier overrides after the ops, only when there are any. */
  private static void writeTiers(StringBuilder sb, List<TierOverride> tiers) {
    if (tiers.isEmpty()) {
      return;
    }
    sb.append(",\n  \"tiers\": [");
    for (int i = 0; i < tiers.size(); i++) {
      TierOverride o = tiers.get(i);
      sb.append(i == 0 ? "" : ",");
      newline(sb, 2);
      sb.append('{');
      key(sb, o.isPattern() ? "pattern" : "opcode", 3, true);
      JsonText.string(sb, o.isPattern() ? o.pattern() : o.opcode());
      key(sb, "tier", 3, false);
      JsonText.string(sb, o.tier().wireName());
      key(sb, "reason", 3, false);
      JsonText.string(sb, o.reason());
      newline(sb, 2);
      sb.append('}');
    }
    newline(sb, 1);
    sb.append(']');
  }

  private static void writeOps(StringBuilder sb, List<Op> ops, int depth) {
    if (ops.isEmpty()) {
      sb.append("[]");
      return;
    }
    sb.append('[');
    for (int i = 0; i < ops.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      newline(sb, depth + 1);
      writeOp(sb, ops.get(i), depth + 1);
    }
    newline(sb, depth);
    sb.append(']');
  }

  private static void writeOp(StringBuilder sb, Op op, int depth) {
    sb.append('{');
    key(sb, "opcode", depth + 1, true);
    JsonText.string(sb, op.opcode());
    key(sb, "description", depth + 1, false);
    JsonText.string(sb, op.description());
    key(sb, "object_type", depth + 1, false);
    JsonText.string(sb, op.objectType());
    key(sb, "tier", depth + 1, false);
    JsonText.string(sb, op.tierName());
    key(sb, "operands", depth + 1, false);
    List<Operand> operands = op.operands();
    if (operands.isEmpty()) {
      sb.append("[]");
    } else {
      sb.append('[');
      for (int i = 0; i < operands.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        newline(sb, depth + 2);
        writeOperand(sb, operands.get(i), depth + 2);
      }
      newline(sb, depth + 1);
      sb.append(']');
    }
    newline(sb, depth);
    sb.append('}');
  }

  private static void writeOperand(StringBuilder sb, Operand o, int depth) {
    SchemaJson.operand(sb, o, depth, true);
  }

  private static void key(StringBuilder sb, String key, int depth, boolean first) {
    if (!first) {
      sb.append(',');
    }
    newline(sb, depth);
    sb.append('"').append(key).append("\": ");
  }

  private static void newline(StringBuilder sb, int depth) {
    sb.append('\n');
    for (int i = 0; i < depth; i++) {
      sb.append("  ");
    }
  }

  /**
   * The digest of ops given one at a time, in opcode order: their compact JSON, UTF-8 encoded, is
   * hashed a chunk at a time, so a large contract is never held as one text.
   *
   * <p>For a document of megabytes, SHA-256 is a large part of reading it; such a digest takes the
   * ops in batches and writes and hashes them on a background thread while the reader goes on
   * parsing. The result is the same either way. Not thread-safe.
   */
  static final class Digest {
    private static final int BATCH = 256;

    private final Compact compact;
    private final Executor background;
    private byte[] source;
    private List<Op> ops = new ArrayList<>();
    private List<int[]> raws = new ArrayList<>();

    /** A digest that hashes on the calling thread. */
    Digest() {
      this(false);
    }

    /** A digest that, when {@code inBackground}, hashes on a background thread. */
    Digest(boolean inBackground) {
      compact = new Compact();
      background = inBackground ? Hasher.EXECUTOR : null;
    }

    /** Adds the next op; its opcode must sort after the previous op's. */
    void add(Op op) {
      add(op, null, null);
    }

    /**
     * Adds the next op, copying string literals from the document it was read from where they
     * already are in canonical form, which spares escaping them again.
     *
     * @param source the document, or null; it must not change until {@link #finish}
     * @param raw the op's strings in compact order (opcode, description, object type, then for each
     *     operand its name, description and enum values): for each, the offset in {@code source} of
     *     its opening quote when the literal there is exactly its canonical form (plain ASCII with
     *     no escape), else -1; read before this method returns
     */
    void add(Op op, byte[] source, int[] raw) {
      if (background == null) {
        compact.add(op, source, raw);
        return;
      }
      this.source = source;
      ops.add(op);
      raws.add(raw == null ? null : Arrays.copyOf(raw, stringCount(op)));
      if (ops.size() == BATCH) {
        handOver();
      }
    }

    /** {@code sha256:<hex>} of the ops added; the digest cannot be used afterwards. */
    String finish() {
      if (background == null) {
        return compact.finish();
      }
      handOver();
      // The executor runs one task at a time in order, so this runs after every batch before it.
      FutureTask<String> done = new FutureTask<>(compact::finish);
      background.execute(done);
      boolean interrupted = false;
      try {
        while (true) {
          try {
            return done.get();
          } catch (InterruptedException e) {
            interrupted = true; // the hash is nearly done: finish it, then restore the interrupt
          } catch (ExecutionException e) {
            throw new IllegalStateException("hashing the snapshot failed", e.getCause());
          }
        }
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }

    private void handOver() {
      if (ops.isEmpty()) {
        return;
      }
      List<Op> batch = ops;
      List<int[]> batchRaws = raws;
      byte[] batchSource = source;
      background.execute(
          () -> {
            for (int i = 0; i < batch.size(); i++) {
              compact.add(batch.get(i), batchSource, batchRaws.get(i));
            }
          });
      ops = new ArrayList<>(BATCH);
      raws = new ArrayList<>(BATCH);
    }

    private static int stringCount(Op op) {
      int count = 3;
      for (Operand o : op.operands()) {
        count += 2 + o.enumValues().size();
      }
      return count;
    }
  }

  /**
   * Writes ops in the compact form and hashes it. The compact form of an op is {@code
   * {"opcode":…,"description":…,"object_type":…,"tier":…,"operands":[…]}}, of an operand {@code
   * {"name":…,"description":…,"type":…,"required":…,"list":…,"enum":[…]}}, strings escaped as
   * {@link #string} escapes them, with no whitespace at all. Used by one thread at a time.
   */
  private static final class Compact {
    private static final byte[] OPCODE = ascii("{\"opcode\":");
    private static final byte[] DESCRIPTION = ascii(",\"description\":");
    private static final byte[] OBJECT_TYPE = ascii(",\"object_type\":");
    private static final byte[] TIER = ascii(",\"tier\":");
    private static final byte[] OPERANDS = ascii(",\"operands\":[");
    private static final byte[] NAME = ascii("{\"name\":");
    private static final byte[] TYPE = ascii(",\"type\":");
    private static final byte[] REQUIRED = ascii(",\"required\":");
    private static final byte[] LIST = ascii(",\"list\":");
    private static final byte[] ENUM = ascii(",\"enum\":[");
    private static final byte[] CLOSE = ascii("]}");
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NO_TIER = ascii("\"\"");
    private static final byte[][] TIERS = quoted(Names.wireNames(Tier.values(), Tier::wireName));
    private static final byte[][] TYPES =
        quoted(Names.wireNames(OperandType.values(), OperandType::wireName));

    private final MessageDigest sha;
    private final byte[] buffer = new byte[16 * 1024];
    private int length;
    private boolean empty = true;
    private final StringBuilder scratch = new StringBuilder();
    // The document the current op was read from and its literals; see Digest.add.
    private byte[] source;
    private int[] raw;
    private int next;

    Compact() {
      try {
        sha = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("this JVM has no SHA-256, which every Java SE JVM must", e);
      }
    }

    void add(Op op, byte[] source, int[] raw) {
      this.source = source;
      this.raw = raw;
      this.next = 0;
      put(empty ? '[' : ',');
      empty = false;
      put(OPCODE);
      string(op.opcode());
      put(DESCRIPTION);
      string(op.description());
      put(OBJECT_TYPE);
      string(op.objectType());
      put(TIER);
      if (op.hasUnknownTier()) {
        name(op.unknownTier());
      } else {
        put(op.tier() == null ? NO_TIER : TIERS[op.tier().ordinal()]);
      }
      put(OPERANDS);
      List<Operand> operands = op.operands();
      for (int i = 0; i < operands.size(); i++) {
        Operand o = operands.get(i);
        if (i > 0) {
          put(',');
        }
        if (!o.isFlat()) {
          // A tree: written whole, with no literal of the source (the reader gives none for it).
          scratch.setLength(0);
          SchemaJson.operand(scratch, o, 0, false);
          putText(scratch);
          continue;
        }
        put(NAME);
        string(o.name());
        put(DESCRIPTION);
        string(o.description());
        put(TYPE);
        if (o.hasUnknownType()) {
          name(o.unknownType());
        } else {
          put(TYPES[o.type().ordinal()]);
        }
        put(REQUIRED);
        put(o.required() ? TRUE : FALSE);
        put(LIST);
        put(o.list() ? TRUE : FALSE);
        put(ENUM);
        List<String> values = o.enumValues();
        for (int j = 0; j < values.size(); j++) {
          if (j > 0) {
            put(',');
          }
          string(values.get(j));
        }
        put(CLOSE);
      }
      put(CLOSE);
    }

    String finish() {
      if (empty) {
        put('[');
      }
      put(']');
      sha.update(buffer, 0, length);
      length = 0;
      return "sha256:" + HexFormat.of().formatHex(sha.digest());
    }

    private void string(String s) {
      int at = raw == null ? -1 : raw[next];
      next++;
      if (at >= 0) {
        put(source, at, s.length() + 2);
      } else {
        scratch.setLength(0);
        JsonText.string(scratch, s);
        putText(scratch);
      }
    }

    /** A name as served (an unknown tier or type), which has no literal in the source. */
    private void name(String s) {
      scratch.setLength(0);
      JsonText.string(scratch, s);
      putText(scratch);
    }

    /** The UTF-8 bytes of a text: ASCII copied as it is, the rest encoded by the platform. */
    private void putText(CharSequence text) {
      int n = text.length();
      int i = 0;
      for (; i < n; i++) {
        char c = text.charAt(i);
        if (c >= 0x80) {
          break;
        }
        if (length == buffer.length) {
          flush();
        }
        buffer[length++] = (byte) c;
      }
      if (i < n) {
        put(text.subSequence(i, n).toString().getBytes(StandardCharsets.UTF_8));
      }
    }

    private void put(char c) {
      if (length == buffer.length) {
        flush();
      }
      buffer[length++] = (byte) c;
    }

    private void put(byte[] bytes) {
      put(bytes, 0, bytes.length);
    }

    private void put(byte[] bytes, int from, int count) {
      if (length + count > buffer.length) {
        flush();
        if (count > buffer.length) {
          sha.update(bytes, from, count);
          return;
        }
      }
      System.arraycopy(bytes, from, buffer, length, count);
      length += count;
    }

    private void flush() {
      sha.update(buffer, 0, length);
      length = 0;
    }

    private static byte[] ascii(String s) {
      return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Each name as a JSON string, by the ordinal of the constant it names. */
    private static byte[][] quoted(List<String> names) {
      byte[][] out = new byte[names.size()][];
      for (int i = 0; i < out.length; i++) {
        out[i] = ascii('"' + names.get(i) + '"');
      }
      return out;
    }
  }

  /**
   * One daemon thread, started when first needed and stopped when idle, that runs the work of every
   * background digest in the order it arrives.
   */
  private static final class Hasher {
    static final ThreadPoolExecutor EXECUTOR = create();

    private static ThreadPoolExecutor create() {
      ThreadPoolExecutor executor =
          new ThreadPoolExecutor(
              1,
              1,
              10,
              TimeUnit.SECONDS,
              new LinkedBlockingQueue<>(),
              task -> {
                Thread thread = new Thread(task, "agentkit-snapshot-digest");
                thread.setDaemon(true);
                return thread;
              });
      executor.allowCoreThreadTimeOut(true);
      return executor;
    }
  }
}
