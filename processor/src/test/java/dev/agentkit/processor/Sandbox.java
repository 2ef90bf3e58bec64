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

/**
 * Runs the classes a compilation wrote with no permission at all, so that a class initializer (or
 * any code) that does more than build objects — start a process, touch a file or the network, set a
 * property, install a security manager, exit — is caught, even when it catches the refusal itself.
 *
 * <p>The classes are defined in a fresh class loader, in a protection domain with an empty, static
 * set of permissions. While {@link #run} runs, a {@link SecurityManager} is installed with a policy
 * that grants everything to every other domain (so JUnit, Surefire and the runtime's own privileged
 * class loading are untouched): the JDK's access controller then refuses any permission check made
 * with a sandboxed frame on the stack, and this manager records the refusal. Java 17 still allows a
 * security manager to be installed at runtime ({@code -Djava.security.manager=allow}, set in the
 * processor's Surefire configuration, keeps that so on 18 to 23 and silences the warning).
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
