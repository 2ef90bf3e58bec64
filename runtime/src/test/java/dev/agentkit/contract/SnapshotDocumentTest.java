package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The snapshot's {@code document} key: the record of the source document a contract was read from
 * is written last, read back equal, left out of the digest and of equality, refused with its path
 * when malformed, and ignored in a served contract.
 */
class SnapshotDocumentTest {
  static final String REGENERATE = "regenerate it with mvn agentkit:snapshot";
  private static final SourceDocument DOC =
      SourceDocument.of("openapi: 3.0.3\n".getBytes(StandardCharsets.UTF_8), "openapi/1");

  @Test
  void theRecordIsTheSha256OfTheBytesAndTheMapping() {
    // sha256sum of the 15 bytes "openapi: 3.0.3\n".
    assertThat(DOC.digest())
        .isEqualTo("sha256:faa4988e76ddd0d66e9c95e3d7da6faecc44be96bf988ac35b22dd39213ff509");
    assertThat(DOC.mapping()).isEqualTo("openapi/1");
    byte[] padded = "openapi: 3.0.3\nmore".getBytes(StandardCharsets.UTF_8);
    assertThat(SourceDocument.of(padded, 15, "openapi/1")).isEqualTo(DOC);
  }

  @Test
  void itIsWrittenLastAndReadBackWithoutChangingTheDigest() throws Exception {
    Contract plain = Fixtures.taskboard();
    Contract recorded = plain.withDocument(DOC);

    String without = ContractSnapshot.write(plain);
    String with = ContractSnapshot.write(recorded);

    assertThat(recorded.digest()).isEqualTo(plain.digest());
    assertThat(recorded).isEqualTo(plain);
    assertThat(with)
        .isEqualTo(
            without.substring(0, without.length() - 3)
                + ",\n  \"document\": {\n    \"digest\": \""
                + DOC.digest()
                + "\",\n    \"mapping\": \"openapi/1\"\n  }\n}\n");
    Contract read = parse(with);
    assertThat(read.document()).contains(DOC);
    assertThat(read.digest()).isEqualTo(plain.digest());
    assertThat(ContractSnapshot.write(read)).isEqualTo(with);
    assertThat(parse(without).document()).isEmpty();
  }

  @Test
  void itSurvivesTierOverridesRedactionAndANewSourceStamp() throws Exception {
    Contract recorded = Fixtures.taskboard().withDocument(DOC);
    Contract tiered =
        recorded.withTiers(List.of(TierOverride.forOpcode("set_status", Tier.IRREVERSIBLE)));

    assertThat(tiered.document()).contains(DOC);
    assertThat(tiered.served().document()).contains(DOC);
    assertThat(tiered.redacted(s -> s).document()).contains(DOC);
    assertThat(recorded.withSource("http://elsewhere/doc").document()).contains(DOC);
    assertThat(recorded.withSource("http://elsewhere/doc").source())
        .isEqualTo("http://elsewhere/doc");
    assertThat(parse(ContractSnapshot.write(tiered)).document()).contains(DOC);
  }

  @Test
  void aMalformedRecordIsRefusedWithItsPath() {
    assertRefused(
        "\"sha256:abc\"",
        "at $.document: document is the string \"sha256:abc\", but agentkit writes it as an"
            + " object of exactly \"digest\" and \"mapping\", both strings; "
            + REGENERATE);
    assertRefused(
        "{\"digest\": \"" + DOC.digest() + "\", \"mapping\": \"openapi/1\", \"at\": \"now\"}",
        "at $.document: document is an object with other keys, but agentkit writes it as an"
            + " object of exactly \"digest\" and \"mapping\", both strings; "
            + REGENERATE);
    assertRefused(
        "{\"digest\": \"sha256:ABC\", \"mapping\": \"openapi/1\"}",
        "at $.document: a document digest is sha256: and 64 lowercase hex digits, but it is"
            + " \"sha256:ABC\"; "
            + REGENERATE);
    assertRefused(
        "{\"digest\": \"" + DOC.digest() + "\", \"mapping\": \"OpenAPI\"}",
        "at $.document: a document's mapping is a lowercase name of at most 32 characters, a"
            + " slash and a version number, such as openapi/1, but it is \"OpenAPI\"; "
            + REGENERATE);
    assertRefused(
        "{\"digest\": \"" + DOC.digest() + "\", \"mapping\": 1}",
        "at $.document: document is an object with other keys, but agentkit writes it as an"
            + " object of exactly \"digest\" and \"mapping\", both strings; "
            + REGENERATE);
  }

  @Test
  void aFormatOneSnapshotHasNoRecord() {
    String text =
        ContractSnapshot.write(Fixtures.taskboard().withDocument(DOC))
            .replace("\"format\": 2", "\"format\": 1");

    assertThatThrownBy(() -> parse(text))
        .isInstanceOf(ContractFormatException.class)
        .hasMessageContaining(
            "at $.document: a format-1 snapshot has no key \"document\" (schema trees came with"
                + " format 2); "
                + REGENERATE);
  }

  @Test
  void aServedContractCannotClaimADocument() throws Exception {
    String served =
        "{\"ops\": [{\"opcode\": \"a\", \"description\": \"d\", \"tier\": \"read_only\"}],"
            + " \"document\": {\"digest\": \""
            + DOC.digest()
            + "\", \"mapping\": \"openapi/1\"}}";

    Contract c =
        ContractSnapshot.parseWire(served.getBytes(StandardCharsets.UTF_8), "http://b", "x");

    assertThat(c.document()).isEmpty();
  }

  @Test
  void theRecordChecksItsParts() {
    assertThatThrownBy(() -> new SourceDocument("sha256:" + "0".repeat(63), "openapi/1"))
        .hasMessage(
            "a document digest is sha256: and 64 lowercase hex digits, but it is \"sha256:"
                + "0".repeat(63)
                + "\"");
    assertThatThrownBy(() -> new SourceDocument(DOC.digest(), "openapi"))
        .hasMessage(
            "a document's mapping is a lowercase name of at most 32 characters, a slash and a"
                + " version number, such as openapi/1, but it is \"openapi\"");
  }

  private static void assertRefused(String document, String message) {
    String text = ContractSnapshot.write(Fixtures.taskboard());
    String broken =
        text.substring(0, text.length() - 3) + ",\n  \"document\": " + document + "\n}\n";
    assertThatThrownBy(() -> parse(broken))
        .isInstanceOf(ContractFormatException.class)
        .hasMessageContaining(message);
  }

  private static Contract parse(String text) throws ContractFormatException {
    return ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "memory");
  }
}
