// The felt: the seats around it, the trick in its middle with the waste pile, the finished
// trick resting where it was played and then flying away, and the game-over banner under
// it. Drawn from the view (the renderers below build the parts); the void marks on the
// seats come from the tracker trait (tracker.ts).

import "./felt.css";
import { cardElement, cardLabel, suitIcon, suitName } from "./cards";
import type { Context } from "./context";
import { h } from "./dom";
import { cardsCount, ENGLISH, type Labelled, type Translate } from "./labels";
import { markSeats } from "./tracker";
import type { LastTrick, Result, TableCard, View } from "./types";
import { nameOf } from "./view";

// ---- drawing: the seats, the trick, the finished trick, its flight, the game-over banner ----

/** A seat's place around the table from the person's: 0 for `view.seat`, then 1, 2, … in
 * seat order (clockwise on the felt: left, top, right). */
export function seatPlace(view: View, seat: number): number {
  const n = Math.max(1, view.num_players);
  return (((seat - view.seat) % n) + n) % n;
}

/** Angle (degrees, screen coordinates: 90 = bottom) of a seat; `view.seat` is at the bottom
 * and the others follow in seat order clockwise (left, top, right). */
export function seatAngle(view: View, seat: number): number {
  return 90 + (seatPlace(view, seat) * 360) / Math.max(1, view.num_players);
}

/** Where a seat box sits on the felt, in percent of the felt's width and height. */
export function seatPoint(view: View, seat: number): { x: number; y: number } {
  const a = (seatAngle(view, seat) * Math.PI) / 180;
  return { x: 50 + 40 * Math.cos(a), y: 50 + 38 * Math.sin(a) };
}

/** The ellipse (radii in px) the trick's cards sit on around the felt's centre, the width
 * (px) of those cards, and the felt's inner height (px) that leaves room for them between
 * the seat boxes. A trick holds up to one card per seat, each on the line from the centre
 * toward its player, so neighbours are 360/n degrees apart: the radii keep every two cards
 * apart and every card clear of the seat boxes on felts from 560 px wide (JupyterLab at
 * 1024 px with the file browser open) up (test/layout.test.ts checks both). From 6 players
 * the trick's cards are smaller (44 px instead of 56), so that the felt stays short enough
 * for the hand to fit a 768 px screen. On wider felts `rx` grows with the widget (`frac`
 * percent of its width) up to `rxMax`. A revealed table has bigger seat boxes (their cards
 * face up), so its felt is taller and its ring narrower, and does not widen. */
export interface TrickRing {
  rx: number;
  rxMax: number;
  frac: number;
  ry: number;
  height: number;
  card: number;
}

export function trickRing(numPlayers: number, revealed = false): TrickRing {
  const n = Math.max(2, Math.min(8, Math.round(numPlayers) || 4));
  // [rx, rxMax, frac, ry, inner felt height, card width, and on a revealed table: rx, felt height]
  const table: Record<number, [number, number, number, number, number, number, number, number]> = {
    2: [80, 80, 0, 58, 384, 56, 80, 466],
    3: [80, 80, 0, 58, 384, 56, 80, 466],
    4: [80, 80, 0, 58, 384, 56, 80, 466],
    5: [80, 150, 14, 72, 410, 56, 80, 490],
    6: [120, 190, 20, 72, 410, 44, 110, 480],
    7: [100, 110, 18, 78, 430, 44, 95, 500],
    8: [110, 180, 18, 92, 440, 44, 100, 510],
  };
  const [rx, rxMax, frac, ry, height, card, shownRx, shownHeight] = table[n];
  return revealed
    ? { rx: shownRx, rxMax: shownRx, frac: 0, ry, height: shownHeight, card }
    : { rx, rxMax, frac, ry, height, card };
}

/** Direction (unit vector, screen coordinates) from the felt's centre to the card `seat`
 * plays; the CSS multiplies it by the ring's radii (--rx, --ry). */
export function trickOffset(view: View, seat: number): { ux: number; uy: number } {
  const a = (seatAngle(view, seat) * Math.PI) / 180;
  const round = (v: number) => Math.round(v * 1000) / 1000 || 0; // no "-0"
  return { ux: round(Math.cos(a)), uy: round(Math.sin(a)) };
}

function badge(cls: string, text: string): HTMLElement {
  return h(`span.bh-badge.${cls}`, {}, text);
}

export function renderSeat(view: View, seat: number, t: Translate = ENGLISH): HTMLElement {
  const count = view.hand_sizes?.[seat] ?? 0;
  const p = seatPoint(view, seat);
  const escapedAt = (view.escaped ?? []).indexOf(seat);
  const isMe = seat === view.seat;
  const playing = !view.is_over;
  // The person waits while bots still act (their plays, or their take offers at a trick's
  // end): then the person's seat says so, never "to play".
  const offer = isMe && playing && view.take_offer === true;
  const waiting = isMe && playing && view.waiting === "bot" && escapedAt < 0 && !offer;
  // at the person's own chance to take (rule 7) nobody plays yet
  const toPlay = playing && view.current_player === seat && !waiting && !view.take_offer;
  const states: string[] = [];
  const badges: HTMLElement[] = [];
  if (view.loser === seat) {
    badges.push(badge("is-bhabhi", t("badge_bhabhi")));
    states.push(t("state_bhabhi"));
  }
  if (escapedAt >= 0) {
    const text = t("badge_escaped", { n: escapedAt + 1 });
    badges.push(badge("is-escaped", text));
    states.push(text);
  }
  if (view.leader === seat && playing) {
    badges.push(badge("is-leader", t("badge_power")));
    states.push(t("state_power"));
  }
  if (toPlay) {
    badges.push(badge("is-turn", t("badge_turn")));
    states.push(t("badge_turn"));
  }
  if (waiting) {
    badges.push(badge("is-waiting", t("badge_waiting")));
    states.push(t("badge_waiting"));
  }
  if (offer) {
    badges.push(badge("is-offer", t("take_offer_badge")));
    states.push(t("take_offer_badge"));
  }
  const name = nameOf(view, seat, t);
  const cards = cardsCount(t, count);
  const el = h(
    "div.bh-seat",
    {
      "data-seat": seat,
      "data-count": count,
      role: "group",
      "aria-label": [name, cards, ...states].join(", "),
      // --rel: the seat's place in play order from the person's (a narrow felt lines the seats up in it)
      style: `--x:${p.x.toFixed(2)}%;--y:${p.y.toFixed(2)}%;--px:${p.x.toFixed(2)};--py:${p.y.toFixed(2)};` +
        `--rel:${seatPlace(view, seat)}`,
    },
    h(
      "div.bh-seat-head",
      {},
      h("span.bh-seat-name", { title: name }, name),
      h("span.bh-seat-count", { "aria-hidden": "true" }, cards),
    ),
    badges.length ? h("div.bh-badges", { "aria-hidden": "true" }, ...badges) : null,
  );
  if (isMe) el.classList.add("is-me");
  if (toPlay) el.classList.add("is-turn");
  if (waiting) el.classList.add("is-waiting");
  if (view.leader === seat && playing) el.classList.add("is-leader");
  if (escapedAt >= 0) el.classList.add("is-escaped");
  if (view.loser === seat) el.classList.add("is-bhabhi");

  if (!isMe && count > 0) {
    const revealed = view.hands?.[seat];
    if (revealed) {
      const list = h("div.bh-mini.is-revealed", { role: "list", "aria-label": t("seat_cards_aria", { name }) });
      for (const code of revealed) {
        const card = cardElement(code, "small", "bh-mini-card", t);
        card.setAttribute("data-card", code);
        card.setAttribute("role", "listitem");
        card.setAttribute("aria-label", cardLabel(code, t));
        list.append(card);
      }
      el.append(list);
      el.classList.add("has-revealed");
    } else {
      const backs = h("div.bh-mini", { "aria-hidden": "true" });
      for (let i = 0; i < Math.min(count, 12); i++) backs.append(cardElement(null, "small", "bh-mini-card", t));
      el.append(backs);
    }
  }
  return el;
}

/** A seat's name short enough for a trick card's tag: as it is when it has at most `room`
 * characters; a numbered name as its first letter and number ("Player 3" is "P3", as on a
 * score sheet); any other long name cut with an ellipsis (the tag's title has it whole). */
export function tagName(name: string, room: number): string {
  const chars = Array.from(name);
  if (chars.length <= room) return name;
  const numbered = /^(\S+)(?:\s+\S+)*\s+(\d+)$/u.exec(name);
  if (numbered) return `${Array.from(numbered[1])[0]}${numbered[2]}`;
  return `${chars.slice(0, Math.max(1, room - 1)).join("")}…`;
}

/** A card of a trick, placed on the ring toward the seat that played it. With `tagged`, the
 * card carries its player's name on a tag across its foot (inside the card, so it needs no
 * room of its own between the seat boxes): at 7 and 8 players the ring's direction alone
 * does not tell neighbouring seats apart. The tag is hidden from screen readers, which read
 * the card's own label ("K of hearts, played by Bot 2"). */
function trickCard(view: View, t: TableCard, i: number, cls: string, tr: Translate, tagged = true): HTMLElement {
  const { ux, uy } = trickOffset(view, t.seat);
  const card = cardElement(t.card, "normal", cls, tr);
  card.setAttribute("data-card", t.card);
  card.setAttribute("data-played-by", String(t.seat)); // [data-seat] is kept for seat boxes
  card.style.cssText = `--ux:${ux};--uy:${uy};--i:${i};z-index:${i + 1}`;
  if (tagged) {
    const name = nameOf(view, t.seat, tr);
    // the trick's cards are 56 or 44 px wide (trickRing): room for 7 or 5 letters
    const room = trickRing(view.num_players, Array.isArray(view.hands)).card >= 56 ? 7 : 5;
    card.append(
      h("span.bh-played-by", { "data-testid": "played-by", "aria-hidden": "true", title: name }, tagName(name, room)),
    );
    if (t.seat === view.seat) card.classList.add("is-mine");
  }
  return card;
}

/** The number of the trick the felt shows: a finished trick resting on the felt (or the
 * last one of a game that is over) is the one before `trick_number`, which already counts
 * the trick about to be led. */
export function shownTrickNumber(view: View, resting: boolean): number {
  const n = view.trick_number;
  const ended = (view.table ?? []).length === 0 && (resting || Boolean(view.is_over));
  return ended && n > 1 ? n - 1 : n;
}

export interface CenterOptions {
  /** A finished trick rests on the felt (felt.ts decides, see drawTrickEnd). */
  resting?: boolean;
}

export function renderCenter(view: View, t: Translate = ENGLISH, opts: CenterOptions = {}): HTMLElement[] {
  const out: HTMLElement[] = [];
  const shown = shownTrickNumber(view, Boolean(opts.resting));
  const info = h(
    "div.bh-trick-info",
    { "data-testid": "trick-info" },
    h("span", { "data-testid": "trick-number", "data-trick": shown }, t("trick_number", { n: shown })),
  );
  if (view.led_suit && view.table?.length) {
    const led = h("span.bh-led", { role: "img", "aria-label": t("led_aria", { suit: suitName(view.led_suit, t) }) });
    led.innerHTML = suitIcon(view.led_suit);
    led.prepend(`${t("led")} `);
    info.append(led);
  }
  out.push(info);

  const waste = h("div.bh-waste", {
    "data-testid": "waste",
    "data-count": view.waste_size,
    role: "img",
    "aria-label": t("waste_aria", { cards: cardsCount(t, view.waste_size) }),
  });
  const pile = h("div.bh-waste-pile", { "aria-hidden": "true" });
  if (view.waste_size > 0) {
    for (let i = 0; i < Math.min(3, Math.ceil(view.waste_size / 8)); i++) pile.append(cardElement(null, "normal", "", t));
  } else {
    pile.append(h("span.bh-waste-empty"));
  }
  waste.append(pile, h("span.bh-waste-label", { "aria-hidden": "true" }, t("waste_label", { n: view.waste_size })));
  out.push(waste);

  // A list of the cards on the table; with none, no list (an empty list confuses readers).
  const played = view.table ?? [];
  const trick = h("div.bh-trick", played.length ? { role: "list", "aria-label": t("trick_aria") } : {});
  (view.table ?? []).forEach((c, i) => {
    const card = trickCard(view, c, i, "bh-trick-card", t);
    card.setAttribute("data-testid", "trick-card");
    card.setAttribute("role", "listitem");
    card.setAttribute("aria-label", t("played_by", { card: cardLabel(c.card, t), name: nameOf(view, c.seat, t) }));
    trick.append(card);
  });
  out.push(trick);
  return out;
}

/** A last_trick that can be drawn, or null. */
export function lastTrickOf(view: View): LastTrick | null {
  const lt = view.last_trick;
  return lt && Array.isArray(lt.cards) && lt.cards.length ? lt : null;
}

function outcomeText(view: View, lt: LastTrick, t: Translate): string {
  return lt.outcome === "pickup" && lt.picker !== null && lt.picker !== undefined
    ? t("outcome_pickup", { name: nameOf(view, lt.picker, t) })
    : t("outcome_waste");
}

/** The trick that just ended, resting where it was played, labelled with its outcome. */
export function renderRest(view: View, lt: LastTrick, t: Translate = ENGLISH): HTMLElement {
  const outcome = outcomeText(view, lt, t);
  const cards = lt.cards.map((c) => t("played_by", { card: cardLabel(c.card, t), name: nameOf(view, c.seat, t) }));
  const layer = h("div.bh-rest", {
    "data-testid": "last-trick",
    "data-outcome": lt.outcome,
    "data-picker": lt.picker ?? "",
    role: "img",
    "aria-label": t("last_trick_aria", { cards: cards.join("; "), outcome }),
  });
  lt.cards.forEach((c, i) => {
    const card = trickCard(view, c, i, "bh-rest-card", t);
    card.setAttribute("data-rest-card", c.card);
    layer.append(card);
  });
  layer.append(h("span.bh-rest-label", { "data-testid": "last-trick-outcome" }, outcome));
  return layer;
}

/** The rested trick's cards flying to the picker or the waste pile, once the next lead came. */
export function renderFlight(view: View, lt: LastTrick): HTMLElement {
  let to: { x: string; y: string };
  if (lt.outcome === "pickup" && lt.picker !== null && lt.picker !== undefined) {
    const p = seatPoint(view, lt.picker);
    to = { x: `${p.x.toFixed(2)}%`, y: `${p.y.toFixed(2)}%` };
  } else {
    to = { x: "calc(100% - 44px)", y: "calc(100% - 62px)" };
  }
  const layer = h("div.bh-flight", {
    "data-testid": "flight",
    "data-outcome": lt.outcome,
    "data-picker": lt.picker ?? "",
    "aria-hidden": "true",
    style: `--to-x:${to.x};--to-y:${to.y}`,
  });
  lt.cards.forEach((c, i) => {
    const card = trickCard(view, c, i, "bh-flight-card", ENGLISH, false);
    card.setAttribute("data-flight-card", c.card);
    layer.append(card);
  });
  return layer;
}

/** A result that can be shown, or null. */
export function resultOf(view: View | null): Result | null {
  const r = view?.result;
  return r && typeof r === "object" && typeof r.text === "string" ? r : null;
}

/** The game-over banner: one element per widget, an assertive live region, shown while the
 * view has a result; its text is the kernel's. */
export function updateBanner(banner: HTMLElement, view: View | null, t: Translate = ENGLISH): void {
  const r = resultOf(view);
  if (!r) {
    banner.hidden = true;
    banner.removeAttribute("data-kind");
    banner.removeAttribute("data-loser");
    if (banner.textContent) banner.textContent = "";
    return;
  }
  banner.dataset.kind = String(r.kind);
  banner.dataset.loser = view?.loser === null || view?.loser === undefined ? "" : String(view.loser);
  // the end of Show me's imagined game is not the real game's end: said so
  const text = view?.mode === "imagine" ? t("show_result", { text: r.text }) : r.text;
  banner.classList.toggle("is-imagined", view?.mode === "imagine");
  if (banner.textContent !== text) banner.textContent = text;
  banner.hidden = false;
}

// Container query units let the trick's ring widen with the widget (see trickRing).
const hasContainerUnits = (() => {
  try {
    return typeof CSS !== "undefined" && typeof CSS.supports === "function" && CSS.supports("width", "1cqw");
  } catch {
    return false;
  }
})();

/** How long (ms) a flight may last at most, where animations never end (no CSS). */
const FLIGHT_MS = 1500;

/** The cards shown on the felt: the trick's and the resting trick's. */
const SHOWN_CARDS = "[data-testid=trick-card], [data-rest-card]";

/** The person asked their system for less motion: then no card flies. */
export function prefersReducedMotion(): boolean {
  try {
    return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
}

export interface FeltPanel {
  felt: HTMLElement;
  banner: HTMLElement;
  labelled: Labelled[];
  /** Draws the view (null: no view yet, no banner). */
  update(v: View | null): void;
  /** The void marks on the seats, while the tracker is open. */
  markVoids(): void;
  /** When (Date.now()) the trick resting on the felt ended, or null: the bots wait for it. */
  restSince(): number | null;
  /** Stops a flight under way. */
  dispose(): void;
}

export function feltPanel(ctx: Context): FeltPanel {
  const seats = h("div.bh-seats");
  const center = h("div.bh-center");
  const restSlot = h("div.bh-rest-slot");
  const flightSlot = h("div.bh-flight-slot");
  // The game-over banner: one element, an assertive live region, shown while there is a
  // result; it sits just under the felt, so that it covers neither the last trick nor a seat.
  const banner = h("div.bh-game-over", {
    "data-testid": "game-over",
    role: "alert",
    "aria-live": "assertive",
    "aria-atomic": "true",
    hidden: true,
  });
  const felt = h("div.bh-felt", { role: "region" }, center, restSlot, seats, flightSlot);
  const labelled: Labelled[] = [{ el: felt, key: "table_region", attr: "aria-label" }];

  // The finished trick resting on the table (play mode), since when, and from which view.
  let resting: LastTrick | null = null;
  let restSince: number | null = null;
  let restVersion: number | null = null;
  let flightVersion: number | null = null;
  let flightTimer: ReturnType<typeof setTimeout> | null = null;

  function clearFlight(): void {
    if (flightTimer !== null) clearTimeout(flightTimer);
    flightTimer = null;
    flightSlot.replaceChildren();
  }

  function fly(v: View, trick: LastTrick): void {
    clearFlight();
    if (prefersReducedMotion()) return; // the cards simply go
    const layer = renderFlight(v, trick);
    flightSlot.append(layer);
    const done = () => {
      if (layer.isConnected) layer.remove();
      if (flightTimer !== null) clearTimeout(flightTimer);
      flightTimer = null;
    };
    layer.lastElementChild?.addEventListener("animationend", done, { once: true });
    flightTimer = setTimeout(done, FLIGHT_MS);
  }

  /** The finished trick: it rests where it was played until the next lead, then flies to
   * the picker or the waste pile. An undo or a new game shows none of it. A lesson's view
   * and Show me's say themselves whether a trick rests (an empty table and a last_trick):
   * they are stepped back and forth. */
  function drawTrickEnd(v: View): void {
    const lt = lastTrickOf(v);
    const table = v.table ?? [];
    if (v.change === "undo" || v.change === "new") {
      resting = null;
      clearFlight();
    } else if (v.mode === "lesson" || v.mode === "imagine") {
      resting = table.length === 0 ? lt : null;
      clearFlight();
    } else if (table.length > 0) {
      const leaving = lt ?? resting;
      if (leaving && flightVersion !== v.version) {
        flightVersion = v.version;
        fly(v, leaving);
      }
      resting = null;
    } else if (lt && restVersion !== v.version) {
      resting = lt;
      restSince = Date.now();
      restVersion = v.version;
    }
    if (!resting) {
      restSince = null;
      restVersion = null;
    }
    restSlot.replaceChildren(...(resting ? [renderRest(v, resting, ctx.t)] : []));
  }

  function drawRing(v: View): void {
    const ring = trickRing(v.num_players, Array.isArray(v.hands));
    const rx =
      hasContainerUnits && ring.frac > 0 ? `clamp(${ring.rx}px, ${ring.frac}cqw, ${ring.rxMax}px)` : `${ring.rx}px`;
    felt.style.setProperty("--rx", rx);
    felt.style.setProperty("--ry", `${ring.ry}px`);
    felt.style.setProperty("--fh", `${ring.height}px`);
    felt.style.setProperty("--tcw", `${ring.card}px`);
  }

  function markVoids(): void {
    markSeats(seats, ctx.model.get("tracker") ?? null, ctx.t);
  }

  function update(v: View | null): void {
    if (!v) {
      updateBanner(banner, null);
      return;
    }
    const quiet = v.change === "undo" || v.change === "new"; // nothing animates
    felt.classList.toggle("is-revealed", Array.isArray(v.hands));
    felt.classList.toggle("is-over", Boolean(v.is_over));
    drawRing(v);

    const seatEls: HTMLElement[] = [];
    for (let s = 0; s < v.num_players; s++) seatEls.push(renderSeat(v, s, ctx.t));
    seats.replaceChildren(...seatEls);
    markVoids(); // the void marks, while the tracker is open
    // Cards already shown (on the table or resting) do not fly in again.
    const before = new Set(Array.from(felt.querySelectorAll<HTMLElement>(SHOWN_CARDS), (c) => c.dataset.card));
    drawTrickEnd(v); // first: the corner label names the resting trick while it rests
    center.replaceChildren(...renderCenter(v, ctx.t, { resting: resting !== null }));
    if (!quiet) {
      for (const c of felt.querySelectorAll<HTMLElement>(SHOWN_CARDS)) {
        if (!before.has(c.dataset.card)) c.classList.add("is-new");
      }
    }
    updateBanner(banner, v, ctx.t);
  }

  return { felt, banner, labelled, update, markVoids, restSince: () => restSince, dispose: clearFlight };
}
