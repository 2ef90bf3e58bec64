package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.javapoet.ClassName;

/**
 * The hints Spring AOT gets for what the starter looks up by name: each agent bean's stamp and its
 * wiring's {@code live} method, the inbox's migrations, and the spring.factories classes.
 */
class RuntimeHintsTest {
  @Test
  void eachAgentBeansStampAndWiringAreHinted() {
    DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
    beans.registerBeanDefinition("priorityAgent", new RootBeanDefinition(PriorityAgent.class));
    beans.registerBeanDefinition("desk", new RootBeanDefinition(Desk.class));
    BeanFactoryInitializationAotContribution contribution =
        new AgentWiringAotProcessor().processAheadOfTime(beans);
    DefaultGenerationContext generation =
        new DefaultGenerationContext(
            new ClassNameGenerator(ClassName.get("dev.agentkit.spring", "Test")),
            new InMemoryGeneratedFiles());
    contribution.applyTo(generation, null);
    RuntimeHints hints = generation.getRuntimeHints();

    assertThat(
            RuntimeHintsPredicates.resource()
                .forResource(
                    "META-INF/agentkit/wiring/dev.agentkit.spring.PriorityAgent.properties"))
        .accepts(hints);
    assertThat(
            RuntimeHintsPredicates.reflection()
                .onMethodInvocation(PriorityAgent_Wiring.class, "live"))
        .accepts(hints);
    assertThat(RuntimeHintsPredicates.reflection().onType(Desk.class)).accepts(hints);
  }

  @Test
  void aFactoryWithoutAgentsContributesNothing() {
    DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
    beans.registerBeanDefinition("desk", new RootBeanDefinition(Desk.class));
    assertThat(new AgentWiringAotProcessor().processAheadOfTime(beans)).isNull();
  }

  @Test
  void theStampsTheMigrationsAndTheFactoriesAreHinted() {
    RuntimeHints hints = new RuntimeHints();
    new AgentkitRuntimeHints().registerHints(hints, getClass().getClassLoader());
    assertThat(
            RuntimeHintsPredicates.resource()
                .forResource("META-INF/agentkit/wiring/com.acme.SomeAgent.properties"))
        .accepts(hints);
    assertThat(
            RuntimeHintsPredicates.resource()
                .forResource("dev/agentkit/inbox/migration/V1__proposal_inbox.sql"))
        .accepts(hints);
    assertThat(RuntimeHintsPredicates.reflection().onType(AgentkitFailureAnalyzer.class))
        .accepts(hints);
    assertThat(RuntimeHintsPredicates.reflection().onType(InboxSchemaDetector.class))
        .accepts(hints);
  }

  /** The hints list the factories by hand; every class the starter's spring.factories names. */
  @Test
  void everyClassTheStartersSpringFactoriesNamesIsHinted() throws Exception {
    RuntimeHints hints = new RuntimeHints();
    new AgentkitRuntimeHints().registerHints(hints, getClass().getClassLoader());
    Matcher named =
        Pattern.compile("(dev\\.agentkit\\.[\\w.]+)")
            .matcher(Files.readString(Path.of("src/main/resources/META-INF/spring.factories")));
    int classes = 0;
    while (named.find()) {
      classes++;
      assertThat(RuntimeHintsPredicates.reflection().onType(TypeReference.of(named.group(1))))
          .as(named.group(1))
          .accepts(hints);
    }
    assertThat(classes).isEqualTo(2);
  }
}
