// The position editor's front end: it draws where every card is and the kernel's sentence
// about the position, and sends edit_* messages with the view's version: a card chosen by a
// click (or the keyboard), then a place by its button, a key (0-7, T, W, B) or a drop.
import { afterEach, describe, expect, it } from "vitest";
import editor, { answerLabel, PACK, placeOf, placeOfKey } from "../src/editor";
import { ENGLISH } from "../src/labels";
import type { Message, Model } from "../src/types";
import type { AnswerKey, EditorView, Traits } from "../src/protocol";
import { FakeModel, key } from "./fixtures";

function editorView(patch: Partial<EditorView> = {}): EditorView {
  const hands = [["KH", "2C"], ["5H", "3C"], ["9H", "4D"]];
  const used = new Set(hands.flat());
  return {
    version: 7, num_players: 3, names: ["Player 0", "Player 1", "Player 2"], variant: "classic", hands, table: [], waste: [],
    box: PACK.filter((c) => !used.has(c)), leader: null, opening_over: false, next_table_seat: 0, to_play: null,
    takers: [], problem: "The opening trick: nobody holds a card of the opening suit (♠), so there is no opening trick (rule 3).",
    text: null, outcome: "", key: null, ...patch,
  };
}

const valid = () => editorView({ leader: 0, opening_over: true, to_play: 0, takers: [0, 1, 2], problem: null,
  text: "rules=classic hands=.K..2/.5..3/.9.4. lead=0" });

const mounted: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of mounted.splice(0)) cleanup();
  document.body.innerHTML = "";
});

function mountEditor(view: EditorView = editorView(), traits: Partial<Traits> = {}) {
  const model = new FakeModel({ editor: view, variants: ["classic", "pick-up form"], ...traits });
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = editor.render({ model: model as unknown as Model, el }) as () => void;
  mounted.push(cleanup);
  const q = <E extends Element = HTMLElement>(s: string) => {
    const found = el.querySelector<E>(s);
    if (!found) throw new Error(`no element matches ${s}`);
    return found;
  };
  const sent = () => model.sent as Message[];
  return { model, el, q, qa: (s: string) => Array.from(el.querySelectorAll<HTMLElement>(s)), sent, cleanup };
}

describe("what the editor shows", () => {
  it("draws every card in its place: the seats, the box by suit", () => {
    const { qa, q } = mountEditor();
    expect(qa("[data-testid=editor-place-box] button[data-card]")).toHaveLength(46);
    expect(qa("[data-testid=editor-place-1] button[data-card]").map((b) => b.dataset.card)).toEqual(["5H", "3C"]);
    expect(q("[data-testid=editor-place-0] h4").textContent).toBe("Player 0");
    expect(q("button[data-card='KH']").getAttribute("aria-label")).toBe("King of hearts");
    expect(qa("[data-place]").filter((e) => e.tagName === "SECTION")).toHaveLength(6); // 3 seats, table, waste, box
  });

  it("says what is wrong, and when it is valid shows the text and offers to use it", () => {
    const { q, model } = mountEditor();
    expect(q("[data-testid=editor-problem]").textContent).toContain("nobody holds a card of the opening suit");
    expect(q("[data-testid=editor-problem]").classList.contains("is-problem")).toBe(true);
    expect(q<HTMLButtonElement>("[data-testid=editor-play-out]").disabled).toBe(true);
    expect(q<HTMLButtonElement>("[data-testid=editor-lesson]").disabled).toBe(true);
    model.set("editor", valid());
    expect(q("[data-testid=editor-problem]").textContent).toBe("The position is valid: Player 0 is to play.");
    expect(q<HTMLInputElement>("[data-testid=editor-text]").value).toBe("rules=classic hands=.K..2/.5..3/.9.4. lead=0");
    expect(q<HTMLButtonElement>("[data-testid=editor-lesson]").disabled).toBe(false);
    expect(q<HTMLSelectElement>("[data-testid=editor-seat]").value).toBe("0");
    expect(q("[data-testid=editor-place-0]").textContent).toContain("power");
  });

  it("offers take or pass only where someone may take", () => {
    const { q, model } = mountEditor(valid());
    const take = () => q<HTMLOptionElement>("[data-testid=editor-question] option[value=take]");
    expect(take().disabled).toBe(false);
    model.set("editor", { ...valid(), takers: [] });
    expect(take().disabled).toBe(true);
  });

  it("shows the labels in the kernel's language", () => {
    const { q, el } = mountEditor(editorView(), { labels: { editor_title: "Stellungseditor", editor_deal: "Zufällig geben" }, lang: "de" });
    expect(q("h3").textContent).toBe("Stellungseditor");
    expect(q("[data-testid=editor-deal]").textContent).toBe("Zufällig geben");
    expect(el.querySelector(".bhabho-root")?.getAttribute("lang")).toBe("de");
  });
});

describe("what the editor sends", () => {
  it("a card, then a place: edit_give with the view's version", () => {
    const { q, sent } = mountEditor();
    expect(q<HTMLButtonElement>("[data-testid=editor-put-1]").disabled).toBe(true);
    q("button[data-card='AS']").click();
    expect(q("button[data-card='AS']").getAttribute("aria-pressed")).toBe("true");
    expect(q("[data-testid=editor-status]").textContent).toBe("Ace of spades chosen: now choose where it goes.");
    const put = q<HTMLButtonElement>("[data-testid=editor-put-1]");
    expect(put.disabled).toBe(false);
    expect(put.getAttribute("aria-label")).toBe("Put Ace of spades here: Player 1");
    put.click();
    expect(sent()).toEqual([{ type: "edit_give", card: "AS", to: 1, version: 7 }]);
    q("button[data-card='KH']").click();
    q("[data-testid=editor-put-table]").click();
    q("button[data-card='5H']").click();
    q("[data-testid=editor-put-box]").click();
    expect(sent().slice(1)).toEqual([
      { type: "edit_give", card: "KH", to: "table", version: 7 },
      { type: "edit_give", card: "5H", to: "box", version: 7 },
    ]);
  });

  it("clicking the chosen card again lets it go; its own place sends nothing", () => {
    const { q, sent } = mountEditor();
    q("button[data-card='AS']").click();
    q("button[data-card='AS']").click();
    expect(q("button[data-card='AS']").getAttribute("aria-pressed")).toBe("false");
    q("button[data-card='KH']").click();
    q("[data-testid=editor-put-0]").click();
    expect(sent()).toEqual([]);
  });

  it("a card chosen, a click on a card lying in another seat puts the chosen card there", () => {
    const { q, sent } = mountEditor();
    q("button[data-card='AS']").click(); // from the box
    q("button[data-card='KH']").click(); // a card in seat 0: AS goes to seat 0, KH stays
    q("button[data-card='5H']").click(); // from seat 1
    q("button[data-card='2C']").click(); // seat 0 again
    expect(sent()).toEqual([
      { type: "edit_give", card: "AS", to: 0, version: 7 },
      { type: "edit_give", card: "5H", to: 0, version: 7 },
    ]);
    // a card in the chosen one's own place, or in the box, is chosen instead
    q("button[data-card='KH']").click();
    q("button[data-card='2C']").click();
    expect(q("button[data-card='2C']").getAttribute("aria-pressed")).toBe("true");
    q("button[data-card='QS']").click();
    expect(q("button[data-card='QS']").getAttribute("aria-pressed")).toBe("true");
    expect(sent()).toHaveLength(2);
  });

  it("the keys line names as many seat keys as there are seats", () => {
    const { q, model } = mountEditor();
    expect(q(".bh-ed-keys").textContent).toContain("0 to 2 for a seat");
    model.set("editor", { ...editorView(), num_players: 5, names: ["Player 0", "Player 1", "Player 2", "Player 3", "Player 4"],
      hands: [[], [], [], [], []] });
    expect(q(".bh-ed-keys").textContent).toContain("0 to 4 for a seat");
  });

  it("the keyboard: arrows within a place, then a key for where the card goes", () => {
    const { q, sent } = mountEditor();
    const first = q("[data-testid=editor-place-box] button[data-card]");
    expect(first.dataset.card).toBe("AS");
    expect(first.tabIndex).toBe(0);
    first.focus();
    key(first, "ArrowRight");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("KS");
    (document.activeElement as HTMLElement).click();
    const ev = key(document.activeElement as HTMLElement, "2");
    expect(ev.defaultPrevented).toBe(true);
    key(q("button[data-card='AS']"), "w"); // nothing chosen: nothing sent
    expect(sent()).toEqual([{ type: "edit_give", card: "KS", to: 2, version: 7 }]);
    q("button[data-card='AS']").click();
    key(q("button[data-card='AS']"), "Escape");
    expect(q("button[data-card='AS']").getAttribute("aria-pressed")).toBe("false");
    expect(placeOfKey("7", 3)).toBe(null);
    expect(placeOfKey("T", 3)).toBe("table");
    expect(placeOf(editorView(), "3C")).toBe(1);
  });

  it("the setup's controls and the buttons that use the position", () => {
    const { q, sent, model } = mountEditor();
    const players = q<HTMLSelectElement>("[data-testid=editor-players]");
    players.value = "5";
    players.dispatchEvent(new Event("change", { bubbles: true }));
    const rules = q<HTMLSelectElement>("[data-testid=editor-rules]");
    rules.value = "pick-up form";
    rules.dispatchEvent(new Event("change", { bubbles: true }));
    const leader = q<HTMLSelectElement>("[data-testid=editor-leader]");
    leader.value = "2";
    leader.dispatchEvent(new Event("change", { bubbles: true }));
    const opening = q<HTMLInputElement>("[data-testid=editor-opening]");
    opening.click();
    q("[data-testid=editor-deal]").click();
    q("[data-testid=editor-clear]").click();
    const load = q<HTMLInputElement>("[data-testid=editor-load-text]");
    load.value = "  hands=AS/KS lead=0 ";
    q("[data-testid=editor-load]").click();
    expect(sent()).toEqual([
      { type: "edit_players", players: 5, version: 7 },
      { type: "edit_rules", variant: "pick-up form", version: 7 },
      { type: "edit_leader", seat: 2, version: 7 },
      { type: "edit_opening", over: true, version: 7 },
      { type: "edit_deal", version: 7 },
      { type: "edit_clear", version: 7 },
      { type: "edit_load", text: "hands=AS/KS lead=0", version: 7 },
    ]);
    model.sent = [];
    model.set("editor", valid());
    const seat = q<HTMLSelectElement>("[data-testid=editor-seat]");
    seat.value = "2";
    seat.dispatchEvent(new Event("change", { bubbles: true }));
    q("[data-testid=editor-play-out]").click();
    const question = q<HTMLSelectElement>("[data-testid=editor-question]");
    question.value = "picker";
    q("[data-testid=editor-lesson]").click();
    expect(sent()).toEqual([
      { type: "edit_play_out", seat: 2, version: 7 },
      { type: "edit_lesson", question: "picker", version: 7 },
    ]);
  });

  it("a drop puts the dragged card there", () => {
    const { q, sent } = mountEditor();
    const data = new Map<string, string>();
    const transfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? "", effectAllowed: "" };
    const drag = new Event("dragstart", { bubbles: true }) as DragEvent;
    Object.defineProperty(drag, "dataTransfer", { value: transfer });
    q("button[data-card='AS']").dispatchEvent(drag);
    const drop = new Event("drop", { bubbles: true, cancelable: true }) as DragEvent;
    Object.defineProperty(drop, "dataTransfer", { value: transfer });
    q("[data-testid=editor-place-waste]").dispatchEvent(drop);
    expect(sent()).toEqual([{ type: "edit_give", card: "AS", to: "waste", version: 7 }]);
  });

  it("shows the kernel's refusal, and lets go of its listeners when removed", () => {
    const { q, model, cleanup } = mountEditor();
    model.set("error", "the editor changed before that click arrived; nothing was done, please try again");
    expect(q("[data-testid=error]").hidden).toBe(false);
    expect(q("[data-testid=error]").getAttribute("role")).toBe("alert");
    cleanup();
    expect(model.listenerCount()).toBe(0);
  });
});

describe("the answer key of the lesson under the editor", () => {
  // the six cards: K♥ escapes for certain, 2♣ is clearly worse; J♣ shows a teacher's change
  const answerKey = (patch: Partial<AnswerKey> = {}): AnswerKey => ({
    version: 3, kind: "card", seat: 0, shown: true, rollouts: 160, picker: null,
    rows: [
      { action: "KH", p: 0, lo: 0, hi: 0.02, within: true, best: true, accepted: true },
      { action: "2C", p: 0.51, lo: 0.43, hi: 0.58, within: false, best: false, accepted: false },
    ],
    ...patch,
  });

  it("is hidden until a lesson is open, then lists each answer with its chance, interval and the coach's word", () => {
    const { q, qa, model } = mountEditor(valid());
    expect(q("[data-testid=editor-key]").hidden).toBe(true);
    model.set("editor", { ...valid(), key: answerKey() });
    const panel = q("[data-testid=editor-key]");
    expect(panel.hidden).toBe(false);
    expect(panel.querySelector("h4")?.textContent).toBe("Answer key");
    expect(q("[data-testid=editor-key-note]").textContent).toBe(
      "Worked out with every hand as shown: each action played on 160 times from these very hands.");
    expect(qa("[data-testid=editor-key-table] thead th").map((th) => th.textContent)).toEqual(
      ["Answer", "Chance of ending as the bhabhi", "95 % interval", "Coach", "Accepted"]);
    const rows = qa("[data-testid=editor-key-row]").map((tr) =>
      [tr.querySelector(".bh-ed-key-name")?.textContent, ...Array.from(tr.children).slice(1).map((c) => c.textContent)]);
    expect(rows).toEqual([
      ["King of hearts", "0 %", "0 % to 2 %", "best", ""],
      ["2 of clubs", "51 %", "43 % to 58 %", "clearly worse", ""],
    ]);
    const kh = q<HTMLInputElement>("[data-testid=editor-key-accept-KH]");
    const c2 = q<HTMLInputElement>("[data-testid=editor-key-accept-2C]");
    expect([kh.checked, c2.checked]).toEqual([true, false]);
    expect(kh.disabled).toBe(true); // the one accepted answer stays accepted
    expect(c2.getAttribute("aria-label")).toBe("Accept 2 of clubs as a right answer");
    expect(q("[data-testid=editor-key-table]").getAttribute("aria-labelledby")).toBe(panel.getAttribute("aria-labelledby"));
  });

  it("a tick sends edit_answer with the key's version; the kernel's key redraws it, a refusal puts it back", () => {
    const { q, model, sent } = mountEditor({ ...valid(), key: answerKey() });
    const c2 = q<HTMLInputElement>("[data-testid=editor-key-accept-2C]");
    c2.focus();
    c2.click();
    expect(sent()).toEqual([{ type: "edit_answer", action: "2C", accepted: true, key: 3, version: 7 }]);
    // the kernel accepts: both ticked, the focus stays on the box
    const both = answerKey({ version: 4 });
    both.rows = both.rows.map((r) => ({ ...r, accepted: true }));
    model.set("editor", { ...valid(), key: both });
    const again = q<HTMLInputElement>("[data-testid=editor-key-accept-2C]");
    expect(again.checked).toBe(true);
    expect(document.activeElement).toBe(again);
    expect(q<HTMLInputElement>("[data-testid=editor-key-accept-KH]").disabled).toBe(false);
    q<HTMLInputElement>("[data-testid=editor-key-accept-KH]").click();
    expect(sent()[1]).toEqual({ type: "edit_answer", action: "KH", accepted: false, key: 4, version: 7 });
    // the kernel refuses (say the key changed meanwhile): the box shows its key again
    model.set("error", "the answer key changed before that click arrived; nothing was done, please try again");
    expect(q<HTMLInputElement>("[data-testid=editor-key-accept-KH]").checked).toBe(true);
  });

  it("take or pass, a key from the seat's view, who picks up, in the labels' language", () => {
    const take = answerKey({ kind: "take", seat: 1, shown: false, rollouts: 192, rows: [
      { action: "take", p: 0.3, lo: 0.2, hi: 0.4, within: true, best: false, accepted: true },
      { action: "pass", p: 0.28, lo: 0.2, hi: 0.37, within: true, best: true, accepted: true },
    ] });
    const { q, qa, model } = mountEditor({ ...valid(), key: take });
    expect(qa("[data-testid=editor-key-row] .bh-ed-key-name").map((e) => e.textContent)).toEqual(["Take the hand", "Pass"]);
    expect(qa(".bh-ed-key-word").map((td) => td.textContent)).toEqual(["as good, within the margin", "best"]);
    expect(q("[data-testid=editor-key-note]").textContent).toBe(
      "Worked out from what Player 1 knows: each action played on 192 times over deals of the hidden cards.");
    model.set("editor", { ...valid(), key: answerKey({ kind: "seat", picker: 2, rows: [] }) });
    expect(q("[data-testid=editor-key-note]").textContent).toBe("Who picks up is the rules' answer: Player 2.");
    expect(qa("[data-testid=editor-key-table]")).toHaveLength(0);
    model.set("labels", { editor_key_title: "Lösungsschlüssel", editor_key_best: "am besten" });
    model.set("editor", { ...valid(), key: answerKey() });
    expect(q("[data-testid=editor-key] h4").textContent).toBe("Lösungsschlüssel");
    expect(q(".bh-ed-key-word").textContent).toBe("am besten");
    expect(answerLabel("QS", ENGLISH)).toBe("Queen of spades");
  });
});
