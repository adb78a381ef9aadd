"""A turn's messages are indexed together when the turn ends (schema 7): every row commits the
moment it is written, search is in sync after every turn, and nothing waiting is ever lost or
left out of a search."""

from __future__ import annotations

from pathlib import Path

from hermes.agent.stored_history import History
from hermes.sessions import SessionStore
from tests.sessions.conftest import new_session

CALL = [{"id": "c1", "type": "function",
         "function": {"name": "session_search", "arguments": '{"query": "otters"}'}}]


def waiting(store: SessionStore) -> int:
    return int(store.query("SELECT count(*) FROM messages_unindexed")[0][0])


def hits(store: SessionStore, word: str) -> set[int]:
    """Ids of the messages the full-text index matches for `word` (the index alone: no
    search call, which would index what is waiting first)."""
    return {r[0] for r in store.query(
        "SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?", (word,))}


def a_turn(history: History, sid: str) -> dict[str, int]:
    """The writes of one agent turn with a tool call, as the loop makes them."""
    ids = {"user": history.append(sid, "user", "what do otters eat")}
    ids["call"] = history.append(sid, "assistant", "", tool_calls=CALL, finish_reason="tool_calls")
    ids["tool"] = history.append(sid, "tool", '{"results": ["otters eat urchins"]}',
                                 tool_call_id="c1", tool_name="session_search")
    ids["reply"] = history.append(sid, "assistant", "They eat sea", finish_reason="interrupted")
    history.update(ids["reply"], "They eat sea urchins and crabs.", finish_reason="stop")
    return ids


def test_a_turn_is_indexed_whole_when_it_ends(store: SessionStore) -> None:
    history = History(store)
    sid = new_session(store)
    history.begin_turn()
    ids = a_turn(history, sid)
    # every row is stored already, and the file is consistent mid-turn
    assert [m.id for m in store.get_messages(sid)] == sorted(ids.values())
    assert waiting(store) == 4 and hits(store, "otters") == set()
    assert store.check_integrity() == []
    history.end_turn()
    assert waiting(store) == 0
    assert hits(store, "otters") == {ids["user"], ids["tool"]}
    assert hits(store, "crabs") == {ids["reply"]}  # the finished text, not the checkpoint's
    assert hits(store, "session_search") == {ids["call"], ids["tool"]}  # tool names column
    assert store.check_integrity() == []


def test_search_after_every_turn_finds_that_turn(store: SessionStore) -> None:
    history = History(store)
    sid = new_session(store)
    for n, word in enumerate(["walrus", "narwhal", "beluga"]):
        history.begin_turn()
        mid = history.append(sid, "user", f"tell me about the {word}")
        history.append(sid, "assistant", f"The {word} lives in cold water.")
        history.end_turn()
        assert [r["message_id"] for r in store.search(word)] == [mid]
        assert len(hits(store, "cold")) == n + 1


def test_outside_a_turn_each_write_is_indexed_at_once(store: SessionStore) -> None:
    history = History(store)
    sid = new_session(store)
    mid = history.append(sid, "user", "pelicans")
    assert waiting(store) == 0 and hits(store, "pelicans") == {mid}
    history.update(mid, "cormorants", finish_reason="stop")
    assert hits(store, "pelicans") == set() and hits(store, "cormorants") == {mid}


def test_a_search_mid_turn_indexes_what_waits(store: SessionStore, hermes_home: Path) -> None:
    history = History(store)
    sid = new_session(store)
    history.begin_turn()
    mid = history.append(sid, "user", "the quokka question")
    with SessionStore() as other:  # another process searching while the turn runs
        assert [r["message_id"] for r in other.search("quokka")] == [mid]
    assert waiting(store) == 0
    # the reply written after that search is indexed at the turn's end as usual
    reply = history.append(sid, "assistant", "quokkas smile")
    history.update(reply, "quokkas smile a lot", finish_reason="stop")
    history.end_turn()
    assert hits(store, "lot") == {reply} and store.check_integrity() == []


def test_an_earlier_message_edited_mid_turn_is_reindexed_at_once(store: SessionStore) -> None:
    history = History(store)
    sid = new_session(store)
    old = history.append(sid, "assistant", "ibis")  # indexed: written outside a turn
    history.begin_turn()
    history.update(old, "heron", finish_reason="stop")
    assert hits(store, "ibis") == set() and hits(store, "heron") == {old}
    history.end_turn()
    assert store.check_integrity() == []


def test_a_turn_cut_off_by_a_crash_is_indexed_by_the_next_search(hermes_home: Path) -> None:
    store = SessionStore()
    history = History(store)
    sid = new_session(store)
    history.begin_turn()
    mid = history.append(sid, "user", "the axolotl regrows limbs")
    store.close()  # the process dies before end_turn()
    with SessionStore() as again:
        assert [m.content for m in again.get_messages(sid)] == ["the axolotl regrows limbs"]
        assert again.check_integrity() == []
        assert [r["message_id"] for r in again.search("axolotl")] == [mid]
        assert waiting(again) == 0


def test_deleting_waiting_messages_leaves_a_clean_index(store: SessionStore) -> None:
    history = History(store)
    keep, gone = new_session(store), new_session(store)
    history.begin_turn()
    history.append(keep, "user", "lemur facts")
    history.append(gone, "user", "lemur gossip")
    store.delete_session(gone)
    history.end_turn()
    assert waiting(store) == 0 and store.check_integrity() == []
    assert [r["session_id"] for r in store.search("lemur")] == [keep]


def test_a_reused_message_id_is_indexed_with_its_new_text(store: SessionStore) -> None:
    # SQLite hands the largest id out again once its row is gone; the new row must not
    # inherit the old one's index state
    first = new_session(store)
    old = store.append_message(first, "user", "gecko")
    store.delete_session(first)
    second = new_session(store)
    history = History(store)
    history.begin_turn()
    new = history.append(second, "user", "iguana")
    history.end_turn()
    assert new == old
    assert hits(store, "gecko") == set() and hits(store, "iguana") == {new}
    assert store.check_integrity() == []


def test_a_batch_is_indexed_in_one_write_at_commit(store: SessionStore) -> None:
    with store.batch():
        sid = new_session(store)
        ids = [store.append_message(sid, "user", f"tapir number {i}") for i in range(5)]
        assert waiting(store) == 5  # inside the batch: waiting for the commit
    assert waiting(store) == 0 and hits(store, "tapir") == set(ids)


def test_rows_and_index_commit_or_roll_back_together(store: SessionStore) -> None:
    sid = new_session(store)
    try:
        with store.batch():
            store.append_message(sid, "user", "okapi")
            raise RuntimeError("the import failed half way")
    except RuntimeError:
        pass
    assert store.get_messages(sid) == [] and waiting(store) == 0
    assert hits(store, "okapi") == set() and store.check_integrity() == []


def test_the_index_entries_match_a_full_rebuild(store: SessionStore) -> None:
    """Whatever order the writes came in, the index holds what a rebuild from the rows gives."""
    history = History(store)
    sid = new_session(store)
    for turn in range(3):
        history.begin_turn()
        a_turn(history, sid)
        if turn == 1:
            store.search("otters")  # indexes mid-turn
        history.end_turn()
    before = store.query("SELECT term, doc, col, offset FROM messages_fts_terms ORDER BY 1, 2, 3, 4")
    with store.writing() as conn:
        conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')")
    after = store.query("SELECT term, doc, col, offset FROM messages_fts_terms ORDER BY 1, 2, 3, 4")
    assert before and before == after



def test_the_session_list_counts_a_running_turn(store: SessionStore) -> None:
    history = History(store)
    sid = new_session(store)
    history.begin_turn()
    a_turn(history, sid)
    [row] = store.list_sessions()  # mid-turn: counts and preview come from the rows, not the index
    assert (row.id, row.message_count, row.preview) == (sid, 4, "what do otters eat")
    history.end_turn()
    assert store.list_sessions()[0].message_count == 4
