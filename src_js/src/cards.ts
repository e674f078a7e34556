// Playing cards drawn as inline SVG by our own code: no images, no fonts, no network.
// A face is 60 x 84 units: corner indices (rank + suit), pips for 2..10, one large
// pip for the ace, a framed letter for J/Q/K. Suit symbols are paths, not font glyphs.
// Each face carries its colour class (bh-red, bh-black) and its suit (bh-suit-S ...): the
// four-colour deck (the root's is-four-colour) recolours diamonds blue and clubs green.

import "./cards.css";
import { ENGLISH, type Translate } from "./labels";
import type { Suit } from "./types";

const RANK_KEYS = { A: "rank_A", K: "rank_K", Q: "rank_Q", J: "rank_J" } as const;

export interface ParsedCard {
  rank: string; // "2".."10", "J", "Q", "K", "A"
  suit: Suit;
}

export function parseCard(code: string): ParsedCard | null {
  const m = /^(10|[2-9TJQKA])([SHDC])$/.exec(String(code).toUpperCase());
  if (!m) return null;
  return { rank: m[1] === "T" ? "10" : m[1], suit: m[2] as Suit };
}

export function suitName(suit: Suit, t: Translate = ENGLISH): string {
  return t(`suit_${suit}`);
}

export function isRed(suit: Suit): boolean {
  return suit === "H" || suit === "D";
}

/** "10 of hearts", "ace of spades"; unknown codes are returned as they are. */
export function cardLabel(code: string, t: Translate = ENGLISH): string {
  const c = parseCard(code);
  if (!c) return String(code);
  const key = RANK_KEYS[c.rank as keyof typeof RANK_KEYS];
  return t("card_name", { rank: key ? t(key) : c.rank, suit: suitName(c.suit, t) });
}

// Suit outlines in a 100 x 100 box.
const circle = (x: number, y: number, r: number) =>
  `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

const SUIT_PATHS: Record<Suit, string> = {
  H: "M50 94C22 68 2 50 2 28 2 12 14 2 28 2c10 0 18 6 22 15C54 8 62 2 72 2c14 0 26 10 26 26 0 22-20 40-48 66Z",
  D: "M50 0 90 50 50 100 10 50Z",
  S:
    "M50 0C78 24 98 40 98 60c0 16-12 26-25 26-9 0-16-4-20-11 1 11 5 19 14 25H33c9-6 13-14 14-25-4 7-11 11-20 11C14 86 2 76 2 60 2 40 22 24 50 0Z",
  C:
    circle(50, 27, 23) + circle(25, 60, 23) + circle(75, 60, 23) + circle(50, 52, 12) +
    "M45 60c0 18-5 30-14 40h38c-9-10-14-22-14-40Z",
};

/** A suit symbol of `size` units with its centre at (cx, cy). */
export function suitSymbol(suit: Suit, cx: number, cy: number, size: number, flip = false): string {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : "";
  return `<path d="${SUIT_PATHS[suit]}" transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${rot}"/>`;
}

/** A standalone SVG icon of a suit, e.g. for "hearts led". */
export function suitIcon(suit: Suit): string {
  return `<svg class="bh-suit bh-${isRed(suit) ? "red" : "black"} bh-suit-${suit}" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><path d="${SUIT_PATHS[suit]}"/></svg>`;
}

// Pip centres for 2..10 (top half upright, bottom half turned, as on real cards).
const L = 21, M = 30, R = 39;
const PIPS: Record<string, [number, number][]> = {
  "2": [[M, 18], [M, 66]],
  "3": [[M, 18], [M, 42], [M, 66]],
  "4": [[L, 18], [R, 18], [L, 66], [R, 66]],
  "5": [[L, 18], [R, 18], [M, 42], [L, 66], [R, 66]],
  "6": [[L, 18], [R, 18], [L, 42], [R, 42], [L, 66], [R, 66]],
  "7": [[L, 18], [R, 18], [M, 30], [L, 42], [R, 42], [L, 66], [R, 66]],
  "8": [[L, 18], [R, 18], [M, 30], [L, 42], [R, 42], [M, 54], [L, 66], [R, 66]],
  "9": [[L, 18], [R, 18], [L, 34], [R, 34], [M, 42], [L, 50], [R, 50], [L, 66], [R, 66]],
  "10": [[L, 18], [R, 18], [M, 26], [L, 34], [R, 34], [L, 50], [R, 50], [M, 58], [L, 66], [R, 66]],
};

export type CardSize = "normal" | "small";

const SVG_OPEN = (cls: string) =>
  `<svg class="${cls}" viewBox="0 0 60 84" aria-hidden="true" focusable="false">`;

/** The SVG markup of a face-up card. `small` uses large indices readable at ~30 px wide. */
export function faceSvg(code: string, size: CardSize = "normal"): string {
  const c = parseCard(code);
  if (!c) return backSvg();
  const color = isRed(c.suit) ? "bh-red" : "bh-black";
  const parts: string[] = [
    SVG_OPEN(`bh-face ${color} bh-suit-${c.suit}`),
    `<rect class="bh-paper" x="0.75" y="0.75" width="58.5" height="82.5" rx="5"/>`,
  ];
  const ten = c.rank === "10";
  if (size === "small") {
    parts.push(
      `<text x="${ten ? 2 : 5}" y="23" font-size="22"${ten ? ' textLength="20" lengthAdjust="spacingAndGlyphs"' : ""}>${c.rank}</text>`,
      suitSymbol(c.suit, 13, 35, 16),
      suitSymbol(c.suit, 38, 60, 30),
    );
  } else {
    const index = (flip: boolean) =>
      `<g${flip ? ' transform="rotate(180 30 42)"' : ""}><text x="${ten ? 2.5 : 4.5}" y="14.5" font-size="13"${ten ? ' textLength="13" lengthAdjust="spacingAndGlyphs"' : ""}>${c.rank}</text>${suitSymbol(c.suit, 9, 22, 9)}</g>`;
    parts.push(index(false), index(true));
    const pips = PIPS[c.rank];
    if (pips) {
      for (const [x, y] of pips) parts.push(suitSymbol(c.suit, x, y, 11, y > 42));
    } else if (c.rank === "A") {
      parts.push(suitSymbol(c.suit, 30, 42, 28));
    } else {
      parts.push(
        `<rect class="bh-court" x="14" y="13" width="32" height="58" rx="3"/>`,
        `<text class="bh-court-letter" x="30" y="44" font-size="22" text-anchor="middle">${c.rank}</text>`,
        suitSymbol(c.suit, 30, 57, 12),
      );
    }
  }
  parts.push("</svg>");
  return parts.join("");
}

let backCache = "";

/** The SVG markup of a face-down card: a framed lattice with an oval medallion. */
export function backSvg(): string {
  if (backCache) return backCache;
  const x0 = 6, y0 = 6, x1 = 54, y1 = 78;
  const seg: string[] = [];
  // Lines y = x + d and y = -x + d clipped to the inner frame.
  for (let d = y0 - x1; d <= y1 - x0; d += 7) {
    const a = Math.max(x0, y0 - d), b = Math.min(x1, y1 - d);
    if (b > a) seg.push(`M${a} ${a + d}L${b} ${b + d}`);
  }
  for (let d = x0 + y0; d <= x1 + y1; d += 7) {
    const a = Math.max(x0, d - y1), b = Math.min(x1, d - y0);
    if (b > a) seg.push(`M${a} ${d - a}L${b} ${d - b}`);
  }
  backCache =
    SVG_OPEN("bh-back") +
    `<rect class="bh-back-bg" x="0.75" y="0.75" width="58.5" height="82.5" rx="5"/>` +
    `<path class="bh-back-lattice" d="${seg.join("")}"/>` +
    `<rect class="bh-back-frame" x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" rx="2.5"/>` +
    `<ellipse class="bh-back-medal" cx="30" cy="42" rx="11" ry="16"/>` +
    `<path class="bh-back-emblem" d="M30 31 36.5 42 30 53 23.5 42Z"/>` +
    "</svg>";
  return backCache;
}

/** A non-interactive card element (trick, revealed hand, animation). */
export function cardElement(
  code: string | null,
  size: CardSize = "normal",
  cls = "",
  t: Translate = ENGLISH,
): HTMLElement {
  const el = document.createElement("span");
  el.className = `bh-card${cls ? " " + cls : ""}`;
  el.setAttribute("role", "img");
  if (code === null) {
    el.classList.add("is-back");
    el.setAttribute("aria-label", t("card_back"));
    el.innerHTML = backSvg();
  } else {
    el.setAttribute("aria-label", cardLabel(code, t));
    el.innerHTML = faceSvg(code, size);
  }
  return el;
}
