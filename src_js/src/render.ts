// Builds the parts of the table that are redrawn from the view: seats, the trick, the
// waste pile, the hand, the game-over banner, the scoreboard and the lesson exercise.

import { cardElement, cardLabel, faceSvg, parseCard, suitIcon, suitName } from "./cards";
import { h } from "./dom";
import type { Score, View } from "./types";

/** Angle (degrees, screen coordinates: 90 = bottom) of a seat; `view.seat` is at the bottom
 * and the others follow in seat order clockwise (left, top, right). */
export function seatAngle(view: View, seat: number): number {
  const n = Math.max(1, view.num_players);
  const rel = (((seat - view.seat) % n) + n) % n;
  return 90 + (rel * 360) / n;
}

/** Where a seat box sits on the felt, in percent of the felt's width and height. */
export function seatPoint(view: View, seat: number): { x: number; y: number } {
  const a = (seatAngle(view, seat) * Math.PI) / 180;
  return { x: 50 + 40 * Math.cos(a), y: 50 + 38 * Math.sin(a) };
}

/** The ellipse (radii in px) the trick's cards sit on around the felt's centre, and the
 * felt's inner height (px) that leaves room for it between the seat boxes. A trick holds up
 * to one card per seat, each card (56 x 78 px) on the line from the centre toward its
 * player, so neighbours are 360/n degrees apart: the radii keep every two cards apart
 * (test/layout.test.ts checks it). `rx` suits a felt about 650 px wide; on wider felts it
 * grows with the widget (`frac` percent of its width) up to `rxMax`. A revealed table has
 * taller seat boxes, so its felt is taller and its ring does not widen. */
export interface TrickRing {
  rx: number;
  rxMax: number;
  frac: number;
  ry: number;
  height: number;
}

export function trickRing(numPlayers: number, revealed = false): TrickRing {
  const n = Math.max(2, Math.min(8, Math.round(numPlayers) || 4));
  // [rx, rxMax, ry, inner felt height]
  const table: Record<number, [number, number, number, number]> = {
    2: [80, 80, 58, 396],
    3: [80, 80, 58, 396],
    4: [80, 80, 58, 396],
    5: [112, 150, 72, 410],
    6: [120, 170, 84, 440],
    7: [136, 190, 98, 486],
    8: [136, 190, 112, 486],
  };
  const [rx, rxMax, ry, height] = table[n];
  return revealed
    ? { rx, rxMax: rx, frac: 0, ry, height: height + 70 }
    : { rx, rxMax, frac: n > 4 ? 21 : 0, ry, height };
}

/** Direction (unit vector, screen coordinates) from the felt's centre to the card `seat`
 * plays; the CSS multiplies it by the ring's radii (--rx, --ry). */
export function trickOffset(view: View, seat: number): { ux: number; uy: number } {
  const a = (seatAngle(view, seat) * Math.PI) / 180;
  const round = (v: number) => Math.round(v * 1000) / 1000 || 0; // no "-0"
  return { ux: round(Math.cos(a)), uy: round(Math.sin(a)) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function nameOf(view: View, seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return "";
  return view.names?.[seat] ?? `Seat ${seat}`;
}

/** "Bot 2 is the bhabhi." / "You are the bhabhi." */
export function bhabhiSentence(view: View): string {
  if (view.loser === null || view.loser === undefined) {
    return "Game over: everyone escaped, nobody is the bhabhi.";
  }
  const name = nameOf(view, view.loser);
  return `Game over: ${name} ${name.toLowerCase() === "you" ? "are" : "is"} the bhabhi.`;
}

function badge(cls: string, text: string): HTMLElement {
  return h(`span.bh-badge.${cls}`, {}, text);
}

export function renderSeat(view: View, seat: number): HTMLElement {
  const count = view.hand_sizes?.[seat] ?? 0;
  const p = seatPoint(view, seat);
  const escapedAt = (view.escaped ?? []).indexOf(seat);
  const states: string[] = [];
  const badges: HTMLElement[] = [];
  if (view.loser === seat) {
    badges.push(badge("is-bhabhi", "bhabhi"));
    states.push("the bhabhi");
  }
  if (escapedAt >= 0) {
    badges.push(badge("is-escaped", `escaped #${escapedAt + 1}`));
    states.push(`escaped ${escapedAt + 1}${["st", "nd", "rd"][escapedAt] ?? "th"}`);
  }
  if (view.leader === seat && !view.is_over) {
    badges.push(badge("is-leader", "power"));
    states.push("has the power");
  }
  if (view.current_player === seat && !view.is_over) {
    badges.push(badge("is-turn", "to play"));
    states.push("to play");
  }
  const name = nameOf(view, seat);
  const isMe = seat === view.seat;
  const el = h(
    "div.bh-seat",
    {
      "data-seat": seat,
      "data-count": count,
      role: "group",
      "aria-label": [name, plural(count, "card"), ...states].join(", "),
      style: `--x:${p.x.toFixed(2)}%;--y:${p.y.toFixed(2)}%;--px:${p.x.toFixed(2)};--py:${p.y.toFixed(2)}`,
    },
    h(
      "div.bh-seat-head",
      {},
      h("span.bh-seat-name", { title: name }, name),
      h("span.bh-seat-count", { "aria-hidden": "true" }, plural(count, "card")),
    ),
    badges.length ? h("div.bh-badges", { "aria-hidden": "true" }, ...badges) : null,
  );
  if (isMe) el.classList.add("is-me");
  if (view.current_player === seat && !view.is_over) el.classList.add("is-turn");
  if (view.leader === seat && !view.is_over) el.classList.add("is-leader");
  if (escapedAt >= 0) el.classList.add("is-escaped");
  if (view.loser === seat) el.classList.add("is-bhabhi");

  if (!isMe && count > 0) {
    const revealed = view.hands?.[seat];
    if (revealed) {
      const cards = h("div.bh-mini.is-revealed", { role: "list", "aria-label": `${name}'s cards` });
      for (const code of revealed) {
        const card = cardElement(code, "small", "bh-mini-card");
        card.setAttribute("data-card", code);
        card.setAttribute("role", "listitem");
        card.setAttribute("aria-label", cardLabel(code));
        cards.append(card);
      }
      el.append(cards);
      el.classList.add("has-revealed");
    } else {
      const backs = h("div.bh-mini", { "aria-hidden": "true" });
      for (let i = 0; i < Math.min(count, 12); i++) backs.append(cardElement(null, "small", "bh-mini-card"));
      el.append(backs);
    }
  }
  return el;
}

export function renderCenter(view: View): HTMLElement[] {
  const out: HTMLElement[] = [];
  const info = h("div.bh-trick-info", {}, h("span", {}, `Trick ${view.trick_number}`));
  if (view.led_suit && view.table?.length) {
    const led = h("span.bh-led", { "aria-label": `${suitName(view.led_suit)} led` });
    led.innerHTML = `led ${suitIcon(view.led_suit)}`;
    info.append(led);
  }
  out.push(info);

  const waste = h(
    "div.bh-waste",
    { "data-testid": "waste", "data-count": view.waste_size, "aria-label": `Waste pile: ${plural(view.waste_size, "card")}` },
  );
  const pile = h("div.bh-waste-pile", { "aria-hidden": "true" });
  if (view.waste_size > 0) {
    for (let i = 0; i < Math.min(3, Math.ceil(view.waste_size / 8)); i++) pile.append(cardElement(null));
  } else {
    pile.append(h("span.bh-waste-empty"));
  }
  waste.append(pile, h("span.bh-waste-label", { "aria-hidden": "true" }, `Waste ${view.waste_size}`));
  out.push(waste);

  const trick = h("div.bh-trick", { role: "list", "aria-label": "Cards on the table" });
  (view.table ?? []).forEach((t, i) => {
    const { ux, uy } = trickOffset(view, t.seat);
    const card = cardElement(t.card, "normal", "bh-trick-card");
    card.setAttribute("data-testid", "trick-card");
    card.setAttribute("data-card", t.card);
    card.setAttribute("data-played-by", String(t.seat)); // [data-seat] is kept for seat boxes
    card.setAttribute("role", "listitem");
    card.setAttribute("aria-label", `${cardLabel(t.card)}, played by ${nameOf(view, t.seat)}`);
    card.style.cssText = `--ux:${ux};--uy:${uy};z-index:${i + 1}`;
    trick.append(card);
  });
  out.push(trick);
  return out;
}

export function renderGameOver(view: View): HTMLElement | null {
  if (!view.is_over) return null;
  return h(
    "div.bh-game-over",
    { "data-testid": "game-over", "data-loser": view.loser ?? "" },
    h("strong", {}, bhabhiSentence(view)),
  );
}

/** The cards of the trick that just ended, flying to the picker or the waste pile. */
export function renderFlight(view: View): HTMLElement | null {
  const lt = view.last_trick;
  if (!lt || !lt.cards?.length) return null;
  let to: { x: string; y: string };
  if (lt.outcome === "pickup" && lt.picker !== null && lt.picker !== undefined) {
    const p = seatPoint(view, lt.picker);
    to = { x: `${p.x.toFixed(2)}%`, y: `${p.y.toFixed(2)}%` };
  } else {
    to = { x: "calc(100% - 44px)", y: "calc(100% - 62px)" };
  }
  const layer = h("div.bh-flight", {
    "data-testid": "last-trick",
    "data-outcome": lt.outcome,
    "data-picker": lt.picker ?? "",
    "aria-hidden": "true",
    style: `--to-x:${to.x};--to-y:${to.y}`,
  });
  lt.cards.forEach((t, i) => {
    const { ux, uy } = trickOffset(view, t.seat);
    const card = cardElement(t.card, "normal", "bh-flight-card");
    card.setAttribute("data-flight-card", t.card);
    card.style.cssText = `--ux:${ux};--uy:${uy};--i:${i};z-index:${i + 1}`;
    layer.append(card);
  });
  return layer;
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

export function renderHand(view: View, hint: string | null | undefined): HTMLElement {
  const hand = view.hand ?? [];
  const legal = new Set(view.legal ?? []);
  const name = nameOf(view, view.seat);
  const n = hand.length;
  const fan = fanLayout(n);
  const list = h("div.bh-hand", {
    "data-testid": "hand",
    role: "group",
    tabindex: -1, // keeps keyboard focus in the hand while no card is playable
    "aria-label": hand.length
      ? `Your hand, ${plural(hand.length, "card")}: ${hand.map(cardLabel).join(", ")}`
      : `${name}: no cards`,
    style: `--n:${n};--gaps:${Math.max(n - 1, 1)};--m:${fan.margin}px;--pb:${fan.padBottom}px`,
  });
  // A lesson shows the hand to read, not to play: its cards look normal but stay disabled.
  if (view.mode === "lesson") list.classList.add("is-view-only");
  let first = true;
  hand.forEach((code, i) => {
    const playable = legal.has(code);
    const c = i - (n - 1) / 2; // position from the fan's middle
    const t = n > 1 ? c / ((n - 1) / 2) : 0; // -1..1 across the fan
    const btn = h(
      "button.bh-hand-card",
      {
        type: "button",
        "data-card": code,
        "aria-label": cardLabel(code),
        disabled: !playable,
        tabindex: playable && first ? 0 : -1,
        style: `--c:${c};--rot:${(t * fan.maxRot).toFixed(2)}deg;--lift:${(t * t * fan.lift).toFixed(1)}px;z-index:${i + 1}`,
      },
    );
    if (playable) first = false;
    if (playable) btn.classList.add("is-legal");
    if (hint && code === hint) {
      btn.classList.add("is-hint");
      btn.setAttribute("data-hint", "true");
      btn.title = "Hint: play this card";
    }
    btn.innerHTML = faceSvg(code);
    list.append(btn);
  });
  if (!n) list.append(h("span.bh-hand-empty", {}, view.escaped?.includes(view.seat) ? "You escaped!" : "No cards"));
  return list;
}

/** The kernel sends null, or {} before a match has started: only a real score is drawn. */
export function isScore(score: unknown): score is Score {
  return typeof score === "object" && score !== null && Array.isArray((score as Score).counts);
}

export function renderScore(score: Score): HTMLElement {
  const rows = score.counts.map((count, i) =>
    h(
      "tr",
      score.over && score.loser === i ? { class: "is-bhabhi" } : {},
      h("th", { scope: "row" }, score.names?.[i] ?? `Seat ${i}`),
      h("td", { "data-bhabhi-count": count }, String(count)),
    ),
  );
  const box = h(
    "div.bh-score",
    { "data-testid": "scoreboard" },
    h(
      "table",
      {},
      h("caption", {}, "Bhabhi count"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Bhabhi"))),
      h("tbody", {}, ...rows),
    ),
    h(
      "div.bh-score-meta",
      {},
      h("span", { "data-testid": "pot" }, `Pot: ${score.pot ?? 0}`),
      h("span", { "data-testid": "rounds" }, `Rounds: ${score.played ?? 0}/${score.rounds ?? "?"}`),
    ),
  );
  if (score.over) {
    const loser = score.loser === null || score.loser === undefined ? null : score.names?.[score.loser];
    box.append(h("div.bh-score-over", {}, loser ? `Match over: ${loser} is the bhabhi of the match.` : "Match over."));
  }
  return box;
}

export function renderExercise(view: View): HTMLElement | null {
  const ex = view.lesson?.exercise;
  if (!ex) return null;
  const solved = ex.feedback?.correct === true;
  const choices = h("div.bh-choices", { role: "group", "aria-label": "Answers" });
  ex.choices.forEach((choice, index) => {
    const btn = h("button.bh-choice", {
      type: "button",
      "data-choice": String(choice),
      "data-index": index,
      disabled: solved,
    });
    if (ex.kind === "card" && typeof choice === "string" && parseCard(choice)) {
      btn.classList.add("is-card");
      btn.setAttribute("aria-label", cardLabel(choice));
      btn.innerHTML = faceSvg(choice);
    } else {
      btn.textContent = typeof choice === "number" ? nameOf(view, choice) : String(choice);
    }
    choices.append(btn);
  });
  const box = h("div.bh-exercise", { "data-testid": "exercise" }, h("p.bh-prompt", {}, ex.prompt), choices);
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

/** Everything the last state change told, in order: a tochoo and its pickup, say. */
export function eventsText(view: View): string {
  return (view.events ?? [])
    .map((e) => (typeof e?.text === "string" ? e.text.trim() : ""))
    .filter(Boolean)
    .join(" ");
}

/** The narration when the last state change brought no event text. */
export function statusLine(view: View): string {
  if (view.mode === "lesson") return view.lesson?.index === 0 ? "Start position." : "";
  if (view.is_over) return bhabhiSentence(view);
  if (view.waiting === "human" && view.current_player === view.seat) {
    return view.can_take ? "Your turn: play a card or take a hand." : "Your turn: play a card.";
  }
  if (view.waiting === "bot" && view.current_player !== null) return `${nameOf(view, view.current_player)} to play.`;
  return "";
}
