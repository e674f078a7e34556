// The Tracker panel (src/tracker.ts): drawn from the tracker trait, opened and closed by the
// button and the keyboard, each cell announced with its status, void marks on the seats.
import { afterEach, describe, expect, it } from "vitest";
import type { Tracker } from "../src/protocol";
import { cellText, gridCodes } from "../src/tracker";
import { translator } from "../src/labels";
import { key, mount, unmountAll } from "./fixtures";

afterEach(unmountAll);

const last = <T>(items: T[]): T | undefined => items[items.length - 1];

const RANKS = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CODE: Record<number, string> = { 14: "A", 13: "K", 12: "Q", 11: "J" };

/** A tracker as the kernel sends it: seat 0 looks; Bot 2 picked up J♦ in public, Bot 3
 * has shown it lacks hearts, 9♣ is on the table (Bot 1), two cards went to the waste pile. */
export function exampleTracker(patch: Partial<Tracker> = {}): Tracker {
  const cells: Tracker["cells"] = {};
  for (const s of ["S", "H", "D", "C"]) {
    for (const r of RANKS) cells[`${CODE[r] ?? r}${s}`] = { status: "unseen", seat: null };
  }
  for (const c of ["3S", "10S", "KS", "2H", "JH", "4D", "AC"]) cells[c] = { status: "hand", seat: 0 };
  cells["JD"] = { status: "known", seat: 2 };
  cells["9C"] = { status: "table", seat: 1 };
  cells["AS"] = { status: "waste", seat: null };
  cells["2S"] = { status: "waste", seat: null };
  const seat = (s: number, name: string, cards: number, voids: ("S" | "H" | "D" | "C")[] = []) => ({
    seat: s, name, cards, voids, known: s === 0 ? cards : s === 2 ? 1 : 0, drew: 0, escaped: false,
  });
  return {
    seat: 0,
    ranks: RANKS,
    cells,
    seats: [seat(0, "You", 7), seat(1, "Bot 1", 12), seat(2, "Bot 2", 14), seat(3, "Bot 3", 13, ["H"])],
    waste_size: 2,
    hidden_drawn: 0,
    chances: null,
    ...patch,
  };
}

function withChances(): Tracker {
  const t = exampleTracker();
  const cards: Record<string, (number[] | null)[]> = {};
  for (const [code, cell] of Object.entries(t.cells)) {
    if (cell.status === "unseen") cards[code] = [null, [0.5, 0.4, 0.6], [0.5, 0.4, 0.6], [0, 0, 0.02]];
  }
  const sure = [1, 1, 1];
  return {
    ...t,
    chances: {
      samples: 160,
      seed: 0,
      cards,
      follow: [[sure, sure, sure, sure], [sure, [0.91, 0.86, 0.94], sure, sure], [sure, sure, sure, sure],
        [sure, [0, 0, 0.02], sure, sure]],
    },
  };
}

describe("the tracker panel", () => {
  it("is closed while the trait is null, with a button that says so", () => {
    const { q } = mount();
    expect(q("[data-testid=tracker]").hidden).toBe(true);
    const button = q("[data-testid=tracker-toggle]");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.textContent).toBe("Tracker");
    expect(q(`#${button.getAttribute("aria-controls")}`)).toBe(q("[data-testid=tracker]"));
  });

  it("keeps Take just before the hand in the tab order: its button comes before Take", () => {
    const { q } = mount();
    const button = q("[data-testid=tracker-toggle]");
    const take = q("[data-testid=take]");
    expect(button.compareDocumentPosition(take) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("asks the kernel to open and close it: the button, the key T, and Escape inside", () => {
    const { q, model } = mount();
    q<HTMLButtonElement>("[data-testid=tracker-toggle]").click();
    expect(model.sentOfType("tracker")).toEqual([{ type: "tracker", open: true, chances: false }]);
    model.set("tracker", exampleTracker());
    expect(q("[data-testid=tracker]").hidden).toBe(false);
    expect(q("[data-testid=tracker-toggle]").getAttribute("aria-expanded")).toBe("true");
    key(q("[data-testid=tracker-toggle]"), "t");
    expect(last(model.sentOfType("tracker"))).toEqual({ type: "tracker", open: false, chances: false });
    const cell = q("[data-testid=tracker-grid] td[data-card]");
    cell.focus();
    key(cell, "Escape");
    expect(last(model.sentOfType("tracker"))).toEqual({ type: "tracker", open: false, chances: false });
    expect(document.activeElement).toBe(q("[data-testid=tracker-toggle]"));
    // typing in a field is not a shortcut
    key(q("[data-testid=seed]"), "t");
    expect(model.sentOfType("tracker")).toHaveLength(3);
  });

  it("draws the whole deck, strongest first, each cell with its status for screen readers", () => {
    const { q, qa, model } = mount();
    const data = exampleTracker();
    model.set("tracker", data);
    const cells = qa("[data-testid=tracker-grid] td[data-card]");
    expect(cells.map((c) => c.dataset.card)).toEqual(gridCodes(data));
    expect(cells).toHaveLength(52);
    expect(cells[0].dataset.card).toBe("AS");
    const jd = q("td[data-card=JD]");
    expect(jd.dataset.status).toBe("known");
    expect(jd.classList.contains("bh-seat-c2")).toBe(true);
    expect(jd.querySelector(".bh-sr-only")!.textContent).toBe("Jack of diamonds: known in Bot 2's hand");
    expect(q("td[data-card='9C'] .bh-sr-only").textContent).toBe("9 of clubs: on the table, played by Bot 1");
    expect(q("td[data-card=AS] .bh-sr-only").textContent).toBe("Ace of spades: seen going to the waste pile");
    expect(q("td[data-card=JH] .bh-sr-only").textContent).toBe("Jack of hearts: in your hand");
    expect(q("td[data-card=QH] .bh-sr-only").textContent).toBe("Queen of hearts: unseen");
    // one tab stop; the visible face is hidden from screen readers, the words are read
    expect(cells.filter((c) => c.tabIndex === 0)).toHaveLength(1);
    expect(jd.querySelector(".bh-tc-face")!.getAttribute("aria-hidden")).toBe("true");
    expect(q("[data-testid=tracker]").getAttribute("aria-labelledby")).toBeTruthy();
  });

  it("lists every seat's count and voids, and marks the voids on the seat boxes", () => {
    const { q, qa, model } = mount();
    model.set("tracker", exampleTracker());
    const rows = qa("[data-testid=tracker-seats] li");
    expect(rows.map((r) => r.dataset.seat)).toEqual(["0", "1", "2", "3"]);
    expect(rows[3].textContent).toContain("13 cards");
    expect(rows[3].textContent).toContain("shows no hearts");
    expect(rows[1].textContent).toContain("no void shown");
    const marks = qa(".bh-felt .bh-seat[data-seat] [data-testid=seat-voids]");
    expect(marks).toHaveLength(1);
    expect(marks[0].closest(".bh-seat")!.getAttribute("data-seat")).toBe("3");
    expect(marks[0].textContent).toContain("shows no hearts");
    expect(q("[data-testid=tracker-note]").textContent).toBe("Waste pile: 2 cards");
    // a redrawn table keeps its marks; a closed tracker takes them away
    model.setView({ version: 6 });
    expect(qa("[data-testid=seat-voids]")).toHaveLength(1);
    model.set("tracker", null);
    expect(qa("[data-testid=seat-voids]")).toHaveLength(0);
  });

  it("turns the chances layer on through the kernel, and shows them with the sample size", () => {
    const { q, qa, model } = mount();
    model.set("tracker", exampleTracker());
    const box = q<HTMLInputElement>("[data-testid=tracker-chances]");
    expect(box.checked).toBe(false);
    box.checked = true;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(last(model.sentOfType("tracker"))).toEqual({ type: "tracker", open: true, chances: true });
    model.set("tracker", withChances());
    expect(q<HTMLInputElement>("[data-testid=tracker-chances]").checked).toBe(true);
    expect(q("[data-testid=tracker-note]").textContent).toContain("chances from 160 sampled deals");
    expect(q("td[data-card=QH] .bh-sr-only").textContent).toBe(
      "Queen of hearts: unseen; chances: Bot 1 50 %, Bot 2 50 %");
    expect(qa("td[data-card=QH] .bh-tc-part")).toHaveLength(2);
    const follow = qa("[data-testid=tracker-follow]");
    expect(follow).toHaveLength(3); // the other seats with cards
    expect(follow[0].textContent).toContain("hearts 91 %");
    expect(follow[2].textContent).toContain("hearts 0 %");
  });

  it("moves with the arrow keys, Home and End inside the grid, and keeps the place on a redraw", () => {
    const { q, model } = mount();
    model.set("tracker", exampleTracker());
    const first = q("td[data-card=AS]");
    first.focus();
    key(first, "ArrowRight");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("KS");
    key(document.activeElement!, "ArrowDown");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("KH");
    key(document.activeElement!, "End");
    expect((document.activeElement as HTMLElement).dataset.card).toBe("2H");
    const ev = key(document.activeElement!, "Home");
    expect(ev.defaultPrevented).toBe(true);
    expect((document.activeElement as HTMLElement).dataset.card).toBe("AH");
    model.set("tracker", exampleTracker({ waste_size: 3 }));
    expect((document.activeElement as HTMLElement).dataset.card).toBe("AH");
    expect((document.activeElement as HTMLElement).tabIndex).toBe(0);
  });

  it("speaks the table's language", () => {
    const labels = {
      tracker: "Übersicht",
      tracker_status_known: "bekannt auf der Hand von {name}",
      tracker_cell: "{card}: {status}",
      card_name: "{rank} {suit}",
      rank_J: "Bube",
      suit_D: "Karo",
    };
    const { q, model } = mount({ labels, lang: "de" });
    model.set("tracker", exampleTracker());
    expect(q("[data-testid=tracker-toggle]").textContent).toBe("Übersicht");
    expect(q("td[data-card=JD] .bh-sr-only").textContent).toBe("Bube Karo: bekannt auf der Hand von Bot 2");
    expect(cellText(exampleTracker(), "JD", translator(labels, "de"))).toBe("Bube Karo: bekannt auf der Hand von Bot 2");
  });

  it("has a key: every status's mark with its words, the chance bars only with the chances on", () => {
    const { q, qa, model } = mount();
    model.set("tracker", exampleTracker());
    const legend = q("[data-testid=tracker-legend]");
    const keys = qa("[data-testid=tracker-legend] li");
    expect(keys.map((k) => k.dataset.key)).toEqual(["hand", "drawn", "table", "known", "waste", "unseen", "void"]);
    // each sample is drawn with the grid's own classes, hidden from screen readers, its words read
    for (const status of ["hand", "drawn", "table", "known", "waste", "unseen"]) {
      const sample = q(`[data-testid=tracker-legend] li[data-key=${status}] .bh-tc`);
      expect(sample.classList.contains(`is-${status}`)).toBe(true);
      expect(sample.getAttribute("aria-hidden")).toBe("true");
    }
    expect(keys[0].textContent).toContain("in your hand");
    expect(keys[3].textContent).toContain("known in another hand");
    expect(keys[6].textContent).toContain("suit struck through");
    const list = legend.querySelector("ul")!;
    expect(legend.querySelector(`#${list.getAttribute("aria-labelledby")}`)!.textContent).toBe("Key");
    model.set("tracker", withChances());
    expect(qa("[data-testid=tracker-legend] li").map((k) => k.dataset.key)).toContain("chances");
    expect(q("[data-testid=tracker-legend] li[data-key=chances] .bh-tc-bar")).toBeTruthy();
  });

  it("tells a cell's status and chances on focus, on tap and under the pointer, not on hover only", () => {
    const { q, model } = mount();
    model.set("tracker", withChances());
    const detail = q("[data-testid=tracker-detail]");
    expect(detail.textContent).toBe("Point at, tap or focus a card to read what you know about it.");
    // keyboard focus: the detail follows it
    q("td[data-card=AS]").focus();
    expect(detail.textContent).toBe("Ace of spades: seen going to the waste pile");
    key(q("td[data-card=AS]"), "ArrowDown");
    expect(q("[data-testid=tracker-detail]").textContent).toBe("Ace of hearts: unseen; chances: Bot 1 50 %, Bot 2 50 %");
    // a tap (a click) on a cell focuses it: its detail stays after the pointer leaves
    const jd = q("td[data-card=JD]");
    jd.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(document.activeElement).toBe(jd);
    expect(jd.tabIndex).toBe(0);
    expect(q("[data-testid=tracker-detail]").textContent).toBe("Jack of diamonds: known in Bot 2's hand");
    // the pointer over another cell shows it; off it, the focused cell's detail comes back
    const qh = q("td[data-card=QH]");
    qh.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    expect(q("[data-testid=tracker-detail]").textContent).toBe("Queen of hearts: unseen; chances: Bot 1 50 %, Bot 2 50 %");
    qh.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: q("[data-testid=tracker-legend]") }));
    expect(q("[data-testid=tracker-detail]").textContent).toBe("Jack of diamonds: known in Bot 2's hand");
    // a redraw (the next step) keeps the focused cell and its detail
    model.set("tracker", { ...withChances(), waste_size: 3 });
    expect((document.activeElement as HTMLElement).dataset.card).toBe("JD");
    expect(q("[data-testid=tracker-detail]").textContent).toBe("Jack of diamonds: known in Bot 2's hand");
  });

  it("is there in a lesson too", () => {
    const { q, model } = mount();
    model.setView({ mode: "lesson", lesson: { index: 0, length: 3, title: "", exercise: null } as never });
    expect(q("[data-testid=tracker-toggle]").closest("[hidden]")).toBeNull();
    q<HTMLButtonElement>("[data-testid=tracker-toggle]").click();
    expect(model.sentOfType("tracker")).toEqual([{ type: "tracker", open: true, chances: false }]);
  });
});
