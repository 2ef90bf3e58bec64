package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * Finds every bean whose class is an {@code @Agent} and registers, beside it, a {@code
 * LiveAgent<S>} bean ({@code <bean>LiveAgent}) and a {@link MeteredAgent MeteredAgent<S>} bean
 * ({@code <bean>MeteredAgent}). Both are eager singletons, so every agent is bound while the
 * context starts, and a refusal stops the start.
 */
final class AgentRegistrar implements BeanDefinitionRegistryPostProcessor {
  static final String LIVE_SUFFIX = "LiveAgent";
  static final String METERED_SUFFIX = "MeteredAgent";

  @Override
  public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry)
      throws BeansException {
    if (!(registry instanceof ConfigurableListableBeanFactory factory)) {
      return;
    }
    ClassLoader loader = factory.getBeanClassLoader();
    if (loader == null) {
      loader = ClassUtils.getDefaultClassLoader();
    }
    for (Found f : agents(factory, loader)) {
      register(registry, factory, f);
    }
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory factory) {}

  private record Found(String bean, AgentWiring wiring) {}

  private static List<Found> agents(ConfigurableListableBeanFactory factory, ClassLoader loader) {
    List<Found> found = new ArrayList<>();
    for (String name : factory.getBeanDefinitionNames()) {
      BeanDefinition definition = factory.getBeanDefinition(name);
      if (definition.isAbstract()) {
        continue;
      }
      Class<?> type = factory.getType(name, false);
      if (type != null) {
        AgentWiring.of(ClassUtils.getUserClass(type), loader)
            .ifPresent(w -> found.add(new Found(name, w)));
      }
    }
    return found;
  }

  private static void register(BeanDefinitionRegistry registry, BeanFactory factory, Found f) {
    String liveName = f.bean() + LIVE_SUFFIX;
    RootBeanDefinition live = new RootBeanDefinition(LiveAgent.class);
    live.setTargetType(ResolvableType.forClassWithGenerics(LiveAgent.class, f.wiring().state()));
    live.setInstanceSupplier(() -> factory.getBean(AgentBinder.class).bind(f.bean(), f.wiring()));
    live.setDependsOn(f.bean());
    registry.registerBeanDefinition(liveName, live);

    RootBeanDefinition metered = new RootBeanDefinition(MeteredAgent.class);
    metered.setTargetType(
        ResolvableType.forClassWithGenerics(MeteredAgent.class, f.wiring().state()));
    metered.setInstanceSupplier(() -> metered(factory, f.bean(), liveName, f.wiring()));
    registry.registerBeanDefinition(f.bean() + METERED_SUFFIX, metered);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static MeteredAgent<?> metered(
      BeanFactory factory, String bean, String liveName, AgentWiring w) {
    LiveAgent<?> live = factory.getBean(liveName, LiveAgent.class);
    return new MeteredAgent(AgentId.of(bean, w.type()), live, factory.getBean(AgentObserver.class));
  }
}
