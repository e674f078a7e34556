// The scoreboard of a match, beside the log: drawn from the score trait.

import "./score.css";
import type { Context } from "./context";
import { h } from "./dom";
import { ENGLISH, type Translate } from "./labels";
import type { Score } from "./types";

// ---- drawing ----

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

export interface ScorePanel {
  slot: HTMLElement;
  update(): void;
}

export function scorePanel(ctx: Context): ScorePanel {
  const slot = h("div.bh-score-slot");
  return {
    slot,
    update(): void {
      const score = ctx.model.get("score");
      slot.replaceChildren(...(isScore(score) ? [renderScore(score, ctx.t)] : []));
    },
  };
}
