package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.WiringStamp;
import dev.agentkit.source.CachedContract;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * An {@code @Agent} class and the wiring the processor generated for it. The processor records a
 * stamp for each agent ({@code META-INF/agentkit/wiring/<agent>.properties}: the contract, the
 * digest compiled against, the acts), so a class is an agent exactly when its stamp is on the
 * classpath; the wiring is the class {@code <Outer_>Agent_Wiring} beside it, whose {@code
 * live(agent, CachedContract, DriftPolicy)} binds it. That one generated method is the only one
 * called, once per agent at startup.
 *
 * @param type the agent's class
 * @param stamp what the processor recorded
 * @param live the wiring's {@code live} method
 * @param state the agent's state type, as {@code live} declares it
 */
record AgentWiring(Class<?> type, WiringStamp stamp, Method live, Class<?> state) {

  /** The agent's name as messages give it: its simple name. */
  String agentName() {
    return type.getSimpleName();
  }

  /** The contract the agent is compiled against. */
  String contract() {
    return stamp.contract();
  }

  /**
   * The wiring of {@code type} when it is an {@code @Agent}; empty when it is not.
   *
   * @throws AgentkitStartupException when the stamp is there but the wiring is not as this starter
   *     expects (a processor of another version)
   */
  static Optional<AgentWiring> of(Class<?> type, ClassLoader loader) {
    String canonical = type.getCanonicalName();
    if (canonical == null) {
      return Optional.empty();
    }
    URL stampUrl = loader.getResource(WiringStamp.path(canonical));
    if (stampUrl == null) {
      return Optional.empty();
    }
    WiringStamp stamp = read(type, stampUrl);
    Method live = liveMethod(type, loader);
    return Optional.of(new AgentWiring(type, stamp, live, stateType(type, live)));
  }

  /**
   * Binds the agent through its wiring.
   *
   * @throws dev.agentkit.BindException as the wiring's {@code live} throws it
   * @throws dev.agentkit.drift.DriftException as the wiring's {@code live} throws it
   */
  LiveAgent<?> bind(Object agent, CachedContract source, DriftPolicy policy) {
    try {
      return (LiveAgent<?>) live.invoke(null, agent, source, policy);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } catch (IllegalAccessException e) {
      throw noWiring(type, "its live method cannot be called (" + e.getMessage() + ")");
    }
  }

  /** {@code com.acme.Outer_Inner_Wiring} for {@code com.acme.Outer.Inner}. */
  static String wiringName(Class<?> type) {
    String pkg = type.getPackageName();
    String canonical = type.getCanonicalName();
    String nested = pkg.isEmpty() ? canonical : canonical.substring(pkg.length() + 1);
    return (pkg.isEmpty() ? "" : pkg + ".") + nested.replace('.', '_') + "_Wiring";
  }

  private static WiringStamp read(Class<?> type, URL url) {
    try (InputStream in = url.openStream()) {
      return WiringStamp.decode(new InputStreamReader(in, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw noWiring(type, "its stamp " + url + " cannot be read (" + e.getMessage() + ")");
    }
  }

  private static Method liveMethod(Class<?> type, ClassLoader loader) {
    String name = wiringName(type);
    try {
      Class<?> wiring = Class.forName(name, false, loader);
      Method m = wiring.getMethod("live", type, CachedContract.class, DriftPolicy.class);
      if (!LiveAgent.class.equals(m.getReturnType())) {
        throw noWiring(type, name + ".live does not return a LiveAgent");
      }
      return m;
    } catch (ClassNotFoundException e) {
      throw noWiring(type, "its wiring " + name + " is not on the classpath");
    } catch (NoSuchMethodException e) {
      throw noWiring(
          type, name + " has no live(" + type.getSimpleName() + ", CachedContract, DriftPolicy)");
    }
  }

  private static Class<?> stateType(Class<?> type, Method live) {
    Type t = live.getGenericReturnType();
    if (t instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> c) {
      return c;
    }
    throw noWiring(type, "the state type of " + live + " cannot be read");
  }

  private static AgentkitStartupException noWiring(Class<?> type, String why) {
    return StarterMessage.NO_WIRING.failure(type.getName(), why);
  }
}
