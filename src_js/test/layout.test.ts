// Layout rules that a browser would show: the trick's ring, the hand's fan, the felt's size,
// and (with the real stylesheet loaded into jsdom) how a lesson's hand is drawn.
import { afterEach, describe, expect, it } from "vitest";
import { seatPoint, trickOffset, trickRing } from "../src/felt";
import { HAND_CARD, fanLayout } from "../src/hand";
import type { View } from "../src/types";
import { TABLE_CSS as CSS } from "./css";
import { exampleView, LESSON_CAPABILITIES, mount, unmountAll } from "./fixtures";

afterEach(() => {
  unmountAll();
  document.head.querySelectorAll("style[data-test-css]").forEach((s) => s.remove());
});

function loadCss(): void {
  const style = document.createElement("style");
  style.dataset.testCss = "";
  style.textContent = CSS;
  document.head.append(style);
}

const names = (n: number) => ["You", ...Array.from({ length: n - 1 }, (_, i) => `Bot ${i + 1}`)];
const viewFor = (n: number, patch: Partial<View> = {}) =>
  exampleView({ num_players: n, names: names(n), hand_sizes: Array(n).fill(5), ...patch });

type Rect = { l: number; r: number; t: number; b: number };
const cardSize = (ring: { card: number }) => ({ w: ring.card, h: ring.card * 1.4 }); // .bh-card's 1.4 ratio

/** The trick's cards, one per seat, relative to the felt's centre. */
function trickRects(n: number, revealed: boolean, rx: number): Rect[] {
  const v = viewFor(n);
  const ring = trickRing(n, revealed);
  const card = cardSize(ring);
  return Array.from({ length: n }, (_, seat) => {
    const { ux, uy } = trickOffset(v, seat);
    const x = ux * rx, y = uy * ring.ry;
    return { l: x - card.w / 2, r: x + card.w / 2, t: y - card.h / 2, b: y + card.h / 2 };
  });
}

/** The ring's x radius on a felt `width` px wide inside (widget.ts: clamp(rx, frac cqw, rxMax),
 * the root being the felt with its 7 px rims). */
function ringRx(n: number, width: number, revealed = false): number {
  const ring = trickRing(n, revealed);
  return ring.frac > 0 ? Math.min(Math.max(ring.rx, (ring.frac / 100) * (width + 14)), ring.rxMax) : ring.rx;
}

const overlap = (a: Rect, b: Rect) =>
  Math.min(Math.min(a.r, b.r) - Math.max(a.l, b.l), Math.min(a.b, b.b) - Math.max(a.t, b.t));

// The biggest seat box drawn: a name, a card count, the backs of the cards and a row of
// badges (about 104 x 80 px in Chromium); the person's own box has no backs. On a revealed
// table the box shows the cards face up: about 125 x 95 px for a dealt hand of 6 to 8 cards.
const SEAT_BOX = { w: 110, h: 82 };
const SHOWN_BOX = { w: 128, h: 100 };
const OWN_BOX = { w: 120, h: 56 };

/** Seat boxes relative to the felt's centre, placed as widget.css places them: centred on
 * seatPoint (percent of the felt), kept 8 px inside the rim; the person's box centred 30 px
 * above the bottom. */
function seatRects(n: number, width: number, revealed = false): Rect[] {
  const v = viewFor(n);
  const height = trickRing(n, revealed).height;
  return Array.from({ length: n }, (_, seat) => {
    const own = seat === v.seat;
    const box = own ? OWN_BOX : revealed ? SHOWN_BOX : SEAT_BOX;
    const p = seatPoint(v, seat);
    const cx = (p.x / 100) * width;
    const cy = own ? height - 30 : (p.y / 100) * height;
    const l = Math.min(Math.max(8, cx - box.w / 2), width - 8 - box.w);
    const t = Math.min(Math.max(8, cy - box.h / 2), height - 8 - box.h);
    return { l: l - width / 2, r: l + box.w - width / 2, t: t - height / 2, b: t + box.h - height / 2 };
  });
}

describe("the trick's ring", () => {
  for (const n of [3, 4, 5, 6, 7, 8]) {
    for (const revealed of [false, true]) {
      it(`keeps ${n} trick cards apart${revealed ? " on a revealed table" : ""}`, () => {
        const ring = trickRing(n, revealed);
        expect(ring.rxMax).toBeGreaterThanOrEqual(ring.rx);
        for (const rx of [ring.rx, (ring.rx + ring.rxMax) / 2, ring.rxMax]) {
          const rects = trickRects(n, revealed, rx);
          for (let i = 0; i < n; i++) {
            for (let j = i + 1; j < n; j++) {
              expect(overlap(rects[i], rects[j]), `seats ${i} and ${j}, rx ${rx}`).toBeLessThanOrEqual(0);
            }
          }
          // room between the ring and the felt's rim for the seat boxes above and below
          const top = Math.min(...rects.map((r) => r.t));
          const bottom = Math.max(...rects.map((r) => r.b));
          expect(top).toBeGreaterThanOrEqual(-ring.height / 2 + (revealed ? 125 : 85));
          expect(bottom).toBeLessThanOrEqual(ring.height / 2 - 58);
        }
      });
    }
  }

  for (const n of [3, 4, 5, 6, 7, 8]) {
    for (const width of [560, 584, 650, 760, 900, 1100, 1400]) {
      for (const revealed of [false, true]) {
        it(`keeps ${n} trick cards clear of the seat boxes on a ${width} px felt${revealed ? ", revealed" : ""}`, () => {
          const cards = trickRects(n, revealed, ringRx(n, width, revealed));
          const seats = seatRects(n, width, revealed);
          for (let i = 0; i < n; i++) {
            for (let s = 0; s < n; s++) {
              expect(overlap(cards[i], seats[s]), `card of seat ${i}, box of seat ${s}`).toBeLessThanOrEqual(-1);
            }
          }
        });
      }
    }
  }

  it("draws the trick's cards smaller from 6 players, so that the felt stays short", () => {
    for (const n of [3, 4, 5]) expect(trickRing(n).card).toBe(56);
    for (const n of [6, 7, 8]) expect(trickRing(n).card).toBe(44);
    // the felt, the line under it and the hand fit the 647 px a 768 px screen leaves JupyterLab
    for (const n of [3, 4, 5, 6, 7, 8]) expect(trickRing(n).height).toBeLessThanOrEqual(440);
  });

  it("spreads wider and the felt grows with more players", () => {
    expect(trickRing(8).ry).toBeGreaterThan(trickRing(6).ry);
    expect(trickRing(6).ry).toBeGreaterThan(trickRing(4).ry);
    expect(trickRing(8).height).toBeGreaterThan(trickRing(4).height);
    expect(trickRing(4, true).height).toBeGreaterThan(trickRing(4).height);
    // the old fixed ring put two of six cards 70 px apart, against a 78 px card
    const six = trickRects(6, false, trickRing(6).rx);
    const right = six.filter((r) => r.l > 0).sort((a, b) => a.t - b.t);
    expect(right[1].t - right[0].t).toBeGreaterThanOrEqual(cardSize(trickRing(6)).h);
  });

  it("puts the ring and the felt's height on the felt, and a direction on each card", () => {
    const table = Array.from({ length: 6 }, (_, i) => ({ seat: (i + 1) % 6, card: ["QH", "5H", "9H", "KH", "3H", "8H"][i] }));
    const v = viewFor(6, { table });
    const { q, qa, model } = mount({ view: v });
    const felt = q(".bh-felt");
    expect(felt.style.getPropertyValue("--ry")).toBe(`${trickRing(6).ry}px`);
    expect(felt.style.getPropertyValue("--fh")).toBe(`${trickRing(6).height}px`);
    expect(felt.style.getPropertyValue("--rx")).toContain(`${trickRing(6).rx}px`);
    expect(felt.style.getPropertyValue("--tcw")).toBe(`${trickRing(6).card}px`);
    const cards = qa("[data-testid=trick-card]");
    expect(cards).toHaveLength(6);
    for (const c of cards) {
      const { ux, uy } = trickOffset(v, Number(c.dataset.playedBy));
      expect(Number(c.style.getPropertyValue("--ux"))).toBeCloseTo(ux, 3);
      expect(Number(c.style.getPropertyValue("--uy"))).toBeCloseTo(uy, 3);
    }
    model.set("view", viewFor(8, { hands: Array(8).fill(["2S"]) }));
    expect(felt.style.getPropertyValue("--fh")).toBe(`${trickRing(8, true).height}px`);
  });
});

describe("the hand's fan", () => {
  // The CSS places card i at 50% - 32px + c * step, with
  // step = clamp(4px, (width - 64px - 2 * margin) / gaps, 44px); these lines must stay in it.
  it("uses the step the geometry below assumes", () => {
    expect(CSS).toContain("--step: clamp(4px, (100% - 64px - 2 * var(--m, 0px)) / var(--gaps, 1), 44px);");
    expect(CSS).toContain("left: calc(50% - 32px + var(--c, 0) * var(--step));");
    expect(CSS).toContain("transform-origin: 32px 100%;");
  });

  /** Horizontal extent of the fan's cards, turned about their bottom centres, in a box of `width`. */
  function fanExtent(n: number, width: number) {
    const fan = fanLayout(n);
    const gaps = Math.max(n - 1, 1);
    const step = Math.max(4, Math.min(44, (width - HAND_CARD.w - 2 * fan.margin) / gaps));
    let left = Infinity, right = -Infinity;
    for (let i = 0; i < n; i++) {
      const c = i - (n - 1) / 2;
      const t = n > 1 ? c / ((n - 1) / 2) : 0;
      const a = (t * fan.maxRot * Math.PI) / 180;
      const ox = width / 2 + c * step; // bottom centre of the card
      for (const [x, y] of [[-32, 0], [32, 0], [-32, -90], [32, -90]]) {
        const rx = ox + x * Math.cos(a) - y * Math.sin(a);
        left = Math.min(left, rx);
        right = Math.max(right, rx);
      }
    }
    return { left, right, step, fan };
  }

  it("fits any hand up to 52 cards in its box, with a strip of every card to click", () => {
    for (const width of [560, 650, 900, 1080]) {
      for (let n = 1; n <= 52; n++) {
        const { left, right, step, fan } = fanExtent(n, width);
        expect(left, `${n} cards in ${width} px`).toBeGreaterThanOrEqual(5); // room for the focus ring
        expect(right, `${n} cards in ${width} px`).toBeLessThanOrEqual(width - 5);
        expect(fan.maxRot).toBeLessThanOrEqual(12);
        if (n > 1 && width >= 650) expect(step, `${n} cards in ${width} px`).toBeGreaterThanOrEqual(10);
      }
    }
    // big hands turn less
    expect(fanLayout(52).maxRot).toBeLessThan(fanLayout(20).maxRot);
    expect(fanLayout(20).maxRot).toBeLessThan(fanLayout(13).maxRot);
  });

  it("gives the hand its fan variables and each card its place", () => {
    const deck = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].flatMap((r) => ["S", "H", "D", "C"].map((s) => r + s));
    const hand = deck.slice(0, 30);
    const { q, qa } = mount({ view: viewFor(8, { hand, legal: hand.filter((c) => c.endsWith("H")) }) });
    const el = q("[data-testid=hand]");
    const fan = fanLayout(30);
    expect(el.style.getPropertyValue("--n")).toBe("30");
    expect(el.style.getPropertyValue("--gaps")).toBe("29");
    expect(el.style.getPropertyValue("--m")).toBe(`${fan.margin}px`);
    const cards = qa<HTMLButtonElement>("[data-testid=hand] button[data-card]");
    expect(cards.map((b) => Number(b.style.getPropertyValue("--c")))).toEqual(hand.map((_, i) => i - 14.5));
    const rot = cards.map((b) => parseFloat(b.style.getPropertyValue("--rot")));
    expect(rot[0]).toBeCloseTo(-fan.maxRot, 2);
    expect(rot[29]).toBeCloseTo(fan.maxRot, 2);
    expect(Math.max(...rot.map(Math.abs))).toBeLessThan(12);
    // the legal ones are raised (is-legal sets --raise in the CSS), the others clickable never
    expect(cards.filter((b) => b.classList.contains("is-legal")).map((b) => b.dataset.card)).toEqual(
      hand.filter((c) => c.endsWith("H")),
    );
  });

  it("keeps Take out of the hand's area, beside the narration", () => {
    const { q } = mount({ view: exampleView({ can_take: true, take_target: 1 }) });
    const take = q("[data-testid=take]");
    expect(q(".bh-hand-area").contains(take)).toBe(false);
    expect(take.closest(".bh-hand-bar")).not.toBeNull();
    expect(q(".bh-hand-bar").contains(q("[data-testid=narration]"))).toBe(true);
    // the bar comes before the hand
    expect(q(".bh-hand-bar").compareDocumentPosition(q("[data-testid=hand]")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("with the stylesheet", () => {
  it("greys the unplayable cards in play, but not a lesson's hand", () => {
    loadCss();
    const play = mount();
    const filterOf = (m: typeof play, code: string) =>
      getComputedStyle(m.q(`button[data-card='${code}'] svg`)).filter;
    expect(filterOf(play, "3S")).toContain("brightness"); // not legal now
    expect(filterOf(play, "JH")).not.toContain("brightness");
    unmountAll();

    const lesson = mount({
      view: exampleView({ mode: "lesson", legal: [], lesson: { index: 1, length: 3, title: "T", exercise: null, summary: null } }),
    });
    for (const b of lesson.qa<HTMLButtonElement>("button[data-card]")) {
      expect(b.disabled).toBe(true);
      expect(getComputedStyle(b.querySelector("svg")!).filter).not.toContain("brightness");
    }
  });

  it("hides Undo and Pace in a lesson", () => {
    loadCss();
    const { q } = mount({
      capabilities: LESSON_CAPABILITIES,
      view: exampleView({ mode: "lesson", legal: [], lesson: { index: 1, length: 3, title: "T", exercise: null, summary: null } }),
    });
    const shown = (sel: string) => {
      for (let el: Element | null = q(sel); el; el = el.parentElement) {
        if (getComputedStyle(el).display === "none") return false;
      }
      return true;
    };
    expect(shown("[data-testid=undo]")).toBe(false);
    expect(shown("[data-testid=pace]")).toBe(false);
    expect(shown("[data-testid=lesson-next]")).toBe(true);
  });
});
