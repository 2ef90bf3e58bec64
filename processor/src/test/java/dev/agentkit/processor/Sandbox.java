package dev.agentkit.processor;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.security.CodeSource;
import java.security.Permission;
import java.security.Permissions;
import java.security.Policy;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import javax.tools.JavaFileObject;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

/**
 * Runs the classes a compilation wrote with no permission at all, so that a class initializer (or
 * any code) that does more than build objects — start a process, touch a file or the network, set a
 * property, install a security manager, exit — is caught, even when it catches the refusal itself.
 *
 * <p>The classes are defined in a fresh class loader, in a protection domain with an empty, static
 * set of permissions. While {@link #run} runs, a {@link SecurityManager} is installed with a policy
 * that grants everything to every other domain (so JUnit, Surefire and the runtime's own privileged
 * class loading are untouched): the JDK's access controller then refuses any permission check made
 * with a sandboxed frame on the stack, and this manager records the refusal.
 *
 * <p>Only JDK 17 to 23 let a security manager be installed at runtime (the processor's POM passes
 * {@code -Djava.security.manager=allow} there, which 18 to 23 need; 17 warns on stderr either way).
 * JDK 24 and later have none (JEP 486): a test that runs classes here is skipped there ({@link
 * NeedsSecurityManager}), and {@link WiringAllowlist} proves the classes inert on every JDK from
 * what their class files refer to.
 */
@SuppressWarnings("removal")
final class Sandbox {
  private static final ProtectionDomain NOTHING =
      new ProtectionDomain(new CodeSource(null, (Certificate[]) null), new Permissions());

  /** Defines the compiled classes in {@link #NOTHING}, delegating everything else to the parent. */
  static final class Loader extends ClassLoader {
    private final Map<String, byte[]> classes;

    Loader(Compilation c, ClassLoader parent) throws IOException {
      super(parent);
      classes = classFiles(c);
    }

    /** The binary name of every class the compilation wrote, sorted. */
    List<String> names() {
      return new ArrayList<>(classes.keySet());
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      byte[] bytes = classes.get(name);
      if (bytes == null) {
        throw new ClassNotFoundException(name);
      }
      return defineClass(name, bytes, 0, bytes.length, NOTHING);
    }
  }

  /** Records each permission refused to sandboxed code. */
  private static final class Recorder extends SecurityManager {
    final List<String> refused = new ArrayList<>();

    @Override
    public void checkPermission(Permission p) {
      try {
        super.checkPermission(p);
      } catch (SecurityException e) {
        synchronized (refused) {
          refused.add(p.toString());
        }
        throw e;
      }
    }

    @Override
    public void checkPermission(Permission p, Object context) {
      try {
        super.checkPermission(p, context);
      } catch (SecurityException e) {
        synchronized (refused) {
          refused.add(p.toString());
        }
        throw e;
      }
    }
  }

  /** Whether this JDK can install a security manager at all (JEP 486 removed it in 24). */
  static boolean available() {
    return Runtime.version().feature() < 24;
  }

  /**
   * Skips a property or example that runs classes in the sandbox on a JDK without a security
   * manager, saying so; jqwik takes a JUnit assumption inside a property for a rejected try.
   */
  static final class NeedsSecurityManager implements SkipExecutionHook {
    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
      return available()
          ? SkipResult.doNotSkip()
          : SkipResult.skip(
              "JDK "
                  + Runtime.version().feature()
                  + " has no security manager to run the classes under (JEP 486); on it"
                  + " WiringAllowlist alone proves them inert, from their class files");
    }
  }

  /** The result of a sandboxed run and every permission refused meanwhile. */
  record Result<T>(T value, Throwable thrown, List<String> refused) {}

  private Sandbox() {}

  /** Every class file the compilation wrote, by binary name, sorted. */
  static Map<String, byte[]> classFiles(Compilation c) throws IOException {
    Map<String, byte[]> classes = new TreeMap<>();
    for (JavaFileObject f : c.generatedFiles()) {
      if (f.getKind() != JavaFileObject.Kind.CLASS) {
        continue;
      }
      String path = f.toUri().getPath();
      String name = path.substring(path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length());
      name = name.substring(0, name.length() - ".class".length()).replace('/', '.');
      try (InputStream in = f.openInputStream()) {
        classes.put(name, in.readAllBytes());
      }
    }
    return classes;
  }

  /**
   * Runs {@code task} with the manager installed; never throws what the task throws, but returns
   * it. One run at a time.
   */
  static synchronized <T> Result<T> run(Callable<T> task) {
    Policy previous = Policy.getPolicy();
    Recorder recorder = new Recorder();
    Policy.setPolicy(
        new Policy() {
          @Override
          public boolean implies(ProtectionDomain domain, Permission permission) {
            return domain != NOTHING;
          }
        });
    System.setSecurityManager(recorder);
    T value = null;
    Throwable thrown = null;
    try {
      value = task.call();
    } catch (Throwable t) {
      thrown = t;
    } finally {
      System.setSecurityManager(null);
      Policy.setPolicy(previous);
    }
    return new Result<>(value, thrown, List.copyOf(recorder.refused));
  }

  /** Loads, then initialises, every class of the compilation in the sandbox. */
  static Result<Map<String, Class<?>>> initialiseAll(Loader loader) throws ClassNotFoundException {
    Map<String, Class<?>> loaded = new HashMap<>();
    for (String name : loader.names()) {
      loaded.put(name, Class.forName(name, false, loader));
    }
    return run(
        () -> {
          for (Class<?> c : loaded.values()) {
            Class.forName(c.getName(), true, loader);
          }
          return loaded;
        });
  }
}
