package dev.agentkit.processor;

import dev.agentkit.BoundAgent;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the classes compiled with an agent (its wiring, the agent, its state type) may refer to: one
 * another, the agentkit runtime's types, and the few JDK members that building the wiring needs.
 * Read from the class files' constant pools ({@link ClassFileReferences}), so it holds on every
 * JDK, also where no security manager can be installed to watch the classes run ({@link Sandbox}).
 *
 * <p>The JDK part is derived from what the generated wiring uses, and kept to it: no java.io,
 * java.nio, java.net or java.lang.reflect, no {@code System}, {@code Runtime}, {@code
 * ProcessBuilder}, {@code Thread}, {@code ClassLoader}, no member of {@code Class} or {@code
 * MethodHandles.Lookup}. A type listed with no member may be named (a class constant, a type in a
 * descriptor) but none of its fields or methods used.
 */
final class WiringAllowlist {
  /** JDK types (internal names) and the names of the members of each that may be referenced. */
  static final Map<String, Set<String>> JDK =
      Map.ofEntries(
          Map.entry("java/lang/Object", Set.of("<init>")),
          Map.entry("java/lang/String", Set.of("equals")),
          Map.entry("java/lang/Record", Set.of("<init>")),
          Map.entry("java/lang/Enum", Set.of("<init>", "valueOf")),
          Map.entry("java/lang/AssertionError", Set.of("<init>")),
          Map.entry("java/lang/Exception", Set.of()),
          Map.entry("java/lang/Class", Set.of()),
          // The bootstrap methods of lambdas and method references, and of records' methods.
          Map.entry("java/lang/invoke/LambdaMetafactory", Set.of("metafactory")),
          Map.entry("java/lang/runtime/ObjectMethods", Set.of("bootstrap")),
          Map.entry("java/lang/invoke/MethodHandles", Set.of()),
          Map.entry("java/lang/invoke/MethodHandles$Lookup", Set.of()),
          Map.entry("java/lang/invoke/CallSite", Set.of()),
          Map.entry("java/lang/invoke/MethodHandle", Set.of()),
          Map.entry("java/lang/invoke/MethodType", Set.of()),
          Map.entry("java/lang/invoke/TypeDescriptor", Set.of()),
          Map.entry("java/time/Clock", Set.of("systemUTC")),
          Map.entry("java/util/Objects", Set.of("requireNonNull")),
          Map.entry("java/util/List", Set.of("of", "stream")),
          Map.entry("java/util/Optional", Set.of("empty", "stream")),
          Map.entry("java/util/OptionalLong", Set.of("stream")),
          Map.entry("java/util/function/Function", Set.of()),
          Map.entry("java/util/stream/Stream", Set.of("map", "flatMap", "flatMapToLong", "toList")),
          Map.entry("java/util/stream/LongStream", Set.of("boxed")),
          // The test agents' state type (Fixtures.BOARD) keeps its values in a map.
          Map.entry("java/util/Map", Set.of("getOrDefault")),
          Map.entry("java/util/HashMap", Set.of("<init>")));

  private static final String RUNTIME_PROBE = "dev/agentkit/BoundAgent.class";

  /** Where the runtime's class files are, e.g. {@code file:/…/runtime/target/classes/}. */
  private static final String RUNTIME_BASE = runtimeBase();

  private WiringAllowlist() {}

  /**
   * Every reference of the class files (binary name to bytes) that is not allowed, one line each
   * ({@code <class>: <reference>}), sorted; empty when all are allowed.
   *
   * @throws IllegalArgumentException when a class file cannot be read ({@link
   *     ClassFileReferences#read})
   */
  static List<String> forbidden(Map<String, byte[]> classFiles) {
    Set<String> own = new TreeSet<>();
    for (String name : classFiles.keySet()) {
      own.add(name.replace('.', '/'));
    }
    Set<String> out = new TreeSet<>();
    for (Map.Entry<String, byte[]> file : classFiles.entrySet()) {
      ClassFileReferences.ClassFile read = ClassFileReferences.read(file.getValue());
      for (ClassFileReferences.Reference r : read.references()) {
        if (!allowed(r, own)) {
          out.add(file.getKey() + ": " + r);
        }
      }
    }
    return List.copyOf(out);
  }

  private static boolean allowed(ClassFileReferences.Reference r, Set<String> own) {
    for (String type : ClassFileReferences.classesIn(r.descriptor())) {
      if (!nameable(type, own)) {
        return false;
      }
    }
    return switch (r.kind()) {
      case CLASS -> nameable(r.owner(), own);
      case METHOD_TYPE -> true;
      case FIELD, METHOD, INTERFACE_METHOD, METHOD_HANDLE, BOOTSTRAP ->
          own.contains(r.owner())
              || isRuntimeType(r.owner())
              || JDK.getOrDefault(r.owner(), Set.of()).contains(r.name());
      case MODULE, PACKAGE -> false;
    };
  }

  private static boolean nameable(String type, Set<String> own) {
    return own.contains(type) || JDK.containsKey(type) || isRuntimeType(type);
  }

  /** A class of the agentkit runtime: found where the runtime's own classes are, not elsewhere. */
  static boolean isRuntimeType(String internalName) {
    if (!internalName.startsWith("dev/agentkit/")) {
      return false;
    }
    URL url = WiringAllowlist.class.getClassLoader().getResource(internalName + ".class");
    return url != null && url.toString().equals(RUNTIME_BASE + internalName + ".class");
  }

  private static String runtimeBase() {
    URL url = BoundAgent.class.getClassLoader().getResource(RUNTIME_PROBE);
    if (url == null) {
      throw new IllegalStateException("the agentkit runtime is not on the test class path");
    }
    String s = url.toString();
    return s.substring(0, s.length() - RUNTIME_PROBE.length());
  }
}
