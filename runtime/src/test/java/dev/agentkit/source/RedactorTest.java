package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.ContractFormatException;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedactorTest {
  private static final String TOKEN = "s3cr3t/t0k\"en-välue";
  private static final Redactor REDACTOR = Redactor.of(List.of("Bearer " + TOKEN, TOKEN));

  @Test
  void hidesTheWholeSecretAsOneMark() {
    assertThat(REDACTOR.redact("token " + TOKEN + " expired"))
        .isEqualTo("token [redacted] expired");
    assertThat(REDACTOR.redact("sent Bearer " + TOKEN)).isEqualTo("sent [redacted]");
  }

  @Test
  void hidesAnyPieceOfEightCharactersOrMore() {
    assertThat(REDACTOR.redact("a " + TOKEN.substring(3, 11) + " b")).isEqualTo("a [redacted] b");
    assertThat(REDACTOR.redact("a " + TOKEN.substring(3, 10) + " b"))
        .isEqualTo("a " + TOKEN.substring(3, 10) + " b");
  }

  @Test
  void ignoresCase() {
    assertThat(REDACTOR.redact("x" + TOKEN.toUpperCase(java.util.Locale.ROOT)))
        .isEqualTo("x[redacted]");
  }

  @Test
  void looksThroughJsonEscapes() {
    assertThat(REDACTOR.redact("\"s3cr3t\\/t0k\\\"en-v\\u00e4lue\"")).isEqualTo("\"[redacted]\"");
    StringBuilder unicode = new StringBuilder();
    for (char c : TOKEN.toCharArray()) {
      unicode.append(String.format("\\u%04X", (int) c));
    }
    assertThat(REDACTOR.redact("{" + unicode + "}")).isEqualTo("{[redacted]}");
    // Escaped twice, as JSON quoted inside a JSON string.
    assertThat(REDACTOR.redact("s3cr3t\\\\/t0k\\\\\\\"en")).isEqualTo("[redacted]");
  }

  @Test
  void aShortSecretIsHiddenWholeAndATinyOneNotAtAll() {
    Redactor r = Redactor.of(List.of("abcde", "x1", "  "));
    assertThat(r.redact("1 abcde abcd x1")).isEqualTo("1 [redacted] abcd x1");
    assertThat(r.redact("a\\u0062cde")).isEqualTo("[redacted]");
  }

  @Test
  void leavesTextWithoutSecretsAlone() {
    String text = "nothing \\u00zz to \\ see";
    assertThat(REDACTOR.redact(text)).isSameAs(text);
    assertThat(Redactor.of(List.of()).redact(text)).isSameAs(text);
  }

  @Test
  void rebuildsAFormatExceptionAndItsChainWithoutTheSecret() {
    ContractFormatException original =
        new ContractFormatException(
            "http://h/c", "$.ops[0].tier", 3, 7, "unknown tier \"" + TOKEN + "\": use one of");
    original.initCause(new IOException("echo " + TOKEN));
    original.addSuppressed(new IllegalStateException(TOKEN.substring(2, 12)));

    ContractFormatException scrubbed = REDACTOR.scrub(original);

    assertThat(scrubbed).isNotSameAs(original);
    assertThat(scrubbed.origin()).isEqualTo("http://h/c");
    assertThat(scrubbed.line()).isEqualTo(3);
    assertThat(scrubbed.column()).isEqualTo(7);
    assertThat(scrubbed.getMessage())
        .isEqualTo("http://h/c:3:7: at $.ops[0].tier: unknown tier \"[redacted]\": use one of");
    assertThat(scrubbed.getCause()).hasToString("java.io.IOException: echo [redacted]");
    assertThat(scrubbed.getSuppressed()).hasSize(1);
    assertThat(scrubbed.getSuppressed()[0].getMessage()).isEqualTo("[redacted]");
    assertThat(scrubbed.getStackTrace()).isEqualTo(original.getStackTrace());
  }

  @Test
  void keepsAnExceptionThatShowsNoSecret() {
    IOException clean = new IOException("connection reset");
    assertThat(REDACTOR.scrub(clean)).isSameAs(clean);
  }

  @Test
  void isLinearOnALongText() {
    Redactor many = Redactor.of(List.of("x".repeat(10_000) + TOKEN));
    String text = "y".repeat(1_000_000) + TOKEN;
    long start = System.nanoTime();
    assertThat(many.redact(text)).endsWith("[redacted]");
    assertThat(System.nanoTime() - start).isLessThan(5_000_000_000L);
  }
}
