package dev.agentkit.mcp;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The SLF4J backend of this module's tests (and of the servers they start as child processes): it
 * keeps every warning and error the SDK logs, in memory, so a test can assert what was logged or
 * that nothing was. Lower levels are dropped.
 */
public final class RecordedLogs implements SLF4JServiceProvider {
  /** One logged warning or error. */
  record Event(String logger, Level level, String message, Throwable thrown) {}

  private static final List<Event> EVENTS = new CopyOnWriteArrayList<>();

  private final IMarkerFactory markers = new BasicMarkerFactory();
  private final MDCAdapter mdc = new NOPMDCAdapter();

  /** Where the events logged from now on start; for {@link #since}. */
  static int mark() {
    return EVENTS.size();
  }

  /** The events logged since {@code mark}. */
  static List<Event> since(int mark) {
    return List.copyOf(EVENTS.subList(mark, EVENTS.size()));
  }

  @Override
  public ILoggerFactory getLoggerFactory() {
    return Recorder::new;
  }

  @Override
  public IMarkerFactory getMarkerFactory() {
    return markers;
  }

  @Override
  public MDCAdapter getMDCAdapter() {
    return mdc;
  }

  @Override
  public String getRequestedApiVersion() {
    return "2.0.99";
  }

  @Override
  public void initialize() {}

  private static final class Recorder extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    Recorder(String name) {
      this.name = name;
    }

    @Override
    public boolean isTraceEnabled() {
      return false;
    }

    @Override
    public boolean isDebugEnabled() {
      return false;
    }

    @Override
    public boolean isInfoEnabled() {
      return false;
    }

    @Override
    public boolean isWarnEnabled() {
      return true;
    }

    @Override
    public boolean isErrorEnabled() {
      return true;
    }

    @Override
    protected String getFullyQualifiedCallerName() {
      return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(
        Level level, Marker marker, String pattern, Object[] arguments, Throwable thrown) {
      if (level.toInt() >= Level.WARN.toInt()) {
        String message = MessageFormatter.basicArrayFormat(pattern, arguments);
        EVENTS.add(new Event(name, level, message, thrown));
      }
    }
  }
}
