package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.OperandType;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.UserSlot;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.NumericChars;
import net.jqwik.api.constraints.StringLength;

/** Generated hostile inputs for the two codecs the inbox writes through: redaction and JSON. */
class RedactAndJsonPropertiesTest {

  @Property
  void aPasswordInAJdbcUrlNeverSurvives(
      @ForAll @AlphaChars @NumericChars @StringLength(min = 6, max = 40) String password,
      @ForAll @AlphaChars @StringLength(min = 1, max = 12) String user) {
    String secret = "Zq" + password;
    String[] forms = {
      "jdbc:postgresql://db:5432/app?user=" + user + "&password=" + secret + "&ssl=true",
      "jdbc:h2:file:/tmp/x;USER=" + user + ";PASSWORD=" + secret,
      "connect to jdbc:postgresql://" + user + ":" + secret + "@db/app failed",
      "FATAL: auth failed (pwd=" + secret + ")",
    };
    for (String text : forms) {
      assertThat(Redact.secrets(text)).doesNotContain(secret).contains("***");
    }
  }

  @Property
  void textWithoutSecretsIsUnchanged(@ForAll @AlphaChars @StringLength(max = 80) String text) {
    assertThat(Redact.secrets(text)).isEqualTo(text);
  }

  @Property
  void slotValuesRoundTripThroughTheirColumn(@ForAll Map<String, String> values) {
    assertThat(Json.readStrings(Json.strings(values))).isEqualTo(values);
  }

  @Property
  void metadataRoundTripsSorted(@ForAll Map<String, String> metadata) {
    assertThat(Json.readSorted(Json.strings(metadata))).isEqualTo(new TreeMap<>(metadata));
  }

  @Property
  void slotFormsRoundTripThroughTheirColumn(
      @ForAll String operand,
      @ForAll String label,
      @ForAll String drafted,
      @ForAll boolean required,
      @ForAll OperandType type,
      @ForAll List<String> options) {
    UserSlot typed = new UserSlot(operand, 2, drafted, required, label, type, options);
    UserSlot untyped = new UserSlot(operand, 0, drafted, required);
    assertThat(Json.readSlots(Json.slots(List.of(typed, untyped)))).containsExactly(typed, untyped);
  }

  @Property
  void contextRoundTripsThroughItsColumn(
      @ForAll @AlphaChars @StringLength(min = 1, max = 8) String kind,
      @ForAll @AlphaChars @NumericChars @StringLength(min = 1, max = 12) String id,
      @ForAll String label) {
    List<ObjectRef> context = List.of(new ObjectRef(kind, id, label), ObjectRef.of("board", "b1"));
    assertThat(Json.readRefs(Json.refs(context))).isEqualTo(context);
  }
}
