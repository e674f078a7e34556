// Phones, tablets and touch: the hand in rows where a fan would leave a card less than a
// 24 px strip to tap, each card's button the part of it in view; the Tracker's grid a rank
// per row on a narrow widget; a review row or point brings the position into view with the
// keyboard's focus; the editor's box keeps its rank columns, names the seats as the lessons
// it opens do and takes a tap on a place; nothing told by a tooltip alone.
// (tests/browser/test_screens.py checks the same in a real browser at three sizes.)
import { afterEach, describe, expect, it, vi } from "vitest";
import editor, { PACK } from "../src/editor";
import type { EditorView, Review, ReviewDecision, Tracker } from "../src/protocol";
import { trickRing } from "../src/felt";
import { fanLayout, HAND_CARD, HAND_MIN_STEP, HAND_ROW_STEP, handLayout, handRows } from "../src/hand";
import { TRACKER_NARROW } from "../src/tracker";
import type { Model } from "../src/types";
import { TABLE_CSS as CSS } from "./css";
import { exampleView, FakeModel, key, mount, unmountAll } from "./fixtures";

afterEach(() => {
  unmountAll();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Gives an element a layout width (jsdom lays nothing out). */
function widthOf(el: Element, px: number): void {
  Object.defineProperty(el, "clientWidth", { configurable: true, get: () => px });
}

const DECK = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].flatMap((r) => ["S", "H", "D", "C"].map((s) => r + s));

describe("the hand on a narrow screen", () => {
  /** The step the CSS gives a hand drawn in `rows` in a box `width` px wide. */
  function step(rows: number[], n: number, width: number): number {
    const margin = handLayout(n, width).flat ? fanLayout(1).margin : fanLayout(n).margin;
    const gaps = Math.max(Math.max(...rows) - 1, 1);
    return Math.max(4, Math.min(44, (width - HAND_CARD.w - 2 * margin) / gaps));
  }

  it("keeps a strip of every card at least 26 px wide, in rows where one fan cannot", () => {
    for (const width of [244, 266, 314, 380, 560, 640, 1092]) {
      for (let n = 1; n <= 52; n++) {
        const rows = handRows(n, width);
        expect(rows.reduce((a, b) => a + b, 0), `${n} cards in ${width} px`).toBe(n);
        expect(Math.max(...rows) - Math.min(...rows), "rows as even as can be").toBeLessThanOrEqual(1);
        if (n > 1) expect(step(rows, n, width), `${n} cards in ${width} px: ${rows}`).toBeGreaterThanOrEqual(HAND_MIN_STEP);
      }
    }
    expect(HAND_MIN_STEP).toBeGreaterThanOrEqual(24); // WCAG 2.2's 24 x 24 px target
    expect(handRows(13, 266)).toEqual([7, 6]); // a phone in JupyterLab
    expect(handRows(13, 584)).toEqual([13]); // a laptop with the file browser open: one fan
    expect(handRows(18, 584)).toEqual([18]);
    expect(handRows(30, null)).toEqual([30]); // not measured: one fan, as before
    expect(handLayout(7, 244)).toEqual({ rows: [7], flat: true }); // one row, but flat: no room lost to the turn
  });

  it("draws the rows from the hand's measured width, and again when the width changes", () => {
    const hand = DECK.slice(0, 13);
    const { q, qa, model } = mount({ view: exampleView({ hand, legal: hand.filter((c) => c.endsWith("S")) }) });
    expect(q("[data-testid=hand]").dataset.rows).toBe("1");
    widthOf(q(".bh-hand-slot"), 266);
    model.setView({ version: 6 });
    const el = q("[data-testid=hand]");
    expect(el.dataset.rows).toBe("2");
    expect(el.classList.contains("is-rows")).toBe(true);
    expect(el.style.getPropertyValue("--rows")).toBe("2");
    expect(el.style.getPropertyValue("--gaps")).toBe("6");
    const cards = qa<HTMLButtonElement>("[data-testid=hand] button[data-card]");
    expect(cards.map((b) => b.style.getPropertyValue("--row"))).toEqual([...Array(7).fill("0"), ...Array(6).fill("1")]);
    // flat rows, each centred; the last card of each row shows whole, the first row's tops only
    expect(cards.every((b) => b.style.getPropertyValue("--rot") === "0.00deg")).toBe(true);
    expect(cards.filter((b) => b.classList.contains("is-row-end")).map((b) => b.dataset.card)).toEqual([hand[6], hand[12]]);
    expect(cards.filter((b) => b.classList.contains("is-row-above"))).toHaveLength(7);
    expect(cards.map((b) => Number(b.style.getPropertyValue("--c")))).toEqual([-3, -2, -1, 0, 1, 2, 3, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5]);
    // the keyboard stays on its card when the hand is drawn again
    const playable = q<HTMLButtonElement>(`button[data-card="${hand[4]}"]`);
    playable.focus();
    widthOf(q(".bh-hand-slot"), 900);
    model.setView({ version: 7 });
    expect(q("[data-testid=hand]").dataset.rows).toBe("1");
    expect((document.activeElement as HTMLElement).dataset.card).toBe(hand[4]);
  });

  it("makes each card's button the part of the card in view", () => {
    expect(CSS).toContain("width: min(var(--step), 64px);");
    expect(CSS).toMatch(/\.bh-hand-card\.is-row-end \{\s+width: 64px;/);
    expect(CSS).toMatch(/\.bh-hand-card\.is-row-above \{\s+height: 52px;/);
    expect(CSS).toContain("top: calc(26px + var(--row, 0) * 52px);");
    expect(HAND_ROW_STEP).toBe(52);
    // a hover raises a card only where there is a hover (not the last card tapped)
    expect(CSS).toMatch(/@media \(hover: hover\) \{\s+\.bhabho-root \.bh-hand-card\.is-legal:hover/);
  });
});

describe("the felt on a narrow widget", () => {
  it("lines the seats and the trick up below the widths the ring was laid out for", () => {
    // the ring keeps its cards clear of the seat boxes on felts from 560 px (layout.test.ts);
    // the widget is the felt and its 7 px rims, and its own 4 px padding each side
    const threshold = Number(/@container \(max-width: ([\d.]+)px\) \{\s+\.bhabho-root \.bh-felt \{/.exec(CSS)?.[1]);
    expect(threshold).toBeCloseTo(560 + 14 + 8 - 0.02, 2);
    expect(trickRing(8).rx).toBeGreaterThan(0);
    // each seat carries its place in play order from the person's
    const { qa } = mount({ view: exampleView({ seat: 2 }) });
    expect(qa(".bh-seat").map((s) => s.style.getPropertyValue("--rel"))).toEqual(["2", "3", "0", "1"]);
  });
});

// ---- the Tracker ----
const RANKS = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
function tracker(): Tracker {
  const cells: Tracker["cells"] = {};
  const code = (r: number, s: string) => `${{ 14: "A", 13: "K", 12: "Q", 11: "J" }[r] ?? r}${s}`;
  for (const s of ["S", "H", "D", "C"]) for (const r of RANKS) cells[code(r, s)] = { status: "unseen", seat: null };
  cells["QH"] = { status: "hand", seat: 0 };
  cells["JD"] = { status: "known", seat: 2 };
  const seat = (s: number, name: string) => ({ seat: s, name, cards: 13, voids: [], known: 0, drew: 0, escaped: false });
  return {
    seat: 0, ranks: RANKS, cells, seats: [seat(0, "You"), seat(1, "Bot 1"), seat(2, "Bot 2"), seat(3, "Bot 3")],
    waste_size: 0, hidden_drawn: 0, chances: null,
  };
}

describe("the Tracker on a narrow widget", () => {
  it("draws its grid a rank per row, a column per suit, and moves the keyboard by rank and suit", () => {
    const { q, qa, model } = mount();
    widthOf(q("[data-testid=bhabho-table]"), TRACKER_NARROW - 1);
    model.set("tracker", tracker());
    const grid = q("[data-testid=tracker-grid]");
    expect(grid.dataset.layout).toBe("ranks");
    const rows = qa("[data-testid=tracker-grid] tbody tr");
    expect(rows).toHaveLength(13);
    expect(rows[2].querySelector("th")!.textContent).toBe("Q");
    expect(Array.from(rows[2].querySelectorAll<HTMLElement>("td[data-card]"), (c) => c.dataset.card)).toEqual(["QS", "QH", "QD", "QC"]);
    expect(qa("[data-testid=tracker-grid] thead th .bh-sr-only").map((s) => s.textContent)).toEqual(["spades", "hearts", "diamonds", "clubs"]);
    expect(q("td[data-card=QH]").classList.contains("in-H")).toBe(true); // its suit's colour, whatever the layout
    const qs = q("td[data-card=QS]");
    qs.focus();
    key(qs, "ArrowDown");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("JS");
    key(document.activeElement!, "ArrowRight");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("JH");
    expect(q("[data-testid=tracker-detail]").dataset.card).toBe("JH");
    // wide again: a suit per row
    widthOf(q("[data-testid=bhabho-table]"), 900);
    model.set("tracker", tracker());
    expect(q("[data-testid=tracker-grid]").dataset.layout).toBe("suits");
  });

  it("tells a cell under a pen's or a finger's pointer too, and its keys in words", () => {
    const { q, model } = mount();
    model.set("tracker", tracker());
    q("td[data-card=JD]").dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(q("[data-testid=tracker-detail]").textContent).toBe("Jack of diamonds: known in Bot 2's hand");
    q("td[data-card=JD]").dispatchEvent(new Event("pointerout", { bubbles: true }));
    expect(q("[data-testid=tracker-detail]").dataset.card).toBe("");
    expect(q("[data-testid=tracker-keys-note]").textContent).toContain("T opens and closes the Tracker");
  });
});

// ---- the Review ----
function decision(number: number, trick: number, patch: Partial<ReviewDecision> = {}): ReviewDecision {
  return {
    number, trick, kind: "card", chosen: "JH", best: "JH", chosen_label: "J♥", best_label: "J♥",
    p: 0.3, lo: 0.2, hi: 0.4, chance_before: 0.3, loss: 0, loss_lo: 0, loss_hi: 0, grade: null, grade_text: null,
    reason: "Play J♥.", forced: false, verdict: "best", row: "", ...patch,
  };
}
function review(at: number | null): Review {
  return {
    status: "done", done: 3, total: 3, seat: 0, at,
    decisions: [decision(0, 1), decision(1, 2, { chosen: "QD", chosen_label: "Q♦", best: "2H", best_label: "2♥", p: 0.7,
      chance_before: 0.45, loss: 0.25, loss_lo: 0.12, loss_hi: 0.38, grade: "blunder", grade_text: "blunder",
      verdict: "worse" }), decision(2, 3)],
    events: [{ kind: "pickup", trick: 2, text: "Bot 1 picks up 3 cards." }],
    costliest: [1], counts: { inaccuracy: 0, mistake: 0, blunder: 1 }, error: "", title: null,
  };
}
const over = () => exampleView({ is_over: true, waiting: "over", legal: [], loser: 1, current_player: null });

describe("a review row or point brings the position into view", () => {
  function stubbed() {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const flush = () => frames.splice(0).forEach((f) => f(0));
    return { scrolled, flush };
  }

  it("scrolls to the bar under the felt and puts the keyboard there, for a row and a point", () => {
    const { scrolled, flush } = stubbed();
    const { q, model } = mount({ view: over(), review: review(null) });
    expect(q("[data-testid=review-bar]").hidden).toBe(true);
    // the bar comes after the felt: the position is just above it (on a phone, on screen with it)
    expect(q("[data-testid=review-bar]").compareDocumentPosition(q(".bh-felt")) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    const row = q<HTMLButtonElement>("[data-testid=review-row]");
    row.focus();
    row.click();
    expect(model.sentOfType("review_show")).toEqual([{ type: "review_show", decision: 1 }]);
    model.set("review", review(1));
    flush();
    const bar = q("[data-testid=review-bar]");
    expect(bar.hidden).toBe(false);
    expect(scrolled).toEqual([bar]);
    expect(document.activeElement).toBe(q("[data-testid=review-at-line]"));
    expect(q("[data-testid=review-at]").textContent).toBe("Decision 2 of 3");
    expect(q("[data-testid=review-at-text]").textContent).toBe("Trick 2: you chose Q♦ (70 %); better was 2♥ (45 %)");
    expect(bar.getAttribute("aria-labelledby")).toBe(q("[data-testid=review-at-line]").id);
    // Next in the bar: the keyboard stays on it, nothing scrolls
    const next = q<HTMLButtonElement>("[data-testid=review-next]");
    next.focus();
    next.click();
    model.set("review", review(2));
    flush();
    expect(scrolled).toHaveLength(1);
    expect((document.activeElement as HTMLElement).dataset.testid).toBe("review-back"); // Next is off at the last
    // a point of the graph
    q("[data-testid=review-point][data-decision='0']").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    model.set("review", review(0));
    flush();
    expect(scrolled).toHaveLength(2);
    expect(document.activeElement).toBe(q("[data-testid=review-at-line]"));
  });

  it("goes back to the decision's row in the list, opening the list of every decision if need be", () => {
    stubbed();
    const { q, model } = mount({ view: over(), review: review(2) });
    q<HTMLButtonElement>("[data-testid=review-to-list]").click();
    expect(q<HTMLDetailsElement>("[data-testid=review-all]").open).toBe(true);
    expect(document.activeElement).toBe(q("[data-testid=review-all-row][data-decision='2']"));
    model.set("review", review(1));
    q<HTMLButtonElement>("[data-testid=review-to-list]").click();
    expect(document.activeElement).toBe(q("[data-testid=review-row][data-decision='1']"));
  });

  it("lists the game's events in words under the graph", () => {
    const { q } = mount({ view: over(), review: review(null) });
    const events = q<HTMLDetailsElement>("[data-testid=review-events]");
    expect(events.querySelector("summary")!.textContent).toBe("The game's events");
    expect(events.querySelector("li")!.textContent).toBe("Trick 2: Bot 1 picks up 3 cards.");
  });
});

describe("nothing told by a tooltip alone", () => {
  it("says under the teacher's switch how to turn it on", () => {
    const { q } = mount();
    const note = q("[data-testid=reveal-all-note]");
    expect(note.textContent).toBe("Teacher switch: set table.reveal_all = True in the notebook");
    expect(q("[data-testid=reveal-all]").getAttribute("aria-describedby")).toBe(note.id);
    expect(q("[data-testid=reveal-all]").hasAttribute("title")).toBe(false);
  });
});

// ---- the editor ----
function editorView(patch: Partial<EditorView> = {}): EditorView {
  const hands = [["KH", "2C"], ["5H", "3C"], ["9H", "4D"]];
  const used = new Set(hands.flat());
  return {
    version: 7, num_players: 3, names: ["Player 0", "Player 1", "Player 2"], variant: "classic", hands, table: [], waste: [],
    box: PACK.filter((c) => !used.has(c)), leader: 0, opening_over: true, next_table_seat: 0, to_play: 0, takers: [],
    problem: null, text: "rules=classic hands=.K..2/.5..3/.9.4. lead=0", outcome: "", key: null, ...patch,
  };
}

function mountEditor(view: EditorView) {
  const model = new FakeModel({ editor: view, variants: ["classic"] });
  const el = document.createElement("div");
  document.body.append(el);
  editor.render({ model: model as unknown as Model, el });
  return { model, el, q: <E extends Element = HTMLElement>(s: string) => el.querySelector<E>(s)!, qa: (s: string) => Array.from(el.querySelectorAll<HTMLElement>(s)) };
}

describe("the editor by tap", () => {
  it("keeps a column per rank in the box: a card gone leaves a gap", () => {
    const { qa } = mountEditor(editorView());
    const rows = qa("[data-testid=editor-place-box] .bh-ed-suit");
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.children).toHaveLength(13);
    const hearts = Array.from(rows[1].children as HTMLCollectionOf<HTMLElement>, (c) => c.dataset.card ?? `gap ${c.dataset.gap}`);
    expect(hearts).toEqual(["AH", "gap KH", "QH", "JH", "10H", "gap 9H", "8H", "7H", "6H", "gap 5H", "4H", "3H", "2H"]);
    expect(qa("[data-testid=editor-place-box] [data-gap]").every((g) => g.getAttribute("aria-hidden") === "true")).toBe(true);
  });

  it("names the seats as the kernel does, and marks the seat the lesson is seen from", () => {
    const { q, qa } = mountEditor(editorView());
    expect(qa("[data-testid^=editor-place-] h4").slice(0, 3).map((h) => h.textContent)).toEqual(["Player 0", "Player 1", "Player 2"]);
    expect(q("[data-testid=editor-place-0] [data-testid=editor-lesson-you]")!.textContent).toBe("You in the lesson");
    expect(qa("[data-testid=editor-lesson-you]")).toHaveLength(1);
    expect(Array.from(q<HTMLSelectElement>("[data-testid=editor-seat]").options, (o) => o.text)).toEqual(["Player 0", "Player 1", "Player 2"]);
    expect(q("[data-testid=editor-problem]").textContent).toBe("The position is valid: Player 0 is to play.");
  });

  it("puts the chosen card where a place is tapped, not only on its button", () => {
    const { q, model } = mountEditor(editorView());
    q<HTMLButtonElement>("[data-testid=editor-place-box] button[data-card='AS']").click();
    q("[data-testid=editor-place-2] h4").click();
    expect(model.sent).toEqual([{ type: "edit_give", card: "AS", to: 2, version: 7 }]);
    // with no card chosen a tap on a place does nothing
    q("[data-testid=editor-place-1]").click();
    expect(model.sent).toHaveLength(1);
  });
});
