// Builds the parts of the table that are redrawn from the view: seats, the trick, the
// resting last trick, the waste pile, the hand, the game-over banner, the scoreboard, the
// hint and the lesson exercise. Every text is a label (labels.ts) or the kernel's own.

import { cardElement, cardLabel, faceSvg, parseCard, suitIcon, suitName } from "./cards";
import { h, svg } from "./dom";
import { cardsCount, ENGLISH, type Translate } from "./labels";
import type { LessonSummary } from "./protocol";
import type { Hint, LastTrick, Result, Score, TableCard, View } from "./types";

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

export function nameOf(view: View, seat: number | null | undefined, t: Translate = ENGLISH): string {
  if (seat === null || seat === undefined) return "";
  return view.names?.[seat] ?? t("seat_name", { n: seat });
}

function badge(cls: string, text: string): HTMLElement {
  return h(`span.bh-badge.${cls}`, {}, text);
}

/** The person's cards may be played now: the kernel waits for the person and lists them. */
export function canPlay(view: View): boolean {
  return view.mode !== "lesson" && view.waiting === "human";
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

/** Card size in the hand (px); the CSS draws hand cards at this size. */
export const HAND_CARD = { w: 64, h: 90 } as const;

/** How the hand's fan is drawn for `n` cards: the outermost cards turn by ±`maxRot`
 * degrees (less for big hands, so they stay narrow), the fan's ends drop by `lift` px,
 * and `margin` px are kept free at each side so the turned corners (and the focus ring)
 * stay inside the hand's box; `padBottom` px below the cards hold the dropped ends.
 * The horizontal step between cards is computed by the CSS from the box's width:
 * (width - card width - 2 margins) / (n - 1), at most 44 px. */
export function fanLayout(n: number): { maxRot: number; lift: number; margin: number; padBottom: number } {
  const maxRot = n > 1 ? Math.min(12, (n - 1) * 1.1, 160 / n) : 0;
  const rad = (maxRot * Math.PI) / 180;
  const lift = Math.round(maxRot * 0.8 * 10) / 10;
  // A card turned by maxRot about its bottom centre reaches this far past its upright edge.
  const overhang = HAND_CARD.h * Math.sin(rad) - (HAND_CARD.w / 2) * (1 - Math.cos(rad));
  return {
    maxRot,
    lift,
    margin: Math.ceil(overhang) + 7, // + drop shadow and the 5 px focus ring
    padBottom: Math.ceil(lift + (HAND_CARD.w / 2) * Math.sin(rad)) + 4,
  };
}

/** The narrowest strip (px) of a hand card left to click or tap between its neighbours:
 * WCAG 2.2's 24 x 24 px target (2.5.8), with 2 px to spare for the fan's turn. */
export const HAND_MIN_STEP = 26;
/** How far apart (px) the rows of a hand in rows are: each row leaves the top 52 px of the
 * row above in view, the rank and suit in their corner included. */
export const HAND_ROW_STEP = 52;

/** How a hand of `n` cards is laid out in a box `width` px wide (null: not measured yet):
 * one fan while every card keeps a strip of HAND_MIN_STEP px or more; else `flat` (no turn,
 * so no room lost at the sides) in `rows` as even as can be, each as full as that strip
 * allows. `rows`: how many cards each row holds. */
export function handLayout(n: number, width: number | null): { rows: number[]; flat: boolean } {
  if (width === null || !(width > 0) || n <= 1) return { rows: [n], flat: false };
  if ((width - HAND_CARD.w - 2 * fanLayout(n).margin) / (n - 1) >= HAND_MIN_STEP) return { rows: [n], flat: false };
  const most = Math.max(1, Math.floor((width - HAND_CARD.w - 2 * fanLayout(1).margin) / HAND_MIN_STEP) + 1);
  const count = Math.ceil(n / most);
  const base = Math.floor(n / count);
  // the first rows one card fuller where the cards do not share out evenly
  return { rows: Array.from({ length: count }, (_, r) => base + (r < n % count ? 1 : 0)), flat: true };
}

/** How many cards each row of the hand holds (see handLayout). */
export function handRows(n: number, width: number | null): number[] {
  return handLayout(n, width).rows;
}

/** The person's hand: a fan of buttons, one per card, in a box `width` px wide (null: not
 * measured; then one fan, as narrow as it must be). Each card's button is the part of it
 * left in view (its strip up to the next card, and above the next row), so that its box is
 * what a click or a tap reaches; the card's face overflows it under its neighbours. */
export function renderHand(view: View, hintAction: string | null, t: Translate = ENGLISH, width: number | null = null): HTMLElement {
  const hand = view.hand ?? [];
  // While the kernel waits for a bot, no card is clickable, whatever `legal` says.
  const legal = new Set(canPlay(view) ? (view.legal ?? []) : []);
  const name = nameOf(view, view.seat, t);
  const n = hand.length;
  const { rows, flat } = handLayout(n, width); // cards in rows lie flat: no turn, no drop
  const fan = fanLayout(flat ? 1 : n);
  const widest = Math.max(...rows, 1);
  const list = h("div.bh-hand", {
    "data-testid": "hand",
    "data-rows": rows.length,
    role: "group",
    tabindex: -1, // keeps keyboard focus in the hand while no card is playable
    "aria-label": hand.length
      ? t("hand_aria", { cards: cardsCount(t, hand.length), list: hand.map((c) => cardLabel(c, t)).join(", ") })
      : t("hand_empty_aria", { name }),
    style: `--n:${n};--gaps:${Math.max(widest - 1, 1)};--m:${fan.margin}px;--pb:${fan.padBottom}px;--rows:${rows.length}`,
  });
  if (flat) list.classList.add("is-rows");
  // A lesson shows the hand to read, not to play: its cards look normal but stay disabled.
  if (view.mode === "lesson" || view.mode === "review" || view.mode === "imagine") list.classList.add("is-view-only");
  // Show me's imagined hand: a click on a card reaches the kernel, which says why nothing is
  // played (the imagined game is read-only); the cards are not stops of the keyboard.
  const imagined = view.mode === "imagine";
  // A reviewed position: the better action outlined, the card chosen then marked.
  const reviewed = view.mode === "review" ? view.review : null;
  // The hand's one tab stop: the hinted card when it is playable, else the first playable one.
  const stop = hintAction && legal.has(hintAction) ? hintAction : hand.find((c) => legal.has(c));
  // each card's row and place in it
  const places: { row: number; j: number; len: number }[] = [];
  rows.forEach((len, row) => {
    for (let j = 0; j < len; j++) places.push({ row, j, len });
  });
  hand.forEach((code, i) => {
    const playable = legal.has(code);
    const hinted = Boolean(hintAction && code === hintAction);
    const { row, j, len } = places[i];
    const c = j - (len - 1) / 2; // position from the middle of its row
    const u = !flat && n > 1 ? c / ((n - 1) / 2) : 0; // -1..1 across the fan
    // Announced by name and whether it may be played: "Queen of hearts, playable".
    const name = cardLabel(code, t);
    const label = !playable ? name : t(hinted ? "card_hinted" : "card_playable", { card: name });
    const btn = h("button.bh-hand-card", {
      type: "button",
      "data-card": code,
      "aria-label": label,
      disabled: !playable && !imagined,
      "aria-disabled": imagined ? "true" : null,
      tabindex: code === stop ? 0 : -1,
      style: `--c:${c};--rot:${(u * fan.maxRot).toFixed(2)}deg;--lift:${(u * u * fan.lift).toFixed(1)}px;--row:${row};z-index:${i + 1}`,
    });
    if (j === len - 1) btn.classList.add("is-row-end"); // nothing on its right: the whole card is in view
    if (row < rows.length - 1) btn.classList.add("is-row-above"); // the next row covers its lower part
    if (playable) btn.classList.add("is-legal");
    if (hinted) {
      btn.classList.add("is-hint");
      btn.setAttribute("data-hint", "true");
      btn.title = t("hint_card_title");
    }
    if (reviewed && code === reviewed.best) {
      btn.classList.add("is-review-best");
      btn.title = t("review_best_mark");
      btn.setAttribute("aria-label", `${name}: ${t("review_best_mark")}`);
    }
    if (reviewed && code === reviewed.chosen && code !== reviewed.best) btn.classList.add("is-review-chosen");
    btn.innerHTML = faceSvg(code);
    list.append(btn);
  });
  if (!n) list.append(h("span.bh-hand-empty", {}, view.escaped?.includes(view.seat) ? t("hand_escaped") : t("hand_none")));
  return list;
}

/** The kernel sends null, or {} before a match has started: only a real score is drawn. */
export function isScore(score: unknown): score is Score {
  return typeof score === "object" && score !== null && Array.isArray((score as Score).counts);
}

export function renderScore(score: Score, t: Translate = ENGLISH): HTMLElement {
  // Who loses the session and who takes the pot are marked once the session is over: before
  // that, everybody with no bhabhi count would look like a winner.
  const over = score.over === true;
  const losers = new Set(over && Array.isArray(score.losers) ? score.losers : []);
  const winners = new Set(over && Array.isArray(score.pot_winners) ? score.pot_winners : []);
  const rows = score.counts.map((count, i) => {
    const row = h(
      "tr",
      { "data-seat": i },
      h("th", { scope: "row" }, score.names?.[i] ?? t("seat_name", { n: i })),
      h("td", { "data-bhabhi-count": count }, String(count)),
    );
    if (losers.has(i)) row.classList.add("is-bhabhi");
    if (winners.has(i)) row.classList.add("is-pot-winner");
    return row;
  });
  const meta = h("div.bh-score-meta", {}, h("span", { "data-testid": "pot" }, t("score_pot", { n: score.pot ?? 0 })));
  if (typeof score.stalemates === "number" && score.stalemates > 0) {
    meta.append(h("span", { "data-testid": "stalemates" }, t("score_stalemates", { n: score.stalemates })));
  }
  const box = h(
    "div.bh-score",
    { "data-testid": "scoreboard" },
    h("h3.bh-score-title", { "data-testid": "score-heading" }, typeof score.text === "string" ? score.text : ""),
    h(
      "table",
      {},
      h("caption", {}, t("score_caption")),
      h(
        "thead",
        {},
        h("tr", {}, h("th", { scope: "col" }, t("score_player")), h("th", { scope: "col" }, t("score_bhabhi"))),
      ),
      h("tbody", {}, ...rows),
    ),
    meta,
  );
  if (score.over) box.classList.add("is-over");
  return box;
}

/** How an exercise is drawn: whether its hint is shown, and a prefix for its element ids
 * (unique per widget view). */
export interface ExerciseOptions {
  hintOpen?: boolean;
  id?: string;
}

/** The text of an exercise's answer button: a seat's name, Take the hand / Pass, or the code. */
export function choiceText(view: View, kind: string, choice: unknown, t: Translate = ENGLISH): string {
  if (typeof choice === "number") return nameOf(view, choice, t);
  if (kind === "take" && choice === "take") return t("exercise_take");
  if (kind === "take" && choice === "pass") return t("exercise_pass");
  return String(choice);
}

/** A lesson's question: its prompt, one button per answer (cards drawn as cards, seats by
 * name, take questions as "Take the hand" and "Pass"), a Hint disclosure when the exercise
 * has a hint, and the kernel's feedback. */
export function renderExercise(view: View, t: Translate = ENGLISH, opts: ExerciseOptions = {}): HTMLElement | null {
  const ex = view.lesson?.exercise;
  if (!ex) return null;
  const id = opts.id ?? "bh-ex";
  const solved = ex.feedback?.correct === true;
  const choices = h("div.bh-choices", { role: "group", "aria-label": t("answers_group") });
  (Array.isArray(ex.choices) ? ex.choices : []).forEach((choice, index) => {
    const btn = h("button.bh-choice", {
      type: "button",
      "data-choice": String(choice),
      "data-index": index,
      disabled: solved,
    });
    if (ex.kind === "card" && typeof choice === "string" && parseCard(choice)) {
      btn.classList.add("is-card");
      btn.setAttribute("aria-label", cardLabel(choice, t));
      btn.innerHTML = faceSvg(choice);
    } else {
      btn.textContent = choiceText(view, ex.kind, choice, t);
    }
    choices.append(btn);
  });
  const prompt = h("p.bh-prompt", { id: `${id}-prompt` }, ex.prompt);
  const row = h("div.bh-ex-row", {}, choices);
  const box = h(
    "div.bh-exercise",
    { "data-testid": "exercise", "data-kind": String(ex.kind), role: "group", "aria-labelledby": `${id}-prompt` },
    prompt,
    row,
  );
  const hint = typeof ex.hint === "string" ? ex.hint.trim() : "";
  if (hint) {
    const open = Boolean(opts.hintOpen);
    const toggle = h(
      "button.bh-btn.bh-hint-toggle",
      { type: "button", "data-testid": "exercise-hint", "aria-expanded": String(open), "aria-controls": `${id}-hint` },
      t("exercise_hint"),
    );
    const text = h("p.bh-ex-hint-text", { id: `${id}-hint`, "data-testid": "exercise-hint-text", hidden: !open }, hint);
    row.append(toggle);
    box.append(text);
  }
  if (ex.feedback) {
    box.append(
      h(
        `p.bh-feedback.${ex.feedback.correct ? "is-correct" : "is-wrong"}`,
        { "data-testid": "feedback", "data-correct": String(Boolean(ex.feedback.correct)) },
        ex.feedback.text,
      ),
    );
  }
  return box;
}

/** The question asked before Next (or End) leaves an unanswered question: the next step
 * would give its answer away. "Skip it" goes on (the kernel marks it skipped), "Answer
 * first" stays. */
export function renderSkipAsk(t: Translate = ENGLISH, id = "bh-skip"): HTMLElement {
  return h(
    "div.bh-skip-ask",
    { "data-testid": "skip-ask", role: "group", "aria-labelledby": `${id}-text` },
    h("p.bh-skip-text", { id: `${id}-text` }, t("skip_ask")),
    h("button.bh-btn", { type: "button", "data-testid": "skip-cancel" }, t("skip_cancel")),
    h("button.bh-btn", { type: "button", "data-testid": "skip-confirm" }, t("skip_confirm")),
  );
}

/** A lesson's questions answered or not, shown at its last step: the kernel's sentence ("2
 * of 3 answered, 1 right first time.") and one line per question with how it went. */
export function renderSummary(view: View, t: Translate = ENGLISH, id = "bh-summary"): HTMLElement | null {
  const summary: LessonSummary | null | undefined = view.lesson?.summary;
  if (!summary || typeof summary.text !== "string") return null;
  const items = (Array.isArray(summary.items) ? summary.items : []).map((it) =>
    h(
      "li",
      { "data-status": String(it.status), "data-step": it.step },
      h("span.bh-summary-prompt", {}, String(it.prompt)),
      " ",
      h("span.bh-summary-result", {}, String(it.result)),
    ),
  );
  return h(
    "div.bh-summary",
    { "data-testid": "lesson-summary", role: "group", "aria-labelledby": `${id}-title` },
    h("h3.bh-summary-title", { id: `${id}-title` }, t("lesson_summary_title")),
    h("p.bh-summary-text", { "data-testid": "lesson-summary-text" }, summary.text),
    items.length ? h("ol.bh-summary-items", {}, ...items) : null,
  );
}

/** Opens or closes an exercise's hint in place. */
export function setExerciseHint(box: Element, open: boolean): void {
  const toggle = box.querySelector<HTMLElement>("[data-testid=exercise-hint]");
  const text = box.querySelector<HTMLElement>("[data-testid=exercise-hint-text]");
  if (!toggle || !text) return;
  toggle.setAttribute("aria-expanded", String(open));
  text.hidden = !open;
}

// ---- the hint ----

/** A hint that can be drawn (an object with an action), or null. */
export function hintOf(hint: unknown): Hint | null {
  if (!hint || typeof hint !== "object") return null;
  const x = hint as Hint;
  return typeof x.action === "string" ? x : null;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const unit = (x: unknown) => (typeof x === "number" && isFinite(x) ? Math.max(0, Math.min(1, x)) : 0);

/** The hint's chart geometry (px in the SVG's own units): each option gets a slot (wider for
 * a long label such as "Take Bot 1's hand"), and a row holds at most `rowWidth`, so that a
 * big hand's many options wrap onto more rows instead of running off the widget. */
export const CHART = {
  slot: 48, bar: 22, top: 16, plot: 70, label: 18, rowWidth: 480, gap: 6, charWidth: 7, title: 18,
} as const;

/** A small bar chart of the estimates: the chance of ending as the bhabhi after each action,
 * with its 95 % interval as an error bar, the action's label under its bar and the hinted
 * action highlighted; its title, above the bars, says what the percentages are. Null
 * without estimates. `room`: the width there is for it (px; 0 when not known), so that on a
 * phone the options wrap onto more rows and its words keep their size instead of the whole
 * chart being scaled down. */
export function hintChart(hint: Hint, t: Translate = ENGLISH, room = 0): SVGElement | null {
  const est = (Array.isArray(hint.estimates) ? hint.estimates : []).filter((e) => e && typeof e === "object");
  if (!est.length) return null;
  const { slot, bar, top, plot, label, gap, charWidth } = CHART;
  const rowWidth = room > 0 ? Math.max(slot * 2, Math.min(CHART.rowWidth, Math.floor(room))) : CHART.rowWidth;
  const titleText = t("hint_chart_title");
  const head = CHART.title; // the title's line, above the first row
  const highest = Math.max(...est.map((e) => Math.max(unit(e.p), unit(e.hi))));
  const scale = Math.min(1, Math.max(0.1, Math.ceil(highest * 10) / 10)); // the plot's top, 10 % steps
  const rowHeight = top + plot + label + gap;
  // where each option goes: its row, its slot's left edge and width
  const place: { row: number; x: number; w: number }[] = [];
  const rowEnds: number[] = [0];
  for (const e of est) {
    const w = Math.max(slot, Math.ceil((String(e.label).length * charWidth + 8) / 8) * 8);
    let row = rowEnds.length - 1;
    if (rowEnds[row] > 0 && rowEnds[row] + w > rowWidth) {
      rowEnds.push(0);
      row++;
    }
    place.push({ row, x: rowEnds[row], w });
    rowEnds[row] += w;
  }
  const rows = rowEnds.length;
  // at least as wide as the title (its 11 px letters are about 6 px wide)
  const width = Math.max(...rowEnds, Math.ceil(titleText.length * 6.2) + 4);
  const height = head + rows * rowHeight - gap;
  const hinted = est.find((e) => e.action === hint.action);
  const items = est.map((e) => t("hint_chart_item", { label: e.label, p: pct(unit(e.p)), lo: pct(unit(e.lo)), hi: pct(unit(e.hi)) }));
  const chart = svg("svg", {
    class: "bh-chart",
    "data-testid": "hint-chart",
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: "img",
    "aria-label": t("hint_chart_aria", { list: items.join("; "), hinted: hinted?.label ?? hint.action }),
  });
  chart.append(svg("text", { class: "bh-chart-title", "data-testid": "hint-chart-title", x: 0, y: 12 }, titleText));
  rowEnds.forEach((x2, r) => {
    const base = head + r * rowHeight + top + plot;
    chart.append(svg("line", { class: "bh-chart-axis", x1: 0, x2, y1: base, y2: base }));
  });
  est.forEach((e, i) => {
    const { row, x, w } = place[i];
    const cx = x + w / 2;
    const rowTop = head + row * rowHeight;
    const y = (p: number) => rowTop + top + plot - (unit(p) / scale) * plot;
    const g = svg("g", { class: "bh-chart-item", "data-action": String(e.action) });
    if (e.action === hint.action) g.classList.add("is-hint");
    const yp = y(e.p);
    g.append(
      svg("rect", { class: "bh-chart-bar", x: cx - bar / 2, y: yp, width: bar, height: rowTop + top + plot - yp }),
      svg("path", {
        class: "bh-chart-err",
        d: `M${cx} ${y(e.lo)}V${y(e.hi)}M${cx - 5} ${y(e.lo)}h10M${cx - 5} ${y(e.hi)}h10`,
      }),
      svg("text", {
        class: "bh-chart-value", x: cx, y: Math.max(rowTop + 10, Math.min(y(e.hi), yp) - 4), "text-anchor": "middle",
      }, pct(unit(e.p))),
      svg("text", { class: "bh-chart-label", x: cx, y: rowTop + top + plot + 13, "text-anchor": "middle" }, String(e.label)),
    );
    chart.append(g);
  });
  return chart;
}

/** The hint's words, its Show me button (with `showMe`: one imagined way it can go after the
 * hint's action and after the worse one its words explain) and its chart (`room`: its width). */
export function renderHint(hint: Hint, t: Translate = ENGLISH, showMe = false, room = 0): HTMLElement {
  const chart = hintChart(hint, t, room);
  const text = h("p.bh-hint-text", {}, typeof hint.text === "string" ? hint.text : "");
  const show = showMe
    ? h("button.bh-btn.bh-show-me", {
      type: "button",
      "data-testid": "hint-show-me",
      title: t("show_me_title"),
    }, t("show_me"))
    : null;
  const key = chart ? h("p.bh-hint-key", { "data-testid": "hint-key" }, t("chance_key")) : null;
  return h("div.bh-hint", { "data-testid": "hint-box", "data-action": hint.action }, text, show, chart, key);
}
