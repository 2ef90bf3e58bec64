package dev.agentkit.springai;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/** One act as a Spring AI tool; its definition follows the newest contract. */
final class AgentkitToolCallback implements ToolCallback {
  private final AgentkitToolCallbacks<?> owner;
  private final String opcode;

  AgentkitToolCallback(AgentkitToolCallbacks<?> owner, String opcode) {
    this.owner = owner;
    this.opcode = opcode;
  }

  AgentkitToolCallbacks<?> owner() {
    return owner;
  }

  @Override
  public ToolDefinition getToolDefinition() {
    return owner.definition(opcode);
  }

  @Override
  public String call(String toolInput) {
    return call(toolInput, null);
  }

  @Override
  public String call(String toolInput, ToolContext toolContext) {
    return owner.callAlone(opcode, toolInput, toolContext);
  }

  @Override
  public String toString() {
    return "agentkit tool " + opcode + " of " + owner.agent();
  }
}
