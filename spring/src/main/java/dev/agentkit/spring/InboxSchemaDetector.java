package dev.agentkit.spring;

import java.util.Set;
import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDatabaseInitializerDetector;
import org.springframework.util.ClassUtils;

/**
 * Tells Spring Boot that {@link InboxSchema} initializes the database, so that beans depending on
 * database initialization (JPA, {@code @DependsOnDatabaseInitialization}) start after the inbox's
 * schema is current, as they do after Boot's own Flyway. Ordered after Boot's Flyway detectors, so
 * that the host's migrations run first and the inbox's schema, which looks Boot's Flyway up,
 * follows it. Registered in {@code META-INF/spring.factories}.
 */
final class InboxSchemaDetector extends AbstractBeansOfTypeDatabaseInitializerDetector {
  @Override
  public int getOrder() {
    return 10;
  }

  @Override
  protected Set<Class<?>> getDatabaseInitializerBeanTypes() {
    return ClassUtils.isPresent("dev.agentkit.inbox.ProposalInbox", getClass().getClassLoader())
        ? Set.of(InboxSchema.class)
        : Set.of();
  }
}
