package dev.agentkit.contract;

import static dev.agentkit.contract.DocumentErrors.REGENERATE;
import static dev.agentkit.contract.DocumentErrors.quote;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.base.ParserBase;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.ContractName;
import dev.agentkit.internal.text.Names;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Reads a contract document with Jackson's streaming parser straight into the model, with no tree
 * in between.
 *
 * <p>Two forms. The strict form reads a snapshot as {@link SnapshotWriter} writes it: every key
 * required, no unknown key, format 1, and a digest that matches the content. The wire form reads
 * what a backend serves: a full snapshot or an object with at least an {@code ops} array; unknown
 * keys, and nulls, are ignored at every level; only an op's {@code opcode} and {@code tier} and an
 * operand's {@code name} and {@code type} are required. Both run {@link ContractChecks}' contract
 * checks, and report every error as a {@link ContractFormatException} located by {@link
 * DocumentErrors}.
 *
 * <p>A large snapshot is read in one pass: keys are matched in the order agentkit writes them
 * before any other, the rules run on each op as it is read, and while the ops arrive in opcode
 * order they are digested as they come, copying string literals that are already canonical. One
 * instance reads one document; not thread-safe.
 */
final class SnapshotReader {
  private static final JsonFactory JSON = new JsonFactory();

  // From a megabyte on, SHA-256 is worth overlapping with parsing.
  private static final int BACKGROUND_DIGEST = 1 << 20;

  // Each object's keys in the canonical order; key i is bit 1 << i in that object's "seen" bits.
  private static final String[] ROOT_KEYS = {
    "format", "contract", "source", "digest", "ops", "tiers", "document"
  };
  // The root's keys but the optional last two, tiers and document.
  private static final String[] REQUIRED_ROOT_KEYS = Arrays.copyOf(ROOT_KEYS, 5);
  private static final String[] OP_KEYS = {
    "opcode", "description", "object_type", "tier", "operands"
  };
  private static final String[] OPERAND_KEYS = {
    "name", "description", "type", "required", "list", "enum"
  };
  private static final SerializableString[] ROOT_NAMES = serialized(ROOT_KEYS);
  private static final SerializableString[] OP_NAMES = serialized(OP_KEYS);
  private static final SerializableString[] OPERAND_NAMES = serialized(OPERAND_KEYS);
  private static final int ALL_ROOT_KEYS = (1 << REQUIRED_ROOT_KEYS.length) - 1;
  private static final int ALL_OP_KEYS = (1 << OP_KEYS.length) - 1;
  private static final int ALL_OPERAND_KEYS = (1 << OPERAND_KEYS.length) - 1;

  // The objects being read, as indexes into seen.
  private static final int ROOT = 0;
  private static final int OP = 1;
  private static final int OPERAND = 2;

  private static final Tier[] TIERS = Tier.values();
  private static final OperandType[] TYPES = OperandType.values();

  private final byte[] json;
  private final boolean strict;
  // Whether a snapshot's schema trees are read by CanonicalTrees (see strict).
  private final boolean canonicalTrees;
  private final DocumentErrors errors;
  private JsonParser p;
  private CanonicalTrees trees;
  // The keys given so far in the root, the current op and the current operand.
  private final int[] seen = new int[3];

  private final OpCollector ops;
  // For the current op's strings in the digest's order, where their literal is already canonical.
  private int[] literals = new int[64];
  private int literalCount;
  // Whether the current op's literals can stand for it in the digest: every operand is flat.
  private boolean literalsUsable;
  // The format a snapshot states, once read (0 before, and for a served contract).
  private int format;
  // Where the first key only format 2 has was read, and its path, while the format is not known.
  private long firstExtraAt = -1;
  private String firstExtraPath;
  // Reused for each op's operands and each operand's enum values, which are then copied into
  // immutable lists once, so the model's own copies are no-ops.
  private final List<Operand> operandScratch = new ArrayList<>();
  private final List<Object> enumScratch = new ArrayList<>();

  private SnapshotReader(byte[] json, String origin, boolean strict, boolean canonicalTrees) {
    this.json = json == null ? new byte[0] : json;
    this.strict = strict;
    this.canonicalTrees = canonicalTrees;
    this.errors = new DocumentErrors(this.json, origin == null ? "" : origin, strict);
    this.ops = new OpCollector(this.json, this.json.length >= BACKGROUND_DIGEST);
  }

  /**
   * Reads a snapshot in the strict form; see the class comment. Schema trees are first read as
   * agentkit writes them ({@link CanonicalTrees}); a snapshot where one is not is read again the
   * general way, which words whatever is wrong.
   */
  static Contract strict(byte[] json, String origin) throws ContractFormatException {
    try {
      return strict(json, origin, true);
    } catch (CanonicalTrees.Unexpected e) {
      return strict(json, origin, false);
    }
  }

  /**
   * {@link #strict(byte[], String)}, with schema trees read either as written or only the general
   * way.
   *
   * @throws CanonicalTrees.Unexpected when trees are read as written and one is not
   */
  static Contract strict(byte[] json, String origin, boolean canonicalTrees)
      throws ContractFormatException {
    return new SnapshotReader(json, origin, true, canonicalTrees).read(origin, null);
  }

  /**
   * Reads a served contract in the wire form; see the class comment.
   *
   * @param origin where it came from, also the contract's source stamp
   * @param name the contract's name when the document gives none
   */
  static Contract wire(byte[] json, String origin, String name) throws ContractFormatException {
    return new SnapshotReader(json, origin, false, false).read(origin, name);
  }

  private Contract read(String origin, String fallbackName) throws ContractFormatException {
    errors.checkEncoding();
    try (JsonParser parser = JSON.createParser(json)) {
      p = parser;
      trees = canonicalTrees ? new CanonicalTrees(parser) : null;
      return readRoot(origin == null ? "" : origin, fallbackName == null ? "" : fallbackName);
    } catch (JsonProcessingException e) {
      throw errors.translate(e, p == null ? null : p.getParsingContext(), offset());
    } catch (IOException e) {
      // A parser over a byte array does no I/O; this keeps the promise that only one type escapes.
      throw errors.invalidJson(0, "$", String.valueOf(e.getMessage()));
    }
  }

  /** The root object's keys as they are read, with where each was found. */
  private static final class Root {
    long start;
    String name;
    long nameAt = -1;
    String source = "";
    String stated;
    long statedAt = -1;
    boolean hasOps;
    long opsAt = -1;
    List<TierOverride> tiers;
    long tiersAt = -1;
    SourceDocument document;
    long documentAt = -1;
  }

  private Contract readRoot(String origin, String fallbackName)
      throws IOException, ContractFormatException {
    openRoot();
    Root root = new Root();
    root.start = offset();
    readRootKeys(root);
    checkTrailing(offset() + 1);
    checkRootComplete(root);
    String name = root.name == null ? fallbackName : checkedName(root);
    if (strict && ops.size() == 0) {
      throw errors.at(
          root.opsAt,
          "$.ops",
          "the snapshot lists no op; agentkit never writes an empty snapshot, so " + REGENERATE);
    }
    Contract contract = ops.contract(name, strict ? root.source : origin);
    if (root.tiers != null) {
      contract = withTiers(contract, root);
    }
    if (strict) {
      checkDigest(contract, root);
    }
    checkOps();
    return root.document == null ? contract : withDocument(contract, root);
  }

  private void openRoot() throws IOException, ContractFormatException {
    JsonToken t = p.nextToken();
    if (t == null) {
      throw errors.at(
          json.length,
          "$",
          errors.noun()
              + " is empty"
              + (strict ? "; a snapshot is a JSON object, so " + REGENERATE : ""));
    }
    if (t != JsonToken.START_OBJECT) {
      throw wrongType(
          strict ? "a JSON object (a snapshot)" : "a JSON object with an \"ops\" array");
    }
  }

  /**
   * Reads the root's keys. The wire form skips what a backend cannot vouch for: the format is
   * whatever it serves, the source is stamped by whoever fetched it, and the digest is computed.
   */
  private void readRootKeys(Root root) throws IOException, ContractFormatException {
    seen[ROOT] = 0;
    int count = 0;
    String key;
    while ((key = nextKey(ROOT_NAMES, count++)) != null) {
      switch (key) {
        case "format" -> {
          if (!strict) {
            skip();
          } else if (value(ROOT, 0, key)) {
            checkFormat();
          }
        }
        case "contract" -> {
          if (value(ROOT, 1, key)) {
            root.name = text();
            root.nameAt = offset();
          }
        }
        case "source" -> {
          if (!strict) {
            skip();
          } else if (value(ROOT, 2, key)) {
            root.source = text();
          }
        }
        case "digest" -> {
          if (!strict) {
            skip();
          } else if (value(ROOT, 3, key)) {
            root.stated = text();
            root.statedAt = offset();
          }
        }
        case "ops" -> {
          if (value(ROOT, 4, key)) {
            root.opsAt = offset();
            readOps();
            root.hasOps = true;
          }
        }
        case "tiers" -> {
          if (!strict) {
            skip(); // the user's word, never a backend's
          } else if (value(ROOT, 5, key)) {
            root.tiersAt = offset();
            root.tiers = readTiers();
          }
        }
        case "document" -> {
          if (!strict) {
            skip(); // recorded by the tool that fetched the document, never by a backend
          } else if (value(ROOT, 6, key)) {
            root.documentAt = offset();
            root.document = SnapshotDocument.read(p, errors, root.documentAt);
          }
        }
        default -> unknownKey(key, "a snapshot", ROOT_KEYS);
      }
    }
  }

  private static final String TIER_KEYS = "\"opcode\" or \"pattern\", \"tier\" and \"reason\"";

  /** The user's tier overrides: objects of an opcode or a pattern, a tier and a reason. */
  private List<TierOverride> readTiers() throws IOException, ContractFormatException {
    long at = offset();
    Object tree;
    try {
      tree = JsonTree.read(p);
    } catch (JsonTree.Malformed e) {
      throw errors.at(at, "$.tiers", e.getMessage());
    }
    if (!(tree instanceof List<?> list) || list.isEmpty()) {
      throw errors.at(
          at,
          "$.tiers",
          "tiers is "
              + (tree instanceof List<?> ? "an empty array" : JsonTree.describe(tree))
              + ", but agentkit writes it only as a non-empty array of tier overrides; "
              + REGENERATE);
    }
    List<TierOverride> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(tierOverride(list.get(i), at, "$.tiers[" + i + "]"));
    }
    return out;
  }

  private TierOverride tierOverride(Object entry, long at, String path)
      throws ContractFormatException {
    if (!(entry instanceof Map<?, ?> m)
        || m.size() != 3
        || !(m.get("tier") instanceof String tier)
        || !(m.get("reason") instanceof String reason)
        || !(m.get(m.containsKey("opcode") ? "opcode" : "pattern") instanceof String target)) {
      throw errors.at(
          at,
          path,
          "a tier override is an object of exactly " + TIER_KEYS + ", all strings; " + REGENERATE);
    }
    Tier known = Tier.lookup(tier).orElse(null);
    if (known == null || !known.wireName().equals(tier)) {
      throw errors.at(
          at,
          path + ".tier",
          "tier "
              + quote(tier)
              + " is not one agentkit writes ("
              + Tier.validNames()
              + "); "
              + REGENERATE);
    }
    try {
      return m.containsKey("opcode")
          ? TierOverride.forOpcode(target, known).because(reason)
          : TierOverride.forPattern(target, known).because(reason);
    } catch (IllegalArgumentException e) {
      throw errors.at(at, path, e.getMessage());
    }
  }

  private Contract withTiers(Contract contract, Root root) throws ContractFormatException {
    if (format == 1) {
      throw errors.at(root.tiersAt, "$.tiers", formatOneHasNo("$.tiers"));
    }
    try {
      return contract.withTiers(root.tiers);
    } catch (IllegalArgumentException e) {
      throw errors.at(root.tiersAt, "$.tiers", e.getMessage() + "; " + REGENERATE);
    }
  }

  private Contract withDocument(Contract contract, Root root) throws ContractFormatException {
    if (format == 1) {
      throw errors.at(root.documentAt, "$.document", formatOneHasNo("$.document"));
    }
    return contract.withDocument(root.document);
  }

  private void checkRootComplete(Root root) throws ContractFormatException {
    if (strict) {
      requireKeys(ROOT, ALL_ROOT_KEYS, root.start, "a snapshot", REQUIRED_ROOT_KEYS);
    } else if (!root.hasOps) {
      throw errors.at(
          root.start,
          "$",
          "missing key \"ops\": a served contract is an object with at least an \"ops\" array");
    }
  }

  private String checkedName(Root root) throws ContractFormatException {
    List<String> nameProblems = ContractName.problems(root.name);
    if (!nameProblems.isEmpty()) {
      throw errors.at(root.nameAt, "$.contract", String.join("; ", nameProblems));
    }
    return root.name;
  }

  /** The stated digest is the content's; computed once, and kept by the contract. */
  private void checkDigest(Contract contract, Root root) throws ContractFormatException {
    String actual = contract.digest();
    if (!actual.equals(root.stated)) {
      throw errors.at(
          root.statedAt,
          "$.digest",
          "the snapshot's digest is "
              + quote(root.stated)
              + " but its content hashes to "
              + actual
              + ": the snapshot was edited by hand; "
              + REGENERATE
              + " instead of editing it");
    }
  }

  /** Every structural problem of the ops, reported at the first op that has one. */
  private void checkOps() throws ContractFormatException {
    if (ops.problems().isEmpty()) {
      return;
    }
    List<String> messages = new ArrayList<>();
    for (Problem problem : ops.problems()) {
      messages.add(problem.message());
    }
    int first = ops.firstProblem();
    throw errors.at(ops.start(first), "$.ops[" + first + "]", String.join("; ", messages));
  }

  private void checkFormat() throws IOException, ContractFormatException {
    if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
      throw wrongType("an integer");
    }
    String text = p.getText();
    int stated = text.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(text);
    if (stated >= SnapshotWriter.OLDEST_FORMAT && stated <= SnapshotWriter.FORMAT) {
      format = stated;
      if (format == 1 && firstExtraAt >= 0) {
        throw errors.at(firstExtraAt, firstExtraPath, formatOneHasNo(firstExtraPath));
      }
      return;
    }
    if (text.startsWith("-") || stated < SnapshotWriter.OLDEST_FORMAT) {
      throw here(
          "format "
              + text
              + " does not exist; this agentkit reads formats "
              + SnapshotWriter.OLDEST_FORMAT
              + " to "
              + SnapshotWriter.FORMAT
              + ", so "
              + REGENERATE);
    }
    throw here(
        "format "
            + text
            + " is newer than this agentkit, which reads formats "
            + SnapshotWriter.OLDEST_FORMAT
            + " to "
            + SnapshotWriter.FORMAT
            + "; upgrade agentkit to read this snapshot");
  }

  private static String formatOneHasNo(String path) {
    String key = path.substring(path.lastIndexOf('.') + 1);
    return "a format-1 snapshot has no key "
        + quote(key)
        + " (schema trees came with format 2); "
        + REGENERATE;
  }

  private void readOps() throws IOException, ContractFormatException {
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw wrongType("an array of ops");
    }
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t != JsonToken.START_OBJECT) {
        throw wrongType("an op (a JSON object)");
      }
      readOp();
    }
  }

  private void readOp() throws IOException, ContractFormatException {
    long start = offset();
    literals[0] = -1;
    literals[1] = -1;
    literals[2] = -1;
    literalCount = 3;
    literalsUsable = true;
    String opcode = null;
    String description = "";
    String objectType = "";
    Tier tier = null;
    String unknownTier = "";
    List<Operand> operands = List.of();
    long opcodeAt = -1;
    seen[OP] = 0;
    int count = 0;
    String key;
    while ((key = nextKey(OP_NAMES, count++)) != null) {
      switch (key) {
        case "opcode":
          if (value(OP, 0, key)) {
            opcode = text();
            opcodeAt = offset();
            literals[0] = plainLiteral(opcode);
          }
          break;
        case "description":
          if (value(OP, 1, key)) {
            description = text();
            literals[1] = plainLiteral(description);
          }
          break;
        case "object_type":
          if (value(OP, 2, key)) {
            objectType = text();
            literals[2] = plainLiteral(objectType);
          }
          break;
        case "tier":
          if (value(OP, 3, key)) {
            String name = text();
            tier = tier(name);
            unknownTier = tier == null ? name : "";
          }
          break;
        case "operands":
          if (value(OP, 4, key)) {
            operands = readOperands();
          }
          break;
        default:
          unknownKey(key, "an op", OP_KEYS);
      }
    }
    if (strict) {
      requireKeys(OP, ALL_OP_KEYS, start, "an op", OP_KEYS);
    } else if (opcode == null) {
      throw errors.at(
          start, path(), "missing key \"opcode\": an op needs at least opcode and tier");
    } else if (tier == null && unknownTier.isEmpty()) {
      throw errors.at(
          start,
          path(),
          "missing key \"tier\" in op "
              + quote(opcode)
              + ": every op says its tier, one of "
              + Tier.validNames()
              + "; a missing tier is never taken as read-only");
    }
    int first = ops.earlierIndexOf(opcode);
    if (first >= 0) {
      throw errors.at(
          opcodeAt,
          "$.ops[" + ops.size() + "].opcode",
          "opcode "
              + quote(opcode)
              + " is already the opcode of $.ops["
              + first
              + "] (line "
              + errors.line(ops.start(first))
              + "); an opcode names one op, so it appears once");
    }
    Op op = new Op(opcode, description, objectType, tier, operands, unknownTier);
    ops.add(op, start, literalsUsable ? literals : null);
  }

  private List<Operand> readOperands() throws IOException, ContractFormatException {
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw wrongType("an array of operands");
    }
    List<Operand> operands = operandScratch;
    operands.clear();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t != JsonToken.START_OBJECT) {
        throw wrongType("an operand (a JSON object)");
      }
      operands.add(readOperand());
    }
    return List.copyOf(operands);
  }

  private Operand readOperand() throws IOException, ContractFormatException {
    long start = offset();
    Supplier<String> at = operandPath();
    // This operand's name and description, then its enum values, follow the previous operand's.
    int base = literalCount;
    ensureLiterals(base + 2);
    literals[base] = -1;
    literals[base + 1] = -1;
    String name = null;
    String description = "";
    String served = null;
    boolean required = false;
    boolean list = false;
    List<Object> values = List.of();
    Map<String, Object> extras = null;
    Map<String, Long> extraAt = null;
    Operand tree = null;
    seen[OPERAND] = 0;
    int count = 0;
    String key;
    keys:
    while ((key = nextKey(OPERAND_NAMES, count++)) != null) {
      switch (key) {
        case "name":
          if (value(OPERAND, 0, key)) {
            name = text();
            literals[base] = plainLiteral(name);
          }
          break;
        case "description":
          if (value(OPERAND, 1, key)) {
            description = text();
            literals[base + 1] = plainLiteral(description);
          }
          break;
        case "type":
          if (value(OPERAND, 2, key)) {
            served = text();
            if (served.isBlank()) {
              throw here("the type is blank: give one of " + OperandType.validNames());
            }
          }
          break;
        case "required":
          if (value(OPERAND, 3, key)) {
            required = bool();
          }
          break;
        case "list":
          if (value(OPERAND, 4, key)) {
            list = bool();
          }
          break;
        case "enum":
          if (value(OPERAND, 5, key)) {
            values = readEnum(base + 2);
          }
          break;
        default:
          if (!takesExtra(key)) {
            unknownKey(key, "an operand", OPERAND_KEYS);
            break;
          }
          if (extras == null && readsCanonicalTree()) {
            tree = trees.operand(name, description, served, required, list, values);
            break keys;
          }
          if (extras == null) {
            extras = new LinkedHashMap<>();
            extraAt = new HashMap<>();
          }
          readExtra(key, at, extras, extraAt);
      }
    }
    requireOperandKeys(start, name, served);
    literalCount = base + 2 + values.size();
    if (tree == null) {
      Operand operand = flat(name, description, served, required, list, values, extras);
      if (operand != null) {
        return operand; // flat, as it was read
      }
      tree =
          schemaTree(name, description, served, required, list, values, extras, extraAt, start, at);
    }
    if (!tree.isFlat()) {
      literalsUsable = false;
    }
    return tree;
  }

  /**
   * The operand's keys are all there in a strict read (format 2); a lenient one needs at least its
   * name and type.
   */
  private void requireOperandKeys(long start, String name, String served)
      throws ContractFormatException {
    if (strict) {
      requireKeys(OPERAND, ALL_OPERAND_KEYS, start, "an operand", OPERAND_KEYS);
    } else if (name == null || served == null) {
      throw errors.at(
          start,
          path(),
          "missing key \""
              + (name == null ? "name" : "type")
              + "\": an operand needs at least name and type");
    }
  }

  /**
   * An operand that is not flat, read from its six keys and its extra ones: a schema tree. Kept out
   * of {@link #readOperand}, whose loop is the parse's hot path, since few operands come here.
   */
  private Operand schemaTree(
      String name,
      String description,
      String served,
      boolean required,
      boolean list,
      List<Object> values,
      Map<String, Object> extras,
      Map<String, Long> extraAt,
      long start,
      Supplier<String> at)
      throws ContractFormatException {
    Map<String, Long> where = extraAt == null ? Map.of() : extraAt;
    return SchemaReading.operand(
        name,
        description,
        served,
        required,
        list,
        values,
        extras == null ? Map.of() : extras,
        strict,
        (sub, problem) -> errors.at(extraOffset(sub, where, start), at.get() + sub, problem));
  }

  /**
   * The operand as format 1 read it, when that is all it says: a flat type (or one this version
   * does not know), string enum values only for an enum, no extra key. Null otherwise.
   */
  private Operand flat(
      String name,
      String description,
      String served,
      boolean required,
      boolean list,
      List<Object> values,
      Map<String, Object> extras)
      throws ContractFormatException {
    if (extras != null) {
      return null;
    }
    OperandType type = type(served);
    if (type == null || (type != OperandType.ENUM && !values.isEmpty())) {
      return null;
    }
    for (Object v : values) {
      if (!(v instanceof String)) {
        return null;
      }
    }
    String unknownType = type == OperandType.OPAQUE ? served : "";
    return new Operand(name, description, type, required, strings(values), list, unknownType);
  }

  /** Values found to be strings, as strings: the immutable list readEnum made, not a copy. */
  @SuppressWarnings("unchecked")
  private static List<String> strings(List<Object> values) {
    return (List<String>) (List<?>) values;
  }

  /**
   * Whether the rest of the current operand, from its first extra key, goes to {@link
   * CanonicalTrees}: in a format-2 snapshot, once the operand's six keys were read (and before any
   * extra key, as agentkit writes them).
   */
  private boolean readsCanonicalTree() {
    return trees != null && format == SnapshotWriter.FORMAT && seen[OPERAND] == ALL_OPERAND_KEYS;
  }

  /** Whether an operand key that format 1 lacks is read here rather than refused or skipped. */
  private boolean takesExtra(String key) {
    return SchemaJson.EXTRA_KEYS.contains(key) && (!strict || format != 1);
  }

  /**
   * Where the operand whose object starts at the current token is: {@code $.ops[i].operands[j]},
   * built only when a message needs it (building it for every operand cost a tenth of the parse).
   */
  private Supplier<String> operandPath() {
    JsonStreamContext operands = p.getParsingContext().getParent();
    int operand = operands.getCurrentIndex();
    int op = operands.getParent().getParent().getCurrentIndex();
    return () -> "$.ops[" + op + "].operands[" + operand + "]";
  }

  private void readExtra(
      String key, Supplier<String> at, Map<String, Object> extras, Map<String, Long> where)
      throws IOException, ContractFormatException {
    long keyAt = offset();
    p.nextToken();
    if (extras.containsKey(key)) {
      throw here("key " + quote(key) + " appears twice; a key appears once in an object");
    }
    try {
      extras.put(key, JsonTree.read(p));
    } catch (JsonTree.Malformed e) {
      throw errors.at(keyAt, at.get() + "." + key, e.getMessage());
    }
    where.put(key, keyAt);
    if (strict && format == 0 && firstExtraAt < 0) {
      firstExtraAt = keyAt;
      firstExtraPath = at.get() + "." + key;
    }
  }

  /** Where in the document a problem below an operand is: at the extra key it is under. */
  private static long extraOffset(String sub, Map<String, Long> where, long start) {
    String rest = sub.startsWith(".") ? sub.substring(1) : sub;
    int end = 0;
    while (end < rest.length() && rest.charAt(end) != '.' && rest.charAt(end) != '[') {
      end++;
    }
    Long at = where.get(rest.substring(0, end));
    return at == null ? start : at;
  }

  /**
   * Reads an enum's values; string value {@code i}'s literal goes to {@code literals[first + i]}. A
   * format-2 snapshot and a served contract may list numbers and booleans too.
   */
  private List<Object> readEnum(int first) throws IOException, ContractFormatException {
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw wrongType("an array of strings");
    }
    List<Object> values = enumScratch;
    values.clear();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      ensureLiterals(first + values.size() + 1);
      if (t == JsonToken.VALUE_STRING) {
        String value = p.getText();
        literals[first + values.size()] = plainLiteral(value);
        values.add(value);
      } else if (scalarEnumValue(t) && !(strict && format == 1)) {
        literals[first + values.size()] = -1;
        values.add(
            t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE
                ? Boolean.valueOf(t == JsonToken.VALUE_TRUE)
                : new java.math.BigDecimal(p.getText()));
      } else {
        throw wrongType("a string");
      }
    }
    return List.copyOf(values);
  }

  private static boolean scalarEnumValue(JsonToken t) {
    return t == JsonToken.VALUE_NUMBER_INT
        || t == JsonToken.VALUE_NUMBER_FLOAT
        || t == JsonToken.VALUE_TRUE
        || t == JsonToken.VALUE_FALSE;
  }

  private void ensureLiterals(int length) {
    if (length > literals.length) {
      literals = Arrays.copyOf(literals, Math.max(length, literals.length * 2));
    }
  }

  /**
   * The offset of the current string token's opening quote when its literal is exactly the
   * canonical form of {@code s} (plain ASCII, no escape), else -1. Escapes and non-ASCII characters
   * make a literal longer than its text, so the literal is plain exactly when its closing quote
   * sits {@code s.length()} bytes after the opening one; a quote there that a backslash precedes is
   * an escaped one inside a longer literal.
   */
  private int plainLiteral(String s) {
    int start = (int) offset();
    int end = start + 1 + s.length();
    if (start >= 0
        && end < json.length
        && json[start] == '"'
        && json[end] == '"'
        && json[end - 1] != '\\') {
      return start;
    }
    return -1;
  }

  /**
   * The next key of the current object, or null at its end. The key expected at this place in the
   * canonical order is matched byte for byte first, which spares the symbol table the keys of a
   * snapshot agentkit wrote; any other key takes the general path.
   */
  private String nextKey(SerializableString[] canonical, int index) throws IOException {
    if (index >= canonical.length) {
      return p.nextFieldName();
    }
    SerializableString expected = canonical[index];
    if (p.nextFieldName(expected)) {
      return expected.getValue();
    }
    return p.currentToken() == JsonToken.FIELD_NAME ? p.currentName() : null;
  }

  private static SerializableString[] serialized(String[] keys) {
    SerializableString[] out = new SerializableString[keys.length];
    for (int i = 0; i < keys.length; i++) {
      out[i] = new SerializedString(keys[i]);
    }
    return out;
  }

  /**
   * Counts key {@code bit} of the current object as given (a second time is an error) and moves to
   * its value. False when the wire form gives null, which counts as absent there; the strict form
   * has no optional key, so its null is a wrong type.
   */
  private boolean value(int object, int bit, String key)
      throws IOException, ContractFormatException {
    if ((seen[object] & (1 << bit)) != 0) {
      throw here("key " + quote(key) + " appears twice; a key appears once in an object");
    }
    seen[object] |= 1 << bit;
    return p.nextToken() != JsonToken.VALUE_NULL || strict;
  }

  /** Skips the value of the current key, whatever it is. */
  private void skip() throws IOException {
    p.nextToken();
    p.skipChildren();
  }

  private String text() throws IOException, ContractFormatException {
    if (p.currentToken() != JsonToken.VALUE_STRING) {
      throw wrongType("a string");
    }
    return p.getText();
  }

  private boolean bool() throws IOException, ContractFormatException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_TRUE) {
      return true;
    }
    if (t == JsonToken.VALUE_FALSE) {
      return false;
    }
    throw wrongType("true or false");
  }

  /**
   * {@link Tier#lookup}, after a quick look for the canonical names a snapshot has; null for a name
   * this version does not know (the op is then irreversible, and a warning). A blank tier is unset,
   * which is an error, never a low tier.
   */
  private Tier tier(String name) throws ContractFormatException {
    for (Tier tier : TIERS) {
      if (tier.wireName().equals(name)) {
        return tier;
      }
    }
    if (name.isBlank()) {
      try {
        return Tier.parse(name);
      } catch (IllegalArgumentException e) {
        throw here(e.getMessage());
      }
    }
    return Tier.lookup(name).orElse(null);
  }

  /**
   * {@link OperandType#lookup}, after a quick look for the canonical names a snapshot has; {@link
   * OperandType#OPAQUE} for a name this version does not know (a warning), {@code opaque} included;
   * null for the name of a tree's kind ({@code array}, {@code object}...), which only its structure
   * makes one.
   */
  private static OperandType type(String name) {
    for (OperandType type : TYPES) {
      if (type != OperandType.OPAQUE && type.wireName().equals(name)) {
        return type.isScalar() ? type : null;
      }
    }
    return OperandType.lookup(name).orElse(OperandType.OPAQUE);
  }

  /** In the strict form an unknown key is an error; in the wire form it is skipped. */
  private void unknownKey(String key, String what, String[] canonical)
      throws IOException, ContractFormatException {
    if (!strict) {
      skip();
      return;
    }
    List<String> keys = Names.sorted(Arrays.asList(canonical));
    String near = Names.nearest(key, keys);
    throw here(
        "unknown key "
            + quote(key)
            + (near == null ? "" : " (did you mean \"" + near + "\"?)")
            + ": "
            + what
            + " has only the keys "
            + Names.listing(key, keys)
            + "; an unknown key means the snapshot was edited or written by a newer agentkit, so "
            + REGENERATE);
  }

  /**
   * After an object's end: the first required key it lacks, in the canonical order, located at the
   * object's start.
   */
  private void requireKeys(int object, int required, long start, String what, String[] canonical)
      throws ContractFormatException {
    int missing = required & ~seen[object];
    if (missing == 0) {
      return;
    }
    throw errors.at(
        start,
        path(),
        "missing key \""
            + canonical[Integer.numberOfTrailingZeros(missing)]
            + "\": "
            + what
            + " has the keys "
            + Names.listing(Arrays.asList(canonical))
            + ", and each is required");
  }

  /** Only blanks may follow the document's closing brace. */
  private void checkTrailing(long from) throws ContractFormatException {
    for (int i = (int) from; i < json.length; i++) {
      byte b = json[i];
      if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
        throw errors.at(
            i,
            "$",
            "there is more after the end of the JSON object; "
                + (strict
                    ? "a snapshot is exactly one JSON object, so " + REGENERATE
                    : "a served contract is exactly one JSON object"));
      }
    }
  }

  private ContractFormatException wrongType(String expected) throws IOException {
    return here("expected " + expected + ", found " + found());
  }

  /** The current token, as a reader would name it. */
  private String found() throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case VALUE_STRING:
        String s = p.getText();
        return "a string (" + quote(s.length() > 40 ? s.substring(0, 40) + "..." : s) + ")";
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return "a number (" + p.getText() + ")";
      case VALUE_TRUE:
        return "true";
      case VALUE_FALSE:
        return "false";
      case VALUE_NULL:
        return "null";
      case START_OBJECT:
        return "an object";
      default:
        return "an array";
    }
  }

  /** An error at the current token. */
  private ContractFormatException here(String problem) {
    return errors.at(offset(), path(), problem);
  }

  private String path() {
    return DocumentErrors.pathOf(p.getParsingContext());
  }

  /** The byte offset where the current token starts. */
  private long offset() {
    if (p == null) {
      return 0;
    }
    if (p instanceof ParserBase base && p.currentToken() != JsonToken.FIELD_NAME) {
      // What currentTokenLocation() reports, without allocating a location per token.
      return base.getTokenCharacterOffset() - 1;
    }
    return p.currentTokenLocation().getByteOffset();
  }
}
