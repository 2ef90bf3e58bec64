package dev.agentkit.spring;

import dev.agentkit.internal.WiringStamp;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;

/**
 * What the starter looks up by name, for Spring AOT and native images: the processor's wiring
 * stamps, the inbox's migrations, and the classes Spring instantiates from {@code
 * META-INF/spring.factories}. The wiring classes of the application's agents are named by {@link
 * AgentWiringAotProcessor}, which finds them in the bean factory being processed.
 */
final class AgentkitRuntimeHints implements RuntimeHintsRegistrar {
  @Override
  public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
    hints.resources().registerPattern(WiringStamp.LOCATION + "/*.properties");
    hints.resources().registerPattern("dev/agentkit/inbox/migration/*.sql");
    for (String factory :
        new String[] {
          "dev.agentkit.spring.AgentkitFailureAnalyzer", "dev.agentkit.spring.InboxSchemaDetector"
        }) {
      hints
          .reflection()
          .registerType(TypeReference.of(factory), MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
    }
  }
}
