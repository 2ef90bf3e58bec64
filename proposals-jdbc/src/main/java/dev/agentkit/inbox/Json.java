package dev.agentkit.inbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentkit.Call;
import dev.agentkit.contract.OperandType;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.UserSlot;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The text form of a proposal's ops, slots, refs, context, metadata and slot values in their
 * columns.
 */
final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final TypeReference<List<Map<String, Object>>> LIST = new TypeReference<>() {};
  private static final TypeReference<Map<String, String>> STRINGS = new TypeReference<>() {};

  private Json() {}

  /** Calls in their canonical text: arguments sorted, so equal calls always read the same. */
  static String calls(List<Call> calls) {
    List<Map<String, Object>> out = new ArrayList<>(calls.size());
    for (Call call : calls) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("opcode", call.opcode());
      m.put("args", new TreeMap<>(call.args()));
      m.put("userFills", call.userFills());
      out.add(m);
    }
    return write(out);
  }

  @SuppressWarnings("unchecked")
  static List<Call> readOps(String json) {
    List<Call> out = new ArrayList<>();
    for (Map<String, Object> m : read(json, LIST)) {
      out.add(
          Call.of(
              (String) m.get("opcode"),
              (Map<String, String>) m.get("args"),
              (List<String>) m.get("userFills")));
    }
    return out;
  }

  static String slots(List<UserSlot> slots) {
    List<Map<String, Object>> out = new ArrayList<>(slots.size());
    for (UserSlot s : slots) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("operand", s.operand());
      m.put("opIndex", s.opIndex());
      m.put("default", s.defaultValue());
      m.put("required", s.required());
      m.put("label", s.label());
      m.put("type", s.type() == null ? "" : s.type().wireName());
      m.put("options", s.options());
      out.add(m);
    }
    return write(out);
  }

  /** Reads slots; one written before version 3 has no label, type or options. */
  @SuppressWarnings("unchecked")
  static List<UserSlot> readSlots(String json) {
    List<UserSlot> out = new ArrayList<>();
    for (Map<String, Object> m : read(json, LIST)) {
      String type = (String) m.getOrDefault("type", "");
      out.add(
          new UserSlot(
              (String) m.get("operand"),
              ((Number) m.get("opIndex")).intValue(),
              (String) m.get("default"),
              (Boolean) m.get("required"),
              (String) m.get("label"),
              type.isEmpty() ? null : OperandType.ofWireName(type).orElse(OperandType.OPAQUE),
              (List<String>) m.get("options")));
    }
    return out;
  }

  static String refs(List<ObjectRef> refs) {
    List<Map<String, Object>> out = new ArrayList<>(refs.size());
    for (ObjectRef r : refs) {
      out.add(Map.of("kind", r.kind(), "id", r.id(), "label", r.label()));
    }
    return write(out);
  }

  static List<ObjectRef> readRefs(String json) {
    List<ObjectRef> out = new ArrayList<>();
    for (Map<String, Object> m : read(json, LIST)) {
      out.add(new ObjectRef((String) m.get("kind"), (String) m.get("id"), (String) m.get("label")));
    }
    return out;
  }

  static String strings(Map<String, String> values) {
    return write(new TreeMap<>(values));
  }

  /** The metadata column: sorted entries, as {@link #strings}. */
  static SortedMap<String, String> readSorted(String json) {
    return json == null ? new TreeMap<>() : new TreeMap<>(read(json, STRINGS));
  }

  static Map<String, String> readStrings(String json) {
    return json == null ? Map.of() : read(json, STRINGS);
  }

  private static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static <T> T read(String json, TypeReference<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
