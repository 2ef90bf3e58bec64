package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent every adapter's behaviour suite serves: a notes board with one act that runs ({@code
 * add_note}) and one that is always withheld ({@code delete_note}). Its labeler knows the notes.
 */
public final class Notes implements Labeler {
  /** Adds a note: reversible, so it runs under an AUTO ceiling. */
  public static final Op ADD_NOTE =
      Op.builder("add_note")
          .description("Add a note.")
          .objectType("note")
          .tier(Tier.REVERSIBLE)
          .operand(Operand.requiredString("title", "The note's title."))
          .operand(Operand.enumOf("priority", true, "low", "high"))
          .build();

  /** Deletes a note: irreversible, so it is always proposed. */
  public static final Op DELETE_NOTE =
      Op.builder("delete_note")
          .description("Delete a note.")
          .objectType("note")
          .tier(Tier.IRREVERSIBLE)
          .operand(Operand.requiredString("note_id", "The note's id."))
          .build();

  /** The contract a live agent of these acts binds to. */
  public static final Contract CONTRACT = Contract.of("taskboard", List.of(ADD_NOTE, DELETE_NOTE));

  /** The notes by id; {@code n1} is there from the start. */
  public final Map<String, String> notes = new ConcurrentHashMap<>(Map.of("n1", "Groceries"));

  /** The acts, bound to their local ops. */
  public static ActionSet<Notes> actions() {
    return ActionSet.of(
        List.of(
            add(Use.local(ADD_NOTE, ChangeCategory.ALWAYS_MINTS)),
            delete(Use.local(DELETE_NOTE, ChangeCategory.TERMINAL))));
  }

  /** The acts as a live agent uses them, by opcode, bound to whatever the backend serves. */
  public static List<Use<Notes>> uses() {
    return List.of(
        add(Use.of("add_note", ChangeCategory.ALWAYS_MINTS)),
        delete(Use.of("delete_note", ChangeCategory.TERMINAL)));
  }

  private static Use<Notes> add(Use.Builder<Notes> use) {
    return use.run(
            (n, call) -> {
              String id = "n" + (n.notes.size() + 1);
              n.notes.put(id, call.arg("title"));
              return id;
            })
        .build();
  }

  private static Use<Notes> delete(Use.Builder<Notes> use) {
    return use.terminalStates("deleted")
        .reader((n, call) -> n.notes.containsKey(call.arg("note_id")) ? "open" : "deleted")
        .ask(call -> "Delete this note?")
        .build();
  }

  /** The object a withheld call acts on: the note it deletes, or the board a new note goes on. */
  public static ObjectRef anchor(Call call) {
    return call.opcode().equals("delete_note")
        ? ObjectRef.of("note", call.arg("note_id"))
        : new ObjectRef("board", "notes", "the notes board");
  }

  @Override
  public Optional<String> label(String kind, String id) {
    return kind.equals("note") ? Optional.ofNullable(notes.get(id)) : Optional.empty();
  }
}
