package dev.agentkit.spring;

import dev.agentkit.inbox.ProposalInbox;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.InitializingBean;

/**
 * Applies the inbox's migrations once, before any inbox is made, as a database initializer: Spring
 * Boot orders the beans that depend on database initialization after it ({@link
 * InboxSchemaDetector}). When Boot manages Flyway, on the DataSource Boot's Flyway migrates with
 * ({@code spring.flyway.url} or a {@code @FlywayDataSource} when given, else the application's);
 * otherwise on the application's DataSource. Either way the inbox's own history table keeps its
 * migrations apart from the host's.
 */
final class InboxSchema implements InitializingBean {
  private static final Log LOG = LogFactory.getLog(InboxSchema.class);

  private final DataSource dataSource;
  private final String through;

  InboxSchema(DataSource dataSource, String through) {
    this.dataSource = dataSource;
    this.through = through;
  }

  @Override
  public void afterPropertiesSet() {
    ProposalInbox.migrate(dataSource);
    LOG.debug("the proposal inbox's schema is current (" + through + ")");
  }

  /** Where the migrations ran: Boot's Flyway's DataSource, or the application's. */
  String through() {
    return through;
  }
}
