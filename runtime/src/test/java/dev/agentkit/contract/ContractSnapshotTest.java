package dev.agentkit.contract;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_16BE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ContractSnapshotTest {
  static final String REGENERATE = "regenerate it with mvn agentkit:snapshot";

  @TempDir Path dir;

  /** Every type, list and enum, and strings that need every kind of escape. */
  static Contract rich() {
    return Contract.of(
        "taskboard",
        "https://backend.example/contract?v=1&x=\"q\"",
        List.of(
            Op.builder("add_labels")
                .description(
                    "Adds labels — «quoted» \"labels\", a\\b, tab\there, line\nbreak, cr\r,"
                        + " bell\u0007, sep\u2028, emoji 😀, lone \ud800, slash /.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(
                    new Operand("labels", "Labels; ünïcödé", OperandType.STRING, true, null, true))
                .operand(Operand.requiredString("task_id", ""))
                .build(),
            Op.builder("set_due_date")
                .description("Sets the due date.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(new Operand("due", "When.", OperandType.DATE, true, null, false))
                .operand(new Operand("points", "", OperandType.NUMBER, false, null, false))
                .operand(new Operand("reminders", "", OperandType.DATE, false, null, true))
                .build(),
            Op.builder("set_status")
                .description("Sets the status.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(
                    new Operand(
                        "status",
                        "",
                        OperandType.ENUM,
                        true,
                        List.of("open", "in progress", "dönë", "with \"quote\"", "back\\slash"),
                        false))
                .operand(new Operand("flags", "", OperandType.ENUM, false, List.of("a", "b"), true))
                .build(),
            Op.builder("archive_project")
                .description("Archives a project.")
                .objectType("project")
                .tier(Tier.IRREVERSIBLE)
                .build(),
            Op.builder("notify_owner")
                .description("Emails the owner.")
                .tier(Tier.EXTERNAL_REVERSIBLE)
                .build(),
            Op.builder("get_task").description("Reads a task.").tier(Tier.READ_ONLY).build()));
  }

  static Contract small() {
    return SnapshotWriterTest.SMALL;
  }

  static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  // ---------------------------------------------------------------- round trip

  @Test
  void writeReadWriteIsByteIdentical() throws Exception {
    Contract contract = rich();
    String text = ContractSnapshot.write(contract);
    Contract back = ContractSnapshot.parse(bytes(text), "rich.json");
    assertThat(back).isEqualTo(contract);
    assertThat(back.source()).isEqualTo(contract.source());
    assertThat(back.digest()).isEqualTo(contract.digest());
    assertThat(ContractSnapshot.write(back)).isEqualTo(text);

    Path file = dir.resolve("taskboard.json");
    ContractSnapshot.writeAtomically(file, contract);
    assertThat(Files.readString(file)).isEqualTo(text);
    assertThat(ContractSnapshot.write(ContractSnapshot.read(file))).isEqualTo(text);
  }

  @Test
  void aLargeSnapshotRoundTrips() throws Exception {
    // Over a megabyte, so the digest is written and hashed in the background.
    List<Op> ops = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      ops.add(
          Op.builder(String.format("op_%04d", i))
              .description("Does thing " + i + (i % 7 == 0 ? " — «ünïcödé» \"quoted\"" : "") + ".")
              .objectType("task")
              .tier(Tier.values()[i % 4])
              .operand(Operand.requiredString("task_id", "The task, as the backend knows it."))
              .operand(Operand.enumOf("status", false, "open", "in_progress", "done"))
              .operand(
                  new Operand("due", "When it is due.", OperandType.DATE, false, null, i % 2 == 0))
              .build());
    }
    Contract contract = Contract.of("big", "", ops);
    String text = ContractSnapshot.write(contract);
    assertThat(text.length()).isGreaterThan(1 << 20);
    Contract back = ContractSnapshot.parse(bytes(text), "big.json");
    assertThat(back).isEqualTo(contract);
    assertThat(back.digest()).isEqualTo(SnapshotWriter.digestOf(contract.ops()));
    assertThat(ContractSnapshot.write(back)).isEqualTo(text);
  }

  @Test
  void theReadContractLooksOpsUpByOpcode() throws Exception {
    Contract back = ContractSnapshot.parse(bytes(ContractSnapshot.write(rich())), "rich.json");
    assertThat(back.opcodes())
        .containsExactly(
            "add_labels",
            "archive_project",
            "get_task",
            "notify_owner",
            "set_due_date",
            "set_status");
    assertThat(back.op("get_task").orElseThrow().tier()).isEqualTo(Tier.READ_ONLY);
    assertThat(back.has("set_status")).isTrue();
    assertThat(back.has("missing")).isFalse();
    assertThat(back.has(null)).isFalse();
  }

  @Test
  void typeAndTierAliasesReadAsTheirCanonicalNames() throws Exception {
    String text =
        ContractSnapshot.write(small())
            .replace("\"type\": \"string\"", "\"type\": \"String\"")
            .replace("\"tier\": \"reversible\"", "\"tier\": \" Reversible \"");
    Contract back = ContractSnapshot.parse(bytes(text), "aliases.json");
    assertThat(back).isEqualTo(small());
    assertThat(ContractSnapshot.write(back)).isEqualTo(ContractSnapshot.write(small()));
  }

  // ---------------------------------------------------------------- digest

  /** The small contract with its keys in reverse order, its ops reversed and no whitespace. */
  static String reordered(String digest) {
    return "{\"ops\":[{\"operands\":[{\"enum\":[],\"list\":false,\"required\":true,"
        + "\"type\":\"string\",\"description\":\"The task.\",\"name\":\"task_id\"},"
        + "{\"enum\":[\"open\",\"done\"],\"list\":false,\"required\":true,\"type\":\"enum\","
        + "\"description\":\"\",\"name\":\"status\"}],\"tier\":\"reversible\","
        + "\"object_type\":\"task\",\"description\":\"Sets a task's status.\","
        + "\"opcode\":\"set_status\"},"
        + "{\"operands\":[],\"tier\":\"irreversible\",\"object_type\":\"\","
        + "\"description\":\"Archives \\\"it\\\".\",\"opcode\":\"archive\"}],"
        + "\"digest\":\""
        + digest
        + "\",\"source\":\"http://backend/contract\",\"contract\":\"taskboard\",\"format\":1}";
  }

  @Test
  void theDigestIgnoresKeyOrderWhitespaceAndOpOrder() throws Exception {
    Contract back = ContractSnapshot.parse(bytes(reordered(small().digest())), "reordered.json");
    assertThat(back).isEqualTo(small());
    assertThat(back.digest()).isEqualTo(small().digest());
    assertThat(ContractSnapshot.write(back)).isEqualTo(ContractSnapshot.write(small()));

    String spaced = ContractSnapshot.write(small()).replace("\n", "\r\n").replace(": ", " :\t ");
    assertThat(ContractSnapshot.parse(bytes(spaced), "spaced.json").digest())
        .isEqualTo(small().digest());
  }

  @Test
  void theDigestIgnoresTheNameAndTheSource() {
    Contract c = small();
    assertThat(Contract.of("other", "elsewhere", c.ops()).digest()).isEqualTo(c.digest());
  }

  @Test
  void theDigestChangesWithAnyOpContent() {
    Op op = small().op("set_status").orElseThrow();
    Operand status = op.operand("status").orElseThrow();
    List<UnaryOperator<Op>> changes =
        List.of(
            a -> new Op("set_state", a.description(), a.objectType(), a.tier(), a.operands()),
            a -> a.toBuilder().description("Sets a task's state.").build(),
            a -> a.toBuilder().objectType("project").build(),
            a -> a.toBuilder().tier(Tier.IRREVERSIBLE).build(),
            a -> a.toBuilder().operands(List.of(status, a.operands().get(0))).build(),
            a -> a.toBuilder().operands(List.of(a.operands().get(0))).build(),
            a -> a.toBuilder().operand(Operand.of("note", OperandType.STRING)).build(),
            a -> withStatus(a, status.withDescription("The status.")),
            a -> withStatus(a, status.withRequired(false)),
            a -> withStatus(a, status.withList(true)),
            a ->
                withStatus(
                    a,
                    new Operand(
                        "state", "", OperandType.ENUM, true, List.of("open", "done"), false)),
            a -> withStatus(a, Operand.enumOf("status", true, "open", "done", "blocked")),
            a -> withStatus(a, Operand.enumOf("status", true, "done", "open")),
            a ->
                withStatus(
                    a,
                    new Operand(
                        "status", "", OperandType.STRING, true, List.of("open", "done"), false)));
    List<String> digests = new ArrayList<>();
    digests.add(small().digest());
    for (UnaryOperator<Op> change : changes) {
      List<Op> ops = new ArrayList<>(small().ops());
      ops.set(ops.indexOf(op), change.apply(op));
      digests.add(Contract.of("taskboard", ops).digest());
    }
    assertThat(digests).doesNotHaveDuplicates();
  }

  private static Op withStatus(Op a, Operand status) {
    return a.toBuilder().operands(List.of(a.operands().get(0), status)).build();
  }

  // ---------------------------------------------------------------- malformed snapshots

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of(
            "empty.json",
            ":1:1: at $: the snapshot is empty; a snapshot is a JSON object, so " + REGENERATE),
        Arguments.of(
            "blank.json",
            ":3:1: at $: the snapshot is empty; a snapshot is a JSON object, so " + REGENERATE),
        Arguments.of(
            "byte-order-mark.json",
            ":1:1: at $: the snapshot starts with a byte order mark, which agentkit never writes"
                + " (an editor added it); remove it or "
                + REGENERATE),
        Arguments.of(
            "utf-16.json",
            ":1:1: at $: the snapshot is not UTF-8 (it looks like UTF-16 or UTF-32); snapshots"
                + " are UTF-8, so "
                + REGENERATE),
        Arguments.of(
            "invalid-utf-8.json",
            ":9:34: at $.ops[0].description: byte 0xFF is not valid UTF-8; a snapshot is UTF-8"
                + " text, so "
                + REGENERATE),
        Arguments.of(
            "truncated.json",
            ":23:1: at $.ops[1].operands[0]: the snapshot ends in the middle of the JSON document"
                + " (it was cut off); "
                + REGENERATE),
        Arguments.of(
            "trailing-garbage.json",
            ":40:1: at $: there is more after the end of the JSON object; a snapshot is exactly"
                + " one JSON object, so "
                + REGENERATE),
        Arguments.of(
            "missing-comma.json",
            ":12:7: at $.ops[0].tier: the snapshot is not valid JSON: Unexpected character ('\"'"
                + " (code 34)): was expecting comma to separate Object entries; "
                + REGENERATE),
        Arguments.of(
            "root-array.json", ":1:1: at $: expected a JSON object (a snapshot), found an array"),
        Arguments.of(
            "unknown-key.json",
            ":5:3: at $.generated_at: unknown key \"generated_at\": a snapshot has only the keys"
                + " contract, digest, document, format, ops, source, tiers; an unknown key means the"
                + " snapshot was"
                + " edited or written by a newer agentkit, so "
                + REGENERATE),
        Arguments.of(
            "unknown-key-typo.json",
            ":16:7: at $.ops[1].descripton: unknown key \"descripton\" (did you mean"
                + " \"description\"?): an op has only the keys description, object_type, opcode,"
                + " operands, tier; an unknown key means the snapshot was edited or written by a"
                + " newer agentkit, so "
                + REGENERATE),
        Arguments.of(
            "unknown-operand-key.json",
            ":35:11: at $.ops[1].operands[1].default: unknown key \"default\": an operand has only"
                + " the keys description, enum, list, name, required, type; an unknown key means"
                + " the snapshot was edited or written by a newer agentkit, so "
                + REGENERATE),
        Arguments.of(
            "duplicate-key.json",
            ":12:7: at $.ops[0].tier: key \"tier\" appears twice; a key appears once in an object"),
        Arguments.of(
            "missing-root-key.json",
            ":1:1: at $: missing key \"digest\": a snapshot has the keys contract, digest, format,"
                + " ops, source, and each is required"),
        Arguments.of(
            "missing-op-key.json",
            ":14:5: at $.ops[1]: missing key \"tier\": an op has the keys description,"
                + " object_type, opcode, operands, tier, and each is required"),
        Arguments.of(
            "missing-operand-key.json",
            ":20:9: at $.ops[1].operands[0]: missing key \"type\": an operand has the keys"
                + " description, enum, list, name, required, type, and each is required"),
        Arguments.of(
            "required-yes.json",
            ":24:23: at $.ops[1].operands[0].required: expected true or false, found a string"
                + " (\"yes\")"),
        Arguments.of(
            // The column counts characters: "ö" is two bytes.
            "enum-number.json",
            ":34:29: at $.ops[1].operands[1].enum[1]: expected a string, found a number (2)"),
        Arguments.of(
            "enum-not-array.json",
            ":34:19: at $.ops[1].operands[1].enum: expected an array of strings, found a string"
                + " (\"open, done\")"),
        Arguments.of(
            "op-not-object.json",
            ":7:5: at $.ops[0]: expected an op (a JSON object), found a string (\"archive\")"),
        Arguments.of(
            "ops-not-array.json", ":6:10: at $.ops: expected an array of ops, found an object"),
        Arguments.of(
            "operands-not-array.json",
            ":12:19: at $.ops[0].operands: expected an array of operands, found a string"
                + " (\"none\")"),
        Arguments.of(
            "operand-not-object.json",
            ":12:20: at $.ops[0].operands[0]: expected an operand (a JSON object), found a string"
                + " (\"task_id\")"),
        Arguments.of(
            "null-description.json",
            ":9:22: at $.ops[0].description: expected a string, found null"),
        Arguments.of(
            "format-newer.json",
            ":2:13: at $.format: format 3 is newer than this agentkit, which reads formats 1 to 2;"
                + " upgrade agentkit to read this snapshot"),
        Arguments.of(
            "format-zero.json",
            ":2:13: at $.format: format 0 does not exist; this agentkit reads formats 1 to 2, so "
                + REGENERATE),
        Arguments.of(
            "format-string.json",
            ":2:13: at $.format: expected an integer, found a string (\"1\")"),
        Arguments.of(
            "digest-mismatch.json",
            ":5:13: at $.digest: the snapshot's digest is"
                + " \"sha256:d35f6c4f500a86765f7b6532502d3d8b85eda33f7ca98033639a68bf765c9d26\""
                + " but its content hashes to"
                + " sha256:addb127d8ed07e999f5276e073e290d0d90408d25a9fa34dc5fc9a25b2afeb65: the"
                + " snapshot was edited by hand; "
                + REGENERATE
                + " instead of editing it"),
        Arguments.of(
            "tier-blank.json",
            ":18:15: at $.ops[1].tier: the tier is blank: give one of external_reversible,"
                + " irreversible, read_only, reversible (an unset tier is never read-only)"),
        Arguments.of(
            "duplicate-opcode.json",
            ":15:17: at $.ops[1].opcode: opcode \"archive\" is already the opcode of $.ops[0]"
                + " (line 7); an opcode names one op, so it appears once"),
        Arguments.of(
            "contract-name.json",
            ":3:15: at $.contract: \"Task Board\" has a capital in it — names are lowercase, so"
                + " that one typed two ways is one contract; \"Task Board\" has a space in it — a"
                + " name is one word, with '-' or '_' where you want a gap"),
        Arguments.of(
            "no-ops.json",
            ":6:10: at $.ops: the snapshot lists no op; agentkit never writes an empty snapshot,"
                + " so "
                + REGENERATE),
        Arguments.of(
            "operand-problems.json",
            ":14:5: at $.ops[1]: [DuplicateOperand] set_status: operand status is declared more"
                + " than once; an operand name must be unique in its op; [EnumWithoutValues]"
                + " set_status.status: type enum with no values, so no value could ever be valid;"
                + " list its values or use type string"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void aMalformedSnapshotIsRejectedWithItsLocation(String name, String expected)
      throws URISyntaxException {
    Path file = Path.of(ContractSnapshotTest.class.getResource("/malformed/" + name).toURI());
    assertThatThrownBy(() -> ContractSnapshot.read(file))
        .isExactlyInstanceOf(ContractFormatException.class)
        .hasMessage(file + expected);
  }

  @Test
  void theCorpusCoversEveryFile() throws Exception {
    Path corpus = Path.of(ContractSnapshotTest.class.getResource("/malformed").toURI());
    List<String> files;
    try (Stream<Path> list = Files.list(corpus)) {
      files = list.map(p -> p.getFileName().toString()).sorted().toList();
    }
    assertThat(files)
        .containsExactlyInAnyOrderElementsOf(malformed().map(a -> (String) a.get()[0]).toList());
  }

  @Test
  void theExceptionCarriesTheLocationApart() {
    ContractFormatException e =
        (ContractFormatException)
            catchThrowable(
                () ->
                    ContractSnapshot.parse(
                        bytes("{\n  \"format\": 7\n}"), "contract-snapshots/x.json"));
    assertThat(e.origin()).isEqualTo("contract-snapshots/x.json");
    assertThat(e.path()).isEqualTo("$.format");
    assertThat(e.line()).isEqualTo(2);
    assertThat(e.column()).isEqualTo(13);
    assertThat(e.problem())
        .isEqualTo(
            "format 7 is newer than this agentkit, which reads formats 1 to 2; upgrade agentkit to"
                + " read this snapshot");
  }

  @Test
  void parseNamesTheOriginAndReportsWhatItFound() {
    assertThatThrownBy(() -> ContractSnapshot.parse(null, "memory"))
        .hasMessage(
            "memory:1:1: at $: the snapshot is empty; a snapshot is a JSON object, so "
                + REGENERATE);
    assertThatThrownBy(
            () -> ContractSnapshot.parse(bytes("{\"format\": 1, \"contract\": true}"), "memory"))
        .hasMessage("memory:1:27: at $.contract: expected a string, found true");
    assertThatThrownBy(
            () -> ContractSnapshot.parse(bytes("{\"format\": 1, \"source\": false}"), "memory"))
        .hasMessage("memory:1:25: at $.source: expected a string, found false");
    assertThatThrownBy(
            () -> ContractSnapshot.parse(bytes("{\"format\": 1, \"digest\": []}"), "memory"))
        .hasMessage("memory:1:25: at $.digest: expected a string, found an array");
    assertThatThrownBy(() -> ContractSnapshot.parse(bytes("{\"format\": 1.0}"), "memory"))
        .hasMessage("memory:1:12: at $.format: expected an integer, found a number (1.0)");
    assertThatThrownBy(
            () ->
                ContractSnapshot.parse(
                    bytes("{\"contract\": \"" + "x".repeat(50) + "\", \"format\": 1, \"ops\": 3}"),
                    "memory"))
        .hasMessage("memory:1:88: at $.ops: expected an array of ops, found a number (3)");
    assertThatThrownBy(
            () -> ContractSnapshot.parse(bytes("{\"digest\": " + "1".repeat(3) + "}"), "memory"))
        .hasMessage("memory:1:12: at $.digest: expected a string, found a number (111)");
    assertThatThrownBy(
            () ->
                ContractSnapshot.parse(bytes("{\"source\": \"" + "s".repeat(45) + "\""), "memory"))
        .hasMessage(
            "memory:1:59: at $: the snapshot ends in the middle of the JSON document (it was cut"
                + " off); "
                + REGENERATE);
  }

  @Test
  void aLongStringIsCutInTheMessage() {
    assertThatThrownBy(
            () ->
                ContractSnapshot.parse(bytes("{\"format\": \"" + "9".repeat(60) + "\"}"), "memory"))
        .hasMessage(
            "memory:1:12: at $.format: expected an integer, found a string (\""
                + "9".repeat(40)
                + "...\")");
  }

  @Test
  void aRepeatedOpcodeOutOfOrderNamesTheFirst() {
    String ops =
        "[{\"opcode\": \"b\", \"description\": \"\", \"object_type\": \"\", \"tier\": \"read_only\","
            + " \"operands\": []},\n"
            + "{\"opcode\": \"a\", \"description\": \"\", \"object_type\": \"\", \"tier\":"
            + " \"read_only\", \"operands\": []},\n"
            + "{\"opcode\": \"b\", \"description\": \"\", \"object_type\": \"\", \"tier\":"
            + " \"read_only\", \"operands\": []}]";
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{\"ops\": " + ops + "}"), "u", "t"))
        .hasMessage(
            "u:3:12: at $.ops[2].opcode: opcode \"b\" is already the opcode of $.ops[0] (line 1);"
                + " an opcode names one op, so it appears once");
  }

  @Test
  void syntaxErrorsLeaveOutHowTheParserIsSetUp() {
    assertThat(
            DocumentErrors.withoutParserSettings(
                "Unexpected close marker '}': expected ']' (for Array starting at [Source:"
                    + " REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line:"
                    + " 1, column: 9])"))
        .isEqualTo("Unexpected close marker '}': expected ']'");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{\"ops\": [}"), "u", "t"))
        .hasMessage(
            "u:1:10: at $.ops: the served contract is not valid JSON: Unexpected close marker"
                + " '}': expected ']'");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{\"ops\": NaN}"), "u", "t"))
        .hasMessage(
            "u:1:12: at $.ops: the served contract is not valid JSON: Non-standard token 'NaN'");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{/* c */ \"ops\": []}"), "u", "t"))
        .hasMessage(
            "u:1:2: at $: the served contract is not valid JSON: Unexpected character ('/' (code"
                + " 47)): maybe a (non-standard) comment?");
    String deep = "{\"x\": " + "[".repeat(1001) + "]".repeat(1001) + ", \"ops\": []}";
    ContractFormatException e =
        (ContractFormatException)
            catchThrowable(() -> ContractSnapshot.parseWire(bytes(deep), "u", "t"));
    assertThat(e.problem())
        .isEqualTo(
            "the served contract is not valid JSON: Document nesting depth (1001) exceeds the"
                + " maximum allowed (1000)");
    assertThat(e.path()).startsWith("$.x[0][0]").endsWith("...").hasSize(203);
  }

  @Test
  void noOtherExceptionEscapesForAnyDamage() {
    byte[] good = bytes(ContractSnapshot.write(rich()));
    Random random = new Random(7);
    for (int round = 0; round < 3000; round++) {
      byte[] damaged;
      if (round < good.length) {
        damaged = Arrays.copyOf(good, round); // every truncation of a prefix
      } else {
        damaged = good.clone();
        for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
          damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
        }
      }
      for (int mode = 0; mode < 2; mode++) {
        byte[] input = damaged;
        boolean strict = mode == 0;
        Throwable thrown =
            catchThrowable(
                () -> {
                  if (strict) {
                    ContractSnapshot.parse(input, "fuzz");
                  } else {
                    ContractSnapshot.parseWire(input, "fuzz", "t");
                  }
                });
        if (thrown != null) {
          assertThat(thrown).isExactlyInstanceOf(ContractFormatException.class);
          ContractFormatException e = (ContractFormatException) thrown;
          assertThat(e.line()).isPositive();
          assertThat(e.column()).isPositive();
          assertThat(e.path()).startsWith("$");
        }
      }
    }
  }

  // ---------------------------------------------------------------- files that cannot be read

  @Test
  void aMissingFileSaysItIsMissing() {
    Path file = dir.resolve("contract-snapshots/taskboard.json");
    assertThatThrownBy(() -> ContractSnapshot.read(file))
        .isExactlyInstanceOf(ContractFormatException.class)
        .hasMessage(
            file + ": the snapshot file does not exist; create it with mvn agentkit:snapshot");
  }

  @Test
  void aDirectoryCannotBeRead() {
    assertThatThrownBy(() -> ContractSnapshot.read(dir))
        .isExactlyInstanceOf(ContractFormatException.class)
        .hasMessage(dir + ": the snapshot file cannot be read: it is a directory");
  }

  @Test
  void anUnreadableFileSaysWhy() {
    Path file = dir.resolve("x".repeat(300) + ".json");
    assertThatThrownBy(() -> ContractSnapshot.read(file))
        .isExactlyInstanceOf(ContractFormatException.class)
        .hasMessage(file + ": the snapshot file cannot be read: File name too long");
  }

  // ---------------------------------------------------------------- the wire form

  @Test
  void theWireFormIgnoresUnknownKeysAndDefaultsOptionalOnes() throws Exception {
    String body =
        """
        {
          "service": "taskboard",
          "ops": [
            {
              "opcode": "set_status",
              "tier": "Reversible",
              "deprecated": false,
              "operands": [
                {"name": "task_id", "type": "int", "x-ui": {"widget": ["a", {"b": null}]}},
                {"name": "status", "type": "enum", "enum": ["open", "done"], "required": true,
                 "list": null, "description": null}
              ]
            },
            {"opcode": "archive", "tier": "irreversible", "description": "Archives.",
             "object_type": "task"}
          ],
          "next_page": null
        }
        """;
    Contract contract = ContractSnapshot.parseWire(bytes(body), "http://backend/ops", "taskboard");
    assertThat(contract.name()).isEqualTo("taskboard");
    assertThat(contract.source()).isEqualTo("http://backend/ops");
    assertThat(contract.opcodes()).containsExactly("archive", "set_status");
    Op setStatus = contract.op("set_status").orElseThrow();
    assertThat(setStatus.description()).isEmpty();
    assertThat(setStatus.objectType()).isEmpty();
    assertThat(setStatus.tier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(setStatus.operands())
        .containsExactly(
            new Operand("task_id", "", OperandType.INTEGER, false, List.of(), false),
            new Operand("status", "", OperandType.ENUM, true, List.of("open", "done"), false));
    Op archive = contract.op("archive").orElseThrow();
    assertThat(archive.operands()).isEmpty();
    assertThat(archive.objectType()).isEqualTo("task");
    assertThat(contract.digest()).isEqualTo(SnapshotWriter.digestOf(contract.ops()));
  }

  @Test
  void theWireFormTakesAFullSnapshotButStampsItsOwnSourceAndDigest() throws Exception {
    String text =
        ContractSnapshot.write(small())
            .replace(small().digest(), "sha256:0000")
            .replace("\"format\": 1", "\"format\": 99");
    Contract contract = ContractSnapshot.parseWire(bytes(text), "http://live", "ignored");
    assertThat(contract).isEqualTo(small());
    assertThat(contract.name()).isEqualTo("taskboard");
    assertThat(contract.source()).isEqualTo("http://live");
    assertThat(contract.digest()).isEqualTo(small().digest());
  }

  @Test
  void theWireFormAcceptsAByteOrderMark() throws Exception {
    byte[] body = bytes("\uFEFF{\"ops\": []}");
    assertThat(ContractSnapshot.parseWire(body, "u", "t").isEmpty()).isTrue();
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("\uFEFF{\"ops\": 1}"), "u", "t"))
        .hasMessage("u:1:9: at $.ops: expected an array of ops, found a number (1)");
  }

  @Test
  void theWireFormNeedsATier() {
    String body = "{\n  \"ops\": [\n    {\"opcode\": \"archive\"}\n  ]\n}";
    String expected =
        "u:3:5: at $.ops[0]: missing key \"tier\" in op \"archive\": every op says its tier,"
            + " one of"
            + " external_reversible, irreversible, read_only, reversible; a missing tier is never"
            + " taken as read-only";
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes(body), "u", "t"))
        .isExactlyInstanceOf(ContractFormatException.class)
        .hasMessage(expected);
    String nullTier = body.replace("\"archive\"", "\"archive\", \"tier\": null");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes(nullTier), "u", "t"))
        .hasMessage(expected);
  }

  @Test
  void theWireFormNeedsTheKeysItCannotDefault() {
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(
                    bytes("{\"ops\": [{\"tier\": \"read_only\"}]}"), "u", "t"))
        .hasMessage(
            "u:1:10: at $.ops[0]: missing key \"opcode\": an op needs at least opcode and tier");
    String operand =
        "{\"ops\": [{\"opcode\": \"a\", \"tier\": \"read_only\", \"operands\": [%s]}]}";
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(
                    bytes(operand.formatted("{\"type\": \"string\"}")), "u", "t"))
        .hasMessage(
            "u:1:60: at $.ops[0].operands[0]: missing key \"name\": an operand needs at least name"
                + " and type");
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(bytes(operand.formatted("{\"name\": \"n\"}")), "u", "t"))
        .hasMessage(
            "u:1:60: at $.ops[0].operands[0]: missing key \"type\": an operand needs at least name"
                + " and type");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{\"op\": []}"), "u", "t"))
        .hasMessage(
            "u:1:1: at $: missing key \"ops\": a served contract is an object with at least an"
                + " \"ops\" array");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{\"ops\": null}"), "u", "t"))
        .hasMessage(
            "u:1:1: at $: missing key \"ops\": a served contract is an object with at least an"
                + " \"ops\" array");
  }

  @Test
  void theWireFormRejectsABodyThatIsNotAContract() {
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("[{\"opcode\": \"a\"}]"), "u", "t"))
        .isExactlyInstanceOf(ContractFormatException.class)
        .hasMessage("u:1:1: at $: expected a JSON object with an \"ops\" array, found an array");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("\"ok\""), "u", "t"))
        .hasMessage(
            "u:1:1: at $: expected a JSON object with an \"ops\" array, found a string (\"ok\")");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes(""), "u", "t"))
        .hasMessage("u:1:1: at $: the served contract is empty");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{\"ops\": [{\"opcode\""), "u", "t"))
        .hasMessage(
            "u:1:19: at $.ops[0]: the served contract ends in the middle of the JSON document (it"
                + " was cut off)");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{\"ops\": []} {}"), "u", "t"))
        .hasMessage(
            "u:1:13: at $: there is more after the end of the JSON object; a served contract is"
                + " exactly one JSON object");
    assertThatThrownBy(() -> ContractSnapshot.parseWire(bytes("{\"ops\": [] \"x\": 1}"), "u", "t"))
        .hasMessage(
            "u:1:12: at $.ops: the served contract is not valid JSON: Unexpected character ('\"'"
                + " (code 34)): was expecting comma to separate Object entries");
    assertThatThrownBy(
            () -> ContractSnapshot.parseWire("{\"ops\": []}".getBytes(UTF_16BE), "u", "t"))
        .hasMessage(
            "u:1:1: at $: the served contract is not UTF-8 (it looks like UTF-16 or UTF-32); JSON"
                + " exchanged between systems is UTF-8");
    byte[] latin1 = "{\"x\": \"caf\u00e9\", \"ops\": []}".getBytes(ISO_8859_1);
    assertThatThrownBy(() -> ContractSnapshot.parseWire(latin1, "u", "t"))
        .hasMessage(
            "u:1:11: at $.x: byte 0xE9 is not valid UTF-8; the served contract must be UTF-8");
  }

  @Test
  void theWireFormChecksTheContractItReads() {
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(
                    bytes("{\"contract\": \"Task\", \"ops\": []}"), "u", "t"))
        .hasMessage(
            "u:1:14: at $.contract: \"Task\" has a capital in it — names are lowercase, so that one"
                + " typed two ways is one contract");
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(
                    bytes(
                        "{\"ops\": [{\"opcode\": \"a\", \"tier\": \"read_only\", \"operands\":"
                            + " [{\"name\": \"s\", \"type\": \"enum\"}]}]}"),
                    "u",
                    "t"))
        .hasMessage(
            "u:1:10: at $.ops[0]: [EnumWithoutValues] a.s: type enum with no values, so no value"
                + " could ever be valid; list its values or use type string");
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(
                    bytes(
                        "{\"ops\": [{\"opcode\": \"a\", \"tier\": \"read_only\", \"tier\": \"irreversible\"}]}"),
                    "u",
                    "t"))
        .hasMessage(
            "u:1:47: at $.ops[0].tier: key \"tier\" appears twice; a key appears once in an object");
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(
                    bytes(
                        "{\"ops\": [{\"opcode\": \"a\", \"tier\": \"read_only\", \"operands\": {}}]}"),
                    "u",
                    "t"))
        .hasMessage("u:1:59: at $.ops[0].operands: expected an array of operands, found an object");
  }

  // ---------------------------------------------------------------- writing

  @Test
  void writeAtomicallyCreatesParentsAndReplacesAnExistingFile() throws Exception {
    Path file = dir.resolve("a/b/contract-snapshots/taskboard.json");
    ContractSnapshot.writeAtomically(file, small());
    assertThat(Files.readString(file)).isEqualTo(ContractSnapshot.write(small()));

    ContractSnapshot.writeAtomically(file, rich());
    assertThat(Files.readString(file)).isEqualTo(ContractSnapshot.write(rich()));
    assertThat(siblings(file)).containsExactly("taskboard.json");
  }

  @Test
  void writeAtomicallyRefusesAnEmptyContractAndLeavesTheFile() throws Exception {
    Path file = dir.resolve("taskboard.json");
    ContractSnapshot.writeAtomically(file, small());
    byte[] before = Files.readAllBytes(file);
    assertThatThrownBy(
            () -> ContractSnapshot.writeAtomically(file, Contract.of("taskboard", List.of())))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "not writing "
                + file
                + ": contract \"taskboard\" has no op, and an empty snapshot must never replace a"
                + " good one; check that the backend served its whole contract");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    assertThat(siblings(file)).containsExactly("taskboard.json");
  }

  @Test
  void writeAtomicallyRefusesAnInvalidContractAndLeavesTheFile() throws Exception {
    Path file = dir.resolve("taskboard.json");
    ContractSnapshot.writeAtomically(file, small());
    byte[] before = Files.readAllBytes(file);
    Contract invalid =
        Contract.of(
            "taskboard",
            List.of(
                Op.builder("a").build(),
                Op.builder("b").tier(Tier.READ_ONLY).operand(Operand.enumOf("s", true)).build()));
    assertThatThrownBy(() -> ContractSnapshot.writeAtomically(file, invalid))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "not writing "
                + file
                + ": contract \"taskboard\" is not valid, and an invalid snapshot must never"
                + " replace a good one: [UnsetTier] a: no tier; an unset tier is never taken as"
                + " read-only, so the backend must serve one of external_reversible, irreversible,"
                + " read_only, reversible; [EnumWithoutValues] b.s: type enum with no values, so"
                + " no value could ever be valid; list its values or use type string");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);

    Contract misnamed = Contract.of("Task Board", small().ops());
    assertThatThrownBy(() -> ContractSnapshot.writeAtomically(file, misnamed))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "not writing "
                + file
                + ": \"Task Board\" has a capital in it — names are lowercase, so that one typed"
                + " two ways is one contract; \"Task Board\" has a space in it — a name is one"
                + " word, with '-' or '_' where you want a gap");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    assertThat(siblings(file)).containsExactly("taskboard.json");
  }

  @Test
  void writeAtomicallyLeavesNoTemporaryFileWhenTheMoveFails() throws Exception {
    Path target = dir.resolve("taskboard.json");
    Files.createDirectories(target.resolve("in-the-way"));
    assertThatThrownBy(() -> ContractSnapshot.writeAtomically(target, small()))
        .isInstanceOf(IOException.class);
    assertThat(siblings(target)).containsExactly("taskboard.json");
    assertThat(target.resolve("in-the-way")).isDirectory();
  }

  @Test
  void isUpToDateComparesTheBytes() throws Exception {
    Path file = dir.resolve("taskboard.json");
    assertThat(ContractSnapshot.isUpToDate(file, small())).isFalse();
    ContractSnapshot.writeAtomically(file, small());
    assertThat(ContractSnapshot.isUpToDate(file, small())).isTrue();
    assertThat(ContractSnapshot.isUpToDate(file, small().withSource("elsewhere"))).isFalse();
    assertThat(ContractSnapshot.isUpToDate(file, rich())).isFalse();
    Files.writeString(file, ContractSnapshot.write(small()).replace("\n", "\r\n"));
    assertThat(ContractSnapshot.isUpToDate(file, small())).isFalse();
    assertThat(ContractSnapshot.isUpToDate(dir, small())).isFalse();
  }

  private static List<String> siblings(Path file) throws IOException {
    try (Stream<Path> list = Files.list(file.getParent())) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
