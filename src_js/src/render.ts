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

/** Offset (px) from the felt's centre of a trick card played by `seat`. */
export function trickOffset(view: View, seat: number): { dx: number; dy: number } {
  const a = (seatAngle(view, seat) * Math.PI) / 180;
  const wide = view.num_players > 4; // more cards in a trick: a wider ring
  return { dx: Math.round((wide ? 112 : 80) * Math.cos(a)), dy: Math.round((wide ? 70 : 58) * Math.sin(a)) };
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
      style: `--x:${p.x.toFixed(2)}%;--y:${p.y.toFixed(2)}%`,
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
    const { dx, dy } = trickOffset(view, t.seat);
    const card = cardElement(t.card, "normal", "bh-trick-card");
    card.setAttribute("data-testid", "trick-card");
    card.setAttribute("data-card", t.card);
    card.setAttribute("data-played-by", String(t.seat)); // [data-seat] is kept for seat boxes
    card.setAttribute("role", "listitem");
    card.setAttribute("aria-label", `${cardLabel(t.card)}, played by ${nameOf(view, t.seat)}`);
    card.style.cssText = `--dx:${dx}px;--dy:${dy}px;z-index:${i + 1}`;
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
    const { dx, dy } = trickOffset(view, t.seat);
    const card = cardElement(t.card, "normal", "bh-flight-card");
    card.setAttribute("data-flight-card", t.card);
    card.style.cssText = `--dx:${dx}px;--dy:${dy}px;--i:${i};z-index:${i + 1}`;
    layer.append(card);
  });
  return layer;
}

export function renderHand(view: View, hint: string | null | undefined): HTMLElement {
  const hand = view.hand ?? [];
  const legal = new Set(view.legal ?? []);
  const name = nameOf(view, view.seat);
  const list = h("div.bh-hand", {
    "data-testid": "hand",
    role: "group",
    tabindex: -1, // keeps keyboard focus in the hand while no card is playable
    "aria-label": hand.length
      ? `Your hand, ${plural(hand.length, "card")}: ${hand.map(cardLabel).join(", ")}`
      : `${name}: no cards`,
  });
  const n = hand.length;
  const spread = Math.min(2.2, 24 / Math.max(n, 1)); // degrees between cards; at most ±12° in all
  let first = true;
  hand.forEach((code, i) => {
    const playable = legal.has(code);
    const t = n > 1 ? (i - (n - 1) / 2) / ((n - 1) / 2) : 0; // -1..1 across the fan
    const btn = h(
      "button.bh-hand-card",
      {
        type: "button",
        "data-card": code,
        "aria-label": cardLabel(code),
        disabled: !playable,
        tabindex: playable && first ? 0 : -1,
        style: `--rot:${((i - (n - 1) / 2) * spread).toFixed(2)}deg;--lift:${(t * t * 10).toFixed(1)}px;z-index:${i + 1}`,
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

export function renderScore(score: Score): HTMLElement {
  const rows = (score.counts ?? []).map((count, i) =>
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
      h("span", { "data-testid": "pot" }, `Pot: ${score.pot}`),
      h("span", { "data-testid": "rounds" }, `Rounds: ${score.played}/${score.rounds}`),
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

/** The narration when the last state change brought no event text. */
export function statusLine(view: View): string {
  if (view.is_over) return bhabhiSentence(view);
  if (view.waiting === "human" && view.current_player === view.seat) {
    return view.can_take ? "Your turn: play a card or take a hand." : "Your turn: play a card.";
  }
  if (view.waiting === "bot" && view.current_player !== null) return `${nameOf(view, view.current_player)} to play.`;
  return "";
}
