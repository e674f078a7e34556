// The felt: the seats around it, the trick in its middle with the waste pile, the finished
// trick resting where it was played and then flying away, and the game-over banner under
// it. Drawn from the view (render.ts builds the parts); the void marks on the seats come
// from the tracker trait (tracker.ts).

import type { Context } from "./context";
import { h } from "./dom";
import type { Labelled } from "./labels";
import { lastTrickOf, renderCenter, renderFlight, renderRest, renderSeat, trickRing, updateBanner } from "./render";
import { markSeats } from "./tracker";
import type { LastTrick, View } from "./types";

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
