package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
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
}
