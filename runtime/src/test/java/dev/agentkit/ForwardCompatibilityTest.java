package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A contract with a tier or an operand type this version does not know: the op is read as
 * irreversible and the operand as opaque, each is one warning, the other ops bind, and only the
 * uses the unknown value makes unsafe are errors.
 */
class ForwardCompatibilityTest {
  /** A served contract: one op with a tier from the future, one with a type from the future. */
  static final String SERVED =
      """
      {"contract": "board", "ops": [
        {"opcode": "launch", "description": "Launch it.", "tier": "quantum",
         "operands": [{"name": "id", "type": "string", "required": true}]},
        {"opcode": "price", "description": "Price it.", "tier": "reversible",
         "operands": [{"name": "id", "type": "string", "required": true},
                      {"name": "amount", "type": "decimal128", "required": true},
                      {"name": "note", "type": "text"}]},
        {"opcode": "count", "description": "Count it.", "tier": "read_only",
         "operands": [{"name": "n", "type": "int64"}, {"name": "ok", "type": "bool"},
                      {"name": "x", "type": "float64"}]}
      ]}
      """;

  static Contract served() throws Exception {
    return ContractSnapshot.parseWire(SERVED.getBytes(StandardCharsets.UTF_8), "test", "board");
  }

  static final String TIER_WARNING =
      "[UnknownTier] launch: tier \"quantum\" is not one this agentkit knows (external_reversible,"
          + " irreversible, read_only, reversible), so the op is treated as irreversible: always"
          + " proposed to a human, never run live; upgrade agentkit to use the tier as the backend"
          + " means it";

  static final String TYPE_WARNING =
      "[UnknownOperandType] price.amount: type \"decimal128\" is not one this agentkit knows"
          + " (boolean, date, enum, integer, number, string), so the operand is kept as opaque"
          + " text: verify checks only that a required value is given, and the typed view reads it"
          + " as a String; upgrade agentkit to check it by its type";

  @Test
  void anUnknownTierIsIrreversibleAndAnUnknownTypeOpaqueEachOneWarning() throws Exception {
    Contract c = served();
    Op launch = c.op("launch").orElseThrow();
    assertThat(launch.tier()).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(launch.unknownTier()).isEqualTo("quantum");
    assertThat(launch.tierName()).isEqualTo("quantum");
    Operand amount = c.op("price").orElseThrow().operand("amount").orElseThrow();
    assertThat(amount.type()).isEqualTo(OperandType.OPAQUE);
    assertThat(amount.typeName()).isEqualTo("decimal128");
    Op count = c.op("count").orElseThrow();
    assertThat(count.operands())
        .extracting(Operand::type)
        .containsExactly(OperandType.INTEGER, OperandType.BOOLEAN, OperandType.NUMBER);
    assertThat(c.problems()).isEmpty();
    assertThat(c.warnings())
        .extracting(Problem::message)
        .containsExactly(TIER_WARNING, TYPE_WARNING);
    assertThat(c.warnings()).allMatch(p -> p.kind().isWarning());
  }

  @Test
  void aSnapshotKeepsTheNamesAsServedAndReadsBackTheSame() throws Exception {
    Contract c = served();
    String written = ContractSnapshot.write(c);
    assertThat(written).contains("\"tier\": \"quantum\"").contains("\"type\": \"decimal128\"");
    Contract back = ContractSnapshot.parse(written.getBytes(StandardCharsets.UTF_8), "snap");
    assertThat(back).isEqualTo(c);
    assertThat(back.digest()).isEqualTo(c.digest());
    assertThat(ContractSnapshot.write(back)).isEqualTo(written);
    assertThat(back.warnings())
        .extracting(Problem::message)
        .containsExactly(TIER_WARNING, TYPE_WARNING);
  }

  @Test
  void aBlankTierOrTypeIsStillAnError() {
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(
                    "{\"ops\": [{\"opcode\": \"a\", \"tier\": \" \"}]}".getBytes(), "u", "t"))
        .hasMessageContaining("the tier is blank");
    assertThatThrownBy(
            () ->
                ContractSnapshot.parseWire(
                    ("{\"ops\": [{\"opcode\": \"a\", \"tier\": \"reversible\", \"operands\":"
                            + " [{\"name\": \"x\", \"type\": \"\"}]}]}")
                        .getBytes(),
                    "u",
                    "t"))
        .hasMessage(
            "u:1:83: at $.ops[0].operands[0].type: the type is blank: give one of boolean, date,"
                + " enum, integer, number, string");
  }

  @Test
  void theModelRefusesAKnownNameAsAnUnknownOne() {
    assertThatThrownBy(() -> Op.builder("a").unknownTier("Read_Only").build())
        .hasMessage("tier \"Read_Only\" is known; give it as the op's tier instead");
    assertThatThrownBy(() -> Operand.opaque("x", "int64"))
        .hasMessage("type \"int64\" is known; give it as the operand's type instead");
    assertThat(Operand.of("x", OperandType.OPAQUE).typeName()).isEqualTo("opaque");
    assertThat(Op.builder("a").tier(Tier.READ_ONLY).unknownTier("later").build().tier())
        .isEqualTo(Tier.IRREVERSIBLE);
  }

  static Use.Builder<Object> launchUse() {
    return Use.<Object>of("launch", ChangeCategory.ALWAYS_MINTS).ask(c -> "Launch?");
  }

  static Use.Builder<Object> countUse() {
    return Use.<Object>of("count", ChangeCategory.ALWAYS_MINTS).run((s, c) -> null);
  }

  @Test
  void theOtherOpsBindAndTheUnknownTierIsOnlyEverProposed() throws Exception {
    ActionSet<Object> set =
        ActionSet.bind(
            served(),
            List.of(
                launchUse().build(),
                countUse().build(),
                Use.<Object>of("price", ChangeCategory.FILLS_SLOT)
                    .input("amount")
                    .reader((s, c) -> "")
                    .run((s, c) -> null)
                    .build()));
    assertThat(set.canRun("launch")).isFalse();
    assertThat(set.canRun("count")).isTrue();
    Plan plan =
        set.gate(
            List.of(Call.of("launch", Map.of("id", "1")), Call.of("count", Map.of("n", "3"))),
            AutonomyRung.AUTO);
    assertThat(plan.apply()).extracting(Call::opcode).containsExactly("count");
    assertThat(plan.propose()).extracting(Call::opcode).containsExactly("launch");
  }

  @Test
  void aRunHandlerOnAnUnknownTierIsDeadCodeNamingTheTier() throws Exception {
    assertThatThrownBy(
            () -> ActionSet.bind(served(), List.of(launchUse().run((s, c) -> null).build())))
        .isInstanceOf(BindException.class)
        .hasMessageContaining(
            "[WithheldWithRun] launch: has a run handler, but tier \"quantum\" (unknown to this"
                + " agentkit, so read as irreversible) can never run live");
  }

  @Test
  void assertingAnUnknownTierIsAnError() throws Exception {
    BindException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            BindException.class,
            () ->
                ActionSet.bind(
                    served(), List.of(launchUse().assertTier(Tier.IRREVERSIBLE).build())));
    assertThat(e.problems())
        .extracting(Problem::message)
        .containsExactly(
            "[AssertedUnknownTier] launch: the agent asserts tier irreversible, but the backend"
                + " serves tier \"quantum\", which this agentkit does not know, so the assertion"
                + " cannot be checked; remove it (the op is treated as irreversible meanwhile) or"
                + " upgrade agentkit");
  }

  @Test
  void aPremiseThatComparesAnOpaqueInputIsAnError() throws Exception {
    for (ChangeCategory category :
        List.of(ChangeCategory.SCALAR_SET, ChangeCategory.MEMBERSHIP, ChangeCategory.TERMINAL)) {
      Use.Builder<Object> use =
          Use.<Object>of("price", category).input("amount").reader((s, c) -> "").ask(c -> "?");
      if (category == ChangeCategory.TERMINAL) {
        use.terminalStates("done");
      }
      BindException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              BindException.class, () -> ActionSet.bind(served(), List.of(use.build())));
      String what =
          category == ChangeCategory.TERMINAL
              ? "its terminal states cannot be checked against the operand's values"
              : "category " + category.wireName() + " cannot compare its values by type";
      assertThat(e.problems())
          .extracting(Problem::message)
          .containsExactly(
              "[OpaqueInput] price: input \"amount\" has type \"decimal128\", which this agentkit"
                  + " does not know, so "
                  + what
                  + "; use a category that compares nothing (always_mints, merge, fills_slot), or"
                  + " upgrade agentkit");
    }
  }

  @Test
  void verifyChecksAnOpaqueOperandForPresenceOnly() throws Exception {
    ActionSet<Object> set =
        ActionSet.bind(
            served(),
            List.of(
                Use.<Object>of("price", ChangeCategory.MULTI_FIELD)
                    .fieldReader((s, c, f) -> f.equals("amount") ? "1.50" : "1")
                    .ask(c -> "?")
                    .build()));
    assertThat(set.verify(Call.of("price", Map.of("id", "1", "amount", "any text at all"))))
        .isEmpty();
    assertThat(set.verify(Call.of("price", Map.of("id", "1", "amount", " "))))
        .extracting(Problem::message)
        .containsExactly(
            "[RequiredMissing] price.amount is required: give it a value, or list it as a"
                + " user-fill for the user to supply");
    // Only the identical text is the same value: "1.5" may or may not be "1.50" in that type.
    assertThat(set.willChange(null, Call.of("price", Map.of("id", "1", "amount", "1.50"))))
        .isFalse();
    assertThat(set.willChange(null, Call.of("price", Map.of("id", "1", "amount", "1.5")))).isTrue();
  }

  @Test
  void bindingAnAgentNotesEachWarningOnce() throws Exception {
    Contract live = served();
    CompiledAgent compiled = new CompiledAgent("Agent", live, live.digest());
    BoundAgent<Object> bound =
        BoundAgent.bind(
            compiled,
            live,
            List.of(launchUse().build(), countUse().build()),
            DriftPolicy.failOnBreaking(),
            Clock.systemUTC());
    assertThat(bound.notes())
        .containsExactly("warning: " + TIER_WARNING, "warning: " + TYPE_WARNING);
  }

  @Test
  void terminalStatesTheLiveInputCannotCheckAreANote() throws Exception {
    // The backend turned status from an enum into a string: the states can no longer be checked.
    Op open =
        Fixtures.setStatus().toBuilder()
            .operands(List.of(Fixtures.TASK_ID, Operand.requiredString("status", "The status.")))
            .build();
    Contract live = Contract.of("board", List.of(open));
    CompiledAgent compiled = new CompiledAgent("Agent", live, live.digest());
    Use<Object> done =
        Use.<Object>of("set_status", ChangeCategory.TERMINAL)
            .input("status")
            .terminalStates("done")
            .reader((s, c) -> "")
            .run((s, c) -> null)
            .build();
    String note =
        "warning: [TerminalStatesUnchecked] set_status: input \"status\" has type string, not"
            + " enum, so the terminal states (done) cannot be checked against the values the"
            + " backend allows: a misspelled state would never match the current state, and the"
            + " act would never be recognised as done; check their spelling against the states"
            + " the backend uses, or name the enum operand that holds the state as the input";
    BoundAgent<Object> bound =
        BoundAgent.bind(
            compiled, live, List.of(done), DriftPolicy.failOnBreaking(), Clock.systemUTC());
    assertThat(bound.notes()).containsExactly(note);
    assertThat(BoundAgent.offline(compiled, List.of(done)).notes()).containsExactly(note);
  }

  @Test
  void aTierTurningUnknownIsBreakingForAnAgentThatUsesItAndInformationalOtherwise()
      throws Exception {
    Contract live = served();
    Contract before =
        Contract.of(
            "board",
            List.of(
                live.op("launch").orElseThrow().toBuilder()
                    .unknownTier("")
                    .tier(Tier.REVERSIBLE)
                    .build(),
                live.op("count").orElseThrow()));
    DriftReport used =
        DriftReport.compare(
            before,
            Contract.of("board", List.of(live.op("launch").get(), live.op("count").get())),
            new DriftReport.Usage(
                "Agent", Map.of("launch", new DriftReport.ActUse(false, true, ""))));
    assertThat(used.items()).hasSize(1);
    assertThat(used.items().get(0).rule()).isEqualTo(DriftRule.TIER_UNKNOWN);
    assertThat(used.items().get(0).severity()).isEqualTo(DriftSeverity.BREAKING);
    assertThat(used.items().get(0).sentence())
        .isEqualTo(
            "the backend now serves tier \"quantum\" for launch, which this agentkit does not"
                + " know, instead of reversible, which Agent uses; the act is treated as"
                + " irreversible (never run live), so upgrade agentkit before binding it, or"
                + " acknowledge the item");
    DriftReport unused =
        DriftReport.compare(
            before,
            Contract.of("board", List.of(live.op("launch").get(), live.op("count").get())),
            new DriftReport.Usage(
                "Agent", Map.of("count", new DriftReport.ActUse(true, false, ""))));
    assertThat(unused.items()).extracting(i -> i.severity()).containsExactly(DriftSeverity.INFO);
    // The same unknown tier on both sides is no change: the build warned about it already.
    assertThat(DriftReport.compare(live, live, DriftReport.Usage.wholeContract()).items())
        .isEmpty();
  }

  @Test
  void typeChangesFollowTheTable() {
    record Change(OperandType from, OperandType to, DriftSeverity severity) {}
    List<Change> changes = new java.util.ArrayList<>();
    List<OperandType> types =
        List.of(
            OperandType.STRING,
            OperandType.DATE,
            OperandType.NUMBER,
            OperandType.INTEGER,
            OperandType.BOOLEAN);
    for (OperandType from : types) {
      for (OperandType to : types) {
        if (from != to) {
          boolean absorbed = from == OperandType.NUMBER && to == OperandType.INTEGER;
          changes.add(
              new Change(from, to, absorbed ? DriftSeverity.COMPATIBLE : DriftSeverity.BREAKING));
        }
      }
    }
    for (Change change : changes) {
      DriftReport r =
          DriftReport.compare(
              withType(Operand.of("v", change.from())),
              withType(Operand.of("v", change.to())),
              DriftReport.Usage.wholeContract());
      assertThat(r.items()).as("%s", change).hasSize(1);
      assertThat(r.items().get(0).severity()).as("%s", change).isEqualTo(change.severity());
    }
    DriftReport toOpaque =
        DriftReport.compare(
            withType(Operand.of("v", OperandType.NUMBER)),
            withType(Operand.opaque("v", "decimal128")),
            DriftReport.Usage.wholeContract());
    assertThat(toOpaque.items().get(0).severity()).isEqualTo(DriftSeverity.BREAKING);
    assertThat(toOpaque.items().get(0).sentence())
        .isEqualTo("the backend changed the type of op.v from number to \"decimal128\"");
    DriftReport narrowed =
        DriftReport.compare(
            withType(Operand.of("v", OperandType.NUMBER)),
            withType(Operand.of("v", OperandType.INTEGER)),
            DriftReport.Usage.wholeContract());
    assertThat(narrowed.items().get(0).sentence())
        .isEqualTo(
            "the backend changed the type of op.v from number to integer; every integer is a"
                + " number");
  }

  private static Contract withType(Operand operand) {
    return Contract.of(
        "board",
        List.of(
            Op.builder("op").description("Op.").tier(Tier.REVERSIBLE).operand(operand).build()));
  }

  @Test
  void toolSchemasTypeIntegersBooleansAndOpaqueOperands() throws Exception {
    ActionSet<Object> set =
        ActionSet.bind(
            served(),
            List.of(
                countUse().build(),
                Use.<Object>of("price", ChangeCategory.ALWAYS_MINTS).ask(c -> "?").build()));
    Map<String, String> parameters = new java.util.HashMap<>();
    for (ToolDeclaration d : ToolSchemas.declarations(set)) {
      parameters.put(d.name(), d.parametersJson());
    }
    assertThat(parameters.get("count"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"},"
                + "\"ok\":{\"type\":\"boolean\"},\"x\":{\"type\":\"number\"}},"
                + "\"required\":[],\"additionalProperties\":false}");
    assertThat(parameters.get("price"))
        .contains(
            "\"amount\":{\"description\":\"Any JSON value; the contract's type for it is"
                + " decimal128.\"}");
  }

  @Test
  void verifyChecksIntegersAndBooleansAsAGoBackendReadsThem() throws Exception {
    ActionSet<Object> set = ActionSet.bind(served(), List.of(countUse().build()));
    for (String ok :
        List.of("0", "-7", "+3", "007", "9223372036854775807", "-9223372036854775808")) {
      assertThat(set.verify(Call.of("count", Map.of("n", ok)))).as(ok).isEmpty();
    }
    assertThat(set.verify(Call.of("count", Map.of("n", "1.5"))))
        .extracting(Problem::message)
        .containsExactly(
            "[BadInteger] count.n: \"1.5\" is not an integer; write whole digits such as 3 or -42,"
                + " with no fraction or exponent");
    assertThat(set.verify(Call.of("count", Map.of("n", "9223372036854775808"))))
        .extracting(Problem::message)
        .containsExactly(
            "[BadInteger] count.n: \"9223372036854775808\" is not an integer this backend takes:"
                + " it is beyond the signed 64-bit range; write whole digits such as 3 or -42, with"
                + " no fraction or exponent");
    for (String ok : List.of("true", "True", "TRUE", "t", "T", "1", "false", "False", "0", "f")) {
      assertThat(set.verify(Call.of("count", Map.of("ok", ok)))).as(ok).isEmpty();
    }
    assertThat(set.verify(Call.of("count", Map.of("ok", "yes"))))
        .extracting(Problem::message)
        .containsExactly("[BadBoolean] count.ok: \"yes\" is not a boolean; write true or false");
    assertThat(set.verify(Call.of("count", Map.of("ok", "tRUE")))).hasSize(1);
  }

  @Test
  void willChangeComparesIntegersAndBooleansByValue() throws Exception {
    Contract c = served();
    ActionSet<String> set =
        ActionSet.bind(
            c,
            List.of(
                Use.<String>of("count", ChangeCategory.SCALAR_SET)
                    .input("n")
                    .reader((s, call) -> s)
                    .run((s, call) -> null)
                    .build()));
    assertThat(set.willChange("7", Call.of("count", Map.of("n", "007")))).isFalse();
    assertThat(set.willChange("7", Call.of("count", Map.of("n", "+7")))).isFalse();
    assertThat(set.willChange("7", Call.of("count", Map.of("n", "8")))).isTrue();
    ActionSet<String> flags =
        ActionSet.bind(
            c,
            List.of(
                Use.<String>of("count", ChangeCategory.SCALAR_SET)
                    .input("ok")
                    .reader((s, call) -> s)
                    .run((s, call) -> null)
                    .build()));
    assertThat(flags.willChange("true", Call.of("count", Map.of("ok", "1")))).isFalse();
    assertThat(flags.willChange("False", Call.of("count", Map.of("ok", "f")))).isFalse();
    assertThat(flags.willChange("true", Call.of("count", Map.of("ok", "0")))).isTrue();
  }
}
