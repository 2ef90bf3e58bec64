package dev.agentkit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Tier;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The manifest's canonical text, and every sentence its reader refuses a manifest with. */
class UsesManifestTest {
  private static final String DIGEST = "sha256:" + "ab".repeat(32);
  private static final String SUFFIX =
      "; a manifest is written by the agentkit processor, never by hand: publish it again from the"
          + " agent's build (agentkit:attach-uses)";

  static UsesManifest triage() {
    return new UsesManifest(
        "taskboard",
        "acme.TriageAgent",
        DIGEST,
        List.of(
            UseFixture.use("set_task_due_date", ChangeCategory.SCALAR_SET, "due_date")
                .runs()
                .asserted(Tier.REVERSIBLE)
                .build(),
            UseFixture.use("set_status", ChangeCategory.TERMINAL, "status")
                .terminal("done", "archived")
                .asks()
                .overridden(Tier.IRREVERSIBLE, false)
                .values("status", "todo", "done")
                .build()),
        List.of("note", "leave_triage_note"));
  }

  @Test
  void theTextIsCanonical() {
    assertThat(triage().encode())
        .isEqualTo(
            """
            {
              "format": 1,
              "contract": "taskboard",
              "agent": "acme.TriageAgent",
              "digest": "%s",
              "acts": [
                {
                  "opcode": "set_status",
                  "category": "terminal",
                  "input": "status",
                  "terminal_states": ["done", "archived"],
                  "structured": [],
                  "run": false,
                  "ask": true,
                  "asserted_tier": null,
                  "tier_override": {"tier": "irreversible", "may_lower": false},
                  "enum_values": {
                    "status": ["done", "todo"]
                  }
                },
                {
                  "opcode": "set_task_due_date",
                  "category": "scalar_set",
                  "input": "due_date",
                  "terminal_states": [],
                  "structured": [],
                  "run": true,
                  "ask": false,
                  "asserted_tier": "reversible",
                  "tier_override": null,
                  "enum_values": {}
                }
              ],
              "local_acts": ["leave_triage_note", "note"]
            }
            """
                .formatted(DIGEST));
  }

  @Test
  void anAgentWithNoBackendActWritesEmptyLists() throws Exception {
    UsesManifest m = new UsesManifest("taskboard", "a.B", DIGEST, List.of(), List.of());
    assertThat(m.encode()).contains("\"acts\": [],\n  \"local_acts\": []\n}\n");
    assertThat(read(m.encode())).isEqualTo(m);
  }

  @Test
  void itReadsBackWhatItWrote() throws Exception {
    assertThat(read(triage().encode())).isEqualTo(triage());
    assertThat(UsesManifest.path("taskboard", "acme.TriageAgent"))
        .isEqualTo("META-INF/agentkit/uses/taskboard/acme.TriageAgent.json");
    assertThat(triage().agentName()).isEqualTo("TriageAgent");
    assertThat(triage().opcodes()).containsExactly("set_status", "set_task_due_date");
  }

  private static UsesManifest read(String text) throws UsesManifestReader.Malformed {
    return UsesManifestReader.read(text.getBytes(StandardCharsets.UTF_8), "m.json");
  }

  private static String refusal(String text) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> read(text));
    assertThat(t).isInstanceOf(UsesManifestReader.Malformed.class);
    assertThat(t.getMessage()).endsWith(SUFFIX);
    return t.getMessage().substring(0, t.getMessage().length() - SUFFIX.length());
  }

  private static String edited(String from, String to) {
    String text = triage().encode();
    assertThat(text).contains(from);
    return text.replace(from, to);
  }

  @Test
  void whatIsNotAManifestAtAllIsRefusedInOneSentence() {
    assertThat(refusal("")).isEqualTo("[UsesManifest] m.json is not JSON: it is empty");
    assertThat(refusal("[1]")).isEqualTo("[UsesManifest] m.json: $ is an array, not an object");
    assertThatThrownBy(
            () ->
                UsesManifestReader.read(
                    new byte[] {'{', '"', (byte) 0xff, '"', ':', '1', '}'}, "m.json"))
        .hasMessage("[UsesManifest] m.json is not UTF-8 text" + SUFFIX);
    assertThatThrownBy(
            () -> UsesManifestReader.read(new byte[UsesManifestReader.MAX_BYTES + 1], "m.json"))
        .hasMessage(
            "[UsesManifest] m.json is larger than 4194304 bytes, the most a manifest may be; one"
                + " the processor wrote is far smaller"
                + SUFFIX);
    assertThat(refusal("[".repeat(20) + "]".repeat(20)))
        .startsWith("[UsesManifest] m.json is not JSON: it nests arrays and objects deeper than 8");
  }

  @Test
  void aNewerFormatSaysToUpgradeTheBackendsAgentkit() {
    assertThatThrownBy(() -> read(edited("\"format\": 1", "\"format\": 2")))
        .hasMessage(
            "[UsesManifest] m.json is in manifest format 2, which this agentkit (format 1) cannot"
                + " read; upgrade agentkit in the backend's build to the agent's version or later");
    assertThat(refusal(edited("\"format\": 1", "\"format\": \"1\"")))
        .isEqualTo("[UsesManifest] m.json: $.format is the string \"1\", not a format number");
  }

  @Test
  void aKeyMissingOrUnknownIsNamedWithItsPath() {
    assertThat(refusal(edited("\"agent\"", "\"agnet\"")))
        .isEqualTo(
            "[UsesManifest] m.json: $ has the unknown key \"agnet\" (its keys are format,"
                + " contract, agent, digest, acts, local_acts); did you mean \"agent\"?");
    assertThat(refusal(edited("      \"run\": true,\n", "")))
        .isEqualTo("[UsesManifest] m.json: $.acts[1] has no \"run\"");
    assertThat(refusal(edited("\"may_lower\": false", "\"lowers\": false")))
        .startsWith(
            "[UsesManifest] m.json: $.acts[0].tier_override has the unknown key \"lowers\" (its"
                + " keys are tier, may_lower)");
  }

  @Test
  void aValueOfTheWrongKindIsNamedWithItsPath() {
    assertThat(refusal(edited("\"run\": true", "\"run\": \"yes\"")))
        .isEqualTo("[UsesManifest] m.json: $.acts[1].run is the string \"yes\", not true or false");
    assertThat(refusal(edited("\"acts\": [", "\"acts\": 3, \"x\": [")))
        .startsWith("[UsesManifest] m.json: $ has the unknown key \"x\"");
    assertThat(
            refusal(
                edited("\"local_acts\": [\"leave_triage_note\", \"note\"]", "\"local_acts\": {}")))
        .isEqualTo("[UsesManifest] m.json: $.local_acts is an object, not an array");
    assertThat(refusal(edited("\"local_acts\": [\"leave_triage_note\"", "\"local_acts\": [7")))
        .isEqualTo("[UsesManifest] m.json: $.local_acts[0] is the number 7, not a string");
    assertThat(refusal(edited("\"opcode\": \"set_status\"", "\"opcode\": null")))
        .isEqualTo("[UsesManifest] m.json: $.acts[0].opcode is null, not a string");
    assertThat(refusal(edited("\"enum_values\": {}", "\"enum_values\": []")))
        .isEqualTo("[UsesManifest] m.json: $.acts[1].enum_values is an array, not an object");
    assertThat(refusal(edited("\"tier_override\": null", "\"tier_override\": \"irreversible\"")))
        .isEqualTo(
            "[UsesManifest] m.json: $.acts[1].tier_override is the string \"irreversible\", not"
                + " an object");
    assertThat(
            refusal(
                edited(
                    "    {\n      \"opcode\": \"set_status\"",
                    "    null, {\n      \"opcode\": \"set_status\"")))
        .isEqualTo("[UsesManifest] m.json: $.acts[0] is null, not an object");
  }

  @Test
  void aBadValueIsNamedWithItsPathAndWhatIsWrong() {
    assertThat(refusal(edited("\"contract\": \"taskboard\"", "\"contract\": \"Taskboard\"")))
        .isEqualTo(
            "[UsesManifest] m.json: $.contract: \"Taskboard\" has a capital in it — names are"
                + " lowercase, so that one typed two ways is one contract");
    assertThat(refusal(edited("\"agent\": \"acme.TriageAgent\"", "\"agent\": \"\"")))
        .isEqualTo(
            "[UsesManifest] m.json: $.agent is empty; it is the agent's qualified class name");
    assertThat(refusal(edited(DIGEST, "sha1:abc")))
        .isEqualTo("[UsesManifest] m.json: $.digest \"sha1:abc\" is not sha256:<64 hex digits>");
    assertThat(refusal(edited("\"opcode\": \"set_status\"", "\"opcode\": \"\"")))
        .isEqualTo("[UsesManifest] m.json: $.acts[0].opcode is empty");
    assertThat(refusal(edited("\"category\": \"terminal\"", "\"category\": \"terminl\"")))
        .isEqualTo(
            "[UsesManifest] m.json: $.acts[0].category: unknown change category \"terminl\": use"
                + " one of always_mints, fills_slot, membership, merge, multi_field, scalar_set,"
                + " terminal; did you mean \"terminal\"? (a manifest of a newer agentkit: upgrade"
                + " agentkit in the backend's build)");
    assertThat(
            refusal(edited("\"asserted_tier\": \"reversible\"", "\"asserted_tier\": \"cosmic\"")))
        .startsWith("[UsesManifest] m.json: $.acts[1].asserted_tier: unknown tier \"cosmic\"");
    assertThat(refusal(edited("\"input\": \"status\"", "\"input\": \"sta\\u202etus\"")))
        .isEqualTo(
            "[UsesManifest] m.json: $.acts[0].input \"sta\\u202etus\" holds U+202E (an invisible"
                + " format character, such as a bidi override)");
    assertThat(refusal(edited("\"input\": \"status\"", "\"input\": \"" + "s".repeat(1025) + "\"")))
        .isEqualTo("[UsesManifest] m.json: $.acts[0].input is 1025 characters; at most 1024");
    assertThat(refusal(edited("\"note\"]", "\"set_status\"]")))
        .isEqualTo("[UsesManifest] m.json: $.local_acts[1]: opcode \"set_status\" appears twice");
  }

  @Test
  void tooManyEntriesAreRefusedBeforeAnyIsRead() {
    String many = "\"x\", ".repeat(UsesManifestReader.MAX_ACTS) + "\"x\"";
    assertThat(
            refusal(
                edited(
                    "\"terminal_states\": [\"done\", \"archived\"]",
                    "\"terminal_states\": [" + many + "]")))
        .isEqualTo(
            "[UsesManifest] m.json: $.acts[0].terminal_states has 10001 entries; at most 10000"
                + " are read");
  }

  @Test
  void anOriginThatCouldForgeALineIsShownEscaped() {
    Throwable t =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> UsesManifestReader.read(new byte[0], "repo/a.json\nINFO fake"));
    assertThat(t.getMessage()).doesNotContain("\n").contains("repo/a.json\\nINFO fake");
  }
}
