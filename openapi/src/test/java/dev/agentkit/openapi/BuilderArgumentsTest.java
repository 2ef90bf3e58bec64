package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Every argument both builders refuse, with the sentence each gives: the rules are one set ({@code
 * HttpArguments}, shared with the MCP source), so the document source and the actions say the same
 * thing.
 */
class BuilderArgumentsTest {
  private static final URI URL = URI.create("http://127.0.0.1:9/openapi.json");

  private static OpenApiContractSource.Builder source() {
    return OpenApiContractSource.fromUrl(URL).contractName("board");
  }

  @Test
  void timeoutsMustBePositive() {
    assertThatThrownBy(() -> source().connectTimeout(Duration.ZERO))
        .hasMessage("the connect timeout must be positive");
    assertThatThrownBy(() -> source().requestTimeout(Duration.ofSeconds(-1)))
        .hasMessage("the request timeout must be positive");
  }

  @Test
  void sizeCapsMustBePositiveAndFitAnArray() {
    assertThatThrownBy(() -> source().maxDocumentBytes(0))
        .hasMessage("maxDocumentBytes must be positive, but it is 0");
    assertThatThrownBy(() -> source().maxDocumentBytes(Integer.MAX_VALUE))
        .hasMessage("maxDocumentBytes must be positive, but it is " + Integer.MAX_VALUE);
  }

  @Test
  void aHeaderTheClientCannotSendIsNamedButItsValueIsNeverShown() {
    assertThatThrownBy(() -> source().header("Bad Name", "v"))
        .hasMessageStartingWith("the HTTP client cannot send a header named \"Bad Name\": ");
    assertThatThrownBy(() -> source().header("Authorization", "Bearer secret\nX-Injected: 1"))
        .hasMessage(
            "the value of header \"Authorization\" contains a line break, a control character or"
                + " a character outside Latin-1, which HTTP does not allow (the value is not"
                + " shown)");
  }

  @Test
  void urlsMustBeAbsoluteHttpWithAHostAndNoCredentials() {
    assertThatThrownBy(
            () ->
                OpenApiContractSource.fromUrl(URI.create("http:///x"))
                    .contractName("board")
                    .build())
        .hasMessage("the OpenAPI document URL http:///x names no host");
    assertThatThrownBy(
            () ->
                OpenApiContractSource.fromUrl(URI.create("http://ann:pw@h/x"))
                    .contractName("board")
                    .build())
        .hasMessageStartingWith("the OpenAPI document URL ")
        .hasMessageEndingWith(" carries credentials before its host; pass them in a header instead")
        .hasMessageNotContaining("pw");
  }
}
