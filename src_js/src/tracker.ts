// The Tracker panel: what the person's seat knows about every card, drawn from the
// kernel's `tracker` trait (bhabho_widget.coach.tracker). The kernel works everything out
// from the seat's view alone; this file only draws it and adds nothing of its own.
//
// The panel is a table of the whole deck (one row per suit, strongest card first), each
// cell marked with its status and, for a card known in another hand or on the table, the
// seat's name and colour; a screen reader hears each cell as "Jack of diamonds: known in
// Bot 2's hand". Under it, one line per seat: its card count, the suits it has shown it
// lacks and, with the chances layer on, the chance that it can still follow each suit.
// The void marks are also put on the seat boxes of the table.
//
// A key under the grid shows each status's mark (a sample cell) with its words, the chance
// bars while that layer is on, and the void mark. A detail line under the grid says what the
// seat knows about one card, its chances too: the card pointed at, else the one with focus
// (from the keyboard, or tapped: a tap focuses the cell), so nothing is told on hover only.
//
// trackerPanel wires the panel to the model: the Tracker button, "t" anywhere in the widget
// and Escape in the panel open or close it, and the chances switch asks for that layer; the
// button and the key only while the widget takes "tracker".

import "./tracker.css";
import { cardLabel, parseCard, suitIcon, suitName } from "./cards";
import type { Context } from "./context";
import { h, setText } from "./dom";
import { counted, type Labelled, percent, type Translate } from "./labels";
import type { Suit, Tracker, TrackerSeat } from "./protocol";

const SUITS: Suit[] = ["S", "H", "D", "C"];
const RANK_CODE: Record<number, string> = { 14: "A", 13: "K", 12: "Q", 11: "J" };

/** The panel's parts, built once per view. */
export interface TrackerParts {
  /** Opens and closes the panel (aria-expanded); "t" in the widget does the same. */
  button: HTMLButtonElement;
  /** The chances layer's switch (off by default). */
  chances: HTMLInputElement;
  panel: HTMLElement;
  labelled: Labelled[];
}

export function buildTracker(uid: string): TrackerParts {
  const labelled: Labelled[] = [];
  const id = `${uid}-tracker`;
  const button = h("button.bh-btn.bh-tracker-btn", {
    type: "button",
    "data-testid": "tracker-toggle",
    "aria-expanded": "false",
    "aria-controls": id,
    "aria-keyshortcuts": "T",
  });
  labelled.push({ el: button, key: "tracker" }, { el: button, key: "tracker_button_title", attr: "title" });
  const chances = h("input", { type: "checkbox", "data-testid": "tracker-chances" });
  const chancesText = h("span");
  labelled.push({ el: chancesText, key: "tracker_chances" });
  const title = h("h3.bh-tracker-title", { id: `${id}-title` });
  labelled.push({ el: title, key: "tracker_title" });
  const head = h("div.bh-tracker-head", {}, title, h("label.bh-field.bh-check", {}, chances, chancesText));
  const panel = h(
    "section.bh-tracker",
    { id, "data-testid": "tracker", "aria-labelledby": `${id}-title`, hidden: true },
    head,
    h("div.bh-tracker-body"),
  );
  return { button, chances, panel, labelled };
}

function rankText(rank: number): string {
  return RANK_CODE[rank] ?? String(rank);
}

/** What a cell says to a screen reader: "Jack of diamonds: known in Bot 2's hand". */
export function cellText(data: Tracker, code: string, t: Translate): string {
  const cell = data.cells[code];
  const name = (s: number | null) => (s === null ? "" : (data.seats[s]?.name ?? t("seat_name", { n: s })));
  let status: string;
  switch (cell?.status) {
    case "hand":
      status = t("tracker_status_hand");
      break;
    case "drawn":
      status = t("tracker_status_drawn");
      break;
    case "table":
      status = t("tracker_status_table", { name: name(cell.seat) });
      break;
    case "known":
      status = t("tracker_status_known", { name: name(cell.seat) });
      break;
    case "waste":
      status = t("tracker_status_waste");
      break;
    default:
      status = t("tracker_status_unseen");
  }
  const chances = data.chances?.cards[code];
  if (chances) {
    const parts = chances.flatMap((c, s) => (c && c[0] > 0 ? [`${name(s)} ${percent(t, c[0])}`] : []));
    if (parts.length) status += "; " + t("tracker_chances_of", { list: parts.join(", ") });
  }
  return t("tracker_cell", { card: cardLabel(code, t), status });
}

function seatClass(seat: number | null): string {
  return seat === null ? "" : ` bh-seat-c${seat % 8}`;
}

/** The widest the widget is (px) when the grid is drawn a rank per row: 4 suit columns
 * instead of 13 rank columns, so that it fits a phone with cells big enough to tap. */
export const TRACKER_NARROW = 480;

function gridCell(data: Tracker, t: Translate, rank: number, suit: Suit): HTMLElement {
  const code = `${rankText(rank)}${suit}`;
  const cell = data.cells[code] ?? { status: "unseen", seat: null };
  const td = h(`td.bh-tc.in-${suit}.is-${cell.status}${cell.status === "known" || cell.status === "table" ? seatClass(cell.seat) : ""}`, {
    "data-card": code,
    "data-status": cell.status,
    tabindex: -1,
  });
  const shown = h("span.bh-tc-face", { "aria-hidden": "true" }, rankText(rank));
  if (cell.status === "known" && cell.seat !== null) {
    shown.append(h("span.bh-tc-who", {}, initials(data.seats[cell.seat]?.name ?? "")));
  }
  td.append(shown);
  const chances = data.chances?.cards[code];
  if (chances) td.append(chanceBar(chances));
  td.append(h("span.bh-sr-only", {}, cellText(data, code, t)));
  return td;
}

function suitHead(suit: Suit, t: Translate, scope: "row" | "col"): HTMLElement {
  const th = h("th.bh-suit-head", { scope, title: suitName(suit, t) });
  th.innerHTML = suitIcon(suit);
  th.append(h("span.bh-sr-only", {}, suitName(suit, t)));
  return th;
}

/** The grid: a row per suit and a column per rank, or (`byRank`, on a narrow widget) a row
 * per rank and a column per suit. Either way one tab stop, the arrows move within it. */
function renderGrid(data: Tracker, t: Translate, byRank = false): HTMLElement {
  let head: HTMLElement;
  let rows: HTMLElement[];
  if (byRank) {
    head = h("tr", {}, h("td"), ...SUITS.map((suit) => suitHead(suit, t, "col")));
    rows = data.ranks.map((rank) =>
      h("tr.bh-rank-row", {}, h("th", { scope: "row" }, rankText(rank)), ...SUITS.map((suit) => gridCell(data, t, rank, suit))));
  } else {
    head = h("tr", {}, h("td"), ...data.ranks.map((r) => h("th", { scope: "col" }, rankText(r))));
    rows = SUITS.map((suit) =>
      h(`tr.bh-suit-row.is-${suit}`, {}, suitHead(suit, t, "row"), ...data.ranks.map((rank) => gridCell(data, t, rank, suit))));
  }
  const caption = h("caption.bh-sr-only", {}, t("tracker_title"));
  const table = h("table.bh-tracker-grid", { "data-testid": "tracker-grid", "data-layout": byRank ? "ranks" : "suits" },
    caption, h("thead", {}, head), h("tbody", {}, ...rows));
  if (byRank) table.classList.add("is-by-rank");
  const first = table.querySelector<HTMLElement>("td[data-card]");
  if (first) first.tabIndex = 0; // one tab stop; the arrows move within the grid
  return table;
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  const last = words[words.length - 1] ?? "";
  return /^\d+$/.test(last) ? last : Array.from(name.trim())[0] ?? "";
}

/** Small bars, one per seat that may hold the card, as wide as its chance. */
function chanceBar(chances: (number[] | null)[]): HTMLElement {
  const bar = h("span.bh-tc-bar", { "aria-hidden": "true" });
  chances.forEach((c, s) => {
    if (c && c[0] > 0) bar.append(h(`span.bh-tc-part${seatClass(s)}`, { style: `width:${(c[0] * 100).toFixed(1)}%` }));
  });
  return bar;
}

function voidText(seat: TrackerSeat, t: Translate): string {
  if (!seat.voids.length) return t("tracker_no_voids");
  return t("tracker_voids", { suits: seat.voids.map((s) => suitName(s as Suit, t)).join(", ") });
}

function renderSeats(data: Tracker, t: Translate): HTMLElement {
  const items = data.seats.map((seat) => {
    const parts: (HTMLElement | string)[] = [
      h(`span.bh-swatch${seatClass(seat.seat)}`, { "aria-hidden": "true" }),
      h("span.bh-tracker-name", {}, seat.name),
      h("span.bh-tracker-count", {}, counted(t, "cards", seat.cards)),
    ];
    const marks = h("span.bh-void-marks", { "data-testid": "tracker-voids" });
    for (const s of seat.voids) {
      const m = h("span.bh-void-mark", { title: voidText(seat, t) });
      m.innerHTML = suitIcon(s as Suit);
      marks.append(m);
    }
    marks.append(h("span", {}, voidText(seat, t)));
    parts.push(marks);
    if (seat.drew) parts.push(h("span.bh-tracker-drew", {}, t("tracker_drew")));
    const follow = data.chances?.follow[seat.seat];
    if (follow && seat.seat !== data.seat && seat.cards > 0) {
      const list = SUITS.map((s, j) => `${suitName(s, t)} ${percent(t, follow[j][0])}`).join(", ");
      parts.push(h("span.bh-tracker-follow", { "data-testid": "tracker-follow" }, t("tracker_follow", { list })));
    }
    return h(`li.bh-tracker-seat${seatClass(seat.seat)}`, { "data-seat": seat.seat }, ...parts);
  });
  return h("ul.bh-tracker-seats", { "data-testid": "tracker-seats" }, ...items);
}

/** A sample cell of the key: the grid's own marks for a status, on a card "A". */
function sampleCell(status: string, seat: number | null = null, who = ""): HTMLElement {
  const face = h("span.bh-tc-face", {}, "A");
  if (who) face.append(h("span.bh-tc-who", {}, who));
  return h(`span.bh-tc.bh-tc-sample.is-${status}${seatClass(seat)}`, { "aria-hidden": "true" }, face);
}

/** The key: each status's mark with its words, the chance bars (while that layer is on) and
 * the void mark. */
export function renderLegend(data: Tracker, t: Translate, id: string): HTMLElement {
  const item = (key: string, sample: HTMLElement, text: string) =>
    h("li.bh-tracker-key", { "data-key": key }, sample, h("span", {}, text));
  const others = data.seats.filter((s) => s.seat !== data.seat).map((s) => s.seat);
  const [a, b] = [others[0] ?? 1, others[1] ?? others[0] ?? 2];
  const items = [
    item("hand", sampleCell("hand"), t("tracker_key_hand")),
    item("drawn", sampleCell("drawn"), t("tracker_key_drawn")),
    item("table", sampleCell("table", a), t("tracker_key_table")),
    item("known", sampleCell("known", b, initials(data.seats[b]?.name ?? String(b))), t("tracker_key_known")),
    item("waste", sampleCell("waste"), t("tracker_key_waste")),
    item("unseen", sampleCell("unseen"), t("tracker_key_unseen")),
  ];
  if (data.chances) {
    const sample = sampleCell("unseen");
    const bar = h("span.bh-tc-bar", { "aria-hidden": "true" },
      h(`span.bh-tc-part${seatClass(a)}`, { style: "width:40%" }), h(`span.bh-tc-part${seatClass(b)}`, { style: "width:60%" }));
    sample.append(bar);
    items.push(item("chances", sample, t("tracker_key_chances")));
  }
  const mark = h("span.bh-void-mark", { "aria-hidden": "true" });
  mark.innerHTML = suitIcon("H");
  items.push(item("void", mark, t("tracker_key_void")));
  return h("div.bh-tracker-legend", { "data-testid": "tracker-legend" },
    h("h4.bh-tracker-legend-title", { id }, t("tracker_key")),
    h("ul.bh-tracker-keys", { "aria-labelledby": id }, ...items),
    // the keys, in words (the Tracker button's tooltip is not seen by a finger or a keyboard)
    h("p.bh-tracker-keys-note", { "data-testid": "tracker-keys-note" }, t("tracker_keys")));
}

/** The detail line: what the seat knows about `code` (status and chances), or how to ask. */
export function detailText(data: Tracker, code: string | null, t: Translate): string {
  return code && data.cells[code] ? cellText(data, code, t) : t("tracker_detail_prompt");
}

/** Draws the panel from the trait (null: closed). `pointed`: the card under the pointer. */
export function renderTracker(p: TrackerParts, data: Tracker | null, t: Translate, pointed: string | null = null,
  byRank = false): void {
  const open = data !== null;
  p.panel.hidden = !open;
  p.button.setAttribute("aria-expanded", String(open));
  p.button.classList.toggle("is-on", open);
  p.chances.checked = Boolean(data?.chances);
  const body = p.panel.querySelector(".bh-tracker-body")!;
  if (!data) {
    body.replaceChildren();
    return;
  }
  const focused = body.querySelector<HTMLElement>("td[data-card]:focus")?.dataset.card ?? null;
  const note = h("p.bh-tracker-note", { "data-testid": "tracker-note" },
    t("tracker_waste_pile", { cards: counted(t, "cards", data.waste_size) }));
  if (data.chances) note.append(" · ", t("tracker_samples", { n: data.chances.samples }));
  const detail = h("p.bh-tracker-detail", { "data-testid": "tracker-detail", "data-card": pointed ?? focused ?? "" },
    detailText(data, pointed ?? focused, t));
  body.replaceChildren(renderGrid(data, t, byRank), detail, renderLegend(data, t, `${p.panel.id}-key`), renderSeats(data, t), note);
  if (focused) {
    const cell = body.querySelector<HTMLElement>(`td[data-card="${focused}"]`);
    if (cell) moveFocus(body, cell);
  }
}

/** The detail line tells about `code` (null: the cell with focus, or how to ask). */
export function showDetail(p: TrackerParts, data: Tracker | null, t: Translate, code: string | null): void {
  const line = p.panel.querySelector<HTMLElement>("[data-testid=tracker-detail]");
  if (!line || !data) return;
  const focused = p.panel.querySelector<HTMLElement>("td[data-card]:focus")?.dataset.card ?? null;
  const shown = code ?? focused;
  line.dataset.card = shown ?? "";
  setText(line, detailText(data, shown, t));
}

/** The grid's cell at an event's target, or null. */
function cellAt(p: TrackerParts, target: EventTarget | null): HTMLElement | null {
  const cell = (target as Element | null)?.closest?.("td[data-card]") as HTMLElement | null;
  return cell && p.panel.contains(cell) ? cell : null;
}

function moveFocus(body: Element, to: HTMLElement): void {
  for (const c of body.querySelectorAll<HTMLElement>("td[data-card]")) c.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/** Arrow keys, Home and End within the grid. Returns true when the key was handled. */
export function handleTrackerKey(p: TrackerParts, e: KeyboardEvent): boolean {
  const cell = (e.target as HTMLElement | null)?.closest?.("td[data-card]") as HTMLElement | null;
  if (!cell || !p.panel.contains(cell)) return false;
  const row = cell.parentElement as HTMLTableRowElement;
  const rows = Array.from(p.panel.querySelectorAll<HTMLTableRowElement>("tbody tr"));
  const r = rows.indexOf(row);
  const cells = (tr: HTMLTableRowElement) => Array.from(tr.querySelectorAll<HTMLElement>("td[data-card]"));
  const c = cells(row).indexOf(cell);
  let to: HTMLElement | undefined;
  switch (e.key) {
    case "ArrowLeft":
      to = cells(row)[c - 1];
      break;
    case "ArrowRight":
      to = cells(row)[c + 1];
      break;
    case "ArrowUp":
      to = rows[r - 1] && cells(rows[r - 1])[c];
      break;
    case "ArrowDown":
      to = rows[r + 1] && cells(rows[r + 1])[c];
      break;
    case "Home":
      to = cells(row)[0];
      break;
    case "End":
      to = cells(row)[cells(row).length - 1];
      break;
    default:
      return false;
  }
  if (to) moveFocus(p.panel, to);
  return true;
}

/** The void marks on the seat boxes of the table (only while the panel is open). */
export function markSeats(seats: HTMLElement, data: Tracker | null, t: Translate): void {
  for (const box of seats.querySelectorAll<HTMLElement>(".bh-seat[data-seat]")) {
    box.querySelector(".bh-seat-voids")?.remove();
    const seat = data?.seats[Number(box.dataset.seat)];
    if (!seat || !seat.voids.length) continue;
    const text = voidText(seat, t);
    const marks = h("div.bh-seat-voids", { "data-testid": "seat-voids", title: text });
    for (const s of seat.voids) {
      const m = h("span.bh-void-mark", { "aria-hidden": "true" });
      m.innerHTML = suitIcon(s as Suit);
      marks.append(m);
    }
    marks.append(h("span.bh-sr-only", {}, text));
    box.append(marks);
  }
}

/** The card codes of the grid in order (for tests): row by row, strongest first. */
export function gridCodes(data: Tracker): string[] {
  return SUITS.flatMap((s) => data.ranks.map((r) => `${rankText(r)}${s}`)).filter((c) => parseCard(c) !== null);
}

export interface TrackerPanel extends TrackerParts {
  update(): void;
  /** The Tracker button; false for any other button. */
  click(btn: HTMLButtonElement): boolean;
  /** A click or tap on a cell of the grid focuses it (its detail shows); false elsewhere. */
  clickCell(target: EventTarget | null): boolean;
  change(e: Event): void;
  keydown(e: KeyboardEvent): void;
  /** A cell took focus (keyboard, tap): it becomes the grid's tab stop and the detail tells about it. */
  focusin(e: FocusEvent): void;
  /** The pointer over a cell (pointerover, mouseover) or off it (pointerout, mouseout): the detail follows it. */
  pointer(e: MouseEvent): void;
  /** The widget's width changed: the grid is drawn again when its layout changes (TRACKER_NARROW). */
  resize(): void;
}

export function trackerPanel(ctx: Context): TrackerPanel {
  const p = buildTracker(ctx.uid);
  let pointed: string | null = null; // the card under the mouse pointer
  const data = () => ctx.model.get("tracker") ?? null;
  let byRank = false; // the grid drawn a rank per row
  const narrow = () => {
    const w = ctx.root.clientWidth;
    return w > 0 && w < TRACKER_NARROW;
  };

  /** Opens or closes the Tracker panel; the chances layer keeps its switch. */
  function toggle(): void {
    ctx.send({ type: "tracker", open: p.button.getAttribute("aria-expanded") !== "true", chances: p.chances.checked });
  }

  return {
    ...p,
    update(): void {
      pointed = null; // the cells are drawn anew: the detail follows focus until the pointer moves
      byRank = narrow();
      renderTracker(p, data(), ctx.t, null, byRank);
      p.button.hidden = !ctx.takes("tracker");
    },
    resize(): void {
      if (!p.panel.hidden && narrow() !== byRank) this.update();
    },
    click(btn: HTMLButtonElement): boolean {
      if (btn.dataset.testid !== "tracker-toggle") return false;
      if (ctx.takes("tracker")) toggle();
      return true;
    },
    clickCell(target: EventTarget | null): boolean {
      const cell = cellAt(p, target);
      if (!cell) return false;
      if (cell !== (cell.getRootNode() as Document | ShadowRoot).activeElement) moveFocus(p.panel, cell);
      showDetail(p, data(), ctx.t, cell.dataset.card ?? null);
      return true;
    },
    focusin(e: FocusEvent): void {
      const cell = cellAt(p, e.target);
      if (!cell) return;
      for (const c of p.panel.querySelectorAll<HTMLElement>("td[data-card]")) c.tabIndex = c === cell ? 0 : -1;
      showDetail(p, data(), ctx.t, cell.dataset.card ?? null);
    },
    pointer(e: MouseEvent): void {
      const cell = cellAt(p, e.target);
      if ((e.type === "mouseover" || e.type === "pointerover") && cell) {
        pointed = cell.dataset.card ?? null;
        showDetail(p, data(), ctx.t, pointed);
      } else if ((e.type === "mouseout" || e.type === "pointerout") && cell && !cell.contains(e.relatedTarget as Node | null)) {
        pointed = null;
        showDetail(p, data(), ctx.t, null);
      }
    },
    change(e: Event): void {
      if (e.target === p.chances && ctx.takes("tracker")) ctx.send({ type: "tracker", open: true, chances: p.chances.checked });
    },
    keydown(e: KeyboardEvent): void {
      if (handleTrackerKey(p, e)) e.preventDefault();
      const typing = (e.target as HTMLElement | null)?.closest?.("input, select, textarea");
      if (!ctx.takes("tracker")) return; // no Tracker here: T and Escape are left alone
      if ((e.key === "t" || e.key === "T") && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        toggle(); // T opens and closes the tracker from anywhere in the widget
        e.stopPropagation();
      } else if (e.key === "Escape" && !p.panel.hidden && p.panel.contains(e.target as Node)) {
        toggle();
        p.button.focus();
        e.stopPropagation();
      }
    },
  };
}
