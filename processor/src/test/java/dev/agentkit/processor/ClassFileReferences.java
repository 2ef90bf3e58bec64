package dev.agentkit.processor;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one class file refers to, read from its constant pool: every class, field, method, method
 * type and method handle, and the bootstrap method of every invokedynamic and dynamic constant. All
 * the code of a class reaches other classes through these entries, so they bound what it can call.
 *
 * <p>Written here because Java 17 has no class-file API. The whole file is read (constant pool,
 * members, attributes) so that the bootstrap methods are found and a malformed file is noticed;
 * anything this reader does not know (a tag, a handle kind, an index to the wrong kind of entry, a
 * truncated or overlong file) throws {@link IllegalArgumentException} rather than being skipped.
 */
final class ClassFileReferences {
  private static final int UTF8 = 1;
  private static final int INTEGER = 3;
  private static final int FLOAT = 4;
  private static final int LONG = 5;
  private static final int DOUBLE = 6;
  private static final int CLASS = 7;
  private static final int STRING = 8;
  private static final int FIELDREF = 9;
  private static final int METHODREF = 10;
  private static final int INTERFACE_METHODREF = 11;
  private static final int NAME_AND_TYPE = 12;
  private static final int METHOD_HANDLE = 15;
  private static final int METHOD_TYPE = 16;
  private static final int DYNAMIC = 17;
  private static final int INVOKE_DYNAMIC = 18;
  private static final int MODULE = 19;
  private static final int PACKAGE = 20;

  /** What kind of constant-pool entry a reference comes from. */
  enum Kind {
    CLASS,
    FIELD,
    METHOD,
    INTERFACE_METHOD,
    METHOD_TYPE,
    METHOD_HANDLE,
    BOOTSTRAP,
    MODULE,
    PACKAGE
  }

  /**
   * One reference. {@code owner} is an internal class name (an array type's element class), or the
   * module or package name; {@code name} and {@code descriptor} are a member's, empty for a class,
   * module or package, and a method type has only its descriptor.
   */
  record Reference(Kind kind, String owner, String name, String descriptor) {
    /** For example {@code Methodref java/lang/System.exit(I)V}, {@code Fieldref a/B.c:I}. */
    @Override
    public String toString() {
      String label =
          switch (kind) {
            case CLASS -> "Class";
            case FIELD -> "Fieldref";
            case METHOD -> "Methodref";
            case INTERFACE_METHOD -> "InterfaceMethodref";
            case METHOD_TYPE -> "MethodType";
            case METHOD_HANDLE -> "MethodHandle";
            case BOOTSTRAP -> "bootstrap method";
            case MODULE -> "Module";
            case PACKAGE -> "Package";
          };
      if (kind == Kind.METHOD_TYPE) {
        return label + " " + descriptor;
      }
      if (name.isEmpty()) {
        return label + " " + owner;
      }
      return label
          + " "
          + owner
          + "."
          + name
          + (descriptor.startsWith("(") ? "" : ":")
          + descriptor;
    }
  }

  /** A class file's own name (internal form) and its references, in constant-pool order. */
  record ClassFile(String name, List<Reference> references) {
    ClassFile {
      references = List.copyOf(references);
    }
  }

  private final DataInputStream in;
  private int[] tags;
  private int[] first;
  private int[] second;
  private String[] utf8;

  private ClassFileReferences(byte[] bytes) {
    this.in = new DataInputStream(new ByteArrayInputStream(bytes));
  }

  /**
   * Reads a class file.
   *
   * @throws IllegalArgumentException naming the first thing in it this reader does not understand
   */
  static ClassFile read(byte[] bytes) {
    try {
      return new ClassFileReferences(bytes).readClass(bytes.length);
    } catch (EOFException e) {
      throw new IllegalArgumentException(
          "truncated class file: " + bytes.length + " bytes end before its last attribute", e);
    } catch (IOException e) {
      throw new AssertionError("reading a byte array", e);
    }
  }

  private ClassFile readClass(int length) throws IOException {
    int magic = in.readInt();
    if (magic != 0xCAFEBABE) {
      throw new IllegalArgumentException(
          String.format(Locale.ROOT, "not a class file: it starts with 0x%08X", magic));
    }
    in.readUnsignedShort(); // minor version
    in.readUnsignedShort(); // major version
    readConstantPool();
    in.readUnsignedShort(); // access flags
    String name = className(in.readUnsignedShort(), "this_class");
    in.readUnsignedShort(); // super_class: a Class entry, read with the pool
    in.skipNBytes(2L * in.readUnsignedShort()); // interfaces: Class entries too
    skipMembers(); // fields
    skipMembers(); // methods
    int[] bootstrapHandles = readClassAttributes();
    if (in.available() > 0) {
      throw new IllegalArgumentException(
          in.available() + " bytes follow the last attribute of the class file (" + length + ")");
    }
    return new ClassFile(name, references(bootstrapHandles));
  }

  private void readConstantPool() throws IOException {
    int count = in.readUnsignedShort();
    tags = new int[count];
    first = new int[count];
    second = new int[count];
    utf8 = new String[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      tags[i] = tag;
      switch (tag) {
        case UTF8 -> utf8[i] = readUtf8(i);
        case INTEGER, FLOAT -> in.skipNBytes(4);
        case LONG, DOUBLE -> {
          in.skipNBytes(8);
          // A long or double takes two slots; the second is never a valid index.
          if (++i == count) {
            throw new IllegalArgumentException(
                "constant pool entry #"
                    + (i - 1)
                    + " is a "
                    + tagName(tag)
                    + ", which takes two slots, but it is the pool's last ("
                    + count
                    + " slots)");
          }
        }
        case CLASS, STRING, METHOD_TYPE, MODULE, PACKAGE -> first[i] = in.readUnsignedShort();
        case FIELDREF, METHODREF, INTERFACE_METHODREF, NAME_AND_TYPE, DYNAMIC, INVOKE_DYNAMIC -> {
          first[i] = in.readUnsignedShort();
          second[i] = in.readUnsignedShort();
        }
        case METHOD_HANDLE -> {
          first[i] = in.readUnsignedByte();
          second[i] = in.readUnsignedShort();
          if (first[i] < 1 || first[i] > 9) {
            throw new IllegalArgumentException(
                "constant pool entry #"
                    + i
                    + " is a MethodHandle of kind "
                    + first[i]
                    + "; the kinds are 1 to 9");
          }
        }
        default ->
            throw new IllegalArgumentException(
                "constant pool entry #"
                    + i
                    + " has tag "
                    + tag
                    + ", which is no constant-pool tag this reader knows (1, 3 to 12, 15 to 20)");
      }
    }
  }

  /** A Utf8 entry's text: modified UTF-8, as {@link DataInputStream#readUTF} reads it. */
  private String readUtf8(int index) throws IOException {
    int length = in.readUnsignedShort();
    byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw new EOFException();
    }
    ByteArrayOutputStream framed = new ByteArrayOutputStream(length + 2);
    framed.write(length >>> 8);
    framed.write(length);
    framed.writeBytes(bytes);
    try {
      return new DataInputStream(new ByteArrayInputStream(framed.toByteArray())).readUTF();
    } catch (UTFDataFormatException e) {
      throw new IllegalArgumentException(
          "constant pool entry #" + index + " is a Utf8 entry whose bytes are not modified UTF-8",
          e);
    }
  }

  private void skipMembers() throws IOException {
    int count = in.readUnsignedShort();
    for (int i = 0; i < count; i++) {
      in.skipNBytes(6); // access flags, name, descriptor
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        in.skipNBytes(2);
        in.skipNBytes(Integer.toUnsignedLong(in.readInt()));
      }
    }
  }

  /** The method-handle entry of each bootstrap method, from the BootstrapMethods attribute. */
  private int[] readClassAttributes() throws IOException {
    int[] handles = new int[0];
    int attributes = in.readUnsignedShort();
    for (int a = 0; a < attributes; a++) {
      String name = utf8(in.readUnsignedShort(), "an attribute's name");
      long length = Integer.toUnsignedLong(in.readInt());
      if (!name.equals("BootstrapMethods")) {
        in.skipNBytes(length);
        continue;
      }
      handles = new int[in.readUnsignedShort()];
      for (int b = 0; b < handles.length; b++) {
        handles[b] = in.readUnsignedShort();
        expect(handles[b], METHOD_HANDLE, "bootstrap method " + b);
        // Its arguments are loadable constants, each an entry of the pool read on its own.
        in.skipNBytes(2L * in.readUnsignedShort());
      }
    }
    return handles;
  }

  private List<Reference> references(int[] bootstrapHandles) {
    List<Reference> out = new ArrayList<>();
    for (int i = 1; i < tags.length; i++) {
      switch (tags[i]) {
        case CLASS ->
            out.add(new Reference(Kind.CLASS, elementClass(className(i, "a Class entry")), "", ""));
        case FIELDREF, METHODREF, INTERFACE_METHODREF -> out.add(member(i, "a member reference"));
        case METHOD_TYPE ->
            out.add(
                new Reference(
                    Kind.METHOD_TYPE,
                    "",
                    "",
                    utf8(first[i], "MethodType #" + i + "'s descriptor")));
        case METHOD_HANDLE -> out.add(handle(i, Kind.METHOD_HANDLE));
        case DYNAMIC, INVOKE_DYNAMIC -> {
          int b = first[i];
          if (b >= bootstrapHandles.length) {
            throw new IllegalArgumentException(
                "constant pool entry #"
                    + i
                    + " ("
                    + tagName(tags[i])
                    + ") names bootstrap method "
                    + b
                    + ", but the class declares "
                    + bootstrapHandles.length);
          }
          expect(second[i], NAME_AND_TYPE, tagName(tags[i]) + " #" + i);
          out.add(handle(bootstrapHandles[b], Kind.BOOTSTRAP));
        }
        case MODULE, PACKAGE ->
            out.add(
                new Reference(
                    tags[i] == MODULE ? Kind.MODULE : Kind.PACKAGE,
                    utf8(first[i], tagName(tags[i]) + " #" + i + "'s name"),
                    "",
                    ""));
        default -> {
          // Utf8, String, numbers and NameAndType name nothing by themselves.
        }
      }
    }
    return out;
  }

  /** The member a MethodHandle entry refers to, as a reference of {@code kind}. */
  private Reference handle(int index, Kind kind) {
    int handleKind = first[index];
    int target = second[index];
    int tag = target > 0 && target < tags.length ? tags[target] : 0;
    // Kinds 1 to 4 get or put a field; 5 to 9 invoke or construct.
    if (handleKind <= 4 ? tag != FIELDREF : tag != METHODREF && tag != INTERFACE_METHODREF) {
      throw wrongEntry(
          target,
          handleKind <= 4 ? "Fieldref" : "Methodref or InterfaceMethodref",
          "MethodHandle #" + index + " of kind " + handleKind);
    }
    Reference member = member(target, "MethodHandle #" + index);
    return new Reference(kind, member.owner(), member.name(), member.descriptor());
  }

  private Reference member(int index, String user) {
    int tag = index > 0 && index < tags.length ? tags[index] : 0;
    if (tag != FIELDREF && tag != METHODREF && tag != INTERFACE_METHODREF) {
      throw wrongEntry(index, "Fieldref, Methodref or InterfaceMethodref", user);
    }
    String owner = elementClass(className(first[index], tagName(tag) + " #" + index));
    expect(second[index], NAME_AND_TYPE, tagName(tag) + " #" + index);
    int nameAndType = second[index];
    Kind kind =
        switch (tag) {
          case FIELDREF -> Kind.FIELD;
          case METHODREF -> Kind.METHOD;
          default -> Kind.INTERFACE_METHOD;
        };
    return new Reference(
        kind,
        owner,
        utf8(first[nameAndType], "NameAndType #" + nameAndType),
        utf8(second[nameAndType], "NameAndType #" + nameAndType));
  }

  private String className(int index, String user) {
    expect(index, CLASS, user);
    return utf8(first[index], "Class #" + index);
  }

  private String utf8(int index, String user) {
    expect(index, UTF8, user);
    return utf8[index];
  }

  private void expect(int index, int tag, String user) {
    if (index <= 0 || index >= tags.length || tags[index] != tag) {
      throw wrongEntry(index, tagName(tag), user);
    }
  }

  private IllegalArgumentException wrongEntry(int index, String expected, String user) {
    String actual =
        index <= 0 || index >= tags.length
            ? "outside the pool, 1 to " + (tags.length - 1)
            : tags[index] == 0 ? "the second slot of a Long or Double" : tagName(tags[index]);
    return new IllegalArgumentException(
        user
            + " refers to constant pool entry #"
            + index
            + " ("
            + actual
            + "); expected "
            + expected);
  }

  /**
   * The class an array of objects is made of; any other name as it is (a primitive array keeps its
   * descriptor, {@code [I}).
   */
  static String elementClass(String name) {
    String element = name.replaceFirst("^\\[+", "");
    return name.startsWith("[") && element.startsWith("L") && element.endsWith(";")
        ? element.substring(1, element.length() - 1)
        : name;
  }

  /** Every class a field or method descriptor names, in order. */
  static List<String> classesIn(String descriptor) {
    List<String> out = new ArrayList<>();
    for (int i = descriptor.indexOf('L'); i >= 0; i = descriptor.indexOf('L', i)) {
      int end = descriptor.indexOf(';', i);
      if (end < 0) {
        throw new IllegalArgumentException("descriptor " + descriptor + " has an unended class");
      }
      out.add(descriptor.substring(i + 1, end));
      i = end;
    }
    return out;
  }

  private static String tagName(int tag) {
    return switch (tag) {
      case UTF8 -> "Utf8";
      case INTEGER -> "Integer";
      case FLOAT -> "Float";
      case LONG -> "Long";
      case DOUBLE -> "Double";
      case CLASS -> "Class";
      case STRING -> "String";
      case FIELDREF -> "Fieldref";
      case METHODREF -> "Methodref";
      case INTERFACE_METHODREF -> "InterfaceMethodref";
      case NAME_AND_TYPE -> "NameAndType";
      case METHOD_HANDLE -> "MethodHandle";
      case METHOD_TYPE -> "MethodType";
      case DYNAMIC -> "Dynamic";
      case INVOKE_DYNAMIC -> "InvokeDynamic";
      case MODULE -> "Module";
      case PACKAGE -> "Package";
      default -> "tag " + tag;
    };
  }
}
