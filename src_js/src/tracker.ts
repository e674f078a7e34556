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
// trackerPanel wires the panel to the model: the Tracker button, "t" anywhere in the widget
// and Escape in the panel open or close it, and the chances switch asks for that layer.

import "./tracker.css";
import { cardLabel, parseCard, suitIcon, suitName } from "./cards";
import type { Context } from "./context";
import { h } from "./dom";
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

function renderGrid(data: Tracker, t: Translate): HTMLElement {
  const head = h("tr", {}, h("td"), ...data.ranks.map((r) => h("th", { scope: "col" }, rankText(r))));
  const rows = SUITS.map((suit) => {
    const th = h("th", { scope: "row", title: suitName(suit, t) });
    th.innerHTML = suitIcon(suit);
    th.append(h("span.bh-sr-only", {}, suitName(suit, t)));
    const cells = data.ranks.map((rank) => {
      const code = `${rankText(rank)}${suit}`;
      const cell = data.cells[code] ?? { status: "unseen", seat: null };
      const td = h(`td.bh-tc.is-${cell.status}${cell.status === "known" || cell.status === "table" ? seatClass(cell.seat) : ""}`, {
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
    });
    return h(`tr.bh-suit-row.is-${suit}`, {}, th, ...cells);
  });
  const caption = h("caption.bh-sr-only", {}, t("tracker_title"));
  const table = h("table.bh-tracker-grid", { "data-testid": "tracker-grid" }, caption, h("thead", {}, head),
    h("tbody", {}, ...rows));
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

/** Draws the panel from the trait (null: closed). */
export function renderTracker(p: TrackerParts, data: Tracker | null, t: Translate): void {
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
  body.replaceChildren(renderGrid(data, t), renderSeats(data, t), note);
  if (focused) {
    const cell = body.querySelector<HTMLElement>(`td[data-card="${focused}"]`);
    if (cell) moveFocus(body, cell);
  }
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
  change(e: Event): void;
  keydown(e: KeyboardEvent): void;
}

export function trackerPanel(ctx: Context): TrackerPanel {
  const p = buildTracker(ctx.uid);

  /** Opens or closes the Tracker panel; the chances layer keeps its switch. */
  function toggle(): void {
    ctx.send({ type: "tracker", open: p.button.getAttribute("aria-expanded") !== "true", chances: p.chances.checked });
  }

  return {
    ...p,
    update(): void {
      renderTracker(p, ctx.model.get("tracker") ?? null, ctx.t);
    },
    click(btn: HTMLButtonElement): boolean {
      if (btn.dataset.testid !== "tracker-toggle") return false;
      toggle();
      return true;
    },
    change(e: Event): void {
      if (e.target === p.chances) ctx.send({ type: "tracker", open: true, chances: p.chances.checked });
    },
    keydown(e: KeyboardEvent): void {
      if (handleTrackerKey(p, e)) e.preventDefault();
      const typing = (e.target as HTMLElement | null)?.closest?.("input, select, textarea");
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
