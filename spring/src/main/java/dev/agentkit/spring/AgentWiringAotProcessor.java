package dev.agentkit.spring;

import dev.agentkit.internal.WiringStamp;
import java.util.ArrayList;
import java.util.List;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * At build time, for Spring AOT: the hints of each agent bean's wiring, which the starter looks up
 * by name at startup ({@link AgentWiring}): its stamp, read as a resource, and its generated {@code
 * <Agent>_Wiring} class, whose public {@code live} method is called reflectively. Registered in
 * {@code META-INF/spring/aot.factories}.
 */
final class AgentWiringAotProcessor implements BeanFactoryInitializationAotProcessor {
  @Override
  public BeanFactoryInitializationAotContribution processAheadOfTime(
      ConfigurableListableBeanFactory beanFactory) {
    ClassLoader loader = beanFactory.getBeanClassLoader();
    ClassLoader classes = loader == null ? ClassUtils.getDefaultClassLoader() : loader;
    List<AgentWiring> wirings = new ArrayList<>();
    for (String name : beanFactory.getBeanDefinitionNames()) {
      Class<?> type = beanFactory.getType(name, false);
      if (type != null) {
        AgentWiring.of(ClassUtils.getUserClass(type), classes).ifPresent(wirings::add);
      }
    }
    if (wirings.isEmpty()) {
      return null;
    }
    return (context, code) -> {
      for (AgentWiring w : wirings) {
        hints(context.getRuntimeHints(), w);
      }
    };
  }

  /** The stamp and the wiring class of one agent. */
  static void hints(RuntimeHints hints, AgentWiring w) {
    hints.resources().registerPattern(WiringStamp.path(w.type().getCanonicalName()));
    hints
        .reflection()
        .registerType(w.live().getDeclaringClass(), MemberCategory.INVOKE_PUBLIC_METHODS);
    hints.reflection().registerType(w.type());
    hints.reflection().registerType(w.state());
  }
}
