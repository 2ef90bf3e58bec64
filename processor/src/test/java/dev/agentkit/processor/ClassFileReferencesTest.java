package dev.agentkit.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ClassFileReferences} on what javac writes (every kind of reference a class makes, a
 * module's), on hand-written pools for what javac does not write (a dynamic constant, longs and
 * doubles laid out to be miscounted), and on every malformed file it refuses, by its message.
 */
class ClassFileReferencesTest {
  private static final String METAFACTORY =
      "java/lang/invoke/LambdaMetafactory.metafactory(Ljava/lang/invoke/MethodHandles$Lookup;"
          + "Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodType;"
          + "Ljava/lang/invoke/MethodHandle;Ljava/lang/invoke/MethodType;)"
          + "Ljava/lang/invoke/CallSite;";

  private static Map<String, byte[]> compile(String... nameAndSource) throws IOException {
    List<javax.tools.JavaFileObject> sources = new ArrayList<>();
    for (int i = 0; i < nameAndSource.length; i += 2) {
      sources.add(JavaFileObjects.forSourceString(nameAndSource[i], nameAndSource[i + 1]));
    }
    Compilation c = javac().compile(sources);
    assertThat(c.errors()).isEmpty();
    return Sandbox.classFiles(c);
  }

  private static List<String> references(byte[] classFile) {
    return ClassFileReferences.read(classFile).references().stream().map(Object::toString).toList();
  }

  @Test
  void readsEveryKindOfReferenceJavacWrites() throws IOException {
    Map<String, byte[]> classes =
        compile(
            "test.Everything",
            """
            package test;

            import java.util.List;
            import java.util.function.IntSupplier;

            public final class Everything {
              static final long LONG = 1L << 40;
              static final double DOUBLE = 0.5;
              static final float FLOAT = 0.25f;
              static final int INT = 1 << 20;
              static final String TEXT = "text";

              record Point(int x) {}

              static int run(List<String> list) {
                IntSupplier size = list::size;
                System.out.println(TEXT + LONG + DOUBLE + FLOAT + INT);
                return size.getAsInt() + new Point(list.size()).x();
              }
            }
            """);

    ClassFileReferences.ClassFile everything =
        ClassFileReferences.read(classes.get("test.Everything"));
    assertThat(everything.name()).isEqualTo("test/Everything");
    assertThat(everything.references().stream().map(Object::toString))
        .contains(
            "Class test/Everything",
            "Class test/Everything$Point",
            "Fieldref java/lang/System.out:Ljava/io/PrintStream;",
            "Methodref java/io/PrintStream.println(Ljava/lang/String;)V",
            "Methodref test/Everything$Point.<init>(I)V",
            "InterfaceMethodref java/util/List.size()I",
            "InterfaceMethodref java/util/function/IntSupplier.getAsInt()I",
            "MethodHandle java/util/List.size()I",
            "MethodHandle " + METAFACTORY,
            "MethodType ()I",
            "bootstrap method " + METAFACTORY);
    assertThat(references(classes.get("test.Everything$Point")))
        .contains(
            "Class java/lang/Record",
            "MethodHandle test/Everything$Point.x:I",
            "bootstrap method java/lang/runtime/ObjectMethods.bootstrap("
                + "Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
                + "Ljava/lang/invoke/TypeDescriptor;Ljava/lang/Class;Ljava/lang/String;"
                + "[Ljava/lang/invoke/MethodHandle;)Ljava/lang/Object;");
  }

  @Test
  void readsTheModulesAndPackagesOfAModuleDescriptor(@TempDir Path dir) throws IOException {
    ClassFileReferences.ClassFile module = ClassFileReferences.read(moduleDescriptor(dir));
    assertThat(module.name()).isEqualTo("module-info");
    assertThat(module.references().stream().map(Object::toString))
        .contains("Module m", "Module java.base", "Module java.logging", "Package p");
  }

  /**
   * The class file of {@code module m { requires java.logging; exports p; }}, compiled by javac
   * into {@code dir} (compile-testing's in-memory files do not hold a module).
   */
  static byte[] moduleDescriptor(Path dir) throws IOException {
    Path src = Files.createDirectories(dir.resolve("src"));
    Files.createDirectories(src.resolve("p"));
    Files.writeString(
        src.resolve("module-info.java"), "module m { requires java.logging; exports p; }");
    Files.writeString(src.resolve("p").resolve("C.java"), "package p; public class C {}");
    Path out = dir.resolve("out");
    int status =
        ToolProvider.getSystemJavaCompiler()
            .run(
                null,
                null,
                null,
                "-d",
                out.toString(),
                src.resolve("module-info.java").toString(),
                src.resolve("p").resolve("C.java").toString());
    assertThat(status).as("javac's exit status").isZero();
    return Files.readAllBytes(out.resolve("module-info.class"));
  }

  @Test
  void aLongOrADoubleTakesTwoSlots() {
    ClassBytes b = new ClassBytes();
    b.raw(5, 0, 0, 0, 0, 0, 0, 0, 7); // #1, #2: a Long
    int dbl = b.raw(6, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0); // #3, #4: a Double
    int self = b.named("test/Two"); // #5 Utf8, #6 Class
    b.raw(3, 0, 0, 0, 1); // an Integer
    b.raw(4, 0x3e, 0x80, 0, 0); // a Float
    b.raw(8, 0, self - 1); // a String (its text: the class name's Utf8)
    b.fieldref(b.className("java/lang/Object"), "x", "J");

    assertThat(dbl).isEqualTo(3);
    ClassFileReferences.ClassFile read = ClassFileReferences.read(b.bytes());
    assertThat(read.name()).isEqualTo("test/Two");
    assertThat(read.references().stream().map(Object::toString))
        .containsExactly(
            "Class test/Two", "Class java/lang/Object", "Fieldref java/lang/Object.x:J");
  }

  @Test
  void aDynamicConstantAndAnInvokeDynamicNameTheirBootstrapMethods() {
    ClassBytes b = new ClassBytes();
    b.named("test/Condy");
    int constant =
        b.methodref(
            b.className("test/Boot"), "constant", "(Ljava/lang/invoke/MethodHandles$Lookup;)I");
    int callSite = b.methodref(b.className("test/Boot"), "site", "()Ljava/lang/invoke/CallSite;");
    int nat = b.nameAndType("value", "I");
    b.bootstrap(b.raw(15, 6, 0, constant), b.raw(3, 0, 0, 0, 9)); // REF_invokeStatic, one argument
    b.bootstrap(b.raw(15, 6, 0, callSite));
    b.raw(17, 0, 0, 0, nat); // Dynamic, bootstrap method 0
    b.raw(18, 0, 1, 0, nat); // InvokeDynamic, bootstrap method 1

    assertThat(references(b.bytes()))
        .contains(
            "bootstrap method test/Boot.constant(Ljava/lang/invoke/MethodHandles$Lookup;)I",
            "bootstrap method test/Boot.site()Ljava/lang/invoke/CallSite;");
  }

  @Test
  void aPrimitiveArrayKeepsItsDescriptorAndAnObjectArrayNamesItsElement() {
    ClassBytes b = new ClassBytes();
    b.named("test/Arrays");
    b.className("[[I");
    b.methodref(b.className("[Ljava/lang/Runtime;"), "clone", "()Ljava/lang/Object;");
    assertThat(references(b.bytes()))
        .containsExactly(
            "Class test/Arrays",
            "Class [[I",
            "Class java/lang/Runtime",
            "Methodref java/lang/Runtime.clone()Ljava/lang/Object;");
  }

  @Test
  void refusesWhatIsNoClassFile() {
    assertRefused(new byte[] {0, 0, 0, 0, 0, 0}, "not a class file: it starts with 0x00000000");
  }

  @Test
  void refusesAnUnknownTag() {
    ClassBytes b = new ClassBytes();
    b.named("test/Unknown");
    b.raw(2, 0, 0);
    assertRefused(
        b.bytes(),
        "constant pool entry #3 has tag 2, which is no constant-pool tag this reader knows"
            + " (1, 3 to 12, 15 to 20)");
  }

  @Test
  void refusesALongInThePoolsLastSlot() {
    ClassBytes b = new ClassBytes();
    b.named("test/Short");
    b.raw(5, 0, 0, 0, 0, 0, 0, 0, 1);
    byte[] bytes = b.bytes();
    bytes[9] = 4; // the pool's count (u2 at offset 8): one slot short of the Long's second
    assertRefused(
        bytes,
        "constant pool entry #3 is a Long, which takes two slots, but it is the pool's last"
            + " (4 slots)");
  }

  @Test
  void refusesAReferenceToTheSecondSlotOfALong() {
    ClassBytes b = new ClassBytes();
    b.named("test/Gap");
    int wide = b.raw(6, 0, 0, 0, 0, 0, 0, 0, 0);
    b.raw(7, 0, wide + 1);
    assertRefused(
        b.bytes(),
        "Class #5 refers to constant pool entry #4 (the second slot of a Long or Double);"
            + " expected Utf8");
  }

  @Test
  void refusesAReferenceOutsideThePoolOrToTheWrongKindOfEntry() {
    ClassBytes outside = new ClassBytes();
    outside.named("test/Out");
    outside.raw(10, 0, 99, 0, 1);
    assertRefused(
        outside.bytes(),
        "Methodref #3 refers to constant pool entry #99 (outside the pool, 1 to 3); expected Class");

    ClassBytes wrong = new ClassBytes();
    int self = wrong.named("test/Wrong");
    wrong.raw(9, 0, self, 0, self);
    assertRefused(
        wrong.bytes(),
        "Fieldref #3 refers to constant pool entry #2 (Class); expected NameAndType");
  }

  @Test
  void refusesAMethodHandleOfAnUnknownKindOrOnTheWrongMember() {
    ClassBytes unknown = new ClassBytes();
    unknown.named("test/Kind");
    unknown.raw(15, 10, 0, 1);
    assertRefused(
        unknown.bytes(),
        "constant pool entry #3 is a MethodHandle of kind 10; the kinds are 1 to 9");

    ClassBytes getter = new ClassBytes();
    getter.named("test/Getter");
    int method = getter.methodref(getter.className("test/X"), "m", "()V");
    int handle = getter.raw(15, 1, 0, method); // REF_getField on a method
    assertRefused(
        getter.bytes(),
        "MethodHandle #"
            + handle
            + " of kind 1 refers to constant pool entry #"
            + method
            + " (Methodref); expected Fieldref");
  }

  @Test
  void refusesAnInvokeDynamicWhoseBootstrapMethodIsMissing() {
    ClassBytes b = new ClassBytes();
    b.named("test/Missing");
    int indy = b.raw(18, 0, 0, 0, b.nameAndType("run", "()V"));
    assertRefused(
        b.bytes(),
        "constant pool entry #"
            + indy
            + " (InvokeDynamic) names bootstrap method 0, but the class declares 0");
  }

  @Test
  void refusesABootstrapMethodThatIsNoMethodHandle() {
    ClassBytes b = new ClassBytes();
    int self = b.named("test/Boot");
    b.bootstrap(self);
    assertRefused(
        b.bytes(),
        "bootstrap method 0 refers to constant pool entry #"
            + self
            + " (Class); expected"
            + " MethodHandle");
  }

  @Test
  void refusesBytesThatAreNotModifiedUtf8() {
    ClassBytes b = new ClassBytes();
    b.named("test/Text");
    b.raw(1, 0, 1, 0xff);
    assertRefused(
        b.bytes(), "constant pool entry #3 is a Utf8 entry whose bytes are not modified UTF-8");
  }

  @Test
  void refusesATruncatedFileAndOneWithBytesAfterItsEnd() {
    ClassBytes b = new ClassBytes();
    b.named("test/Cut");
    byte[] whole = b.bytes();
    assertRefused(
        Arrays.copyOf(whole, whole.length - 1),
        "truncated class file: " + (whole.length - 1) + " bytes end before its last attribute");
    assertRefused(
        Arrays.copyOf(whole, whole.length + 3),
        "3 bytes follow the last attribute of the class file (" + (whole.length + 3) + ")");
  }

  @Test
  void refusesADescriptorWithAnUnendedClass() {
    assertThat(ClassFileReferences.classesIn("(ILjava/lang/String;[Ljava/util/List;)V"))
        .containsExactly("java/lang/String", "java/util/List");
    assertThatThrownBy(() -> ClassFileReferences.classesIn("(Ljava/lang/String)V"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("descriptor (Ljava/lang/String)V has an unended class");
  }

  private static void assertRefused(byte[] bytes, String message) {
    assertThatThrownBy(() -> ClassFileReferences.read(bytes))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  /**
   * A class file written entry by entry, for the shapes javac does not write: its name, its pool,
   * no member, and a BootstrapMethods attribute when it has bootstrap methods.
   */
  private static final class ClassBytes {
    private final ByteArrayOutputStream pool = new ByteArrayOutputStream();
    private final List<int[]> bootstraps = new ArrayList<>();
    private int next = 1;
    private int thisClass;

    /** Adds an entry of {@code tag} with these payload bytes; returns its index. */
    int raw(int tag, int... payload) {
      int index = next;
      pool.write(tag);
      for (int p : payload) {
        pool.write(p);
      }
      next += tag == 5 || tag == 6 ? 2 : 1;
      return index;
    }

    int utf8(String s) {
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      try {
        new DataOutputStream(text).writeUTF(s);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      int index = next++;
      pool.write(1);
      pool.writeBytes(text.toByteArray());
      return index;
    }

    int className(String name) {
      int text = utf8(name);
      return raw(7, text >> 8, text);
    }

    /** Adds the class's own name; returns its Class entry. */
    int named(String name) {
      thisClass = className(name);
      return thisClass;
    }

    int nameAndType(String name, String descriptor) {
      int n = utf8(name);
      int d = utf8(descriptor);
      return raw(12, n >> 8, n, d >> 8, d);
    }

    int methodref(int owner, String name, String descriptor) {
      int nat = nameAndType(name, descriptor);
      return raw(10, owner >> 8, owner, nat >> 8, nat);
    }

    int fieldref(int owner, String name, String descriptor) {
      int nat = nameAndType(name, descriptor);
      return raw(9, owner >> 8, owner, nat >> 8, nat);
    }

    /** A bootstrap method: its method handle entry and its arguments' entries. */
    void bootstrap(int handle, int... arguments) {
      int[] entry = new int[arguments.length + 1];
      entry[0] = handle;
      System.arraycopy(arguments, 0, entry, 1, arguments.length);
      bootstraps.add(entry);
    }

    byte[] bytes() {
      int attributeName = bootstraps.isEmpty() ? 0 : utf8("BootstrapMethods");
      ByteArrayOutputStream file = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(file)) {
        out.writeInt(0xCAFEBABE);
        out.writeShort(0);
        out.writeShort(61);
        out.writeShort(next);
        out.write(pool.toByteArray());
        out.writeShort(0x31); // public final super
        out.writeShort(thisClass);
        out.writeShort(0); // super_class
        out.writeShort(0); // interfaces
        out.writeShort(0); // fields
        out.writeShort(0); // methods
        if (bootstraps.isEmpty()) {
          out.writeShort(0);
        } else {
          ByteArrayOutputStream body = new ByteArrayOutputStream();
          DataOutputStream b = new DataOutputStream(body);
          b.writeShort(bootstraps.size());
          for (int[] entry : bootstraps) {
            b.writeShort(entry[0]);
            b.writeShort(entry.length - 1);
            for (int i = 1; i < entry.length; i++) {
              b.writeShort(entry[i]);
            }
          }
          out.writeShort(1);
          out.writeShort(attributeName);
          out.writeInt(body.size());
          out.write(body.toByteArray());
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return file.toByteArray();
    }
  }
}
