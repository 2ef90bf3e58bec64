package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * Finds every bean whose class is an {@code @Agent} and registers, beside it, a {@code
 * LiveAgent<S>} bean ({@code <bean>LiveAgent}), a {@link MeteredAgent MeteredAgent<S>} bean ({@code
 * <bean>MeteredAgent}) and, when the inbox auto-configuration is on, a {@code ProposalInbox} bean
 * ({@code <bean>Inbox}). All are eager singletons, so every agent is bound while the context
 * starts, and a refusal stops the start.
 *
 * <p>Each is made by a factory method of a starter bean ({@link AgentBinder#bind}, {@link
 * AgentBinder#metered}, {@code AgentInboxes.inbox}) from the agent bean's name, so that Spring AOT
 * can write the definitions as code. In an AOT-processed application the definitions already exist
 * when this runs again, and are left as they are.
 */
final class AgentRegistrar implements BeanDefinitionRegistryPostProcessor {
  static final String LIVE_SUFFIX = "LiveAgent";
  static final String METERED_SUFFIX = "MeteredAgent";
  static final String INBOX_SUFFIX = "Inbox";
  static final String BINDER = "agentkitBinder";
  static final String INBOXES = "agentkitInboxes";

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
      register(registry, f);
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

  private static void register(BeanDefinitionRegistry registry, Found f) {
    Class<?> state = f.wiring().state();
    RootBeanDefinition live =
        made(BINDER, "bind", f.bean(), ResolvableType.forClassWithGenerics(LiveAgent.class, state));
    live.setDependsOn(f.bean());
    add(registry, f.bean() + LIVE_SUFFIX, live);
    add(
        registry,
        f.bean() + METERED_SUFFIX,
        made(
            BINDER,
            "metered",
            f.bean(),
            ResolvableType.forClassWithGenerics(MeteredAgent.class, state)));
    if (registry.containsBeanDefinition(INBOXES)) {
      add(registry, f.bean() + INBOX_SUFFIX, made(INBOXES, "inbox", f.bean(), null));
    }
  }

  /** A singleton made by {@code factory.method(agentBean)}. */
  private static RootBeanDefinition made(
      String factory, String method, String agentBean, ResolvableType type) {
    RootBeanDefinition d = new RootBeanDefinition();
    d.setFactoryBeanName(factory);
    d.setFactoryMethodName(method);
    d.getConstructorArgumentValues().addIndexedArgumentValue(0, agentBean);
    if (type != null) {
      d.setTargetType(type);
    }
    return d;
  }

  /** Registers the definition unless one of that name exists (an AOT-processed context's). */
  private static void add(BeanDefinitionRegistry registry, String name, RootBeanDefinition d) {
    if (!registry.containsBeanDefinition(name)) {
      registry.registerBeanDefinition(name, d);
    }
  }
}
