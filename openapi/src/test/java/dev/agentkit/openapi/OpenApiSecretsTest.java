package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.source.ContractSourceException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The credential a document is fetched with reaches the server and nothing else, even when the
 * document echoes it into summaries, enums, descriptions, tiers and paths: it becomes {@code
 * [redacted]} in the ops, the snapshot text, the warnings and the errors.
 */
class OpenApiSecretsTest {
  private static final String TOKEN = "tok-9f8e7d6c5b4a3210";
  private static final String PIECE = "9f8e7d6c";

  private static String echoing(String tier) {
    return """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /tasks/%1$s:
            get:
              summary: Lists tasks for %1$s
              responses:
                '200': {description: ok}
          /tasks:
            post:
              operationId: create_%1$s
              summary: "Creates a task (you are %1$s)"
              x-agentkit-object-type: task-%1$s
              x-agentkit-tier: %2$s
              parameters:
                - name: state
                  in: query
                  description: "State, as %1$s sees it"
                  schema:
                    type: string
                    enum: [open, "closed-%1$s"]
              responses:
                '201': {description: created}
        """
        .formatted(TOKEN, tier);
  }

  private static OpenApiContractSource source(Loopback docs) {
    return OpenApiContractSource.fromUrl(docs.uri("/openapi"))
        .contractName("tasks")
        .header("Authorization", "Bearer " + TOKEN)
        .build();
  }

  private static List<String> everything(Contract contract, OpenApiContractSource source) {
    List<String> seen = new ArrayList<>(source.warnings());
    seen.add(ContractSnapshot.write(contract));
    for (Op op : contract.ops()) {
      seen.add(op.opcode());
      seen.add(op.description());
      seen.add(op.objectType());
      for (Operand o : op.operands()) {
        seen.add(o.name() + " " + o.description() + " " + o.enumValues());
      }
    }
    return seen;
  }

  @Test
  void anEchoedCredentialIsBlankedInTheOpsTheSnapshotAndTheWarnings() throws Exception {
    try (Loopback docs = new Loopback().serve("/openapi", 200, echoing("reversible"))) {
      OpenApiContractSource source = source(docs);
      Contract contract = source.fetch();
      assertThat(docs.received.get(0).headers()).containsEntry("Authorization", "Bearer " + TOKEN);
      String all = String.join("\n", everything(contract, source));
      assertThat(all).doesNotContain(PIECE).contains("[redacted]");
      assertThat(contract.ops())
          .singleElement()
          .extracting(Op::description)
          .isEqualTo("Creates a task (you are [redacted])");
      assertThat(source.warnings())
          .anySatisfy(
              w -> assertThat(w).startsWith("[OpenApiNoOperationId] GET /tasks/[redacted]"));
    }
  }

  @Test
  void anEchoedCredentialIsBlankedInTheBadTierError() throws Exception {
    try (Loopback docs = new Loopback().serve("/openapi", 200, echoing("low-" + TOKEN))) {
      assertThatThrownBy(source(docs)::fetch)
          .isInstanceOf(ContractSourceException.class)
          .hasMessageStartingWith(
              "[OpenApiBadTier] operation \"create_[redacted]\" in "
                  + docs.uri("/openapi")
                  + " has x-agentkit-tier \"low-[redacted]\"")
          .hasMessageNotContaining(PIECE);
    }
  }

  @Test
  void aCredentialSpelledWithYamlEscapesIsBlankedToo() throws Exception {
    StringBuilder escaped = new StringBuilder();
    for (char c : TOKEN.toCharArray()) {
      escaped.append(String.format("\\x%02x", (int) c));
    }
    String document =
        """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /tasks:
            get:
              operationId: list
              summary: "Lists tasks of %s"
              responses:
                '200': {description: ok}
        """
            .formatted(escaped);
    try (Loopback docs = new Loopback().serve("/openapi", 200, document)) {
      OpenApiContractSource source = source(docs);
      Contract contract = source.fetch();
      assertThat(contract.ops())
          .singleElement()
          .extracting(Op::description)
          .isEqualTo("Lists tasks of [redacted]");
      assertThat(String.join("\n", everything(contract, source))).doesNotContain(PIECE);
    }
  }
}
