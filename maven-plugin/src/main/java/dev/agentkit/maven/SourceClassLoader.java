package dev.agentkit.maven;

import dev.agentkit.source.ContractSource;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.util.Objects;

/**
 * Loads a {@code <sourceClass>} and everything it uses from the project's classpath, except the
 * JDK's classes and agentkit-runtime's, which come from the plugin.
 *
 * <p>The runtime's classes are the ones a source and the goal exchange ({@code ContractSource},
 * {@code Contract}), so they must be the plugin's. Everything else is the project's first: a source
 * built on a library the plugin carries too (the MCP SDK, Jackson, agentkit-mcp itself) then sees
 * one consistent copy of it, the project's, together with what that copy needs and the plugin lacks
 * (a servlet container, say). A class the project lacks still comes from the plugin.
 */
final class SourceClassLoader extends URLClassLoader {
  static {
    registerAsParallelCapable();
  }

  private static final CodeSource RUNTIME =
      ContractSource.class.getProtectionDomain().getCodeSource();

  SourceClassLoader(URL[] projectClasspath, ClassLoader plugin) {
    super(projectClasspath, plugin);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        c = fromJdkOrRuntime(name);
      }
      if (c == null) {
        try {
          c = findClass(name);
        } catch (ClassNotFoundException notInProject) {
          return super.loadClass(name, resolve);
        }
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  /** The JDK's class or agentkit-runtime's of that name, or null when it is neither. */
  private Class<?> fromJdkOrRuntime(String name) {
    try {
      return getPlatformClassLoader().loadClass(name);
    } catch (ClassNotFoundException notJdk) {
      // next: the runtime
    }
    if (!name.startsWith("dev.agentkit.")) {
      return null;
    }
    try {
      Class<?> c = getParent().loadClass(name);
      return isRuntime(c) ? c : null;
    } catch (ClassNotFoundException notInPlugin) {
      return null;
    }
  }

  private static boolean isRuntime(Class<?> c) {
    CodeSource from = c.getProtectionDomain().getCodeSource();
    return from != null
        && RUNTIME != null
        && Objects.equals(from.getLocation(), RUNTIME.getLocation());
  }
}
